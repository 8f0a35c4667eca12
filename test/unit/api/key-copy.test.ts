// A key made before keys carried their organization's plan and retention gets its copy at its first
// request in a container (so its later submits read no organization), once; a key with a copy is left
// alone; a copy that fails does not fail the request. The store's side (the conditional write that never
// replaces a newer copy) is in test/unit/limits/submit-round-trips.test.ts.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { apiRoute } from '../../../functions/api/http/api-route.ts';
import type { AccountStore } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import { jobIdParam } from '../../../functions/core/schemas/common.ts';
import { apiGatewayEvent, fakeAccountStore, fakeRoutePorts, LIVE_KEY_RECORD } from '../../support/fakes.ts';

const KEY = LIVE_KEY_RECORD;
const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };

function route(accounts: AccountStore) {
  const handler = apiRoute(
    { params: jobIdParam },
    async () => ({ status: 200, data: { ok: true } }),
    fakeRoutePorts(accounts),
  );
  return (rawKey: string) =>
    handler(
      apiGatewayEvent({
        path: '/v1/jobs/job-1',
        headers: { 'X-API-Key': rawKey },
        pathParameters: { jobId: 'job-1' },
      }) as APIGatewayProxyEvent,
      { awsRequestId: 'r' } as Context,
    ) as Promise<{ statusCode: number }>;
}

describe("an API key's copy of its organization", () => {
  it('is given to a key without one at its first request in a container, and only then', async () => {
    const copy = vi.fn(async () => true);
    const call = route(
      fakeAccountStore({
        admit: async () => ({ kind: 'admitted', key: KEY, rate: RATE }),
        copyOrganizationToKey: copy,
      }),
    );
    const raw = 'svc_live_copy0000000000000000000000000001';
    expect((await call(raw)).statusCode).toBe(200);
    expect((await call(raw)).statusCode).toBe(200);
    expect(copy).toHaveBeenCalledTimes(1);
    expect(copy).toHaveBeenCalledWith(hashApiKey(raw), 'acme');
  });

  it('is not written again for a key that has one', async () => {
    const copy = vi.fn(async () => true);
    const key = { ...KEY, organization: { plan: 'starter' } };
    const call = route(
      fakeAccountStore({
        admit: async () => ({ kind: 'admitted', key, rate: RATE }),
        copyOrganizationToKey: copy,
      }),
    );
    expect((await call('svc_live_copy0000000000000000000000000002')).statusCode).toBe(200);
    expect(copy).not.toHaveBeenCalled();
  });

  it('does not fail the request when the copy fails', async () => {
    const copy = vi.fn(async (): Promise<boolean> => {
      throw new Error('throttled');
    });
    const call = route(
      fakeAccountStore({
        admit: async () => ({ kind: 'admitted', key: KEY, rate: RATE }),
        copyOrganizationToKey: copy,
      }),
    );
    expect((await call('svc_live_copy0000000000000000000000000003')).statusCode).toBe(200);
    expect(copy).toHaveBeenCalledTimes(1);
  });
});
