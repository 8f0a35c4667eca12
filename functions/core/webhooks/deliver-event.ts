// Delivers one webhook event attempt and decides what happens next: 2xx → delivered; 410 → stop (this
// event and every later event of the job);
// anything else → the next attempt on the schedule (re-enqueued, with delays past SQS's 15 minutes
// chained), or the dead-letter queue after the last one. Every attempt is logged on the job. A
// receiver's failure never touches the job's own outcome.
import type { AccountStore } from '../auth/account-store.ts';
import type { Clock } from '../clock.ts';
import type { WebhookAttempt } from '../jobs/job.ts';
import type { JobRef, JobStore } from '../jobs/job-store.ts';
import { toJobView } from '../jobs/job-view.ts';
import { stringifyWithRawJson } from '../jobs/raw-json.ts';
import type { MediaUrlSigner } from '../media/media-store.ts';
import { businessMetrics, logger } from '../observability.ts';
import { checkUrlSyntax, webhookDeliveryPolicy } from '../outbound/url-policy.ts';
import type { WebhookMessage } from './events.ts';
import type { SendOutcome } from './http-sender.ts';
import { nextDelaySeconds, parseRetryAfter, sqsDelayChunks } from './retry-schedule.ts';
import { webhookHeaders } from './signature.ts';
import type { WebhookQueue } from './webhook-queue.ts';
import { signingSecrets } from './webhook-secrets.ts';

export interface DeliveryPorts {
  readonly jobs: JobStore;
  readonly accounts: AccountStore;
  readonly signer: MediaUrlSigner;
  readonly queue: WebhookQueue;
  readonly retryScheduleSeconds: readonly number[];
  readonly allowHttp: boolean;
  readonly allowLoopback: boolean;
  readonly clock: Clock;
  readonly send: (url: URL, headers: Record<string, string>, body: string) => Promise<SendOutcome>;
}

async function buildPayload(
  deps: Pick<DeliveryPorts, 'jobs' | 'signer'>,
  message: WebhookMessage,
  now: Date,
) {
  const tenant = { orgId: message.job.org_id, mode: message.job.mode };
  const job = await deps.jobs.get(tenant, message.job.job_id);
  if (!job) return undefined;
  const view = await toJobView(job, deps.signer, now);
  const data: Record<string, unknown> = {
    job_id: job.jobId,
    job_type: job.jobType,
    status: message.status,
    progress: message.progress,
  };
  if (message.type === 'job.completed') data.output = view.output;
  if (message.type === 'job.failed') data.error = view.error;
  data.callback_metadata = job.callbackMetadata ?? null;
  return {
    job,
    // callback_metadata is spliced in as the caller wrote it (see raw-json.ts).
    body: stringifyWithRawJson({
      type: message.type,
      id: message.event_id,
      created_at: message.created_at,
      data,
    }),
  };
}

export async function deliverWebhook(deps: DeliveryPorts, message: WebhookMessage): Promise<void> {
  const now = deps.clock.now();
  if (message.not_before !== undefined && message.not_before > now.getTime() + 1000) {
    // Still waiting out a delay longer than one SQS delay: pass it on for the rest.
    const { now: delay } = sqsDelayChunks((message.not_before - now.getTime()) / 1000);
    await deps.queue.enqueue(message, delay);
    return;
  }
  const built = await buildPayload(deps, message, now);
  const webhookUrl = built?.job.webhookUrl;
  if (!built || !webhookUrl) return; // the job is gone or never asked for webhooks
  const { job, body } = built;
  // The receiver said 410 Gone to an earlier event of this job: it wants none of the job's events.
  if (job.webhookAttempts?.some((a) => a.outcome === 'gone')) return;
  // Delivered already: a message the queue redelivered (its delete was lost, or its visibility ran out)
  // or an outbox relayed twice carries the same event id. The receiver has it; do not send it again.
  if (job.webhookAttempts?.some((a) => a.event_id === message.event_id && a.delivered)) return;
  const ref = { tenant: { orgId: job.orgId, mode: job.mode }, jobId: job.jobId, jobType: job.jobType };

  const checked = checkUrlSyntax(
    webhookUrl,
    webhookDeliveryPolicy({ allowHttp: deps.allowHttp, allowLoopback: deps.allowLoopback }),
  );
  let outcome: SendOutcome;
  if (checked.ok) {
    const secrets = await signingSecrets(deps.accounts, job.orgId, now);
    const headers = webhookHeaders({
      id: message.event_id,
      timestamp: Math.floor(now.getTime() / 1000),
      body,
      secrets,
    });
    outcome = await deps.send(checked.url, headers, body);
  } else {
    outcome = { error: `refused: ${checked.reason}` };
  }

  const status = outcome.statusCode;
  const delivered = status !== undefined && status >= 200 && status < 300;
  const gone = status === 410;
  const delay =
    delivered || gone
      ? null
      : nextDelaySeconds(deps.retryScheduleSeconds, message.attempt, {
          retryAfterSeconds: parseRetryAfter(outcome.retryAfter ?? null, now),
        });
  const attempt = {
    event_id: message.event_id,
    type: message.type,
    attempt: message.attempt,
    attempted_at: now.toISOString(),
    status_code: status ?? null,
    error: outcome.error ?? (delivered ? null : status === undefined ? 'no response' : `HTTP ${status}`),
    delivered,
    outcome: delivered ? 'delivered' : gone ? 'gone' : delay === null ? 'exhausted' : 'retrying',
  } as const;
  await logAttempt(deps.jobs, ref, attempt);
  businessMetrics.webhookDelivery(delivered);
  // What was tried and what came back; never the headers (the signature) or the body.
  (delivered ? logger.info : logger.warn).call(logger, 'webhook attempt', {
    ...attempt,
    attempted_at: undefined,
  });
  if (delivered || gone) return;
  if (delay === null) {
    // Operators redrive the DLQ into the webhook queue; the schedule then starts over.
    await deps.queue.deadLetter({ ...message, attempt: 1, not_before: undefined });
    return;
  }
  const chunks = sqsDelayChunks(delay);
  await deps.queue.enqueue(
    { ...message, attempt: message.attempt + 1, not_before: now.getTime() + delay * 1000 },
    chunks.now,
  );
}

/**
 * Logs an attempt on the job, retrying once. Never throws: after a 2xx a failed log must not fail the
 * message (the queue would redeliver it and the receiver get it twice), and after a failure the next
 * attempt must still be scheduled. What the log misses, the service's own log line still says.
 */
async function logAttempt(jobs: JobStore, ref: JobRef, attempt: WebhookAttempt): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    try {
      await jobs.recordWebhookAttempt(ref, attempt);
      return;
    } catch (error) {
      if (tries >= 2) {
        logger.error('webhook attempt not logged on the job', { event_id: attempt.event_id, error });
        return;
      }
    }
  }
}
