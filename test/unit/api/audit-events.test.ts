// The audit log through the real handlers as API Gateway hands requests to them: an API key's webhook
// endpoint changes and a dashboard member's key creation are recorded with their actor (a key id or a
// member, never a secret), source IP, request id and what changed, secrets redacted; GET
// /v1/audit-events lists them newest first with filters and cursor paging, to an admin key of the same
// organization and mode only (another key scope is a 403 INSUFFICIENT_SCOPE; another organization sees
// nothing of them).
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord, NewApiKey } from '../../../functions/core/auth/account-store.ts';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import { KeyAdmin } from '../../../functions/core/auth/key-admin.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fixedClock,
  LIVE_KEY_RECORD,
  memoryAuditLog,
  memoryEndpointStore,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown, key: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handlers are evaluated again, on this file's mock of their ports
const webhooksApi = (await import('../../../functions/api/webhooks-api.ts')).handler;
const dashboardApi = (await import('../../../functions/api/dashboard/handler.ts')).handler;

const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };
const ADMIN_KEY: ApiKeyRecord = { ...LIVE_KEY_RECORD, keyId: 'key_admin00000000000', scopes: ['admin'] };

// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check
type Loose = any;

let audit: ReturnType<typeof memoryAuditLog>;
let signIn: (orgId: string) => Promise<string>;

beforeEach(() => {
  let now = Date.parse('2026-11-20T00:00:00.000Z');
  // Each read of the clock a second later: records made in one test have distinct, ordered times.
  const clock = {
    now: () => {
      now += 1000;
      return new Date(now);
    },
  };
  audit = memoryAuditLog();
  const tokens = new Map<string, unknown>();
  const sessionStore: DashboardSessionStore = {
    put: async (kind, hash, token) => void tokens.set(`${kind}#${hash}`, token),
    get: async (kind, hash) => tokens.get(`${kind}#${hash}`) as never,
    take: async (kind, hash) => {
      const held = tokens.get(`${kind}#${hash}`);
      tokens.delete(`${kind}#${hash}`);
      return held as never;
    },
  };
  const sessions = new DashboardSessions(sessionStore, clock);
  const members = memoryMemberPorts(clock);
  signIn = async (orgId) => (await signInAs(sessions, members, orgId)).token;
  const keys: Array<ApiKeyRecord & { storageKey: string }> = [];
  const accounts = fakeAccountStore({
    admit: async () => ({ kind: 'admitted', key: world.key as ApiKeyRecord, rate: RATE }),
    getOrganization: async (orgId) => ({ orgId, createdAt: '2026-01-01T00:00:00.000Z' }),
    createKey: async (params: NewApiKey) => {
      const record = { ...params, status: 'active' as const };
      keys.push({ ...record, storageKey: params.keyHash });
      return record;
    },
    listKeys: async () => keys,
  });
  world.ports = {
    accounts,
    auth: { keyVariant: 'test-and-live', testRatePerMinute: 60 },
    audit: { auditLog: audit, clock },
    webhooks: {
      endpoints: {
        endpoints: memoryEndpointStore(),
        clock,
        webhookPolicy: { allowHttp: false, allowLoopback: false },
      },
      events: {},
    },
    dashboard: {
      members,
      auth: 'sign-in-link',
      sessions,
      keyAdmin: new KeyAdmin(
        accounts,
        { testPerMinute: 10, liveDefault: { requestsPerMinute: 60 }, plans: {} },
        fixedClock(),
      ),
    },
  };
  world.key = ADMIN_KEY;
});

