// The dashboard's webhook management routes (/v1/dashboard/webhook-endpoints…, /v1/dashboard/events…),
// through the dashboard function's greedy resource as API Gateway hands them over: a session is required,
// each route runs the API's own use case for the session's organization in the page's mode, another
// organization's endpoint or event is a 404, and enabling a disabled endpoint answers its replay offer.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DashboardSessionStore,
  DashboardSessions,
} from '../../../functions/core/auth/dashboard-sessions.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import {
  apiGatewayEvent,
  fakeJobStore,
  memoryAuditLog,
  memoryEndpointStore,
  memoryEventLog,
  memoryEventResends,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts, signInAs } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/dashboard/handler.ts');

const T0 = new Date('2026-11-27T00:00:00.000Z');

function setup() {
  let now = T0;
  const clock = { now: () => now };
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
  const endpoints = memoryEndpointStore();
  const eventLog = memoryEventLog();
  const queued: WebhookMessage[] = [];
  const queue = {
    enqueue: async (message: WebhookMessage) => void queued.push(message),
    deadLetter: async () => undefined,
  };
  world.ports = {
    audit: { auditLog: memoryAuditLog(), clock },
    dashboard: { auth: 'sign-in-link', sessions, members },
    webhooks: {
      endpoints: { endpoints, clock, webhookPolicy: { allowHttp: false, allowLoopback: false } },
      events: {
        eventLog,
        endpoints,
        jobs: fakeJobStore({ get: async () => undefined }),
        queue,
        clock,
        eventRetentionDays: 30,
        resends: memoryEventResends(),
      },
    },
  };
  const signIn = async (orgId: string) => (await signInAs(sessions, members, orgId)).token;
  return {
    endpoints,
    queued,
    signIn,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** The answer's envelope, read loosely: the assertions say what each field must be. */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check
type Loose = any;

/** A request as API Gateway hands it to the function through /v1/dashboard/{proxy+}. */
async function send(
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: Loose; error: Loose }> {
  const url = new URL(pathAndQuery, 'http://localhost');
  const event: APIGatewayProxyEvent = {
    ...apiGatewayEvent({ httpMethod: method, path: url.pathname }),
    resource: '/v1/dashboard/{proxy+}',
    pathParameters: { proxy: url.pathname.slice('/v1/dashboard/'.length) },
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  };
  const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  const payload = JSON.parse(result.body || '{}');
  return { status: result.statusCode, data: payload.data, error: payload.error };
}

describe('dashboard webhook management', () => {
  let w: ReturnType<typeof setup>;
  beforeEach(() => {
    w = setup();
  });

  it('refuses a request without a session', async () => {
    const answer = await send('POST', '/v1/dashboard/webhook-endpoints?mode=live', {
      body: { url: 'https://h.example.com/a', enabled_events: ['*'] },
    });
    expect(answer.status).toBe(401);
    expect((await w.endpoints.list({ orgId: 'acme', mode: 'live' })).endpoints).toEqual([]);
  });

  it("creates, changes, rotates, pings and deletes an endpoint of the session's organization and mode", async () => {
    const token = await w.signIn('acme');
    const created = await send('POST', '/v1/dashboard/webhook-endpoints?mode=live', {
      token,
      body: { url: 'https://h.example.com/a', enabled_events: ['job.completed'], description: 'CRM' },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ url: 'https://h.example.com/a', enabled: true });
    expect(created.data.secret).toMatch(/^whsec_/);
    const id = created.data.id as string;
    expect((await w.endpoints.list({ orgId: 'acme', mode: 'live' })).endpoints.map((e) => e.id)).toEqual([
      id,
    ]);
    // The mode is the page's: the test mode has none, and its routes do not find the live one.
    expect(
      (await send('GET', '/v1/dashboard/webhook-endpoints?mode=test', { token })).data.endpoints,
    ).toEqual([]);
    expect((await send('DELETE', `/v1/dashboard/webhook-endpoints/${id}?mode=test`, { token })).status).toBe(
      404,
    );

    const edited = await send('PATCH', `/v1/dashboard/webhook-endpoints/${id}?mode=live`, {
      token,
      body: { enabled_events: ['*'], description: null },
    });
    expect(edited).toMatchObject({
      status: 200,
      data: { enabled_events: ['*'], description: null, replay: null },
    });

    const rotated = await send('POST', `/v1/dashboard/webhook-endpoints/${id}/rotate-secret?mode=live`, {
      token,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(created.data.secret);
    expect(rotated.data.previous_secret_expires_at).toBe('2026-11-28T00:00:00.000Z');

    const ping = await send('POST', `/v1/dashboard/webhook-endpoints/${id}/test?mode=live`, { token });
    expect(ping).toMatchObject({ status: 202, data: { type: 'ping', endpoint_id: id } });
    expect(w.queued.map((m) => m.type)).toEqual(['ping']);
    const read = await send('GET', `/v1/dashboard/events/${ping.data.event_id}?mode=live`, { token });
    expect(read).toMatchObject({ status: 200, data: { id: ping.data.event_id, type: 'ping' } });
    const resent = await send('POST', `/v1/dashboard/events/${ping.data.event_id}/resend?mode=live`, {
      token,
      body: { endpoint_id: id },
    });
    expect(resent).toMatchObject({ status: 202, data: { resent_to: [id] } });
    expect(w.queued.at(-1)).toMatchObject({ event_id: ping.data.event_id, replay: true });

    expect(await send('DELETE', `/v1/dashboard/webhook-endpoints/${id}?mode=live`, { token })).toMatchObject({
      status: 200,
      data: { id, deleted: true },
    });
    expect((await w.endpoints.list({ orgId: 'acme', mode: 'live' })).endpoints).toEqual([]);
  });

  it('answers the replay offer when an endpoint is enabled again, and the range resend it names is accepted', async () => {
    const token = await w.signIn('acme');
    const id = (
      await send('POST', '/v1/dashboard/webhook-endpoints?mode=test', {
        token,
        body: { url: 'https://h.example.com/a', enabled_events: ['*'] },
      })
    ).data.id as string;
    const off = await send('PATCH', `/v1/dashboard/webhook-endpoints/${id}?mode=test`, {
      token,
      body: { enabled: false },
    });
    expect(off.data).toMatchObject({ enabled: false, disabled_at: T0.toISOString(), replay: null });
    w.advance(3_600_000);
    const on = await send('PATCH', `/v1/dashboard/webhook-endpoints/${id}?mode=test`, {
      token,
      body: { enabled: true },
    });
    expect(on.data.replay).toMatchObject({
      disabled_at: T0.toISOString(),
      disabled_reason: null,
      failed: 0,
      missed: 0,
      resend: {
        method: 'POST',
        path: '/v1/events/resend',
        body: {
          created_from: T0.toISOString(),
          created_to: '2026-11-27T01:00:00.000Z',
          failed_only: false,
          endpoint_id: id,
        },
      },
    });
    const replayed = await send('POST', '/v1/dashboard/events/resend?mode=test', {
      token,
      body: on.data.replay.resend.body,
    });
    expect(replayed).toMatchObject({ status: 202, data: { events: 0, deliveries: 0, has_more: false } });
  });

  it("answers 404 for another organization's endpoint and event, and 400 naming a bad field", async () => {
    const acme = await w.signIn('acme');
    const other = await w.signIn('globex');
    const id = (
      await send('POST', '/v1/dashboard/webhook-endpoints?mode=test', {
        token: acme,
        body: { url: 'https://h.example.com/a', enabled_events: ['*'] },
      })
    ).data.id as string;
    const ping = (await send('POST', `/v1/dashboard/webhook-endpoints/${id}/test`, { token: acme })).data;
    for (const [method, path, body] of [
      ['PATCH', `/v1/dashboard/webhook-endpoints/${id}`, { enabled: false }],
      ['DELETE', `/v1/dashboard/webhook-endpoints/${id}`, undefined],
      ['POST', `/v1/dashboard/webhook-endpoints/${id}/rotate-secret`, undefined],
      ['POST', `/v1/dashboard/webhook-endpoints/${id}/test`, undefined],
      ['GET', `/v1/dashboard/events/${ping.event_id}`, undefined],
      ['POST', `/v1/dashboard/events/${ping.event_id}/resend`, {}],
    ] as const) {
      const answer = await send(method, path, { token: other, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.error.code).toBe('NOT_FOUND');
    }
    expect((await w.endpoints.list({ orgId: 'acme', mode: 'test' })).endpoints[0]).toMatchObject({
      enabled: true,
    });

    const bad = await send('POST', '/v1/dashboard/webhook-endpoints', {
      token: acme,
      body: { url: 'https://h.example.com/b', enabled_events: ['job.nope'] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('enabled_events');
    const refused = await send('POST', '/v1/dashboard/webhook-endpoints', {
      token: acme,
      body: { url: 'https://169.254.169.254/latest', enabled_events: ['*'] },
    });
    expect(refused.status).toBe(422);
  });
});
