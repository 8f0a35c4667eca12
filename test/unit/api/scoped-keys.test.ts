// Scoped API keys through the real route handlers (get-job, job-control, submit-job, webhooks-api) as API
// Gateway hands requests to them: a read-only key reads but is refused writes and deletes with a 403
// INSUFFICIENT_SCOPE naming the scope; a jobs:write key submits; a key made before scopes (no scopes
// stored) may do everything. And keys are only ever made with scopes of the closed set: an unknown one
// is refused naming it (CLI, dashboard), before anything is written.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keyFromItem } from '../../../functions/adapters/dynamodb/account-table.ts';
import { createKeyBody } from '../../../functions/api/dashboard/schemas.ts';
import type { ApiKeyRecord, NewApiKey } from '../../../functions/core/auth/account-store.ts';
import { KeyAdmin } from '../../../functions/core/auth/key-admin.ts';
import type { ApiScope } from '../../../functions/core/auth/scopes.ts';
import { ApiError } from '../../../functions/core/errors.ts';
import { createDashboardKey } from '../../../functions/core/use-cases/dashboard.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fakeJobPorts,
  fakeJobStore,
  fixedClock,
  jobRecord,
  LIVE_KEY_RECORD,
  memoryAuditLog,
  memoryEndpointStore,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown, key: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handlers are evaluated again, on this file's mock of their ports
const getJob = (await import('../../../functions/api/get-job.ts')).handler;
const jobControl = (await import('../../../functions/api/job-control.ts')).handler;
const submitJob = (await import('../../../functions/api/submit-job.ts')).handler;
const webhooksApi = (await import('../../../functions/api/webhooks-api.ts')).handler;

const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };
const JOB = jobRecord('completed', { output: {} });
const RATES = { testPerMinute: 10, liveDefault: { requestsPerMinute: 60 }, plans: {} };

function keyWith(scopes: readonly ApiScope[] | undefined): ApiKeyRecord {
  const { scopes: _none, ...old } = LIVE_KEY_RECORD;
  return scopes ? { ...old, scopes } : old;
}

let created: Array<{ jobId: string }>;

beforeEach(() => {
  created = [];
  const jobs = fakeJobStore({
    get: async (_tenant, jobId) => (jobId === JOB.jobId ? JOB : undefined),
    create: async (job) => {
      created.push(job);
    },
  });
  const clock = fixedClock('2026-03-01T00:00:00.000Z');
  world.ports = {
    audit: { auditLog: memoryAuditLog(), clock },
    accounts: fakeAccountStore({
      admit: async () => ({ kind: 'admitted', key: world.key as ApiKeyRecord, rate: RATE }),
    }),
    auth: { keyVariant: 'both', testRatePerMinute: 60 },
    jobs: fakeJobPorts({
      jobs,
      clock,
      signer: { sign: async (key: string) => `https://media.example/${key}` } as never,
      starter: { start: async () => undefined },
    }),
    // Deleting or canceling a job that does not exist stops at its read: a 404, past the scope check.
    delete: { jobs: fakeJobStore({ get: async () => undefined }) },
    cancel: { jobs: fakeJobStore({ get: async () => undefined }) },
    webhooks: {
      endpoints: {
        endpoints: memoryEndpointStore(),
        clock,
        webhookPolicy: { allowHttp: false, allowLoopback: false },
      },
      events: {},
    },
  };
});

/** An answer's body: the envelope's parts these tests read. */
interface Body {
  readonly data?: { readonly job_id?: string };
  readonly error?: { readonly code: string; readonly message: string };
  readonly meta: { readonly request_id: string };
}

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;

async function call(
  handler: Handler,
  method: string,
  resource: string,
  path: string,
  options: { body?: unknown; pathParameters?: Record<string, string> } = {},
) {
  const event = apiGatewayEvent({
    httpMethod: method,
    path,
    resource,
    headers: {
      'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef',
      ...(options.body ? { 'Content-Type': 'application/json' } : {}),
    },
    pathParameters: options.pathParameters ?? null,
    body: options.body ? JSON.stringify(options.body) : null,
  });
  const res = (await handler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  return { status: res.statusCode, body: JSON.parse(res.body) as Body };
}

const read = () =>
  call(getJob, 'GET', '/v1/jobs/{jobId}', `/v1/jobs/${JOB.jobId}`, { pathParameters: { jobId: JOB.jobId } });
const submit = () =>
  call(submitJob, 'POST', '/v1/property-frontage/detect', '/v1/property-frontage/detect', {
    body: { address: '12 Wattle Street, Newtown NSW 2042' },
  });
const remove = () =>
  call(jobControl, 'DELETE', '/v1/jobs/{jobId}', `/v1/jobs/${JOB.jobId}`, {
    pathParameters: { jobId: JOB.jobId },
  });
const cancel = () =>
  call(jobControl, 'POST', '/v1/jobs/{jobId}/cancel', `/v1/jobs/${JOB.jobId}/cancel`, {
    pathParameters: { jobId: JOB.jobId },
  });
const createEndpoint = () =>
  call(webhooksApi, 'POST', '/v1/{proxy+}', '/v1/webhook-endpoints', {
    body: { url: 'https://hooks.example.com/media', enabled_events: ['job.completed'] },
  });

function expectRefused(answer: { status: number; body: Body }, scope: ApiScope) {
  expect(answer.status).toBe(403);
  expect(answer.body.error?.code).toBe('INSUFFICIENT_SCOPE');
  expect(answer.body.error?.message).toContain(`'${scope}'`);
  expect(answer.body.meta.request_id).toMatch(/^req_/);
}

describe('a read-only key (jobs:read)', () => {
  beforeEach(() => {
    world.key = keyWith(['jobs:read']);
  });

  it('reads a job', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.data?.job_id).toBe(JOB.jobId);
  });

  it('is refused a submit, a cancel, a delete and an endpoint, each naming the scope it needed', async () => {
    expectRefused(await submit(), 'jobs:write');
    expectRefused(await cancel(), 'jobs:write');
    expectRefused(await remove(), 'jobs:delete');
    expectRefused(await createEndpoint(), 'webhooks:manage');
    expect(created).toEqual([]);
  });
});

