// Offices through the API's proxied function (/v1/{proxy+}), as API Gateway hands requests over: an
// organization's key makes, changes and deletes offices (each change audited with its office); a key bound
// to an office sees only its own office, its own office's webhook endpoints and events, and another
// office's answer exactly as one that does not exist (404, the same message, nothing of it in a list); an
// office with running jobs is not deleted (409).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import {
  fakeAccountStore,
  fakeJobStore,
  memoryAuditLog,
  memoryEndpointStore,
  memoryEventLog,
  memoryEventResends,
  memoryOfficeStore,
  type ProxiedAnswer,
  sendProxied,
  TEST_RETENTION,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/webhooks-api.ts');

const KEYS = {
  org: `svc_live_${'A'.repeat(40)}`,
  officeA: `svc_live_${'B'.repeat(40)}`,
  officeB: `svc_live_${'C'.repeat(40)}`,
  other: `svc_live_${'D'.repeat(40)}`,
};

const NOW = new Date('2026-12-01T00:00:00.000Z');
const clock = { now: () => new Date(NOW) };

let offices: ReturnType<typeof memoryOfficeStore>;
let auditLog: ReturnType<typeof memoryAuditLog>;
let eventLog: ReturnType<typeof memoryEventLog>;
let running: Map<string, number>;
/** The office each office key is bound to (set once the offices exist). */
const bound: { a?: string; b?: string } = {};

function keyRecord(key: string, i: number): ApiKeyRecord {
  const officeId = key === KEYS.officeA ? bound.a : key === KEYS.officeB ? bound.b : undefined;
  return {
    keyId: `key_${i}`,
    orgId: key === KEYS.other ? 'other' : 'acme',
    mode: 'live',
    name: 'test',
    status: 'active',
    hint: 'hint',
    createdAt: '2026-01-01T00:00:00.000Z',
    requestsPerMinute: 600,
    ...(officeId ? { officeId } : {}),
  };
}

beforeEach(() => {
  offices = memoryOfficeStore();
  auditLog = memoryAuditLog();
  eventLog = memoryEventLog();
  running = new Map();
  bound.a = undefined;
  bound.b = undefined;
  const endpoints = memoryEndpointStore();
  world.ports = {
    audit: { auditLog, clock },
    accounts: fakeAccountStore({
      admit: async (hash) => {
        const i = Object.values(KEYS).findIndex((k) => hashApiKey(k) === hash);
        if (i < 0) return { kind: 'unknown-or-revoked' };
        return {
          kind: 'admitted',
          key: keyRecord(Object.values(KEYS)[i]!, i),
          rate: { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 },
        };
      },
    }),
    auth: { keyVariant: 'test-and-live', testRatePerMinute: 600 },
    offices: {
      offices,
      clock,
      retention: TEST_RETENTION,
      runningJobs: async (_tenant: unknown, officeId: string) => running.get(officeId) ?? 0,
      deleteSettleMs: 0,
    },
    webhooks: {
      endpoints: { endpoints, clock, webhookPolicy: { allowHttp: false, allowLoopback: false } },
      events: {
        eventLog,
        endpoints,
        jobs: fakeJobStore({ get: async () => undefined }),
        queue: { enqueue: async () => undefined },
        clock,
        eventRetentionDays: 30,
        resends: memoryEventResends(),
      },
    },
  };
});

const send = (apiKey: string, method: string, path: string, body?: unknown) =>
  sendProxied(handler, apiKey, method, path, body);

/** Two offices of acme, each with a key bound to it. */
async function twoOffices() {
  const a = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Bondi', external_ref: 'BR-01' });
  const b = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Manly', media_retention_days: 30 });
  expect(a.status, a.text).toBe(201);
  expect(b.status, b.text).toBe(201);
  bound.a = a.body.data.id;
  bound.b = b.body.data.id;
  return { a: a.body.data.id as string, b: b.body.data.id as string };
}

