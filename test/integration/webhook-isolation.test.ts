// One receiver that hangs must not delay another organization's deliveries: with one receiver holding
// every request open, a second receiver's job.completed arrives within a second of its job completing.
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

/** Reads each request and never answers it. */
const hanging = createServer((req) => req.resume());
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

describe('webhook delivery isolation', () => {
  it("delivers one organization's job.completed within 1 s while another's receiver hangs", async () => {
    const slowKey = await (await newOrganization(stack)).key('live');
    const fastKey = await (await newOrganization(stack)).key('live');
    // Several jobs whose every event hangs for the receiver timeout, then the healthy one.
    for (let i = 0; i < 3; i += 1) await detect(slowKey, `${hangingUrl}/hang/${i}`);
    const jobId = await detect(fastKey, `${healthyUrl}/ok`);
    const job = await waitForJob(stack.url, fastKey, jobId);
    expect(job.status).toBe('completed');
    const completedAt = Date.parse(job.completed_at);
    const deadline = Date.now() + 15_000;
    while (!arrivals.some((a) => a.jobId === jobId && a.type === 'job.completed') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const arrival = arrivals.find((a) => a.jobId === jobId && a.type === 'job.completed');
    expect(arrival, 'job.completed never arrived').toBeDefined();
    const delay = arrival!.at - completedAt;
    console.log(`webhook isolation: healthy receiver got job.completed ${delay} ms after the job completed`);
    expect(delay).toBeLessThan(1000);
  });
});