describe('a key with jobs:write', () => {
  it('submits a job, and may not read it back without jobs:read', async () => {
    world.key = keyWith(['jobs:write']);
    const answer = await submit();
    expect(answer.status).toBe(202);
    expect(created).toHaveLength(1);
    expectRefused(await read(), 'jobs:read');
  });
});

describe('keys that may do everything', () => {
  for (const [name, scopes] of [
    ['a key made before scopes (none stored)', undefined],
    ['an admin key', ['admin']],
  ] as const) {
    it(`${name}: reads, submits, cancels, deletes and manages endpoints`, async () => {
      world.key = keyWith(scopes);
      expect((await read()).status).toBe(200);
      expect((await submit()).status).toBe(202);
      // The job is not there for these two ports: a 404 is past the scope check.
      expect((await cancel()).body.error?.code).toBe('NOT_FOUND');
      expect((await remove()).body.error?.code).toBe('NOT_FOUND');
      expect((await createEndpoint()).status).toBe(201);
    });
  }
});

describe('making a key with scopes', () => {
  /** An account store in memory, enough for KeyAdmin's create, list and rotate. */
  function memoryAccounts() {
    const keys: Array<ApiKeyRecord & { storageKey: string }> = [];
    return {
      keys,
      store: fakeAccountStore({
        getOrganization: async (orgId) => ({ orgId, createdAt: '2026-01-01T00:00:00.000Z' }),
        createKey: async (params: NewApiKey) => {
          const record = { ...params, status: 'active' as const };
          keys.push({ ...record, storageKey: params.keyHash });
          return record;
        },
        listKeys: async () => keys,
        revokeKey: async (storageKey) => {
          const i = keys.findIndex((k) => k.storageKey === storageKey);
          keys[i] = { ...keys[i]!, status: 'revoked' };
          return true;
        },
      }),
    };
  }

  it('keeps the scopes given (in the set order, once each), and a rotation keeps them', async () => {
    const { store } = memoryAccounts();
    const admin = new KeyAdmin(store, RATES, fixedClock());
    const made = await admin.createKey('acme', 'live', 'site', ['usage:read', 'jobs:read', 'jobs:read']);
    expect(made.record.scopes).toEqual(['jobs:read', 'usage:read']);
    const rotated = await admin.rotateKey('acme', made.record.keyId);
    expect(rotated.record.scopes).toEqual(['jobs:read', 'usage:read']);
    const listed = await admin.listKeys('acme');
    expect(listed.map((k) => k.scopes)).toEqual([
      ['jobs:read', 'usage:read'],
      ['jobs:read', 'usage:read'],
    ]);
    // Never the secret in a listing: the hash-bearing storage key is dropped, the hint is all there is.
    expect(JSON.stringify(listed)).not.toContain(made.key);
  });

  it('without scopes makes a key with every scope, as keys made before scopes', async () => {
    const { store } = memoryAccounts();
    const made = await new KeyAdmin(store, RATES, fixedClock()).createKey('acme', 'test', 'ci');
    expect(made.record.scopes).toBeUndefined();
  });

  it('refuses an unknown scope naming it, before anything is written (the CLI)', async () => {
    const admin = new KeyAdmin(fakeAccountStore(), RATES, fixedClock());
    await expect(admin.createKey('acme', 'live', 'site', ['jobs:read', 'jobs:nuke'])).rejects.toThrow(
      /Unknown scope 'jobs:nuke': expected jobs:read, jobs:write/,
    );
    await expect(admin.createKey('acme', 'live', 'site', [''])).rejects.toThrow(/No scopes given/);
  });

  it("refuses an unknown scope in the dashboard's request with a 400 naming it", async () => {
    const parsed = createKeyBody.safeParse({ mode: 'live', name: 'site', scopes: ['jobs:read', 'root'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['scopes', 1]);
    expect(parsed.error!.issues[0]!.message).toContain("unknown scope 'root'");
    // And the use case, should anything reach it unchecked.
    const admin = new KeyAdmin(fakeAccountStore(), RATES, fixedClock());
    const refused = await createDashboardKey(
      admin,
      'acme',
      { mode: 'live', name: 'site', scopes: ['root'] },
      'test-and-live',
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).message).toContain("'root'");
  });

  it('reads stored scopes back, and a stored key without them has none (every scope)', () => {
    const item = {
      pk: 'KEY#h',
      key_id: 'key_0123456789abcdef',
      org_id: 'acme',
      mode: 'live',
      name: 'site',
      status: 'active',
      hint: 'svc_live_abcd…wxyz',
      created_at: '2026-01-01T00:00:00.000Z',
      rate_per_minute: 60,
    };
    expect(keyFromItem({ ...item, scopes: ['jobs:read', 'unknown:thing'] }).scopes).toEqual(['jobs:read']);
    expect(keyFromItem(item)).not.toHaveProperty('scopes');
  });
});
