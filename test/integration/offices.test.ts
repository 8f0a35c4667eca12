// Offices on the local stack (issue 46, item 1): a group with two offices, each with a key bound to it.
// Office A's key cannot see, list, change or delete office B's jobs, events or webhook endpoints (a 404
// like a job that does not exist, and nothing of B's in a list or an error); each office's endpoint gets
// only its office's events while the group's own endpoint gets both; usage is reported per office; the
// group's key places a job in an office with office_id; and an office with a job still running is not
// deleted (409) until the job ends, after which its finished jobs stay with the group. Cheap jobs only:
// frontage detections, and a staging whose photo URL hangs (canceled, never rendered).
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();

/** Webhook deliveries by path (`/a`, `/b`, `/group`): each event's type and job. */
const received = new Map<string, Array<{ type: string; jobId: string }>>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    const list = received.get(req.url ?? '') ?? [];
    list.push({ type: event.type, jobId: event.data?.job_id });
    received.set(req.url ?? '', list);
    res.writeHead(204).end();
  });
});
/** Accepts and never answers: a staging's photo download from it runs until the job is canceled. */
const hanging: Server = createServer(() => {});
const sockets = new Set<Socket>();
hanging.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let receiverUrl = '';
let hangingUrl = '';

beforeAll(async () => {
  receiverUrl = await listen(receiver);
  hangingUrl = await listen(hanging);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise((resolve) => hanging.close(resolve));
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('offices', () => {
  it("keeps each office's jobs, events, endpoints and usage to itself, and refuses to delete an office with a running job", async () => {
    const org = await newOrganization(stack);
    const group = await org.key('live');
    const made = async (name: string) => {
      const res = await call<Json>(stack.url, 'POST', '/v1/offices', { key: group, body: { name } });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const officeA = await made('Bondi');
    const officeB = await made('Manly');
    const keyOf = async (officeId: string) =>
      (await stack.admin.createKey(org.orgId, 'live', `office ${officeId}`, undefined, officeId)).key;
    const keyA = await keyOf(officeA);
    const keyB = await keyOf(officeB);

    // Each office's endpoint (made by its own key) and the group's.
    const endpoint = async (key: string, path: string) => {
      const res = await call<Json>(stack.url, 'POST', '/v1/webhook-endpoints', {
        key,
        body: { url: `${receiverUrl}${path}`, enabled_events: ['job.completed'] },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    };
    const endpointA = await endpoint(keyA, '/a');
    const endpointB = await endpoint(keyB, '/b');
    const endpointGroup = await endpoint(group, '/group');
    expect([endpointA.office_id, endpointB.office_id, endpointGroup.office_id]).toEqual([
      officeA,
      officeB,
      null,
    ]);

    // A's job by A's key; B's job by the group's key naming office B.
    const detect = async (key: string, body: Json = {}) => {
      const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
        key,
        body: { address: '10 Wattle Street, Ultimo NSW 2007', ...body },
      });
      expect(res.status, res.text).toBe(202);
      return res.body.data.job_id as string;
    };
    const jobA = await detect(keyA);
    const jobB = await detect(group, { office_id: officeB });
    // An office's key naming another office finds no such office.
    const elsewhere = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: keyA,
      body: { address: '10 Wattle Street, Ultimo NSW 2007', office_id: officeB },
    });
    expect(elsewhere.status).toBe(404);
    expect((await waitForJob(stack.url, keyA, jobA, 60_000)).office_id).toBe(officeA);
    expect((await waitForJob(stack.url, group, jobB, 60_000)).office_id).toBe(officeB);

    // A's key: B's job is a 404 exactly as a job that does not exist, to read, cancel or delete.
    const missingId = '0193a0b2-0000-7000-8000-0000000fffff';
    const missing = await call<Json>(stack.url, 'GET', `/v1/jobs/${missingId}`, { key: keyA });
    for (const [method, path] of [
      ['GET', `/v1/jobs/${jobB}`],
      ['POST', `/v1/jobs/${jobB}/cancel`],
      ['DELETE', `/v1/jobs/${jobB}`],
    ] as const) {
      const res = await call<Json>(stack.url, method, path, { key: keyA });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe(missing.body.error.message.replace(missingId, jobB));
    }
    expect((await call<Json>(stack.url, 'GET', `/v1/jobs/${jobB}`, { key: group })).status).toBe(200);

    // Lists: A's key sees A's job alone; naming B finds nothing; the group sees both and filters.
    const jobIds = async (key: string, query = '') => {
      const res = await call<Json>(stack.url, 'GET', `/v1/jobs${query}`, { key });
      expect(res.status, res.text).toBe(200);
      return { ids: res.body.data.jobs.map((j: Json) => j.job_id), text: res.text };
    };
    const listedA = await jobIds(keyA);
    expect(listedA.ids).toEqual([jobA]);
    expect(listedA.text).not.toContain(jobB);
    expect((await jobIds(keyA, `?office_id=${officeB}`)).ids).toEqual([]);
    expect((await jobIds(group)).ids).toEqual([jobB, jobA]);
    expect((await jobIds(group, `?office_id=${officeB}&status=completed`)).ids).toEqual([jobB]);

    // Events: each office's endpoint got its own office's job.completed; the group's endpoint both.
    const deliveries = await eventually(
      async () => received,
      (r) =>
        (r.get('/group')?.length ?? 0) >= 2 &&
        (r.get('/a')?.length ?? 0) >= 1 &&
        (r.get('/b')?.length ?? 0) >= 1,
    );
    expect(deliveries.get('/a')!.map((d) => d.jobId)).toEqual([jobA]);
    expect(deliveries.get('/b')!.map((d) => d.jobId)).toEqual([jobB]);
    expect(new Set(deliveries.get('/group')!.map((d) => d.jobId))).toEqual(new Set([jobA, jobB]));

    const eventsOf = async (key: string, query = '') => {
      const res = await call<Json>(stack.url, 'GET', `/v1/events${query}`, { key });
      expect(res.status, res.text).toBe(200);
      return res.body.data.events as Json[];
    };
    const eventsA = await eventsOf(keyA);
    expect(eventsA.length).toBeGreaterThan(0);
    expect(new Set(eventsA.map((e) => e.job_id))).toEqual(new Set([jobA]));
    expect(eventsA.every((e) => e.office_id === officeA)).toBe(true);
    expect(await eventsOf(keyA, `?job_id=${jobB}`)).toEqual([]);
    expect(await eventsOf(keyA, `?office_id=${officeB}`)).toEqual([]);
    const eventB = (await eventsOf(group, `?job_id=${jobB}`))[0]!;
    expect(eventB.office_id).toBe(officeB);
    const hiddenEvent = await call<Json>(stack.url, 'GET', `/v1/events/${eventB.id}`, { key: keyA });
    expect(hiddenEvent.status).toBe(404);
    expect(hiddenEvent.text).not.toContain(jobB);
    expect(
      (await call<Json>(stack.url, 'POST', `/v1/events/${eventB.id}/resend`, { key: keyA, body: {} })).status,
    ).toBe(404);

    // Endpoints: A's key lists its own; B's is a 404 to read, change or delete, and stays.
    const endpointsA = await call<Json>(stack.url, 'GET', '/v1/webhook-endpoints', { key: keyA });
    expect(endpointsA.body.data.endpoints.map((e: Json) => e.id)).toEqual([endpointA.id]);
    expect(endpointsA.text).not.toContain(endpointB.id);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call<Json>(stack.url, method, `/v1/webhook-endpoints/${endpointB.id}`, {
        key: keyA,
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} endpoint`).toBe(404);
      expect(res.text).not.toContain(officeB);
    }
    const stillB = await call<Json>(stack.url, 'GET', `/v1/webhook-endpoints/${endpointB.id}`, { key: keyB });
    expect(stillB.body.data).toMatchObject({ enabled: true, office_id: officeB });

    // Usage per office: the group sees each office's; A's key only A's, whatever it asks.
    const usage = await eventually(
      async () => (await call<Json>(stack.url, 'GET', '/v1/usage', { key: group })).body.data,
      (u) => u.totals.jobs >= 2,
    );
    expect(usage.totals.by_office).toMatchObject({
      [officeA]: { jobs: 1, units: 1 },
      [officeB]: { jobs: 1, units: 1 },
    });
    const usageA = (await call<Json>(stack.url, 'GET', `/v1/usage?office_id=${officeB}`, { key: keyA })).body
      .data;
    expect(usageA.totals.jobs).toBe(0);
    const ownUsage = (await call<Json>(stack.url, 'GET', '/v1/usage', { key: keyA })).body.data;
    expect(ownUsage.totals).toMatchObject({ jobs: 1, by_office: { [officeA]: { jobs: 1 } } });
    expect(Object.keys(ownUsage.totals.by_office)).toEqual([officeA]);

    // Offices: A's key sees only its own, and B is a 404 to it.
    const officesA = await call<Json>(stack.url, 'GET', '/v1/offices', { key: keyA });
    expect(officesA.body.data.offices.map((o: Json) => o.id)).toEqual([officeA]);
    expect((await call<Json>(stack.url, 'DELETE', `/v1/offices/${officeB}`, { key: keyA })).status).toBe(404);

    // An office with a job still running is not deleted; once the job has ended, it is, and its jobs stay.
    const staging = await call<Json>(stack.url, 'POST', '/v1/virtual-staging/generate', {
      key: keyB,
      body: { image_url: `${hangingUrl}/room.jpg`, room_type: 'living room' },
    });
    expect(staging.status, staging.text).toBe(202);
    const running = await call<Json>(stack.url, 'DELETE', `/v1/offices/${officeB}`, { key: group });
    expect(running.status, running.text).toBe(409);
    expect(running.body.error.code).toBe('OFFICE_HAS_RUNNING_JOBS');
    const canceled = await call<Json>(stack.url, 'POST', `/v1/jobs/${staging.body.data.job_id}/cancel`, {
      key: keyB,
    });
    expect(canceled.body.data.status).toBe('canceled');
    const deleted = await call<Json>(stack.url, 'DELETE', `/v1/offices/${officeB}`, { key: group });
    expect(deleted.status, deleted.text).toBe(200);
    const kept = await call<Json>(stack.url, 'GET', `/v1/jobs/${jobB}`, { key: group });
    expect(kept.body.data).toMatchObject({ status: 'completed', office_id: officeB });
    // B's key can make nothing more: its office is gone.
    expect(
      (
        await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
          key: keyB,
          body: { address: '10 Wattle Street, Ultimo NSW 2007' },
        })
      ).status,
    ).toBe(404);

    // Every office change is in the audit log, with its office.
    const audit = await call<Json>(stack.url, 'GET', `/v1/audit-events?target_id=${officeB}`, { key: group });
    expect(audit.body.data.audit_events.map((e: Json) => [e.action, e.office_id])).toEqual([
      ['office.deleted', officeB],
      ['office.created', officeB],
    ]);
  });
});
