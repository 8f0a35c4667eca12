import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';
import { ERROR_STATUS } from '../../../functions/core/errors.ts';
import { JOB_TYPES } from '../../../functions/jobs/registry.ts';

/** The parts of the OpenAPI document these tests read. */
type Doc = {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
  'x-error-codes': Record<string, { status: number }>;
  'x-job-types': Record<string, { output: { $ref: string } }>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};

describe('OpenAPI document', () => {
  // The document is built as plain JSON (Record<string, unknown>): read here as the shape it has.
  const doc = buildOpenApiDocument(ROUTES) as Doc;

  it('has every route with its success status and its error statuses', () => {
    for (const route of ROUTES) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(Object.keys(op.responses)).toContain(String(route.success.status));
      for (const code of route.errors)
        expect(Object.keys(op.responses)).toContain(String(ERROR_STATUS[code]));
      expect(op.security.length > 0).toBe(route.auth !== 'none');
    }
  });

  it('declares every tag an operation uses', () => {
    const declared = doc.tags.map((t) => t.name);
    for (const route of ROUTES) expect(declared, route.path).toContain(route.tag);
  });

  it('lists every status a route can answer, including its schema and gateway errors', () => {
    // An over-long job id is a 400 VALIDATION_ERROR; a malformed escape a gateway 400; 413/431 anywhere.
    const getJob = doc.paths['/v1/jobs/{jobId}']!.get!;
    expect(Object.keys(getJob.responses)).toEqual(
      expect.arrayContaining(['400', '401', '404', '413', '431', '429']),
    );
    const edit = doc.paths['/v2/markup/jobs/{jobId}/edit']!.post!;
    expect(JSON.stringify(edit.responses['409'])).toContain('PARENT_JOB_FAILED');
    expect(Object.keys(doc.paths['/v1/openapi.json']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '413', '431']),
    );
  });

  it('documents every error code with its status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS))
      expect(doc['x-error-codes'][code]!.status).toBe(status);
  });

  it('documents the output shape of every job type', () => {
    expect(Object.keys(doc['x-job-types'])).toEqual([...JOB_TYPES]);
    const ref = doc['x-job-types'].frontage_detection!.output.$ref;
    const output = doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    expect(Object.keys(output.properties)).toEqual(
      expect.arrayContaining(['bearing', 'direction', 'confidence', 'reference_image', 'location']),
    );
  });

  it('resolves every $ref inside the document', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas[ref], ref).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });
});