describe('/v1/offices', () => {
  it('makes, lists, changes and deletes offices, each change audited with its office', async () => {
    const { a, b } = await twoOffices();
    expect(a).toMatch(/^off_[0-9A-Za-z]{20}$/);
    const listed = await send(KEYS.org, 'GET', '/v1/offices');
    expect(listed.body.data.offices.map((o: { name: string }) => o.name)).toEqual(['Bondi', 'Manly']);
    expect(listed.body.data.offices[1]).toMatchObject({
      object: 'office',
      external_ref: null,
      media_retention_days: 30,
    });

    const patched = await send(KEYS.org, 'PATCH', `/v1/offices/${b}`, { media_retention_days: null });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.media_retention_days).toBeNull();
    const taken = await send(KEYS.org, 'PATCH', `/v1/offices/${b}`, { name: 'Bondi' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details[0].path).toBe('name');
    const tooLong = await send(KEYS.org, 'PATCH', `/v1/offices/${b}`, { media_retention_days: 731 });
    expect(tooLong.status).toBe(400);

    const deleted = await send(KEYS.org, 'DELETE', `/v1/offices/${a}`);
    expect(deleted.body.data).toEqual({ id: a, object: 'office', deleted: true });
    expect((await send(KEYS.org, 'GET', `/v1/offices/${a}`)).status).toBe(404);

    const records = auditLog.records.map((r) => r.record);
    expect(records.map((r) => [r.action, r.target.id, r.officeId])).toEqual([
      ['office.created', a, a],
      ['office.created', b, b],
      ['office.updated', b, b],
      ['office.deleted', a, a],
    ]);
    expect(records[2]!.changes).toEqual({
      before: { media_retention_days: 30 },
      after: { media_retention_days: null },
    });
  });

  it('refuses to delete an office with running jobs (409) and keeps it', async () => {
    const { a } = await twoOffices();
    running.set(a, 2);
    const refused = await send(KEYS.org, 'DELETE', `/v1/offices/${a}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('OFFICE_HAS_RUNNING_JOBS');
    expect(refused.body.error.message).toContain('2 jobs still queued or processing');
    expect((await send(KEYS.org, 'GET', `/v1/offices/${a}`)).status).toBe(200);
    expect(auditLog.records.map((r) => r.record.action)).not.toContain('office.deleted');
  });

  it("shows an office's key its own office only: another office is a 404 like one that does not exist", async () => {
    const { a, b } = await twoOffices();
    const own = await send(KEYS.officeA, 'GET', '/v1/offices');
    expect(own.body.data.offices.map((o: { id: string }) => o.id)).toEqual([a]);
    expect(own.text).not.toContain(b);
    const other = await send(KEYS.officeA, 'GET', `/v1/offices/${b}`);
    const missing = await send(KEYS.officeA, 'GET', '/v1/offices/off_doesnotexist');
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(missing.body.error.message.replace('off_doesnotexist', b));
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const)
      expect((await send(KEYS.officeA, method, `/v1/offices/${b}`, body)).status).toBe(404);
    // Offices are made by the organization's keys; an office's key cannot make a sibling.
    const made = await send(KEYS.officeA, 'POST', '/v1/offices', { name: 'Coogee' });
    expect(made.status).toBe(403);
    // Another organization sees none of them.
    expect((await send(KEYS.other, 'GET', '/v1/offices')).body.data.offices).toEqual([]);
    expect((await send(KEYS.other, 'GET', `/v1/offices/${a}`)).status).toBe(404);
  });
});

describe('webhook endpoints and events of an office', () => {
  const url = 'https://hooks.example.com/in';

  it("puts an office key's endpoints in its office and hides the other office's", async () => {
    const { a, b } = await twoOffices();
    const mine = await send(KEYS.officeA, 'POST', '/v1/webhook-endpoints', { url, enabled_events: ['*'] });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.data.office_id).toBe(a);
    const theirs = await send(KEYS.org, 'POST', '/v1/webhook-endpoints', {
      url,
      enabled_events: ['*'],
      office_id: b,
    });
    expect(theirs.body.data.office_id).toBe(b);
    const orgWide = await send(KEYS.org, 'POST', '/v1/webhook-endpoints', { url, enabled_events: ['*'] });
    expect(orgWide.body.data.office_id).toBeNull();

    const listed = await send(KEYS.officeA, 'GET', '/v1/webhook-endpoints');
    expect(listed.body.data.endpoints.map((e: { id: string }) => e.id)).toEqual([mine.body.data.id]);
    const all = await send(KEYS.org, 'GET', '/v1/webhook-endpoints');
    expect(all.body.data.endpoints).toHaveLength(3);

    const id = theirs.body.data.id;
    for (const [method, path, body] of [
      ['GET', `/v1/webhook-endpoints/${id}`, undefined],
      ['PATCH', `/v1/webhook-endpoints/${id}`, { enabled: false }],
      ['POST', `/v1/webhook-endpoints/${id}/rotate-secret`, undefined],
      ['POST', `/v1/webhook-endpoints/${id}/test`, undefined],
      ['DELETE', `/v1/webhook-endpoints/${id}`, undefined],
      ['GET', `/v1/webhook-endpoints/${orgWide.body.data.id}`, undefined],
    ] as const) {
      const answer = await send(KEYS.officeA, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    // Naming another office, or one that does not exist, is a 404 for that office.
    const elsewhere = await send(KEYS.officeA, 'POST', '/v1/webhook-endpoints', {
      url,
      enabled_events: ['*'],
      office_id: b,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toContain(b);
    const nowhere = await send(KEYS.org, 'POST', '/v1/webhook-endpoints', {
      url,
      enabled_events: ['*'],
      office_id: 'off_nosuchoffice',
    });
    expect(nowhere.status).toBe(404);
    // The endpoint's changes are audited with its office.
    const created = auditLog.records
      .map((r) => r.record)
      .filter((r) => r.action === 'webhook_endpoint.created');
    expect(created.map((r) => r.officeId)).toEqual([a, b, undefined]);
  });

  it("lists and reads only the office's own events; a filter naming another office finds none", async () => {
    const { a, b } = await twoOffices();
    const event = (id: string, officeId?: string): WebhookMessage => ({
      event_id: id,
      type: 'job.completed',
      created_at: `2026-11-30T00:00:0${id.slice(-1)}.000Z`,
      job: {
        job_id: '0193a0b2-0000-7000-8000-000000000001',
        org_id: 'acme',
        mode: 'live',
        job_type: 'markup_v2',
      },
      status: 'completed',
      progress: { percent: 100, stage: 'completed' },
      attempt: 1,
      ...(officeId ? { office_id: officeId } : {}),
    });
    const tenant = { orgId: 'acme', mode: 'live' as const };
    await eventLog.record(tenant, event('evt_00000000000000000000000000000001', a), 0);
    await eventLog.record(tenant, event('evt_00000000000000000000000000000002', b), 0);
    await eventLog.record(tenant, event('evt_00000000000000000000000000000003'), 0);

    const ids = (answer: ProxiedAnswer) => {
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data.events.map((e: { id: string }) => e.id);
    };
    expect(ids(await send(KEYS.officeA, 'GET', '/v1/events'))).toEqual([
      'evt_00000000000000000000000000000001',
    ]);
    expect(ids(await send(KEYS.officeA, 'GET', `/v1/events?office_id=${b}`))).toEqual([]);
    expect(ids(await send(KEYS.org, 'GET', '/v1/events'))).toHaveLength(3);
    expect(ids(await send(KEYS.org, 'GET', `/v1/events?office_id=${b}`))).toEqual([
      'evt_00000000000000000000000000000002',
    ]);
    const one = await send(KEYS.officeA, 'GET', '/v1/events/evt_00000000000000000000000000000001');
    expect(one.body.data.office_id).toBe(a);
    for (const id of ['evt_00000000000000000000000000000002', 'evt_00000000000000000000000000000003']) {
      const hidden = await send(KEYS.officeA, 'GET', `/v1/events/${id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.text).not.toContain(b);
      expect((await send(KEYS.officeA, 'POST', `/v1/events/${id}/resend`, {})).status).toBe(404);
    }
  });

  it("resends only the office's own events over a range, and hides the office's resend from another office", async () => {
    const { a, b } = await twoOffices();
    const orgWide = await send(KEYS.org, 'POST', '/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/all',
      enabled_events: ['*'],
    });
    expect(orgWide.status, orgWide.text).toBe(201);
    const tenant = { orgId: 'acme', mode: 'live' as const };
    for (const [n, office] of [
      [1, a],
      [2, b],
      [3, a],
    ] as const)
      await eventLog.record(
        tenant,
        {
          event_id: `evt_0000000000000000000000000000000${n}`,
          type: 'job.completed',
          created_at: `2026-11-30T00:00:0${n}.000Z`,
          job: {
            job_id: `0193a0b2-0000-7000-8000-00000000000${n}`,
            org_id: 'acme',
            mode: 'live',
            job_type: 'markup_v2',
          },
          attempt: 1,
          office_id: office,
        },
        0,
      );
    const range = {
      created_from: '2026-11-30T00:00:00Z',
      created_to: '2026-11-30T00:01:00Z',
      failed_only: false,
    };
    const started = await send(KEYS.officeA, 'POST', '/v1/events/resend', range);
    expect(started.status, started.text).toBe(202);
    expect(started.body.data.event_ids).toEqual([
      'evt_00000000000000000000000000000003',
      'evt_00000000000000000000000000000001',
    ]);
    const id = started.body.data.id;
    expect((await send(KEYS.officeA, 'GET', `/v1/event-resends/${id}`)).status).toBe(200);
    expect((await send(KEYS.org, 'GET', `/v1/event-resends/${id}`)).status).toBe(200);
    expect((await send(KEYS.officeB, 'GET', `/v1/event-resends/${id}`)).status).toBe(404);
    // The organization's own resend of the same range is another resend, of every office's events.
    const group = await send(KEYS.org, 'POST', '/v1/events/resend', range);
    expect(group.body.data.id).not.toBe(id);
    expect(group.body.data.events).toBe(3);
  });
});
