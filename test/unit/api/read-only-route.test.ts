// A readOnly route (GET /v1/jobs/{id}, GET /v1/jobs, GET /v1/usage) starts its read beside the key's
// admission write when the container has admitted the key before, and answers with it only once
// admission confirms the same key; a refused key's early answer is dropped, and a key the container does
// not know, or a route that writes, waits for admission as before.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoute } from '../../../functions/api/http/api-route.ts';
import type {
  AccountStore,
  AdmissionOutcome,
  ApiKeyRecord,
} from '../../../functions/core/auth/account-store.ts';
import { apiErrors } from '../../../functions/core/errors.ts';
import { jobIdParam } from '../../../functions/core/schemas/common.ts';
import { apiGatewayEvent, fakeAccountStore, fakeRoutePorts, LIVE_KEY_RECORD } from '../../support/fakes.ts';

const store: { current: AccountStore } = { current: fakeAccountStore() };

/** The middleware's ports: the account store the test has at each request. */
const routePorts = fakeRoutePorts(() => store.current);

const KEY = LIVE_KEY_RECORD;
const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };

/** An admission the test decides when to settle, and the order things happened in. */
function gatedStore(expected: ApiKeyRecord | undefined) {
  const order: string[] = [];
  let settle!: (outcome: AdmissionOutcome) => void;
  const outcome = new Promise<AdmissionOutcome>((resolve) => {
    settle = resolve;
  });
  store.current = fakeAccountStore({
    expectedKey: () => expected,
    admit: async () => {
      order.push('admit started');
      const result = await outcome;
      order.push('admit settled');
      return result;
    },
  });
  return { order, settle };
}

const event = (jobId: string): APIGatewayProxyEvent =>
  apiGatewayEvent({
    path: `/v1/jobs/${jobId}`,
    headers: { 'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef' },
    pathParameters: { jobId },
  });

const invoke = (
  handler: (e: APIGatewayProxyEvent, c: Context) => Promise<unknown>,
  e: APIGatewayProxyEvent,
) => handler(e, { awsRequestId: 'r' } as Context) as Promise<{ statusCode: number; body: string }>;

describe('readOnly routes', () => {
  beforeEach(() => {
    store.current = fakeAccountStore();
  });

  it('start the read before admission settles, and answer with it once the same key is admitted', async () => {
    const { order, settle } = gatedStore(KEY);
    const run = vi.fn(async ({ params, tenant }: { params: { jobId: string }; tenant: object }) => {
      order.push('read');
      return { status: 200, data: { id: params.jobId, tenant } };
    });
    const handler = apiRoute({ params: jobIdParam, readOnly: true }, run, routePorts);
    const answer = invoke(handler, event('job-1'));
    await vi.waitFor(() => expect(order).toContain('admit started'));
    expect(order).toEqual(['read', 'admit started']);
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ id: 'job-1', tenant: { orgId: 'acme', mode: 'live' } });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drop the early answer of a key admission refuses', async () => {
    const { settle } = gatedStore(KEY);
    const run = vi.fn(async () => {
      throw apiErrors.jobNotFound('job-2');
    });
    const handler = apiRoute({ params: jobIdParam, readOnly: true }, run, routePorts);
    const answer = invoke(handler, event('job-2'));
    settle({ kind: 'unknown-or-revoked' });
    const res = await answer;
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('answer with the early read’s error when the key is admitted', async () => {
    const { settle } = gatedStore(KEY);
    const handler = apiRoute(
      { params: jobIdParam, readOnly: true },
      async () => {
        throw apiErrors.jobNotFound('job-3');
      },
      routePorts,
    );
    const answer = invoke(handler, event('job-3'));
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    const res = await answer;
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
  });

  it('read again when admission names another key than the one expected', async () => {
    const { settle } = gatedStore({ ...KEY, keyId: 'key_fedcba9876543210', orgId: 'other' });
    const tenants: string[] = [];
    const handler = apiRoute(
      { params: jobIdParam, readOnly: true },
      async ({ tenant }) => {
        tenants.push(tenant.orgId);
        return { status: 200, data: { org: tenant.orgId } };
      },
      routePorts,
    );
    const answer = invoke(handler, event('job-4'));
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    const res = await answer;
    expect(JSON.parse(res.body).data).toEqual({ org: 'acme' });
    expect(tenants).toEqual(['other', 'acme']);
  });

  it('wait for admission when the container does not know the key', async () => {
    const { order, settle } = gatedStore(undefined);
    const handler = apiRoute(
      { params: jobIdParam, readOnly: true },
      async () => {
        order.push('read');
        return { status: 200, data: {} };
      },
      routePorts,
    );
    const answer = invoke(handler, event('job-5'));
    await vi.waitFor(() => expect(order).toContain('admit started'));
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    await answer;
    expect(order).toEqual(['admit started', 'admit settled', 'read']);
  });

  it('start nothing for input the route’s schemas refuse', async () => {
    const { settle } = gatedStore(KEY);
    const run = vi.fn(async () => ({ status: 200, data: {} }));
    const handler = apiRoute({ params: jobIdParam, readOnly: true }, run, routePorts);
    const answer = invoke(handler, event('x'.repeat(101)));
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    expect((await answer).statusCode).toBe(400);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('routes that are not readOnly', () => {
  it('never start before admission', async () => {
    const { order, settle } = gatedStore(KEY);
    const handler = apiRoute(
      { params: jobIdParam },
      async () => {
        order.push('run');
        return { status: 200, data: {} };
      },
      routePorts,
    );
    const answer = invoke(handler, event('job-6'));
    await vi.waitFor(() => expect(order).toContain('admit started'));
    settle({ kind: 'admitted', key: KEY, rate: RATE });
    await answer;
    expect(order).toEqual(['admit started', 'admit settled', 'run']);
  });

  it('cannot be declared readOnly with a body or an Idempotency-Key', () => {
    expect(() =>
      apiRoute(
        { params: jobIdParam, idempotent: true, readOnly: true },
        async () => ({
          status: 200,
          data: {},
        }),
        routePorts,
      ),
    ).toThrow(/readOnly/);
  });
});
