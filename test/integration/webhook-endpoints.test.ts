// Webhook endpoints and the event log end to end on the local stack: an endpoint's secret is shown once;
// a job's events go to two endpoints by their enabled_events and to the request's webhook_url by its
// webhook_events, each verified with its own secret by the reference Standard Webhooks library and by
// svix's own; an endpoint that hangs does not delay the others; GET /v1/events lists the job's events and GET one shows
// every attempt per receiver; a resend keeps the webhook-id; a rotated secret signs twice.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization, PROJECT_ROOT } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();

interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
  /** When the sender closed the request (a hanging one: when its attempt timed out). */
  closedAt?: number;
}

/** /ok/… answers 200 with a short body; /hang/… never answers (the delivery times out after 10 s). */
class Receiver {
  readonly received: Received[] = [];
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let closedAt: number | undefined;
      let entry: Received | undefined;
      res.once('close', () => {
        closedAt = Date.now();
        if (entry) entry.closedAt = closedAt;
      });
      void this.read(req).then((received) => {
        entry = received;
        if (closedAt !== undefined) entry.closedAt = closedAt;
        if (received.path.startsWith('/ok'))
          res.writeHead(200, { 'content-type': 'text/plain' }).end(`thanks ${received.path}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private async read(req: IncomingMessage): Promise<Received> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const received: Received = {
      path,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    this.received.push(received);
    return received;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const typeOf = (r: Received) => (JSON.parse(r.body) as Json).type as string;

describe('webhook endpoints and events', () => {
  let orgId = '';
  let key = '';
  let endpointA: Json; // every event
  let endpointB: Json; // job.completed only
  let hanging: Json; // every event, never answers
  let jobId = '';
  let completedAt = 0;

  it('creates endpoints, showing each secret once; refuses a URL the SSRF rules refuse', async () => {
    const org = await newOrganization(stack);
    orgId = org.orgId;
    key = await org.key('live');
    const create = (body: Json) => call<Json>(stack.url, 'POST', '/v1/webhook-endpoints', { key, body });
    const a = await create({ url: `${receiver.url}/ok/a`, enabled_events: ['*'], description: 'all' });
    expect(a.status).toBe(201);
    expect(a.body.data.secret).toMatch(/^whsec_/);
    endpointA = a.body.data;
    endpointB = (await create({ url: `${receiver.url}/ok/b`, enabled_events: ['job.completed'] })).body.data;
    hanging = (await create({ url: `${receiver.url}/hang/c`, enabled_events: ['*'] })).body.data;

    const listed = await call<Json>(stack.url, 'GET', '/v1/webhook-endpoints', { key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.endpoints.map((e: Json) => e.id)).toEqual([
      endpointA.id,
      endpointB.id,
      hanging.id,
    ]);
    expect(listed.text).not.toContain('whsec_');
    const one = await call<Json>(stack.url, 'GET', `/v1/webhook-endpoints/${endpointA.id}`, { key });
    expect(one.body.data).toMatchObject({ id: endpointA.id, enabled_events: ['*'], description: 'all' });
    expect(one.text).not.toContain('whsec_');

    const metadata = await create({ url: 'http://169.254.169.254/latest/meta-data', enabled_events: ['*'] });
    expect(metadata.status).toBe(422);
    expect(metadata.body.error.code).toBe('URL_NOT_ALLOWED');
    const badEvents = await create({ url: `${receiver.url}/ok/x`, enabled_events: ['job.exploded'] });
    expect(badEvents.status).toBe(400);
    expect(badEvents.body.error.code).toBe('VALIDATION_ERROR');
    // Another organization sees none of them.
    const otherKey = await (await newOrganization(stack)).key('live');
    const other = await call<Json>(stack.url, 'GET', `/v1/webhook-endpoints/${endpointA.id}`, {
      key: otherKey,
    });
    expect(other.status).toBe(404);
  });

  it("sends a job's events to the endpoints and the webhook_url by their filters, each signed with its own secret, and a hanging endpoint delays neither", async () => {
    const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: {
        address: '10 Wattle Street, Ultimo NSW 2007',
        webhook_url: `${receiver.url}/ok/own`,
        webhook_events: ['job.completed'],
      },
    });
    expect(res.status).toBe(202);
    jobId = res.body.data.job_id;
    const job = await waitForJob(stack.url, key, jobId);
    expect(job.status).toBe('completed');
    completedAt = Date.parse(job.completed_at);

    const completedOn = (path: string) =>
      receiver
        .on(path)
        .find((r) => typeOf(r) === 'job.completed' && JSON.parse(r.body).data.job_id === jobId);
    const toA = await until('job.completed at endpoint A', () => completedOn('/ok/a'));
    const toB = await until('job.completed at endpoint B', () => completedOn('/ok/b'));
    const toOwn = await until('job.completed at the webhook_url', () => completedOn('/ok/own'));
    const toHanging = await until('job.completed at the hanging endpoint', () => completedOn('/hang/c'));
    // The hanging endpoint (10 s per attempt) held up none of them: each arrived while its attempt at the
    // same event was still open (or before it began). An ordering, so the machine's load cannot break it.
    for (const arrival of [toA, toB, toOwn])
      expect(arrival.at, arrival.path).toBeLessThan(toHanging.closedAt ?? Number.POSITIVE_INFINITY);
    console.log(
      `webhook endpoints: job.completed arrived ${toA.at - completedAt} / ${toB.at - completedAt} / ${toOwn.at - completedAt} ms after completion while another endpoint hung`,
    );

    expect(new Webhook(endpointA.secret).verify(toA.body, toA.headers)).toMatchObject({
      type: 'job.completed',
    });
    expect(new Webhook(endpointB.secret).verify(toB.body, toB.headers)).toMatchObject({
      type: 'job.completed',
    });
    expect(() => new Webhook(endpointB.secret).verify(toA.body, toA.headers)).toThrow();
    // And with svix's own library (it reads the unbranded webhook-* headers too; it throws or returns nothing).
    expect(() => new SvixWebhook(endpointA.secret).verify(toA.body, toA.headers)).not.toThrow();
    expect(() => new SvixWebhook(endpointB.secret).verify(toA.body, toA.headers)).toThrow();
    // One event, one webhook-id, whoever receives it.
    expect(toB.headers['webhook-id']).toBe(toA.headers['webhook-id']);
    // A takes every type; B and the webhook_url only job.completed.
    expect(receiver.on('/ok/a').map(typeOf)).toEqual(
      expect.arrayContaining(['job.processing', 'job.completed']),
    );
    expect(new Set(receiver.on('/ok/b').map(typeOf))).toEqual(new Set(['job.completed']));
    expect(new Set(receiver.on('/ok/own').map(typeOf))).toEqual(new Set(['job.completed']));
  });

  it('lists the events and shows every attempt per receiver', async () => {
    const page = await call<Json>(stack.url, 'GET', `/v1/events?job_id=${jobId}`, { key });
    expect(page.status).toBe(200);
    const types = page.body.data.events.map((e: Json) => e.type);
    expect(types[0]).toBe('job.completed'); // newest first
    expect(types).toContain('job.processing');
    const completed = page.body.data.events[0];

    const onlyCompleted = await call<Json>(
      stack.url,
      'GET',
      `/v1/events?job_id=${jobId}&type=job.completed`,
      {
        key,
      },
    );
    expect(onlyCompleted.body.data.events.map((e: Json) => e.id)).toEqual([completed.id]);
    const paged = await call<Json>(stack.url, 'GET', `/v1/events?job_id=${jobId}&limit=1`, { key });
    expect(paged.body.data.pagination).toMatchObject({ count: 1, has_more: true, next_cursor: completed.id });
    const next = await call<Json>(
      stack.url,
      'GET',
      `/v1/events?job_id=${jobId}&limit=1&starting_after=${completed.id}`,
      { key },
    );
    expect(next.body.data.events[0].id).not.toBe(completed.id);

    const event = await until('the hanging endpoint to fail an attempt', async () => {
      const got = await call<Json>(stack.url, 'GET', `/v1/events/${completed.id}`, { key });
      const deliveries = got.body.data.deliveries as Json[];
      return deliveries.some((d) => d.endpoint_id === hanging.id) ? got.body.data : undefined;
    });
    const byReceiver = Object.fromEntries(
      (event.deliveries as Json[]).map((d) => [d.endpoint_id ?? 'webhook_url', d]),
    );
    expect(byReceiver[endpointA.id]).toMatchObject({ delivered: true, url: `${receiver.url}/ok/a` });
    expect(byReceiver[endpointA.id].attempts[0]).toMatchObject({
      attempt: 1,
      replay: false,
      status_code: 200,
      response_body: 'thanks /ok/a',
      delivered: true,
      outcome: 'delivered',
    });
    expect(byReceiver[endpointA.id].attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
    expect(byReceiver.webhook_url).toMatchObject({ delivered: true, url: `${receiver.url}/ok/own` });
    expect(byReceiver[hanging.id]).toMatchObject({ delivered: false });
    expect(byReceiver[hanging.id].attempts[0]).toMatchObject({
      status_code: null,
      delivered: false,
      outcome: 'retrying',
    });
    expect(event.delivery_success).toBe(false);

    const failing = await call<Json>(stack.url, 'GET', `/v1/events?delivery_success=false&job_id=${jobId}`, {
      key,
    });
    expect(failing.body.data.events.map((e: Json) => e.id)).toContain(completed.id);
  });

  it('resends an event to one endpoint with the same webhook-id, recorded as a new attempt', async () => {
    const page = await call<Json>(stack.url, 'GET', `/v1/events?job_id=${jobId}&type=job.completed`, { key });
    const eventId = page.body.data.events[0].id as string;
    const before = receiver.on('/ok/b').length;
    const resent = await call<Json>(stack.url, 'POST', `/v1/events/${eventId}/resend`, {
      key,
      body: { endpoint_id: endpointB.id },
    });
    expect(resent.status).toBe(202);
    expect(resent.body.data).toEqual({ event_id: eventId, resent_to: [endpointB.id] });
    const again = await until('the resend at endpoint B', () => receiver.on('/ok/b')[before]);
    expect(again.headers['webhook-id']).toBe(eventId);
    expect(new Webhook(endpointB.secret).verify(again.body, again.headers)).toMatchObject({ id: eventId });
    expect(() => new SvixWebhook(endpointB.secret).verify(again.body, again.headers)).not.toThrow();
    const attempts = await until('the resend on the event', async () => {
      const got = await call<Json>(stack.url, 'GET', `/v1/events/${eventId}`, { key });
      const toB = (got.body.data.deliveries as Json[]).find((d) => d.endpoint_id === endpointB.id)!;
      return toB.attempts.length === 2 ? (toB.attempts as Json[]) : undefined;
    });
    expect(attempts.map((a) => [a.replay, a.outcome])).toEqual([
      [false, 'delivered'],
      [true, 'delivered'],
    ]);
    // A range resend: every job.completed of the last hour B wants, not only failing ones.
    const before2 = receiver.on('/ok/b').length;
    const range = await call<Json>(stack.url, 'POST', '/v1/events/resend', {
      key,
      body: {
        created_from: new Date(Date.now() - 3600_000).toISOString(),
        created_to: new Date().toISOString(),
        failed_only: false,
        endpoint_id: endpointB.id,
      },
    });
    expect(range.status).toBe(202);
    expect(range.body.data).toMatchObject({
      events: 1,
      deliveries: 1,
      event_ids: [eventId],
      has_more: false,
    });
    const third = await until('the range resend at endpoint B', () => receiver.on('/ok/b')[before2]);
    expect(third.headers['webhook-id']).toBe(eventId);
    // Sent in the background by the delivery function: its status says so once every delivery is queued.
    const done = await until('the range resend completed', async () => {
      const got = await call<Json>(stack.url, 'GET', `/v1/event-resends/${range.body.data.id}`, { key });
      return got.body.data.status === 'completed' ? (got.body.data as Json) : undefined;
    });
    expect(done).toMatchObject({ object: 'event_resend', deliveries: 1, queued_deliveries: 1 });
    // Resending the same event to the same endpoint again within the minute is refused, saying when.
    const tooSoon = await call<Json>(stack.url, 'POST', `/v1/events/${eventId}/resend`, {
      key,
      body: { endpoint_id: endpointB.id },
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.code).toBe('RESEND_LIMITED');
    const backwards = await call<Json>(stack.url, 'POST', '/v1/events/resend', {
      key,
      body: { created_from: '2026-11-02T00:00:00Z', created_to: '2026-11-01T00:00:00Z' },
    });
    expect(backwards.status).toBe(400);
    const unknown = await call<Json>(stack.url, 'POST', `/v1/events/evt_${'0'.repeat(32)}/resend`, {
      key,
      body: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('signs with the old and the new secret after a rotation, and pings on request', async () => {
    const rotated = await call<Json>(
      stack.url,
      'POST',
      `/v1/webhook-endpoints/${endpointA.id}/rotate-secret`,
      { key },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(endpointA.secret);
    expect(rotated.body.data.previous_secret_expires_at).not.toBeNull();
    const before = receiver.on('/ok/a').length;
    const ping = await call<Json>(stack.url, 'POST', `/v1/webhook-endpoints/${endpointA.id}/test`, { key });
    expect(ping.status).toBe(202);
    const arrived = await until('the ping', () =>
      receiver
        .on('/ok/a')
        .slice(before)
        .find((r) => typeOf(r) === 'ping'),
    );
    expect(arrived.headers['webhook-id']).toBe(ping.body.data.event_id);
    expect(arrived.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(endpointA.secret).verify(arrived.body, arrived.headers)).toMatchObject({
      type: 'ping',
    });
    expect(new Webhook(rotated.body.data.secret).verify(arrived.body, arrived.headers)).toMatchObject({
      type: 'ping',
      data: { endpoint_id: endpointA.id },
    });
  });

  it('changes and deletes endpoints; a deleted endpoint gets nothing more', async () => {
    const patched = await call<Json>(stack.url, 'PATCH', `/v1/webhook-endpoints/${hanging.id}`, {
      key,
      body: { enabled: false, description: 'paused' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ enabled: false, description: 'paused' });
    const empty = await call<Json>(stack.url, 'PATCH', `/v1/webhook-endpoints/${hanging.id}`, {
      key,
      body: {},
    });
    expect(empty.status).toBe(400);
    const deleted = await call<Json>(stack.url, 'DELETE', `/v1/webhook-endpoints/${hanging.id}`, { key });
    expect(deleted.body.data).toEqual({ id: hanging.id, object: 'webhook_endpoint', deleted: true });
    const gone = await call<Json>(stack.url, 'GET', `/v1/webhook-endpoints/${hanging.id}`, { key });
    expect(gone.status).toBe(404);
    const wrongMethod = await call<Json>(stack.url, 'PUT', `/v1/webhook-endpoints/${endpointA.id}`, {
      key,
      body: {},
    });
    expect(wrongMethod.status).toBe(405);
    const unknownPath = await call<Json>(stack.url, 'GET', '/v1/not-a-route', { key });
    expect(unknownPath.status).toBe(404);
  });

  it("shows the dashboard the organization's endpoints and events per mode, through its greedy resource", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bin/keys.ts', 'signin-link', '--org', orgId, '--data-dir', stack.dataDir],
      { cwd: PROJECT_ROOT },
    );
    const token = /dsi_\w+/.exec(stdout)![0];
    const session = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
    const headers = { Authorization: `Bearer ${session.body.data.session_token}` };
    const live = await call<Json>(stack.url, 'GET', '/v1/dashboard/webhook-endpoints?mode=live', { headers });
    expect(live.status).toBe(200);
    expect(live.body.data.endpoints.map((e: Json) => e.id)).toEqual([endpointA.id, endpointB.id]);
    expect(live.text).not.toContain('whsec_');
    const test = await call<Json>(stack.url, 'GET', '/v1/dashboard/webhook-endpoints', { headers });
    expect(test.body.data.endpoints).toEqual([]);
    const events = await call<Json>(stack.url, 'GET', `/v1/dashboard/events?mode=live&job_id=${jobId}`, {
      headers,
    });
    expect(events.status).toBe(200);
    expect(events.body.data.events.map((e: Json) => e.type)).toContain('job.completed');
    const anonymous = await call<Json>(stack.url, 'GET', '/v1/dashboard/events?mode=live');
    expect(anonymous.status).toBe(401);
    const unknown = await call<Json>(stack.url, 'GET', '/v1/dashboard/nothing-here', { headers });
    expect(unknown.status).toBe(404);
  });
});
