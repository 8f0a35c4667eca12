// A dashboard member makes a key bound to one office: the office must be one of the organization's in
// the key's mode (404 otherwise, and no key is made); the key's listing and its audit record name the office.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord, NewApiKey } from '../../../functions/core/auth/account-store.ts';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import { KeyAdmin } from '../../../functions/core/auth/key-admin.ts';
import { fakeAccountStore, fixedClock, memoryAuditLog, memoryOfficeStore } from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const dashboardApi = (await import('../../../functions/api/dashboard/handler.ts')).handler;

const OFFICE = 'off_aaaaaaaaaaaaaaaaaaaa';
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check
type Loose = any;

let audit: ReturnType<typeof memoryAuditLog>;
let keys: Array<ApiKeyRecord & { storageKey: string }>;
let token: string;

beforeEach(async () => {
  const clock = fixedClock('2026-11-20T00:00:00.000Z');
  audit = memoryAuditLog();
  const tokens = new Map<string, unknown>();
  const sessionStore: DashboardSessionStore = {
    put: async (kind, hash, value) => void tokens.set(`${kind}#${hash}`, value),
    get: async (kind, hash) => tokens.get(`${kind}#${hash}`) as never,
    take: async (kind, hash) => {
      const held = tokens.get(`${kind}#${hash}`);
      tokens.delete(`${kind}#${hash}`);
      return held as never;
    },
  };
  const sessions = new DashboardSessions(sessionStore, clock);
  keys = [];
  const accounts = fakeAccountStore({
    getOrganization: async (orgId) => ({ orgId, createdAt: '2026-01-01T00:00:00.000Z' }),
    createKey: async (params: NewApiKey) => {
      const record = { ...params, status: 'active' as const };
      keys.push({ ...record, storageKey: params.keyHash });
      return record;
    },
    listKeys: async () => keys,
  });
  const offices = memoryOfficeStore();
  const at = '2026-11-01T00:00:00.000Z';
  await offices.replace({ orgId: 'acme', mode: 'live' }, 0, [
    {
      id: OFFICE,
      name: 'Bondi',
      external_ref: null,
      media_retention_days: null,
      created_at: at,
      updated_at: at,
    },
  ]);
  const members = memoryMemberPorts(clock);
  world.ports = {
    accounts,
    auth: { keyVariant: 'test-and-live', testRatePerMinute: 60 },
    audit: { auditLog: audit, clock },
    offices: { offices, clock },
    dashboard: {
      auth: 'sign-in-link',
      sessions,
      members,
      keyAdmin: new KeyAdmin(
        accounts,
        { testPerMinute: 10, liveDefault: { requestsPerMinute: 60 }, plans: {} },
        clock,
      ),
    },
  };
  token = (await signInAs(sessions, members, 'acme')).token;
});

async function dashboard(method: string, path: string, body?: unknown) {
  const event = {
    httpMethod: method,
    path,
    resource: path,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    requestContext: { requestId: 'r', identity: { sourceIp: '203.0.113.1' } },
    body: body === undefined ? null : JSON.stringify(body),
  } as unknown as APIGatewayProxyEvent;
  const res = (await dashboardApi(event, {} as Context)) as { statusCode: number; body: string };
  const payload = JSON.parse(res.body) as Loose;
  return { status: res.statusCode, data: payload.data as Loose, error: payload.error as Loose };
}

describe("the dashboard's key of one office", () => {
  it('makes the key for the office, lists it with its office, and audits it', async () => {
    const made = await dashboard('POST', '/v1/dashboard/keys', {
      mode: 'live',
      name: 'Bondi',
      office_id: OFFICE,
    });
    expect(made.status, JSON.stringify(made.error)).toBe(201);
    expect(made.data.office_id).toBe(OFFICE);
    expect(keys[0]!.officeId).toBe(OFFICE);
    const listed = await dashboard('GET', '/v1/dashboard/keys');
    expect(listed.data.keys.map((k: Loose) => k.office_id)).toEqual([OFFICE]);
    expect(
      audit.records.map((r) => [r.record.action, r.record.changes?.after?.office_id, r.record.officeId]),
    ).toEqual([['api_key.created', OFFICE, OFFICE]]);
  });

  it("refuses an office that is not the organization's in the key's mode, making no key", async () => {
    for (const [mode, office] of [
      ['live', 'off_nosuchoffice'],
      ['test', OFFICE],
    ]) {
      const refused = await dashboard('POST', '/v1/dashboard/keys', { mode, name: 'x', office_id: office });
      expect(refused.status).toBe(404);
      expect(refused.error.code).toBe('NOT_FOUND');
    }
    expect(keys).toEqual([]);
    expect(audit.records).toEqual([]);
  });
});
