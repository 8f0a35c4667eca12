// Webhook endpoints and the event log, with in-memory stores: the secret is shown once, URLs are checked
// as webhook_url is, an event is recorded and fanned out to the receivers whose filters want it, each
// delivery is signed with its receiver's secret (both secrets during a rotation), and a resend keeps the
// event's id and is one attempt.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import {
  getEvent,
  listEvents,
  resendEvent,
  sendTestEvent,
  startRangeResend,
  updateEndpointOfferingReplay,
} from '../../../functions/core/use-cases/events.ts';
import { type DeliveryPorts, deliverWebhook } from '../../../functions/core/webhooks/deliver-event.ts';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointPorts,
  getEndpoint,
  listEndpoints,
  MAX_ENDPOINTS,
  rotateEndpointSecret,
  updateEndpoint,
} from '../../../functions/core/webhooks/endpoints.ts';
import { runResendBatch } from '../../../functions/core/webhooks/event-resends.ts';
import {
  isResendJobMessage,
  type WebhookMessage,
  type WebhookQueueMessage,
} from '../../../functions/core/webhooks/events.ts';
import type { SendOutcome } from '../../../functions/core/webhooks/http-sender.ts';
import {
  fakeAccountStore,
  fakeJobStore,
  memoryEndpointStore,
  memoryEventLog,
  memoryEventResends,
} from '../../support/fakes.ts';

const T0 = new Date('2026-11-22T00:00:00.000Z');
const tenant = { orgId: 'acme', mode: 'live' as const };

const job: Job = {
  jobId: '01a20000-0000-7000-8000-000000000001',
  orgId: 'acme',
  mode: 'live',
  jobType: 'frontage_detection',
  status: 'completed',
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  progress: { percent: 100, stage: 'completed' },
  input: {},
  output: { bearing: 90 },
  webhookUrl: 'https://hooks.example.com/own',
  webhookEvents: ['job.completed'],
};

