// Dashboard members through the dashboard handler: an owner invites (the local stack answers a one-time
// sign-in link), changes and removes members; an unknown role is a 400 naming it; the last owner cannot
// be demoted or removed (409 LAST_OWNER); an admin cannot touch an owner; a removed member's session is
// refused at its next request; every change is in the audit log with the acting member as its actor; a
// member limited to offices sees no job of another office (or of none); on a Cognito stage the member is the
// one with the ID token's email.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import type { JobListFilter, JobStore } from '../../../functions/core/jobs/job-store.ts';
import { inviteMember, removeMember, withinOffices } from '../../../functions/core/members/members.ts';
import {
  apiGatewayEvent,
  fakeJobPorts,
  fakeJobStore,
  jobRecord,
  memoryAuditLog,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/dashboard/handler.ts');

const JOB = jobRecord('completed', { orgId: 'acme', mode: 'test' });

function setup() {
  const clock = { now: () => new Date('2026-11-27T00:00:00.000Z') };
  const items = new Map<string, unknown>();
  const store: DashboardSessionStore = {
    put: async (kind, hash, token) => void items.set(`${kind}#${hash}`, token),
    get: async (kind, hash) => items.get(`${kind}#${hash}`) as never,
    take: async (kind, hash) => {
      const held = items.get(`${kind}#${hash}`);
      items.delete(`${kind}#${hash}`);
      return held as never;
    },
  };
  const sessions = new DashboardSessions(store, clock);
  const auditLog = memoryAuditLog();
  const members = memoryMemberPorts(clock, auditLog);
  // The organization's offices: off_north in test mode, off_south in live (a member's may be either).
  const { offices } = members;
  const office = (id: string) => ({
    id,
    name: id,
    external_ref: null,
    media_retention_days: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  });
  void offices.replace({ orgId: 'acme', mode: 'test' }, 0, [office('off_north')]);
  void offices.replace({ orgId: 'acme', mode: 'live' }, 0, [office('off_south')]);
  world.ports = {
    auth: { keyVariant: 'test-and-live' },
    audit: { auditLog, clock },
    dashboard: { auth: 'sign-in-link', sessions, members },
    jobs: fakeJobPorts({
      clock,
      jobs: fakeJobStore({ get: async (_tenant, id) => (id === JOB.jobId ? JOB : undefined) }),
    }),
  };
  return { sessions, members, auditLog };
}

// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check
type Loose = any;

async function send(
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; data: Loose; error: Loose }> {
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: method, path }),
    resource: '/v1/dashboard/{proxy+}',
    pathParameters: { proxy: path.slice('/v1/dashboard/'.length) },
    headers: {
      Host: '127.0.0.1:3000',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  };
  const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  const payload = JSON.parse(result.body || '{}');
  return { status: result.statusCode, data: payload.data, error: payload.error };
}

/** GET /v1/dashboard/account is not proxied: its own resource. */
async function account(token: string) {
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: 'GET', path: '/v1/dashboard/account' }),
    headers: { Authorization: `Bearer ${token}` },
  };
  const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  return { status: result.statusCode, ...JSON.parse(result.body) };
}

