// One receiver that hangs must not delay another organization's deliveries: while one receiver holds
// every request open (until the sender gives up on it, then again for each retry), a second receiver's
// job.completed arrives on its first attempt, while the hanging receiver still holds requests that began
// before it, so nothing waited for them to end. An ordering, not a time: it holds however loaded the
// machine is. How long the healthy delivery takes beside the same delivery with nothing hanging:
// npm run bench -- webhook-isolation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Reads each request and never answers it; notes when each began and when the sender gave up on it. */
const held: Array<{ openedAt: number; closedAt?: number }> = [];
const hanging = createServer((req) => {
  const request: { openedAt: number; closedAt?: number } = { openedAt: Date.now() };
  held.push(request);
  req.resume();
  req.socket.once('close', () => {
    request.closedAt = Date.now();
  });
});
const arrivals: Array<{ type: string; jobId: string; at: number }> = [];
const healthy = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    arrivals.push({ type: event.type, jobId: event.data.job_id, at: Date.now() });
    res.writeHead(204).end();
  });
});
let hangingUrl = '';
let healthyUrl = '';

beforeAll(async () => {
  hangingUrl = await listen(hanging);
  healthyUrl = await listen(healthy);
});

afterAll(async () => {
  for (const server of [hanging, healthy]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function detect(key: string, webhookUrl: string): Promise<string> {
  const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
    key,
    body: { address: '10 Wattle Street, Ultimo NSW 2007', webhook_url: webhookUrl },
  });
  expect(res.status).toBe(202);
  return res.body.data.job_id;
}

async function arrivalOf(jobId: string, until: number): Promise<{ at: number } | undefined> {
  for (;;) {
    const arrival = arrivals.find((a) => a.jobId === jobId && a.type === 'job.completed');
    if (arrival || Date.now() > until) return arrival;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook delivery isolation', () => {
  it("delivers one organization's job.completed while another's receiver hangs, without waiting for it", async () => {
    const slowKey = await (await newOrganization(stack)).key('live');
    const fastKey = await (await newOrganization(stack)).key('live');
    // Several jobs whose every event hangs until the sender gives up on it (and again on each retry),
    // then a healthy job once the hanging receiver holds requests.
    for (let i = 0; i < 3; i += 1) await detect(slowKey, `${hangingUrl}/hang/${i}`);
    const until = Date.now() + 45_000;
    while (held.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.length, 'the hanging receiver was never called').toBeGreaterThan(0);
    // The healthy job's job.completed must arrive before the sender gives up on the hanging requests it
    // was holding when that job completed: had it waited for them, it would arrive after. A healthy job
    // that happens to complete between two hanging attempts shows nothing either way; then another.
    let decided: { jobId: string; arrivedAt: number; lastGivenUp: number } | undefined;
    for (let round = 0; round < 5 && !decided; round += 1) {
      const jobId = await detect(fastKey, `${healthyUrl}/ok`);
      const job = await waitForJob(stack.url, fastKey, jobId);
      expect(job.status).toBe('completed');
      const arrival = await arrivalOf(jobId, Date.now() + 30_000);
      expect(arrival, 'job.completed never arrived').toBeDefined();
      const completedAt = Date.parse(job.completed_at);
      const open = held.filter((h) => h.openedAt <= completedAt && (h.closedAt ?? Infinity) > completedAt);
      if (open.length > 0)
        decided = {
          jobId,
          arrivedAt: arrival!.at,
          lastGivenUp: Math.max(...open.map((h) => h.closedAt ?? Infinity)),
        };
    }
    expect(decided, 'no healthy job completed while the hanging receiver held a request').toBeDefined();
    expect(decided!.arrivedAt).toBeLessThan(decided!.lastGivenUp);
    // And it was delivered on its first attempt (the job records the attempt once the answer is in).
    const completedAttempts = async () =>
      (
        (await call<Json>(stack.url, 'GET', `/v1/jobs/${decided!.jobId}`, { key: fastKey })).body.data.webhook
          .attempts as Json[]
      ).filter((a) => a.type === 'job.completed');
    let attempts = await completedAttempts();
    while (attempts.length === 0 && Date.now() < until + 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      attempts = await completedAttempts();
    }
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([[1, 'delivered']]);
  });
});
