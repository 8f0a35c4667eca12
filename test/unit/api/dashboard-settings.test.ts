// The dashboard's Settings routes (GET/PATCH /v1/dashboard/settings) through the dashboard function's
// greedy resource: a session is required, the answer says which retention applies (the organization's,
// else its plan's, else the stage's), a change is checked against the stage's bounds and stored for the
// session's organization only, and recorded in its audit log.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import type { OrganizationRecord } from '../../../functions/core/auth/account-store.ts';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import { apiGatewayEvent, fakeAccountStore, fixedClock, memoryAuditLog } from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/dashboard/handler.ts');

const auditLog = memoryAuditLog();

function setup(orgs: Record<string, OrganizationRecord>) {
  const tokens = new Map<string, unknown>();
  const store: DashboardSessionStore = {
    put: async (kind, hash, token) => void tokens.set(`${kind}#${hash}`, token),
    get: async (kind, hash) => tokens.get(`${kind}#${hash}`) as never,
    take: async (kind, hash) => tokens.get(`${kind}#${hash}`) as never,
  };
  const sessions = new DashboardSessions(store, { now: () => new Date('2026-11-27T00:00:00Z') });
  const members = memoryMemberPorts();
  world.ports = {
    accounts: fakeAccountStore({
      getOrganization: async (orgId: string) => orgs[orgId],
      updateOrganizationSettings: async (orgId: string, patch: { mediaRetentionDays?: number }) => {
        if (!orgs[orgId]) return undefined;
        orgs[orgId] = { ...orgs[orgId]!, ...patch };
        return orgs[orgId];
      },
    }),
    audit: { auditLog, clock: fixedClock() },
    dashboard: {
      auth: 'sign-in-link',
      sessions,
      members,
      retention: { defaultDays: 90, planDays: { agency: 365 }, minSeconds: 3600, maxDays: 730 },
    },
  };
  return async (orgId: string) => (await signInAs(sessions, members, orgId)).token;
}

async function send(method: string, token: string | undefined, body?: unknown) {
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: method, path: '/v1/dashboard/settings' }),
    resource: '/v1/dashboard/{proxy+}',
    pathParameters: { proxy: 'settings' },
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  };
  const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  const payload = JSON.parse(result.body || '{}');
  return { status: result.statusCode, data: payload.data, error: payload.error };
}

describe('dashboard settings: media retention', () => {
  it("shows the retention that applies and changes the session's organization's own, within the stage's bounds", async () => {
    const orgs: Record<string, OrganizationRecord> = {
      acme: { orgId: 'acme', createdAt: '2026-01-01T00:00:00Z', plan: 'agency' },
      globex: { orgId: 'globex', createdAt: '2026-01-01T00:00:00Z' },
    };
    const signIn = setup(orgs);
    expect((await send('GET', undefined)).status).toBe(401);
    const acme = await signIn('acme');
    expect(await send('GET', acme)).toMatchObject({
      status: 200,
      data: {
        media_retention_days: null,
        plan: 'agency',
        plan_days: 365,
        stage_days: 90,
        effective_days: 365,
        max_days: 730,
      },
    });
    expect(await send('PATCH', acme, { media_retention_days: 30 })).toMatchObject({
      status: 200,
      data: { media_retention_days: 30, effective_days: 30 },
    });
    expect(orgs.acme!.mediaRetentionDays).toBe(30);
    expect(orgs.globex!.mediaRetentionDays).toBeUndefined();
    // The change is in the audit log of both modes, with the session's member as its actor.
    expect(auditLog.records.map((r) => [r.record.mode, r.record.action, r.record.changes])).toEqual(
      ['live', 'test'].map((mode) => [
        mode,
        'organization.settings_updated',
        { before: {}, after: { mediaRetentionDays: 30 } },
      ]),
    );
    expect(auditLog.records[0]!.record.actor.type).toBe('member');
    expect((await send('GET', await signIn('globex'))).data).toMatchObject({ effective_days: 90 });

    const tooLong = await send('PATCH', acme, { media_retention_days: 731 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error.message).toContain('media_retention_days');
    expect((await send('PATCH', acme, { media_retention_days: 0 })).status).toBe(400);
    expect((await send('PATCH', acme, { retention: 5 })).status).toBe(400);
    expect(orgs.acme!.mediaRetentionDays).toBe(30);
    // Refused changes are not recorded.
    expect(auditLog.records).toHaveLength(2);
  });
});