describe('dashboard members', () => {
  let w: ReturnType<typeof setup>;
  beforeEach(() => {
    w = setup();
  });

  it('invites a member with a sign-in link that signs in as them, and records it with the owner as actor', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const invited = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'Vera@Example.com',
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    expect(invited.data).toMatchObject({ object: 'member', email: 'vera@example.com', role: 'viewer' });
    expect(invited.data.sign_in_link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/dashboard\/#sign-in=dsi_/);

    const token = /dsi_\w+/.exec(invited.data.sign_in_link)![0];
    const session = (await w.sessions.exchange(token))!;
    const me = await account(session.token);
    expect(me.data.member).toMatchObject({ id: invited.data.id, role: 'viewer' });
    expect(me.data.permissions).toContain('keys:read');
    expect(me.data.permissions).not.toContain('keys:manage');

    const records = w.auditLog.records.map((r) => r.record).filter((r) => r.action === 'member.invited');
    const ofVera = records.filter((r) => r.target.id === invited.data.id);
    expect(ofVera.map((r) => r.mode).sort()).toEqual(['live', 'test']);
    expect(ofVera[0]).toMatchObject({
      actor: { type: 'member', id: owner.member.id },
      target: { type: 'member', id: invited.data.id },
      changes: { after: { email: 'vera@example.com', role: 'viewer', office_ids: [] } },
    });

    const again = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'vera@example.com',
      role: 'admin',
    });
    expect(again.status).toBe(409);
    expect(again.error.code).toBe('MEMBER_EXISTS');
  });

  it('refuses an unknown role with a 400 naming it', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const invite = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'x@example.com',
      role: 'superuser',
    });
    expect(invite.status).toBe(400);
    expect(invite.error.code).toBe('VALIDATION_ERROR');
    expect(invite.error.message).toContain("unknown role 'superuser'");
    const change = await send('PATCH', `/v1/dashboard/members/${owner.member.id}`, owner.token, {
      role: 'root',
    });
    expect(change.status).toBe(400);
    expect(change.error.message).toContain("unknown role 'root'");
  });

  it('never leaves the organization without an owner', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const path = `/v1/dashboard/members/${owner.member.id}`;
    const demote = await send('PATCH', path, owner.token, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.error.code).toBe('LAST_OWNER');
    expect(demote.error.message).toContain('without an owner');
    const remove = await send('DELETE', path, owner.token);
    expect(remove.status).toBe(409);
    expect(remove.error.code).toBe('LAST_OWNER');
    expect((await w.members.members.list('acme')).members[0]!.role).toBe('owner');

    // With a second owner, the first may step down.
    const second = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'o2@example.com',
      role: 'owner',
    });
    expect(second.status).toBe(201);
    expect((await send('PATCH', path, owner.token, { role: 'admin' })).data.role).toBe('admin');
  });

  it('lets only an owner make, change or remove an owner', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const admin = await signInAs(w.sessions, w.members, 'acme', { role: 'admin' });
    const invite = await send('POST', '/v1/dashboard/members', admin.token, {
      email: 'boss@example.com',
      role: 'owner',
    });
    expect(invite.status).toBe(403);
    const demote = await send('PATCH', `/v1/dashboard/members/${owner.member.id}`, admin.token, {
      role: 'viewer',
    });
    expect(demote.status).toBe(403);
    expect((await send('DELETE', `/v1/dashboard/members/${owner.member.id}`, admin.token)).status).toBe(403);
    // An admin manages everyone else.
    const viewer = await send('POST', '/v1/dashboard/members', admin.token, {
      email: 'v@example.com',
      role: 'viewer',
    });
    expect(viewer.status).toBe(201);
    expect((await send('DELETE', `/v1/dashboard/members/${viewer.data.id}`, admin.token)).status).toBe(200);
  });

  it("ends a removed member's sessions at their next request", async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const viewer = await signInAs(w.sessions, w.members, 'acme', { role: 'viewer' });
    // A second session of the same member (another browser): both end.
    const other = (await w.sessions.exchange(
      (
        await w.sessions.issueSignInToken('acme', viewer.member.id)
      ).token,
    ))!;
    expect((await account(viewer.token)).status).toBe(200);

    const removed = await send('DELETE', `/v1/dashboard/members/${viewer.member.id}`, owner.token);
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual({ object: 'member', id: viewer.member.id, removed: true });
    for (const token of [viewer.token, other.token]) {
      const answer = await account(token);
      expect(answer.status).toBe(401);
      expect(answer.error.message).toContain('no longer a member');
    }
    const listed = await send('GET', '/v1/dashboard/members', owner.token);
    expect(listed.data.members.map((m: Loose) => m.id)).toEqual([owner.member.id]);
    const record = w.auditLog.records.map((r) => r.record).find((r) => r.action === 'member.removed');
    expect(record).toMatchObject({
      actor: { type: 'member', id: owner.member.id },
      target: { type: 'member', id: viewer.member.id },
      changes: { before: { email: viewer.member.email, role: 'viewer' } },
    });
  });

  it('records a role change with what changed, and drops offices with the member role', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const invited = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'agent@example.com',
      role: 'member',
      office_ids: ['off_north', 'off_north', 'off_south'],
    });
    expect(invited.data.office_ids).toEqual(['off_north', 'off_south']);
    const refused = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'v2@example.com',
      role: 'viewer',
      office_ids: ['off_north'],
    });
    expect(refused.status).toBe(400);
    expect(refused.error.message).toContain('office_ids');
    const changed = await send('PATCH', `/v1/dashboard/members/${invited.data.id}`, owner.token, {
      role: 'admin',
    });
    expect(changed.data).toMatchObject({ role: 'admin', office_ids: [] });
    const record = w.auditLog.records.map((r) => r.record).find((r) => r.action === 'member.updated');
    expect(record?.changes).toEqual({
      before: { role: 'member', office_ids: ['off_north', 'off_south'] },
      after: { role: 'admin', office_ids: [] },
    });
  });

  it('refuses offices the organization does not have, naming each, in an invitation and a change', async () => {
    const owner = await signInAs(w.sessions, w.members, 'acme');
    const invite = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'agent@example.com',
      role: 'member',
      office_ids: ['off_north', 'off_bondi'],
    });
    expect(invite.status).toBe(404);
    expect(invite.error).toMatchObject({
      code: 'NOT_FOUND',
      details: [
        {
          path: 'office_ids[1]',
          message: "no office with id 'off_bondi' in your organization (test or live)",
        },
      ],
    });
    expect((await w.members.members.list('acme')).members.map((m) => m.email)).not.toContain(
      'agent@example.com',
    );
    const agent = await send('POST', '/v1/dashboard/members', owner.token, {
      email: 'agent@example.com',
      role: 'member',
      office_ids: ['off_south'],
    });
    expect(agent.status).toBe(201);
    const change = await send('PATCH', `/v1/dashboard/members/${agent.data.id}`, owner.token, {
      office_ids: ['off_south', 'off_gone'],
    });
    expect(change.status).toBe(404);
    expect(change.error.details).toEqual([
      { path: 'office_ids[1]', message: "no office with id 'off_gone' in your organization (test or live)" },
    ]);
  });

  it("shows a member only its offices' jobs", async () => {
    const agent = await signInAs(w.sessions, w.members, 'acme', {
      role: 'member',
      office_ids: ['off_north'],
    });
    const viewer = await signInAs(w.sessions, w.members, 'acme', { role: 'viewer' });
    const jobPath = `/v1/dashboard/jobs/${JOB.jobId}?mode=test`;
    const getJob = async (token: string) => {
      const event: APIGatewayProxyEvent = {
        ...apiGatewayEvent({ httpMethod: 'GET', path: `/v1/dashboard/jobs/${JOB.jobId}` }),
        resource: '/v1/dashboard/jobs/{jobId}',
        pathParameters: { jobId: JOB.jobId },
        queryStringParameters: { mode: 'test' },
        headers: { Authorization: `Bearer ${token}` },
      };
      return ((await handler(event, {} as Context)) as { statusCode: number }).statusCode;
    };
    expect(jobPath).toContain(JOB.jobId);
    expect(await getJob(viewer.token)).toBe(200);
    // The job belongs to no office (jobs carry none yet): not the agent's.
    expect(await getJob(agent.token)).toBe(404);
    expect(withinOffices(agent.member, 'off_north')).toBe(true);
    expect(withinOffices(agent.member, 'off_south')).toBe(false);
    expect(withinOffices(viewer.member, undefined)).toBe(true);
  });

  it("lists a member's jobs filtered by its offices in the store, so a page holds up to its limit", async () => {
    const filters: JobListFilter[] = [];
    (world.ports as { jobs: { jobs: JobStore } }).jobs.jobs = fakeJobStore({
      list: async (_tenant, filter) => {
        filters.push(filter);
        return { jobs: [], hasMore: false };
      },
    });
    const agent = await signInAs(w.sessions, w.members, 'acme', {
      role: 'member',
      office_ids: ['off_north', 'off_south'],
    });
    const admin = await signInAs(w.sessions, w.members, 'acme', { role: 'admin' });
    const list = async (token: string, query: Record<string, string>) => {
      const event: APIGatewayProxyEvent = {
        ...apiGatewayEvent({ httpMethod: 'GET', path: '/v1/dashboard/jobs' }),
        resource: '/v1/dashboard/jobs',
        queryStringParameters: { mode: 'test', ...query },
        headers: { Authorization: `Bearer ${token}` },
      };
      const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
      return { status: result.statusCode, body: JSON.parse(result.body) };
    };
    expect((await list(agent.token, { limit: '5' })).status).toBe(200);
    expect(filters.pop()).toMatchObject({ officeIds: ['off_north', 'off_south'], limit: 5, offset: 0 });
    expect((await list(agent.token, { office_id: 'off_south' })).status).toBe(200);
    expect(filters.pop()).toMatchObject({ officeId: 'off_south' });
    // Another office: nothing, without asking the store.
    const other = await list(agent.token, { office_id: 'off_east' });
    expect([other.status, other.body.data.jobs]).toEqual([200, []]);
    expect(filters).toEqual([]);
    // An admin acts for the whole organization.
    expect((await list(admin.token, {})).status).toBe(200);
    expect(filters.pop()).not.toHaveProperty('officeIds');
  });

  it("on a Cognito stage, knows a user by the ID token's email: the first becomes owner, strangers and removed members are refused", async () => {
    (world.ports as { dashboard: { auth: string } }).dashboard.auth = 'cognito';
    const asUser = async (email: string) => {
      const event: APIGatewayProxyEvent = {
        ...apiGatewayEvent({ httpMethod: 'GET', path: '/v1/dashboard/account' }),
      };
      const withClaims = {
        ...event,
        requestContext: {
          ...event.requestContext,
          authorizer: { claims: { sub: `sub-${email}`, email, 'custom:org_id': 'acme' } },
        },
      };
      const result = (await handler(withClaims, {} as Context)) as { statusCode: number; body: string };
      return { status: result.statusCode, ...JSON.parse(result.body) };
    };
    const first = await asUser('Olivia@Example.com');
    expect(first.status).toBe(200);
    expect(first.data.member).toMatchObject({ email: 'olivia@example.com', role: 'owner' });
    expect((await asUser('stranger@example.com')).status).toBe(403);
    expect((await w.members.members.list('acme')).members).toHaveLength(1);
    const owner = (await w.members.members.list('acme')).members[0]!;
    const context = { actor: { type: 'member' as const, id: owner.id } };
    const { member: billing } = await inviteMember(w.members, 'acme', context, owner, {
      email: 'accounts@example.com',
      role: 'billing',
    });
    expect((await asUser('accounts@example.com')).data.member.role).toBe('billing');
    await removeMember(w.members, 'acme', context, owner, billing.id);
    expect((await asUser('accounts@example.com')).status).toBe(403);
  });
});
