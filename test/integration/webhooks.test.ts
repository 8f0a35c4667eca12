// Webhook delivery end to end: a receiver on loopback verifies every delivery with the reference
// Standard Webhooks library; failures are retried on the (locally compressed) schedule, a receiver that
// always fails ends in the dead-letter queue with every attempt logged, 410 stops, and a rotated secret
// keeps old verifiers working during the overlap.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();

interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** A receiver whose answer depends on the path: /ok, /fail/<n> (fail the first n), /always-fail, /gone. */
class Receiver {
  readonly received: Received[] = [];
  private readonly seen = new Map<string, number>();
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer(
      (req, res) => void this.handle(req).then(([status]) => res.writeHead(status).end()),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage): Promise<[number]> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8') });
    const key = `${path} ${headers['webhook-id']}`;
    const count = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, count);
    if (path.startsWith('/ok')) return [200];
    if (path.startsWith('/fail/')) return [count <= Number(path.split('/')[2]) ? 500 : 204];
    if (path.startsWith('/gone')) return [410];
    return [503];
  }

  on(pathPrefix: string) {
    return this.received.filter((r) => r.path.startsWith(pathPrefix));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const receiver = new Receiver();
let key: string;
let orgId: string;

beforeAll(async () => {
  await receiver.start();
  const org = await newOrganization(stack);
  orgId = org.orgId;
  key = await org.key('live');
});

afterAll(() => receiver.stop());

/** Polls the job until `done` holds for it. */
async function jobWhen(jobId: string, done: (job: Json) => boolean, timeoutMs = 45_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key })).body.data;
    if (done(job)) return job;
    if (Date.now() > deadline)
      throw new Error(
        `job ${jobId} never reached the expected webhook state: ${JSON.stringify(job.webhook)}`,
      );
    await new Promise((r) => setTimeout(r, 150));
  }
}

const attemptsOf = (job: Json, type: string) =>
  (job.webhook?.attempts ?? []).filter((a: Json) => a.type === type);
const finished = (job: Json, type: string) =>
  attemptsOf(job, type).some(
    (a: Json) => a.outcome === 'delivered' || a.outcome === 'gone' || a.outcome === 'exhausted',
  );

async function detectWithWebhook(path: string, callback_metadata?: Json) {
  const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
    key,
    body: {
      address: '10 Wattle Street, Ultimo NSW 2007',
      webhook_url: `${receiver.url}${path}`,
      callback_metadata,
    },
  });
  expect(res.status).toBe(202);
  return res.body.data.job_id as string;
}

