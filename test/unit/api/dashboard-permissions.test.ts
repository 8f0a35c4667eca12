// The dashboard's permission table, route by route and role by role: what each role may call is written
// out here once more, by hand, and both the table and the handler must agree with it — a denied route
// answers 403 before its input is read or its use case runs; an allowed one gets past the check. And every
// route refuses a removed member's session at once (401).
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_ROUTES } from '../../../functions/api/dashboard/dashboard-routes.ts';
import { DASHBOARD_PERMISSIONS, mayCall } from '../../../functions/api/dashboard/permissions.ts';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import {
  DASHBOARD_ROLES,
  type DashboardRole,
  removeMember,
} from '../../../functions/core/members/members.ts';
import { apiGatewayEvent } from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/dashboard/handler.ts');
// The handler's own error class (the modules were evaluated again), so a stub's 404 is answered as one.
const { ApiError } = await import('../../../functions/core/errors.ts');

const O = 'owner';
const A = 'admin';
const M = 'member';
const V = 'viewer';
const B = 'billing';

/** Who may call each route (everyone else: 403). */
const EXPECTED: Record<string, readonly DashboardRole[]> = {
  dashboardSignOut: [O, A, M, V, B],
  dashboardAccount: [O, A, M, V, B],
  dashboardListKeys: [O, A, V],
  dashboardCreateKey: [O, A],
  dashboardRotateKey: [O, A],
  dashboardRevokeKey: [O, A],
  dashboardWebhookSecret: [O, A],
  dashboardRotateWebhookSecret: [O, A],
  dashboardWebhookEndpoints: [O, A, V],
  dashboardEvents: [O, A, V],
  dashboardGetEvent: [O, A, V],
  dashboardCreateWebhookEndpoint: [O, A],
  dashboardUpdateWebhookEndpoint: [O, A],
  dashboardDeleteWebhookEndpoint: [O, A],
  dashboardRotateWebhookEndpointSecret: [O, A],
  dashboardTestWebhookEndpoint: [O, A],
  dashboardResendEvent: [O, A],
  dashboardResendEvents: [O, A],
  dashboardImagerySources: [O, A, V],
  dashboardOffices: [O, A, V],
  dashboardCreateOffice: [O, A],
  dashboardUpdateOffice: [O, A],
  dashboardDeleteOffice: [O, A],
  dashboardBrandKits: [O, A, V],
  dashboardCreateBrandKit: [O, A],
  dashboardUpdateBrandKit: [O, A],
  dashboardDeleteBrandKit: [O, A],
  dashboardCreateImagerySource: [O, A],
  dashboardDeleteImagerySource: [O, A],
  dashboardListJobs: [O, A, M, V],
  dashboardGetJob: [O, A, M, V],
  dashboardDeleteJob: [O, A, M],
  dashboardSettings: [O, A, V],
  dashboardUpdateSettings: [O, A],
  dashboardUsage: [O, A, V, B],
  dashboardListMembers: [O, A],
  dashboardInviteMember: [O, A],
  dashboardUpdateMember: [O, A],
  dashboardRemoveMember: [O, A],
  dashboardAuditEvents: [O, A],
  dashboardExportAuditEvents: [O, A],
};

const SESSION_ROUTES = DASHBOARD_ROUTES.filter((r) => r.auth === 'session');
const CASES = SESSION_ROUTES.flatMap((route) =>
  DASHBOARD_ROLES.map((role) => ({
    route,
    role,
    allowed: (EXPECTED[route.operationId] ?? []).includes(role),
  })),
);

/**
 * Every port the use cases reach past the session is a stub whose calls fail with a 404: an allowed
 * request gets past the permission check and stops there, without a port of its own.
 */
function unreachable(): unknown {
  const stub: unknown = new Proxy(() => undefined, {
    get: (_target, property) => (property === 'then' ? undefined : stub),
    apply: () => {
      throw new ApiError('NOT_FOUND', 'not reached in this test');
    },
  });
  return stub;
}