function world(answer: (url: string) => SendOutcome = () => ({ statusCode: 200, responseBody: 'ok' })) {
  let now = T0;
  const clock = { now: () => now };
  const endpoints = memoryEndpointStore();
  const eventLog = memoryEventLog();
  // Deliveries, and the batches of range resends (run by drain as the delivery function runs them).
  const queued: WebhookMessage[] = [];
  const requests: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const queue = {
    enqueue: async (message: WebhookQueueMessage) => void queued.push(message as WebhookMessage),
    deadLetter: async () => undefined,
  };
  const jobs = fakeJobStore({ get: async () => job, recordWebhookAttempt: async () => undefined });
  const endpointPorts: EndpointPorts = {
    endpoints,
    clock,
    webhookPolicy: { allowHttp: false, allowLoopback: false },
  };
  const delivery: DeliveryPorts = {
    jobs,
    accounts: fakeAccountStore({
      getWebhookSecrets: async () => ({
        secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', created_at: T0.toISOString() }],
        version: 1,
      }),
    }),
    signer: { sign: async (key: string) => ({ url: `https://media/${key}`, expiresAt: T0.toISOString() }) },
    queue,
    retryScheduleSeconds: [0, 5, 300],
    allowHttp: false,
    allowLoopback: false,
    clock,
    send: async (url, headers, body) => {
      requests.push({ url: url.href, headers, body });
      return answer(url.href);
    },
    endpoints,
    eventLog,
    eventRetentionDays: 30,
    endpointDisableAfterDays: 3,
  };
  const resends = memoryEventResends();
  const resendWorker = { resends, eventLog, queue, clock };
  const eventPorts = { eventLog, endpoints, jobs, queue, clock, eventRetentionDays: 30, resends };
  /** Runs every queued message (and what they queue) to the end. */
  const drain = async () => {
    while (queued.length > 0) {
      const message: WebhookQueueMessage = queued.shift()!;
      if (isResendJobMessage(message)) await runResendBatch(resendWorker, message);
      else await deliverWebhook(delivery, message);
    }
  };
  return {
    endpointPorts,
    eventPorts,
    delivery,
    resendWorker,
    eventLog,
    queued,
    requests,
    drain,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** The reference verifier, at the delivery's own time (the fixed clock is long past its 5 minutes). */
function verify(secret: string, request: { headers: Record<string, string>; body: string }): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Number(request.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(request.body, request.headers);
  } finally {
    vi.useRealTimers();
  }
}

const event = (
  type: WebhookMessage['type'],
  id = 'evt_01a20000000070008000000000000001',
): WebhookMessage => ({
  event_id: id,
  type,
  created_at: T0.toISOString(),
  job: { job_id: job.jobId, org_id: 'acme', mode: 'live', job_type: 'frontage_detection' },
  status: 'completed',
  progress: { percent: 100, stage: 'completed' },
  attempt: 1,
});

describe('webhook endpoints', () => {
  it('shows the secret in the creation answer only, and never in a list or a read', async () => {
    const w = world();
    const created = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://hooks.example.com/a',
      enabled_events: ['*'],
      description: 'A',
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ object: 'webhook_endpoint', enabled: true, enabled_events: ['*'] });
    const listed = await listEndpoints(w.endpointPorts, tenant);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(JSON.stringify(await getEndpoint(w.endpointPorts, tenant, created.id))).not.toContain('whsec_');
    // Another mode (or organization) does not see it.
    expect(await listEndpoints(w.endpointPorts, { orgId: 'acme', mode: 'test' })).toEqual([]);
  });

  it('refuses URLs the SSRF rules refuse, as webhook_url is refused', async () => {
    const w = world();
    for (const url of [
      'http://hooks.example.com/a',
      'https://169.254.169.254/latest',
      'https://10.0.0.1/x',
    ]) {
      await expect(
        createEndpoint(w.endpointPorts, tenant, { url, enabled_events: ['*'] }),
      ).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' } satisfies Partial<ApiError>);
    }
  });

  it('changes, deletes, answers 404 for an unknown id, and caps the endpoints of a mode', async () => {
    const w = world();
    const a = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://h.example.com/a',
      enabled_events: ['*'],
    });
    const changed = await updateEndpoint(w.endpointPorts, tenant, a.id, {
      enabled: false,
      description: 'off',
    });
    expect(changed).toMatchObject({ enabled: false, description: 'off', url: 'https://h.example.com/a' });
    await expect(updateEndpoint(w.endpointPorts, tenant, 'we_nope', { enabled: true })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    expect(await deleteEndpoint(w.endpointPorts, tenant, a.id)).toEqual({
      id: a.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
    await expect(getEndpoint(w.endpointPorts, tenant, a.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (let i = 0; i < MAX_ENDPOINTS; i += 1)
      await createEndpoint(w.endpointPorts, tenant, {
        url: `https://h.example.com/${i}`,
        enabled_events: ['*'],
      });
    await expect(
      createEndpoint(w.endpointPorts, tenant, { url: 'https://h.example.com/x', enabled_events: ['*'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_ENDPOINT_LIMIT' });
  });
});

describe('fan-out and delivery', () => {
  it('records the event and sends it to the receivers whose filters want it, each signed with its own secret', async () => {
    const w = world();
    const all = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['*'],
    });
    const progressOnly = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://b.example.com/h',
      enabled_events: ['job.progress'],
    });
    await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://c.example.com/h',
      enabled_events: ['*'],
      enabled: false,
    });

    w.queued.push(event('job.completed'));
    await w.drain();
    // The job's webhook_url wants job.completed (webhook_events), endpoint A wants everything.
    expect(w.requests.map((r) => r.url).sort()).toEqual([
      'https://a.example.com/h',
      'https://hooks.example.com/own',
    ]);
    const toA = w.requests.find((r) => r.url === 'https://a.example.com/h')!;
    expect(verify(all.secret, toA)).toMatchObject({ type: 'job.completed' });
    expect(() => verify(progressOnly.secret, toA)).toThrow();

    w.requests.length = 0;
    w.queued.push(event('job.progress', 'evt_01a20000000070008000000000000002'));
    await w.drain();
    expect(w.requests.map((r) => r.url).sort()).toEqual([
      'https://a.example.com/h',
      'https://b.example.com/h',
    ]);

    const stored = await getEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000001');
    expect(stored.delivery_success).toBe(true);
    expect(stored.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ endpoint_id: null, url: 'https://hooks.example.com/own', delivered: true }),
        expect.objectContaining({ endpoint_id: all.id, delivered: true }),
      ]),
    );
    expect(stored.deliveries![0]!.attempts[0]).toMatchObject({
      attempt: 1,
      replay: false,
      status_code: 200,
      response_body: 'ok',
      delivered: true,
    });
  });

  it("retries a failing endpoint on its own schedule, while the other endpoint's delivery is done", async () => {
    const w = world((url) =>
      url.startsWith('https://bad') ? { statusCode: 503, responseBody: 'down' } : { statusCode: 204 },
    );
    const bad = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://bad.example.com/h',
      enabled_events: ['*'],
    });
    await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://good.example.com/h',
      enabled_events: ['*'],
    });
    w.queued.push(event('job.failed'));
    // Fan out, then one attempt to each receiver.
    await deliverWebhook(w.delivery, w.queued.shift()!);
    const targets = w.queued.splice(0);
    expect(targets.map((m) => m.target)).toHaveLength(2);
    for (const m of targets) await deliverWebhook(w.delivery, m);
    // The failing one is queued again for its attempt 2; nothing else is.
    expect(w.queued).toEqual([
      expect.objectContaining({ attempt: 2, target: { kind: 'endpoint', endpoint_id: bad.id } }),
    ]);
    const listed = await listEvents(w.eventPorts, tenant, { limit: 10, failedOnly: true });
    expect(listed.events.map((e) => [e.id, e.delivery_success])).toEqual([
      ['evt_01a20000000070008000000000000001', false],
    ]);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const w = world();
    const created = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['*'],
    });
    const rotated = await rotateEndpointSecret(w.endpointPorts, tenant, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previous_secret_expires_at).toBe('2026-11-23T00:00:00.000Z');
    await sendTestEvent(w.eventPorts, tenant, created.id);
    await w.drain();
    const ping = w.requests[0]!;
    expect(ping.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(created.secret, ping)).toMatchObject({ type: 'ping' });
    expect(verify(rotated.secret, ping)).toMatchObject({ type: 'ping' });

    w.advance(24 * 3600 * 1000 + 1000);
    w.requests.length = 0;
    await sendTestEvent(w.eventPorts, tenant, created.id);
    await w.drain();
    expect(w.requests[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
  });
});

