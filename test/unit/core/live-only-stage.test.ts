// On a live-only stage (staging) a well-formed test key is refused with 403 before any store call.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshModules } from '../../support/fresh-modules.ts';

// The handler's ports are built once per process from the environment: built again for this file's.
freshModules();
beforeAll(() => {
  Object.assign(process.env, {
    KEY_VARIANT: 'live-only',
    TEST_KEY_RATE_PER_MINUTE: '10',
  });
});

function event(apiKey: string): APIGatewayProxyEvent {
  return {
    httpMethod: 'GET',
    path: '/v1/jobs',
    headers: { 'X-API-Key': apiKey },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'c0ffee00-0000-4000-8000-000000000001' },
  } as unknown as APIGatewayProxyEvent;
}

describe('live-only stage', () => {
  it('answers a test key with 403 FORBIDDEN in the error envelope', async () => {
    const { handler } = await import('../../../functions/api/list-jobs.ts');
    const result = await handler(event(`svc_test_${'a'.repeat(40)}`), {} as Context);
    expect(result.statusCode).toBe(403);
    const body = JSON.parse(result.body);
    expect(body.error.code).toBe('FORBIDDEN');
    expect(body.error.message).toMatch(/live keys only/);
    expect(body.meta.request_id).toBe('req_c0ffee00000040008000000000000001');
  });

  it('still answers a malformed key with 401', async () => {
    const { handler } = await import('../../../functions/api/list-jobs.ts');
    const result = await handler(event('svc_live_short'), {} as Context);
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body).error.code).toBe('UNAUTHORIZED');
  });
});
