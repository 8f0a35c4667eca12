// The delivery decision with the production schedule: delays past SQS's 15 minutes are chained, the
// last failure goes to the dead-letter queue, 2xx and 410 end the event; each attempt is logged.
import type { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { SqsWebhookQueue } from '../../../functions/adapters/sqs/webhook-queue.ts';
import type { Job, WebhookAttempt } from '../../../functions/core/jobs/job.ts';
import { type DeliveryPorts, deliverWebhook } from '../../../functions/core/webhooks/deliver-event.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import type { SendOutcome } from '../../../functions/core/webhooks/http-sender.ts';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '../../../functions/core/webhooks/retry-schedule.ts';
import {
  fakeAccountStore,
  fakeAwsClient,
  fakeJobStore,
  memoryEndpointStore,
  memoryEventLog,
} from '../../support/fakes.ts';

const NOW = new Date('2026-11-22T00:00:00.000Z');

const job: Job = {
  jobId: '01a20000-0000-7000-8000-000000000001',
  orgId: 'acme',
  mode: 'live',
  jobType: 'frontage_detection',
  status: 'completed',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  progress: { percent: 100, stage: 'completed' },
  input: {},
  output: { bearing: 90 },
  webhookUrl: 'https://hooks.example.com/pms',
  callbackMetadata: { ref: 'A-1' },
};

function harness(outcome: SendOutcome, jobOverride: Partial<Job> = {}) {
  const sent: Array<{ queue: string; body: WebhookMessage; delay: number }> = [];
  const attempts: WebhookAttempt[] = [];
  const requests: Array<{ headers: Record<string, string>; body: string }> = [];
  const deps: DeliveryPorts = {
    jobs: fakeJobStore({
      get: async () => ({ ...job, ...jobOverride }),
      recordWebhookAttempt: async (_ref, attempt) => void attempts.push(attempt),
    }),
    accounts: fakeAccountStore({
      getWebhookSecrets: async () => ({
        secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', created_at: NOW.toISOString() }],
        version: 1,
      }),
    }),
    signer: { sign: async (key: string) => ({ url: `https://media/${key}`, expiresAt: NOW.toISOString() }) },
    queue: new SqsWebhookQueue(
      fakeAwsClient<SQSClient, SendMessageCommand>(async (command) => {
        const input = command.input;
        sent.push({
          queue: input.QueueUrl!,
          body: JSON.parse(input.MessageBody!),
          delay: input.DelaySeconds ?? 0,
        });
      }),
      'queue',
      'dlq',
    ),
    retryScheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS,
    allowHttp: false,
    allowLoopback: false,
    clock: { now: () => NOW },
    send: async (_url, headers, body) => {
      requests.push({ headers, body });
      return outcome;
    },
    endpoints: memoryEndpointStore(),
    eventLog: memoryEventLog(),
    eventRetentionDays: 30,
    endpointDisableAfterDays: 3,
  };
  return { deps, sent, attempts, requests };
}

const message = (attempt: number, extra: Partial<WebhookMessage> = {}): WebhookMessage => ({
  event_id: 'evt_0123',
  type: 'job.completed',
  created_at: NOW.toISOString(),
  job: { job_id: job.jobId, org_id: 'acme', mode: 'live', job_type: 'frontage_detection' },
  status: 'completed',
  progress: { percent: 100, stage: 'completed' },
  attempt,
  target: { kind: 'webhook_url' },
  ...extra,
});

describe('webhook delivery decisions', () => {
  it("sends none of the job's later events after the receiver answered 410 Gone", async () => {
    const gone: WebhookAttempt = {
      event_id: 'evt_earlier',
      type: 'job.processing',
      attempt: 1,
      attempted_at: NOW.toISOString(),
      status_code: 410,
      error: 'HTTP 410',
      delivered: false,
      outcome: 'gone',
    };
    const h = harness({ statusCode: 204 }, { webhookAttempts: [gone] });
    await deliverWebhook(h.deps, message(1));
    expect(h.requests).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('does not send an event again that the receiver already took (a redelivered message, a resent outbox)', async () => {
    const delivered: WebhookAttempt = {
      event_id: 'evt_0123',
      type: 'job.completed',
      attempt: 1,
      attempted_at: NOW.toISOString(),
      status_code: 200,
      error: null,
      delivered: true,
      outcome: 'delivered',
    };
    const h = harness({ statusCode: 204 }, { webhookAttempts: [delivered] });
    await deliverWebhook(h.deps, message(1));
    expect(h.requests).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('after a 2xx, a job store that cannot log the attempt does not fail the message (no redelivery)', async () => {
    const h = harness({ statusCode: 200 });
    let tries = 0;
    (h.deps.jobs as { recordWebhookAttempt: unknown }).recordWebhookAttempt = async () => {
      tries += 1;
      throw new Error('socket hang up');
    };
    await expect(deliverWebhook(h.deps, message(1))).resolves.toBeUndefined();
    expect(tries).toBe(2);
    expect(h.requests).toHaveLength(1);
    expect(h.sent).toEqual([]);
  });

  it('after a failure, a job store that cannot log the attempt still schedules the next one', async () => {
    const h = harness({ statusCode: 503 });
    (h.deps.jobs as { recordWebhookAttempt: unknown }).recordWebhookAttempt = async () => {
      throw new Error('socket hang up');
    };
    await deliverWebhook(h.deps, message(1));
    expect(h.sent).toEqual([
      expect.objectContaining({ queue: 'queue', body: expect.objectContaining({ attempt: 2 }) }),
    ]);
  });

  it('logs a 2xx as delivered and schedules nothing', async () => {
    const h = harness({ statusCode: 204 });
    await deliverWebhook(h.deps, message(1));
    expect(h.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 204, delivered: true, outcome: 'delivered' }),
    ]);
    expect(h.sent).toEqual([]);
    const payload = JSON.parse(h.requests[0]!.body);
    expect(payload).toMatchObject({
      type: 'job.completed',
      id: 'evt_0123',
      data: { output: { bearing: 90 }, callback_metadata: { ref: 'A-1' } },
    });
    expect(h.requests[0]!.headers['webhook-id']).toBe('evt_0123');
  });

  it('stops on 410 without another attempt', async () => {
    const h = harness({ statusCode: 410 });
    await deliverWebhook(h.deps, message(2));
    expect(h.attempts[0]!.outcome).toBe('gone');
    expect(h.sent).toEqual([]);
  });

  it('chains a 30-minute delay through SQS delays of at most 15 minutes', async () => {
    const h = harness({ statusCode: 503 });
    await deliverWebhook(h.deps, message(3)); // after attempt 3 the schedule says 30 min (±10%)
    expect(h.attempts[0]).toMatchObject({ attempt: 3, status_code: 503, outcome: 'retrying' });
    const next = h.sent[0]!;
    expect(next.queue).toBe('queue');
    expect(next.delay).toBe(900);
    expect(next.body.attempt).toBe(4);
    const wait = (next.body.not_before! - NOW.getTime()) / 1000;
    expect(wait).toBeGreaterThanOrEqual(1620);
    expect(wait).toBeLessThanOrEqual(1980);

    // When the chained message arrives early, it is passed on, not attempted.
    const early = harness({ statusCode: 200 });
    await deliverWebhook(early.deps, { ...next.body, not_before: NOW.getTime() + 700_000 });
    expect(early.requests).toHaveLength(0);
    expect(early.sent[0]).toMatchObject({ queue: 'queue', delay: 700 });
  });

  it('honours a longer Retry-After', async () => {
    const h = harness({ statusCode: 429, retryAfter: '120' });
    await deliverWebhook(h.deps, message(1)); // the schedule would say 5 s
    expect((h.sent[0]!.body.not_before! - NOW.getTime()) / 1000).toBe(120);
  });

  it('sends the event to the dead-letter queue after the 8th attempt, reset for a redrive', async () => {
    const h = harness({ error: 'connect ECONNREFUSED' });
    await deliverWebhook(h.deps, message(8));
    expect(h.attempts[0]).toMatchObject({
      attempt: 8,
      status_code: null,
      error: 'connect ECONNREFUSED',
      outcome: 'exhausted',
    });
    expect(h.sent).toEqual([
      { queue: 'dlq', body: expect.objectContaining({ event_id: 'evt_0123', attempt: 1 }), delay: 0 },
    ]);
  });

  it('refuses an http URL on a stage that allows only https, and retries later', async () => {
    const h = harness({ statusCode: 200 });
    const httpJob = { ...job, webhookUrl: 'http://hooks.example.com/pms' };
    h.deps = { ...h.deps, jobs: { ...h.deps.jobs, get: async () => httpJob } };
    await deliverWebhook(h.deps, message(1));
    expect(h.requests).toHaveLength(0);
    expect(h.attempts[0]).toMatchObject({ delivered: false, outcome: 'retrying' });
    expect(h.attempts[0]!.error).toMatch(/^refused/);
  });
});
