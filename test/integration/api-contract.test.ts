// Authentication, the response envelope, error bodies, unknown routes/methods and the OpenAPI document,
// driven over HTTP against the shared local stack. (Every answer is also checked against the document by
// the test client: test/support/openapi-contract.ts.)

import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../functions/api/openapi-document.ts';
import { ROUTES } from '../../functions/api/routes.ts';
import { JOB_TYPES } from '../../functions/jobs/registry.ts';
import { call, type Json } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let testKey: string;
let liveKey: string;
let orgId: string;

beforeAll(async () => {
  const org = await newOrganization(stack);
  orgId = org.orgId;
  testKey = await org.key('test');
  liveKey = await org.key('live');
});

function expectErrorBody(body: Json, code: string) {
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.meta.request_id).toMatch(/^req_[0-9a-f]{16,}$/);
  expect(body.meta.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(body).not.toHaveProperty('data');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
}

describe('authentication', () => {
  it('rejects a request without a key as missing', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/jobs');
    expect(res.status).toBe(401);
    expectErrorBody(res.body, 'UNAUTHORIZED');
    expect(res.body.error.message).toMatch(/missing/i);
  });

  it.each([
    ['malformed', 'not-a-key'],
    ['too short', 'svc_test_abc'],
    ['wrong prefix', `svc_prod_${'a'.repeat(40)}`],
    ['unknown', `svc_live_${'Z'.repeat(40)}`],
  ])('rejects a %s key as invalid', async (_label, key) => {
    const res = await call<Json>(stack.url, 'GET', '/v1/jobs', { key });
    expect(res.status).toBe(401);
    expectErrorBody(res.body, 'UNAUTHORIZED');
    expect(res.body.error.message).toMatch(/invalid/i);
  });

  it('rejects a revoked key, and only that key', async () => {
    const created = await stack.admin.createKey(orgId, 'test', 'to revoke');
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: created.key })).status).toBe(200);
    await stack.admin.revokeKey(orgId, created.record.keyId);
    const res = await call<Json>(stack.url, 'GET', '/v1/jobs', { key: created.key });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/invalid|revoked/i);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: testKey })).status).toBe(200);
  });

  it('takes the mode from the key prefix', async () => {
    const test = await call<Json>(stack.url, 'GET', '/v1/jobs', { key: testKey });
    const live = await call<Json>(stack.url, 'GET', '/v1/jobs', { key: liveKey });
    expect(test.body.meta.mode).toBe('test');
    expect(live.body.meta.mode).toBe('live');
  });

  it('stores keys only as hashes', async () => {
    const keys = await stack.admin.listKeys(orgId);
    const serialized = JSON.stringify(keys);
    expect(serialized).not.toContain(testKey);
    expect(serialized).not.toContain(liveKey.slice(9, 30));
    expect(keys.every((k) => /^svc_(test|live)_.{4}….{4}$/.test(k.hint))).toBe(true);
  });
});

describe('envelope', () => {
  it('wraps data with request id, millisecond UTC timestamp and mode', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/jobs', { key: testKey });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(res.body.meta.request_id).toMatch(/^req_[0-9a-f]{16,}$/);
    expect(res.body.meta.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('carries rate-limit headers on every authenticated response', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/jobs/00000000-0000-7000-8000-000000000000', {
      key: testKey,
    });
    expect(res.status).toBe(404);
    expect(Number(res.headers.get('x-ratelimit-limit'))).toBe(10);
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('routing', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/no-such-thing', { key: liveKey });
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 'NOT_FOUND');
  });

  it('answers a known route with the wrong method with 405 and Allow', async () => {
    const res = await call<Json>(stack.url, 'DELETE', '/v1/jobs', { key: liveKey });
    expect(res.status).toBe(405);
    expectErrorBody(res.body, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET');
    const post = await call<Json>(stack.url, 'GET', '/v1/property-frontage/detect', { key: liveKey });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST');
  });

  it('answers a malformed or unknown job id with 404', async () => {
    for (const id of ['nope', '12345', '00000000-0000-7000-8000-000000000000']) {
      const res = await call<Json>(stack.url, 'GET', `/v1/jobs/${id}`, { key: liveKey });
      expect(res.status).toBe(404);
      expectErrorBody(res.body, 'NOT_FOUND');
    }
  });
});

describe('OpenAPI document', () => {
  it('is served without a key and documents routes, errors and job types', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/jobs',
        '/v1/jobs/{jobId}',
        '/v1/property-frontage/detect',
        '/v1/property-frontage/jobs/{jobId}/edit',
      ]),
    );
    expect(Object.keys(doc['x-error-codes'])).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'INVALID_JSON',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'NOT_FOUND',
        'JOB_NOT_READY',
        'INVALID_PARENT_JOB',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'URL_NOT_ALLOWED',
        'RATE_LIMITED',
        'QUOTA_EXCEEDED',
        'INTERNAL_ERROR',
      ]),
    );
    expect(Object.keys(doc['x-job-types'])).toEqual([...JOB_TYPES]);
    expect(doc['x-job-types'].markup_v2_edit.output).toEqual({
      $ref: '#/components/schemas/MarkupEditOutput',
    });
    expect(doc.components.schemas.MarkupEditOutput.properties.image).toBeDefined();
    const detect = doc.paths['/v1/property-frontage/detect'].post;
    const bodySchema = detect.requestBody.content['application/json'].schema;
    const schema = bodySchema.$ref ? doc.components.schemas[bodySchema.$ref.split('/').pop()] : bodySchema;
    expect(schema.required).toContain('address');
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(detect.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '413', '415', '429']),
    );
    const list = doc.paths['/v1/jobs'].get.parameters.find((p: Json) => p.name === 'limit');
    expect(list.schema).toBeDefined();
  });

  it('is the document the test client checks every answer against', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/openapi.json');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(ROUTES))));
  });
});