/** A keyed request through /v1/{proxy+}, from 203.0.113.1 (apiGatewayEvent's client). */
async function api(method: string, pathAndQuery: string, body?: unknown) {
  const url = new URL(pathAndQuery, 'http://localhost');
  const event: APIGatewayProxyEvent = apiGatewayEvent({
    httpMethod: method,
    path: url.pathname,
    resource: '/v1/{proxy+}',
    headers: {
      'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const res = (await webhooksApi(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  const payload = JSON.parse(res.body) as Loose;
  return {
    status: res.statusCode,
    data: payload.data as Loose,
    error: payload.error as Loose,
    raw: res.body,
  };
}

async function dashboard(method: string, path: string, token: string, body?: unknown) {
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: method, path }),
    resource: path, // the dashboard's key routes have methods of their own
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  };
  const res = (await dashboardApi(event, {} as Context)) as { statusCode: number; body: string };
  const payload = JSON.parse(res.body) as Loose;
  return { status: res.statusCode, data: payload.data as Loose, error: payload.error as Loose };
}

describe('the audit log', () => {
  it("records an API key's endpoint changes with the key id, IP, request id and redacted changes", async () => {
    const created = await api('POST', '/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/media',
      enabled_events: ['job.completed'],
    });
    expect(created.status).toBe(201);
    const id = created.data.id as string;
    expect((await api('PATCH', `/v1/webhook-endpoints/${id}`, { description: 'CRM' })).status).toBe(200);
    const rotated = await api('POST', `/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect((await api('DELETE', `/v1/webhook-endpoints/${id}`)).status).toBe(200);

    const listed = await api('GET', '/v1/audit-events');
    expect(listed.status).toBe(200);
    const events = listed.data.audit_events as Loose[];
    expect(events.map((e) => e.action)).toEqual([
      'webhook_endpoint.deleted',
      'webhook_endpoint.secret_rotated',
      'webhook_endpoint.updated',
      'webhook_endpoint.created',
    ]);
    for (const event of events) {
      expect(event.actor).toEqual({ type: 'api_key', id: 'key_admin00000000000' });
      expect(event.target).toEqual({ type: 'webhook_endpoint', id });
      expect(event.source_ip).toBe('203.0.113.1');
      expect(event.request_id).toMatch(/^req_/);
      expect(event.mode).toBe('live');
    }
    // The update records what changed, and only that.
    expect(events[2].changes).toEqual({
      before: { description: null, updated_at: expect.any(String) },
      after: { description: 'CRM', updated_at: expect.any(String) },
    });
    // The secrets shown once at creation and rotation appear nowhere in the log.
    expect(events[3].changes.after.secret).toBe('[redacted]');
    expect(listed.raw).not.toContain(created.data.secret);
    expect(listed.raw).not.toContain(rotated.data.secret);
    expect(JSON.stringify(audit.records)).not.toContain(created.data.secret);
  });

  it('filters by action and actor, and pages by cursor', async () => {
    for (let i = 0; i < 3; i += 1) {
      const made = await api('POST', '/v1/webhook-endpoints', {
        url: `https://hooks.example.com/${i}`,
        enabled_events: ['job.completed'],
      });
      expect(made.status, JSON.stringify(made.error)).toBe(201);
    }
    const page = await api('GET', '/v1/audit-events?limit=2&action=webhook_endpoint.created');
    expect(page.data.audit_events).toHaveLength(2);
    expect(page.data.pagination).toMatchObject({ limit: 2, count: 2, has_more: true });
    const next = await api(
      'GET',
      `/v1/audit-events?limit=2&starting_after=${page.data.pagination.next_cursor}`,
    );
    expect(next.data.audit_events).toHaveLength(1);
    expect(next.data.pagination.has_more).toBe(false);
    const byOther = await api('GET', '/v1/audit-events?actor=key_someone_else');
    expect(byOther.data.audit_events).toEqual([]);
    const bad = await api('GET', '/v1/audit-events?action=job.exploded');
    expect(bad.status).toBe(400);
  });

  it('answers only an admin key of the same organization and mode', async () => {
    const made = await api('POST', '/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/x',
      enabled_events: ['job.completed'],
    });
    expect(made.status).toBe(201);
    expect((await api('GET', '/v1/audit-events')).data.audit_events).toHaveLength(1);
    world.key = { ...ADMIN_KEY, scopes: ['webhooks:manage', 'jobs:read'] };
    const refused = await api('GET', '/v1/audit-events');
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(refused.error.message).toContain("'admin'");
    world.key = { ...ADMIN_KEY, orgId: 'other' };
    expect((await api('GET', '/v1/audit-events')).data.audit_events).toEqual([]);
    world.key = { ...ADMIN_KEY, mode: 'test' };
    expect((await api('GET', '/v1/audit-events')).data.audit_events).toEqual([]);
  });

  it("exports the log as JSON Lines to an admin key, with the list's filters and nothing of another tenant", async () => {
    for (let i = 0; i < 2; i += 1) {
      const made = await api('POST', '/v1/webhook-endpoints', {
        url: `https://hooks.example.com/export-${i}`,
        enabled_events: ['job.completed'],
      });
      expect(made.status).toBe(201);
    }
    const event = (pathAndQuery: string) => {
      const url = new URL(pathAndQuery, 'http://localhost');
      return apiGatewayEvent({
        httpMethod: 'GET',
        path: url.pathname,
        resource: '/v1/{proxy+}',
        headers: { 'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef' },
        queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
      });
    };
    const exported = (await webhooksApi(event('/v1/audit-events/export'), {
      awsRequestId: 'r',
    } as Context)) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['Content-Type']).toBe('application/jsonl; charset=utf-8');
    expect(exported.headers['X-Next-Cursor']).toBeUndefined();
    const lines = exported.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const listed = (await api('GET', '/v1/audit-events')).data.audit_events;
    expect(lines).toEqual(listed);
    expect(lines).toHaveLength(2);

    const filtered = (await webhooksApi(event('/v1/audit-events/export?action=job.deleted'), {
      awsRequestId: 'r',
    } as Context)) as { statusCode: number; body: string };
    expect(filtered).toMatchObject({ statusCode: 200, body: '' });
    const bad = await api('GET', '/v1/audit-events/export?limit=5');
    expect(bad.status).toBe(400);
    expect(bad.error.code).toBe('VALIDATION_ERROR');
    world.key = { ...ADMIN_KEY, scopes: ['jobs:read'] };
    expect((await api('GET', '/v1/audit-events/export')).error.code).toBe('INSUFFICIENT_SCOPE');
    world.key = { ...ADMIN_KEY, orgId: 'other' };
    const other = (await webhooksApi(event('/v1/audit-events/export'), { awsRequestId: 'r' } as Context)) as {
      body: string;
    };
    expect(other.body).toBe('');
  });

  it("records a dashboard member's key creation, without the key, in the new key's mode", async () => {
    const token = await signIn('acme');
    const made = await dashboard('POST', '/v1/dashboard/keys', token, {
      mode: 'live',
      name: 'office website',
      scopes: ['jobs:read'],
    });
    expect(made.status).toBe(201);
    const listed = await api('GET', '/v1/audit-events?action=api_key.created');
    const [event] = listed.data.audit_events as Loose[];
    expect(event.actor.type).toBe('member');
    expect(event.actor.id).toMatch(/^mem_[0-9A-Za-z]{16}$/);
    expect(event.target).toEqual({ type: 'api_key', id: made.data.key_id });
    expect(event.changes.after).toMatchObject({
      name: 'office website',
      scopes: ['jobs:read'],
      mode: 'live',
    });
    expect(listed.raw).not.toContain(made.data.key);
    expect(listed.raw).not.toContain(token);
  });

  it("refuses an unknown scope in the dashboard's key creation with a 400 naming it, and records nothing", async () => {
    const token = await signIn('acme');
    const refused = await dashboard('POST', '/v1/dashboard/keys', token, {
      mode: 'live',
      name: 'office website',
      scopes: ['jobs:read', 'jobs:everything'],
    });
    expect(refused.status).toBe(400);
    expect(refused.error.code).toBe('VALIDATION_ERROR');
    expect(refused.error.message).toContain("unknown scope 'jobs:everything'");
    expect(audit.records).toEqual([]);
  });
});
