// The OpenAPI document describes cancel (route, statuses, codes, the job.canceled webhook) and the
// Idempotency-Key header of every POST.
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../functions/api/http/idempotency.ts';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON that tests index into.
const doc = buildOpenApiDocument(ROUTES) as any;

describe('OpenAPI: cancel and Idempotency-Key', () => {
  it('documents POST /v1/jobs/{jobId}/cancel with its 200, 404 and 409 JOB_NOT_CANCELABLE', () => {
    const op = doc.paths['/v1/jobs/{jobId}/cancel'].post;
    expect(op.operationId).toBe('cancelJob');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
    expect(op.responses['409'].description).toContain('JOB_NOT_CANCELABLE');
    expect(doc['x-error-codes'].JOB_NOT_CANCELABLE.status).toBe(409);
  });

  it('lists canceled among the job statuses, in the filter and the job record', () => {
    const list = doc.paths['/v1/jobs'].get.parameters.find((p: { name: string }) => p.name === 'status');
    expect(list.schema.enum).toContain('canceled');
    expect(doc.components.schemas.Job.properties.status.enum).toContain('canceled');
    expect(doc.info.description).toContain('canceled');
  });

  it('documents the job.canceled webhook', () => {
    const event = doc.webhooks['job.canceled'].post.requestBody.content['application/json'].schema;
    expect(event.properties.type.const).toBe('job.canceled');
    expect(event.properties.data.properties.status.enum).toContain('canceled');
  });

  it('gives every keyed POST the Idempotency-Key header, the replay header and the idempotency 409s', () => {
    const posts = ROUTES.filter((r) => r.method === 'POST' && r.auth === 'api-key');
    expect(posts.length).toBeGreaterThan(1);
    for (const route of posts) {
      const op = doc.paths[route.path].post;
      const header = op.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
      expect(header, route.path).toMatchObject({ in: 'header', required: false });
      expect(header.schema.maxLength).toBe(255);
      expect(header.schema.pattern).toBe(IDEMPOTENCY_KEY_PATTERN.source);
      expect(header.description).toContain('24 hours');
      const success = op.responses[String(route.success.status)];
      expect(Object.keys(success.headers)).toContain('Idempotent-Replayed');
      expect(op.responses['409'].description).toContain('IDEMPOTENCY_CONFLICT');
      expect(op.responses['409'].description).toContain('IDEMPOTENCY_IN_PROGRESS');
    }
    for (const route of ROUTES.filter((r) => r.method !== 'POST' || r.auth !== 'api-key')) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      expect(
        op.parameters.some((p: { name: string }) => p.name === 'Idempotency-Key'),
        route.path,
      ).toBe(false);
    }
  });
});
