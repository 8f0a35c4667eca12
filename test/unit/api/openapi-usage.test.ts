// The OpenAPI document describes GET /v1/usage: its range parameters, its 400 and the Usage answer.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON that tests index into.
const doc = buildOpenApiDocument(ROUTES) as any;

describe('OpenAPI: usage', () => {
  it('documents GET /v1/usage with optional from/to dates and office, a 200 Usage and a 400', () => {
    const op = doc.paths['/v1/usage'].get;
    expect(op.operationId).toBe('getUsage');
    expect(op.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ['from', false],
      ['to', false],
      ['office_id', false],
    ]);
    expect(op.parameters[0].schema.format).toBe('date');
    expect(op.responses['200'].content['application/json'].schema.properties.data.$ref).toBe(
      '#/components/schemas/Usage',
    );
    expect(op.responses['400'].description).toContain('VALIDATION_ERROR');
  });

  it('publishes the Usage shape: days per date and job type, totals by job type (only those present)', () => {
    const usage = doc.components.schemas.Usage;
    expect(usage.required).toEqual(
      expect.arrayContaining([
        'object',
        'organization_id',
        'mode',
        'from',
        'to',
        'currency',
        'billed',
        'days',
        'totals',
      ]),
    );
    expect(usage.properties.days.items.required).toEqual([
      'date',
      'job_type',
      'jobs',
      'units',
      'renditions',
      'amount',
    ]);
    expect(usage.properties.totals.properties.by_job_type.required).toBeUndefined();
  });
});