/** A fresh session per request, as sign-out ends the one it is sent with. */
let sessionOf: (role: DashboardRole) => Promise<string>;
/** Sessions of an admin who was then removed (one per route: sign-out would end a shared one). */
let removedSessions: string[];

beforeAll(async () => {
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
  const clock = { now: () => new Date('2026-11-27T00:00:00.000Z') };
  const sessions = new DashboardSessions(store, clock);
  const members = memoryMemberPorts(clock);
  const stub = unreachable() as Record<string, unknown>;
  world.ports = new Proxy(
    {
      dashboard: new Proxy(
        { auth: 'sign-in-link', sessions, members },
        { get: (t, p) => (t as never)[p] ?? stub },
      ),
    },
    { get: (t, p) => (t as never)[p] ?? stub },
  );
  const ids = new Map<DashboardRole, string>();
  for (const role of DASHBOARD_ROLES)
    ids.set(role, (await signInAs(sessions, members, 'acme', { role })).member.id);
  sessionOf = async (role) =>
    (await sessions.exchange((await sessions.issueSignInToken('acme', ids.get(role)!)).token))!.token;
  const gone = await signInAs(sessions, members, 'acme', { role: 'admin' });
  removedSessions = [gone.token];
  for (const _ of SESSION_ROUTES)
    removedSessions.push(
      (await sessions.exchange((await sessions.issueSignInToken('acme', gone.member.id)).token))!.token,
    );
  const owner = (await members.members.list('acme')).members.find((m) => m.role === 'owner')!;
  await removeMember(members, 'acme', { actor: { type: 'member', id: owner.id } }, owner, gone.member.id);
});

async function call(route: (typeof SESSION_ROUTES)[number], token: string) {
  const path = route.path.replace(/\{[^}]+\}/g, 'x1');
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: route.method, path }),
    ...(route.proxied
      ? { resource: route.proxied, pathParameters: { proxy: path.slice('/v1/dashboard/'.length) } }
      : {
          resource: route.path,
          pathParameters: route.params ? { [/\{([^}]+)\}/.exec(route.path)![1]!]: 'x1' } : null,
        }),
    headers: { Authorization: `Bearer ${token}` },
  };
  const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  return { status: result.statusCode, error: JSON.parse(result.body || '{}').error };
}

describe('the dashboard permission table', () => {
  it('names every session route, and nothing else', () => {
    expect(Object.keys(DASHBOARD_PERMISSIONS).sort()).toEqual(
      SESSION_ROUTES.map((r) => r.operationId).sort(),
    );
    expect(Object.keys(EXPECTED).sort()).toEqual(SESSION_ROUTES.map((r) => r.operationId).sort());
  });

  it.each(CASES.map((c) => [c.route.operationId, c.role, c.allowed ? 'allowed' : 'denied', c] as const))(
    '%s as %s: %s',
    async (_op, role, _verdict, { route, allowed }) => {
      expect(mayCall(role, route.operationId)).toBe(allowed);
      const answer = await call(route, await sessionOf(role));
      if (allowed) {
        expect([401, 403, 500]).not.toContain(answer.status);
      } else {
        expect(answer.status).toBe(403);
        expect(answer.error.code).toBe('FORBIDDEN');
        expect(answer.error.message).toContain(`'${role}'`);
      }
    },
  );

  it.each(SESSION_ROUTES.map((route, i) => [route.operationId, route, i] as const))(
    "%s: a removed member's session is refused (401)",
    async (_op, route, i) => {
      const answer = await call(route, removedSessions[i]!);
      expect(answer.status).toBe(401);
      expect(answer.error.message).toContain('no longer a member');
    },
  );

  it('refuses an operation the table does not name', () => {
    for (const role of DASHBOARD_ROLES) expect(mayCall(role, 'dashboardSomethingNew')).toBe(false);
  });
});
