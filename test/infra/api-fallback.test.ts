// Unknown paths and wrong methods on the synthesized API, served by the local gateway (which routes by the
// template's resources and methods, as the local stack does): a wrong method on a route's path is a 405
// with Allow, any other path a 404, both in the error envelope; a route's own method still reaches its
// function. The fallback and webhook functions run in process; every other function answers 200.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as routeFallback } from '../../functions/api/route-fallback.ts';
import { FALLBACK_HANDLER, ROUTES } from '../../functions/api/routes.ts';
import { WEBHOOKS_API_FUNCTION_ID, WEBHOOKS_PROXY_PATH } from '../../functions/api/webhook-routes.ts';
import { handler as webhooksApi } from '../../functions/api/webhooks-api.ts';
import { LocalGateway } from '../../local/local-gateway.ts';
import { LocalLambdas } from '../../local/local-lambdas.ts';
import { type CfnTemplate, TemplateResolver } from '../../local/synthesized-app.ts';
import { functionOf, synthStage } from './synth.ts';

const ACCOUNT_ARN = 'arn:aws:lambda:ap-southeast-2:000000000000:function';
const JOB_ID = '0193a0b2-0000-7000-8000-000000000000';

interface Answer {
  readonly status: number;
  readonly allow: string | null;
  readonly body: { error?: { code: string }; meta?: unknown; data?: { invoked?: string } };
}

let gateway: LocalGateway;
let base = '';
let fallbackFn = '';
let webhooksFn = '';

class RecordingLambdas extends LocalLambdas {
  override async invoke(logicalId: string, event: unknown): Promise<unknown> {
    if (logicalId === fallbackFn) return routeFallback(event as APIGatewayProxyEvent);
    if (logicalId === webhooksFn) return webhooksApi(event as APIGatewayProxyEvent);
    return { statusCode: 200, headers: {}, body: JSON.stringify({ data: { invoked: logicalId } }) };
  }
}

beforeAll(async () => {
  const dev = synthStage('dev');
  const template = dev.serviceTemplate.toJSON() as CfnTemplate;
  fallbackFn = functionOf(dev.serviceTemplate, FALLBACK_HANDLER.functionId);
  webhooksFn = functionOf(dev.serviceTemplate, WEBHOOKS_API_FUNCTION_ID);
  // Made-up physical resources: a function's ARN ends in its logical id, as the local stack's do.
  const resolver = new TemplateResolver({
    ref: (logicalId) => logicalId,
    attribute: (logicalId, attribute) =>
      attribute === 'Arn' ? `${ACCOUNT_ARN}:${logicalId}` : `${logicalId}.${attribute}`,
  });
  gateway = new LocalGateway(template, resolver, new RecordingLambdas({ Resources: {} }, resolver));
  base = `http://127.0.0.1:${await gateway.listen(0)}`;
});

afterAll(async () => {
  await gateway?.close();
});

async function call(method: string, path: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method });
  return { status: res.status, allow: res.headers.get('allow'), body: (await res.json()) as Answer['body'] };
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, JOB_ID);

describe('unknown paths and wrong methods on the synthesized API (local gateway)', () => {
  it('answers a wrong method on every route path with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    // The dashboard's proxied routes are its function's to answer (it stands in for every function here).
    const served = ROUTES.filter((r) => !r.proxied || r.proxied === WEBHOOKS_PROXY_PATH);
    const paths = [...new Set(served.map((r) => r.path))];
    for (const path of paths) {
      const methods = new Set<string>(served.filter((r) => r.path === path).map((r) => r.method));
      const wrong = ['PATCH', 'DELETE', 'PUT', 'GET'].find((m) => !methods.has(m))!;
      const answer = await call(wrong, concrete(path));
      expect(answer.status, `${wrong} ${path}`).toBe(405);
      expect(answer.body.error?.code, `${wrong} ${path}`).toBe('METHOD_NOT_ALLOWED');
      expect(new Set(answer.allow?.split(', ')), `${wrong} ${path}`).toEqual(methods);
    }
  });

  it.each([
    '/',
    '/nope',
    '/nope/deeper/still',
    '/v1',
    '/v1/nope',
    '/v2',
    '/v2/nope/deeper',
    '/v1/property-frontage',
    '/v1/property-frontage/jobs',
    `/v1/jobs/${JOB_ID}/deeper`,
    `/v1/jobs/${JOB_ID}/cancel/deeper`,
    '/v1/openapi.json/deeper',
    `/v2/markup/jobs/${JOB_ID}/edit/deeper`,
    '/dashboard/app.js/deeper',
  ])('answers GET %s with 404 NOT_FOUND in the error envelope', async (path) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe('NOT_FOUND');
    expect(Object.keys(answer.body.meta as object).sort()).toEqual(['request_id', 'timestamp']);
  });

  it("still sends each route's own method to its function", async () => {
    for (const route of ROUTES.filter((r) => !r.proxied)) {
      const answer = await call(route.method, concrete(route.path));
      expect(answer.status, `${route.method} ${route.path}`).toBe(200);
      expect(answer.body.data?.invoked, `${route.method} ${route.path}`).toMatch(
        new RegExp(`^${route.functionId}[0-9A-F]{8}$`),
      );
    }
  });
});