describe('webhook delivery', () => {
  it('delivers signed processing, progress and completed events with the callback metadata', async () => {
    const secrets = await stack.admin.webhookSecrets(orgId);
    const verifier = new Webhook(secrets[0]!.secret);
    const callback_metadata = {
      listing: 'A-17',
      agent: { id: 42, tags: ['a', 'b'] },
      unicode: 'café ✓',
      n: 1.25,
    };
    const jobId = await detectWithWebhook('/ok/full', callback_metadata);
    const job = await jobWhen(jobId, (j) => finished(j, 'job.completed'));
    expect(job.status).toBe('completed');

    const events = receiver.on('/ok/full').map((r) => {
      const payload = verifier.verify(r.body, r.headers) as Json; // throws unless the signature is valid
      expect(r.headers['webhook-id']).toBe(payload.id);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
      return payload;
    });
    const types = events.map((e) => e.type);
    expect(types).toContain('job.processing');
    expect(types).toContain('job.progress');
    expect(types).toContain('job.completed');
    for (const event of events) {
      expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(event.data.job_id).toBe(jobId);
      expect(event.data.job_type).toBe('frontage_detection');
      expect(JSON.stringify(event.data.callback_metadata)).toBe(JSON.stringify(callback_metadata));
    }
    const completed = events.find((e) => e.type === 'job.completed')!;
    expect(completed.data.status).toBe('completed');
    expect(completed.data.progress).toEqual({ percent: 100, stage: 'completed' });
    expect(completed.data.output.bearing).toBe(job.output.bearing);
    expect(Object.keys(completed.data.output).sort()).toEqual(Object.keys(job.output).sort());
    expect((await fetch(completed.data.output.reference_image.url)).status).toBe(200);
    expect(job.webhook.url).toBe(`${receiver.url}/ok/full`);
    expect(attemptsOf(job, 'job.completed')).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: 200,
        delivered: true,
        outcome: 'delivered',
        error: null,
      }),
    ]);
  });

  it('retries a failing receiver until the event arrives, with one webhook-id', async () => {
    const jobId = await detectWithWebhook('/fail/2');
    const job = await jobWhen(jobId, (j) => finished(j, 'job.completed'));
    expect(attemptsOf(job, 'job.completed').map((a: Json) => [a.attempt, a.status_code, a.outcome])).toEqual([
      [1, 500, 'retrying'],
      [2, 500, 'retrying'],
      [3, 204, 'delivered'],
    ]);
    const ids = new Set(
      receiver
        .on('/fail/2')
        .filter((r) => JSON.parse(r.body).type === 'job.completed')
        .map((r) => r.headers['webhook-id']),
    );
    expect(ids.size).toBe(1);
    expect(job.status).toBe('completed'); // a failing receiver never changes the job
  });

  it('parks the event in the dead-letter queue after the last attempt of a receiver that always fails', async () => {
    const jobId = await detectWithWebhook('/always-fail');
    const job = await jobWhen(jobId, (j) => finished(j, 'job.completed'), 60_000);
    const attempts = attemptsOf(job, 'job.completed');
    expect(attempts.map((a: Json) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.every((a: Json) => a.status_code === 503 && !a.delivered)).toBe(true);
    expect(attempts.at(-1).outcome).toBe('exhausted');
    expect(job.status).toBe('completed');

    const sqs = new SQSClient({
      endpoint: stack.info.endpoints.aws,
      region: stack.info.region,
      credentials: storeCredentials(stack.dataDir),
    });
    const parked: Json[] = [];
    for (
      let i = 0;
      i < 10 && !parked.some((m) => m.type === 'job.completed' && m.job.job_id === jobId);
      i += 1
    ) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: stack.info.queues.webhookDeadLetters,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          VisibilityTimeout: 60,
        }),
      );
      parked.push(...Messages.map((m) => JSON.parse(m.Body!) as Json));
    }
    const event = parked.find((m) => m.type === 'job.completed' && m.job.job_id === jobId);
    expect(event).toMatchObject({ attempt: 1, event_id: attempts[0].event_id });
  });

  it("stops at 410 Gone: no retry, and none of the job's later events", async () => {
    const jobId = await detectWithWebhook('/gone');
    // The moment this test sees the 410 recorded on the job: no delivery of the job's may start after it.
    await jobWhen(jobId, (j) => (j.webhook?.attempts ?? []).some((a: Json) => a.outcome === 'gone'));
    const goneSeenAt = Date.now();
    const job = await jobWhen(jobId, (j) => j.status === 'completed');
    await new Promise((r) => setTimeout(r, 2500)); // longer than the local retry delay
    const later = (await call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key })).body.data;
    const attempts: Json[] = later.webhook.attempts;
    // Events already in flight when the first 410 came back may have got their own 410 (on a loaded
    // machine that can be job.completed itself); none is retried, and none started after the 410 was
    // recorded.
    expect(attempts.every((a) => a.status_code === 410 && a.outcome === 'gone' && a.attempt === 1)).toBe(
      true,
    );
    expect(attempts.filter((a) => Date.parse(a.attempted_at) > goneSeenAt)).toEqual([]);
    expect(
      receiver.on('/gone').filter((r) => r.body.includes(jobId) && r.body.includes('job.completed')).length,
    ).toBe(attemptsOf(later, 'job.completed').length);
    expect(job.job_id).toBe(jobId);
  });

  it('signs with both secrets during a rotation, so old and new verifiers accept', async () => {
    const before = await stack.admin.webhookSecrets(orgId);
    const rotated = await stack.admin.rotateWebhookSecret(orgId);
    expect(rotated[0]!.secret).not.toBe(before[0]!.secret);
    expect(Date.parse(rotated[1]!.expires_at!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const jobId = await detectWithWebhook('/ok/rotation');
    await jobWhen(jobId, (j) => finished(j, 'job.completed'));
    const delivery = receiver.on('/ok/rotation').find((r) => JSON.parse(r.body).type === 'job.completed')!;
    expect(delivery.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(before[0]!.secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(() => new Webhook(rotated[0]!.secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(delivery.body, delivery.headers),
    ).toThrow();
  });
});

describe('webhook_url at request time', () => {
  it.each([
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data'],
    ['private network', 'http://10.0.0.8/hook'],
    ['decimal-encoded private address', 'http://167772168/hook'],
    ['credentials in the URL', 'https://user:pass@example.com/hook'],
  ])('refuses %s with 422 URL_NOT_ALLOWED and writes no job', async (_label, url) => {
    const org = await newOrganization(stack);
    const k = await org.key('live');
    const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: k,
      body: { address: '10 Wattle Street, Ultimo NSW 2007', webhook_url: url },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('URL_NOT_ALLOWED');
    expect((await call<Json>(stack.url, 'GET', '/v1/jobs', { key: k })).body.data.jobs).toHaveLength(0);
  });
});