describe('resends', () => {
  it('keeps the webhook-id, is one attempt marked replay, and is not retried when it fails', async () => {
    let up = false;
    const w = world(() => (up ? { statusCode: 200 } : { statusCode: 500 }));
    const a = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['*'],
    });
    w.queued.push(event('job.completed'));
    await deliverWebhook(w.delivery, w.queued.shift()!); // fan out
    for (const m of w.queued.splice(0)) await deliverWebhook(w.delivery, m); // first attempts fail
    w.queued.length = 0; // the scheduled retries are not run here

    const resent = await resendEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000001', {
      endpoint_id: a.id,
    });
    expect(resent.resent_to).toEqual([a.id]);
    await deliverWebhook(w.delivery, w.queued.shift()!);
    expect(w.queued).toEqual([]); // a failed resend schedules nothing
    const last = w.requests.at(-1)!;
    expect(last.headers['webhook-id']).toBe('evt_01a20000000070008000000000000001');
    let stored = await getEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000001');
    const toA = stored.deliveries!.find((d) => d.endpoint_id === a.id)!;
    expect(toA.attempts.map((x) => [x.replay, x.outcome])).toEqual([
      [false, 'retrying'],
      [true, 'failed'],
    ]);

    up = true;
    const range = await startRangeResend(w.eventPorts, tenant, {
      created_from: '2026-11-21T00:00:00Z',
      created_to: '2026-11-23T00:00:00Z',
      failed_only: true,
    });
    expect(range).toMatchObject({ status: 'queued', events: 1, deliveries: 2, has_more: false });
    await w.drain();
    stored = await getEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000001');
    expect(stored.delivery_success).toBe(true);
    await expect(
      resendEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000009', {}),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('automatic disabling', () => {
  it('disables an endpoint whose every attempt failed for 3 days, and a delivery in between starts over', async () => {
    let up = false;
    const w = world(() => (up ? { statusCode: 200 } : { statusCode: 503 }));
    const a = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['*'],
    });
    const ping = async () => {
      await sendTestEvent(w.eventPorts, tenant, a.id);
      await deliverWebhook(w.delivery, w.queued.shift()!);
      w.queued.length = 0; // retries are not the point here
      return getEndpoint(w.endpointPorts, tenant, a.id);
    };
    expect(await ping()).toMatchObject({
      enabled: true,
      failing_since: T0.toISOString(),
      disabled_reason: null,
    });
    w.advance(2 * 86_400_000);
    up = true;
    expect(await ping()).toMatchObject({ enabled: true, failing_since: null }); // delivered: the streak ends
    up = false;
    expect((await ping()).failing_since).toBe('2026-11-24T00:00:00.000Z');
    w.advance(3 * 86_400_000 - 1000);
    expect(await ping()).toMatchObject({ enabled: true }); // not yet 3 days
    w.advance(1000);
    expect(await ping()).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // Its pending retries are dropped; its owner enables it again and the streak starts over.
    w.queued.push({ ...event('job.completed'), target: { kind: 'endpoint', endpoint_id: a.id } });
    const sent = w.requests.length;
    await w.drain();
    expect(w.requests).toHaveLength(sent);
    expect(await updateEndpoint(w.endpointPorts, tenant, a.id, { enabled: true })).toMatchObject({
      enabled: true,
      failing_since: null,
      disabled_reason: null,
    });
  });
});

describe('enabling again offers replay', () => {
  const DAY = 86_400_000;
  /** A job event happening now (ids sort by time, as UUIDv7s do). */
  const happening = (w: ReturnType<typeof world>, type: WebhookMessage['type'], n: number) => ({
    ...event(type, `evt_01a200000000700080000000000000${String(n).padStart(2, '0')}`),
    created_at: w.delivery.clock.now().toISOString(),
  });
  /** Runs what is queued, first attempts only: the retries of a failure are not the point here. */
  const settle = async (w: ReturnType<typeof world>) => {
    while (w.queued.length > 0) {
      const message: WebhookQueueMessage = w.queued.shift()!;
      if (isResendJobMessage(message)) await runResendBatch(w.resendWorker, message);
      else if (message.attempt === 1) await deliverWebhook(w.delivery, message);
    }
  };

  it('answers what an endpoint disabled for failing failed and missed, and the resend that replays it all', async () => {
    let up = false;
    const w = world((url) =>
      url.startsWith('https://a.') && !up ? { statusCode: 503 } : { statusCode: 200 },
    );
    const a = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['job.completed', 'job.failed'],
    });
    await createEndpoint(w.endpointPorts, tenant, { url: 'https://b.example.com/h', enabled_events: ['*'] });
    const failingSince = w.delivery.clock.now().toISOString();
    w.queued.push(happening(w, 'job.completed', 1)); // fails: the streak starts
    await settle(w);
    w.advance(3 * DAY);
    const disabledAt = w.delivery.clock.now().toISOString();
    w.queued.push(happening(w, 'job.failed', 2)); // fails 3 days on: disabled
    await settle(w);
    expect(await getEndpoint(w.endpointPorts, tenant, a.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
      disabled_at: disabledAt,
    });
    w.advance(DAY);
    w.queued.push(happening(w, 'job.completed', 3)); // missed: A is disabled
    w.queued.push(happening(w, 'job.progress', 4)); // A does not want it
    await settle(w);
    w.advance(DAY);
    up = true;
    const enabledAt = w.delivery.clock.now().toISOString();
    const enabled = await updateEndpointOfferingReplay(w.endpointPorts, w.eventPorts, tenant, a.id, {
      enabled: true,
    });
    expect(enabled).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null });
    expect(enabled.replay).toEqual({
      disabled_at: disabledAt,
      disabled_reason: 'failing',
      failed: 2,
      missed: 1,
      has_more: false,
      resend: {
        method: 'POST',
        path: '/v1/events/resend',
        body: { created_from: failingSince, created_to: enabledAt, failed_only: false, endpoint_id: a.id },
      },
    });

    // The offered request replays exactly those three to A, each with its own webhook-id, and no one else.
    w.requests.length = 0;
    expect(await startRangeResend(w.eventPorts, tenant, enabled.replay!.resend.body)).toMatchObject({
      events: 3,
      deliveries: 3,
    });
    await settle(w);
    expect(w.requests.map((r) => r.url)).toEqual(Array(3).fill('https://a.example.com/h'));
    expect(w.requests.map((r) => r.headers['webhook-id']).sort()).toEqual([
      'evt_01a20000000070008000000000000001',
      'evt_01a20000000070008000000000000002',
      'evt_01a20000000070008000000000000003',
    ]);
    const missed = await getEvent(w.eventPorts, tenant, 'evt_01a20000000070008000000000000003');
    expect(missed.deliveries).toContainEqual(expect.objectContaining({ endpoint_id: a.id, delivered: true }));
  });

  it('counts from when its owner disabled it, and offers nothing when the endpoint was not disabled', async () => {
    const w = world();
    const a = await createEndpoint(w.endpointPorts, tenant, {
      url: 'https://a.example.com/h',
      enabled_events: ['*'],
    });
    w.queued.push(happening(w, 'job.completed', 1)); // delivered before the disabling: not counted
    await settle(w);
    w.advance(60_000);
    const disabledAt = w.delivery.clock.now().toISOString();
    const off = await updateEndpointOfferingReplay(w.endpointPorts, w.eventPorts, tenant, a.id, {
      enabled: false,
    });
    expect(off).toMatchObject({ enabled: false, disabled_at: disabledAt, replay: null });
    w.advance(60_000);
    w.queued.push(happening(w, 'job.completed', 2));
    w.queued.push(happening(w, 'job.failed', 3));
    await settle(w);
    w.advance(60_000);
    const on = await updateEndpointOfferingReplay(w.endpointPorts, w.eventPorts, tenant, a.id, {
      enabled: true,
      enabled_events: ['job.failed'], // what it wants now is what is counted and resent
    });
    expect(on.replay).toMatchObject({
      disabled_at: disabledAt,
      disabled_reason: null,
      failed: 0,
      missed: 1,
      resend: { body: { created_from: disabledAt, endpoint_id: a.id } },
    });
    const again = await updateEndpointOfferingReplay(w.endpointPorts, w.eventPorts, tenant, a.id, {
      enabled: true,
    });
    expect(again.replay).toBeNull();
    expect(
      (await updateEndpointOfferingReplay(w.endpointPorts, w.eventPorts, tenant, a.id, { description: 'x' }))
        .replay,
    ).toBeNull();
  });
});
