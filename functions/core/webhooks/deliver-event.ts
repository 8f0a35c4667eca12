// Webhook delivery. An event (a message without a target) is recorded in the event log and fanned out:
// one message per receiver — the job request's webhook_url when its webhook_events want the type, and
// each enabled endpoint of the org and mode whose enabled_events do — so each receiver is attempted,
// retried and dead-lettered on its own, and a slow or failing receiver never delays another.
//
// One attempt to one receiver, and what happens next: 2xx → delivered; 410 → stop (for the webhook_url:
// this event and every later event of the job; for an endpoint: this event); anything else → the next
// attempt on the schedule (re-enqueued, with delays past SQS's 15 minutes chained), or the dead-letter
// queue after the last one. A resend is one attempt, never retried. Every attempt is logged on the
// event (and, for the webhook_url, on the job). A receiver's failure never touches the job's outcome.
import type { AccountStore } from '../auth/account-store.ts';
import type { Clock } from '../clock.ts';
import type { Job, WebhookAttempt } from '../jobs/job.ts';
import type { JobRef, JobStore } from '../jobs/job-store.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { toJobView } from '../jobs/job-view.ts';
import { stringifyWithRawJson } from '../jobs/raw-json.ts';
import type { MediaUrlSigner } from '../media/media-store.ts';
import { businessMetrics, logger } from '../observability.ts';
import { checkUrlSyntax, webhookDeliveryPolicy } from '../outbound/url-policy.ts';
import {
  endpointSigningSecrets,
  matchingEndpoints,
  noteEndpointOutcome,
  type WebhookEndpointStore,
  wantsEvent,
} from './endpoints.ts';
import type { DeliveryAttemptRecord, EventLog } from './event-log.ts';
import {
  type DeliveryTarget,
  JOB_DELETED,
  messageTenant,
  PING_EVENT_TYPE,
  targetKey,
  type WebhookMessage,
} from './events.ts';
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
  readonly endpoints: WebhookEndpointStore;
  readonly eventLog: EventLog;
  /** How long the event log keeps an event (the stage's webhooks.eventRetentionDays). */
  readonly eventRetentionDays: number;
  /** An endpoint whose every attempt failed this long is disabled (the stage's webhooks.endpointDisableAfterDays). */
  readonly endpointDisableAfterDays: number;
}

async function buildPayload(
  deps: Pick<DeliveryPorts, 'jobs' | 'signer'>,
  message: WebhookMessage,
  now: Date,
): Promise<{ job: Job | undefined; body: string } | undefined> {
  if (!message.job) return undefined;
  if (message.type === JOB_DELETED) {
    // The job is gone: the event names it, and when it was deleted.
    const data = {
      job_id: message.job.job_id,
      job_type: message.job.job_type,
      status: 'deleted',
      deleted_at: message.created_at,
    };
    return {
      job: undefined,
      body: JSON.stringify({
        type: message.type,
        id: message.event_id,
        created_at: message.created_at,
        data,
      }),
    };
  }
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
  // The event itself: record it and queue it for each receiver.
  if (!message.target && message.attempt === 1) return fanOut(deps, message, now);
  // A retry queued before events named their receivers is the webhook_url's.
  const target: DeliveryTarget = message.target ?? { kind: 'webhook_url' };
  if (target.kind === 'webhook_url') return deliverToWebhookUrl(deps, message, now);
  return deliverToEndpoint(deps, message, target.endpoint_id, now);
}

/** Records the event, then queues one message per receiver that wants it. Throws (SQS retries) on a store error. */
async function fanOut(deps: DeliveryPorts, message: WebhookMessage, now: Date): Promise<void> {
  const tenant = messageTenant(message);
  const job = message.job ? await deps.jobs.get(tenant, message.job.job_id) : undefined;
  // An event of a job deleted since (DELETE /v1/jobs/{id}) is dropped: nothing of it is kept or sent.
  if (message.job && !job && message.type !== JOB_DELETED) return;
  // The event belongs to its job's office: recorded with it, and sent only to that office's endpoints
  // (and the organization-wide ones); every receiver's message carries it.
  const officeId = job?.officeId ?? message.office_id;
  const event: WebhookMessage = officeId === undefined ? message : { ...message, office_id: officeId };
  const expiresAt = Math.floor(now.getTime() / 1000) + deps.eventRetentionDays * 86_400;
  await deps.eventLog.record(tenant, event, expiresAt);
  const targets = await receiversOf(deps, tenant, event, job);
  await Promise.all(targets.map((target) => deps.queue.enqueue({ ...event, target }, 0)));
}

/** The receivers of a job event now: the job's webhook_url (if its webhook_events want it), then the matching endpoints. */
export async function receiversOf(
  deps: Pick<DeliveryPorts, 'jobs' | 'endpoints'>,
  tenant: Tenant,
  message: Pick<WebhookMessage, 'type' | 'job' | 'office_id'>,
  /** The event's job when the caller has just read it. */
  known?: Job,
): Promise<DeliveryTarget[]> {
  const [job, { endpoints }] = await Promise.all([
    known ?? (message.job ? deps.jobs.get(tenant, message.job.job_id) : undefined),
    deps.endpoints.list(tenant),
  ]);
  const targets: DeliveryTarget[] = [];
  if (job?.webhookUrl && wantsEvent(job.webhookEvents, message.type)) targets.push({ kind: 'webhook_url' });
  const officeId = job?.officeId ?? message.office_id;
  for (const endpoint of matchingEndpoints(endpoints, message.type, officeId))
    targets.push({ kind: 'endpoint', endpoint_id: endpoint.id });
  return targets;
}

async function deliverToWebhookUrl(deps: DeliveryPorts, message: WebhookMessage, now: Date): Promise<void> {
  const built = await buildPayload(deps, message, now);
  const job = built?.job;
  const webhookUrl = job?.webhookUrl;
  if (!built || !job || !webhookUrl) return; // the job is gone or never asked for webhooks
  const { body } = built;
  if (!message.replay) {
    // The receiver said 410 Gone to an earlier event of this job: it wants none of the job's events.
    if (job.webhookAttempts?.some((a) => a.outcome === 'gone')) return;
    // Delivered already: a message the queue redelivered (its delete was lost, or its visibility ran out)
    // or an outbox relayed twice carries the same event id. The receiver has it; do not send it again.
    if (job.webhookAttempts?.some((a) => a.event_id === message.event_id && a.delivered)) return;
  }
  const ref = { tenant: { orgId: job.orgId, mode: job.mode }, jobId: job.jobId, jobType: job.jobType };
  const result = await attempt(deps, message, now, {
    url: webhookUrl,
    body,
    secrets: () => signingSecrets(deps.accounts, job.orgId, now),
  });
  await logAttempt(deps.jobs, ref, {
    event_id: message.event_id,
    type: message.type,
    attempt: message.attempt,
    attempted_at: result.record.attempted_at,
    status_code: result.record.status_code,
    error: result.record.error,
    delivered: result.record.delivered,
    outcome: result.record.outcome,
  });
  await logEventAttempt(deps.eventLog, ref.tenant, message.event_id, {
    ...result.record,
    target: 'webhook_url',
  });
  await schedule(deps, message, result);
}

async function deliverToEndpoint(
  deps: DeliveryPorts,
  message: WebhookMessage,
  endpointId: string,
  now: Date,
): Promise<void> {
  const tenant = messageTenant(message);
  const { endpoints } = await deps.endpoints.list(tenant);
  const endpoint = endpoints.find((e) => e.id === endpointId);
  // Deleted, or disabled since the event was fanned out: nothing more goes to it (a resend or a test ping still does).
  if (!endpoint || (!endpoint.enabled && !message.replay && message.type !== PING_EVENT_TYPE)) return;
  if (!message.replay) {
    const stored = await deps.eventLog.get(tenant, message.event_id);
    if (stored?.deliveredTargets.includes(endpointId)) return; // a redelivered message: the receiver has it
  }
  let body: string;
  if (message.type === PING_EVENT_TYPE) {
    body = JSON.stringify({
      type: PING_EVENT_TYPE,
      id: message.event_id,
      created_at: message.created_at,
      data: { endpoint_id: endpointId },
    });
  } else {
    const built = await buildPayload(deps, message, now);
    if (!built) return; // the job is gone
    body = built.body;
  }
  const result = await attempt(deps, message, now, {
    url: endpoint.url,
    body,
    secrets: async () => endpointSigningSecrets(endpoint, now),
  });
  await logEventAttempt(deps.eventLog, tenant, message.event_id, { ...result.record, target: endpointId });
  await noteOutcome(deps, tenant, endpointId, result.record.delivered, now);
  await schedule(deps, message, result);
}

/** The endpoint's failing streak; disables it (and says so: log line, metric, alarm) once it is long enough. Never throws. */
async function noteOutcome(
  deps: DeliveryPorts,
  tenant: Tenant,
  endpointId: string,
  delivered: boolean,
  now: Date,
): Promise<void> {
  try {
    const disableAfterMs = deps.endpointDisableAfterDays * 86_400_000;
    const outcome = await noteEndpointOutcome(
      deps.endpoints,
      tenant,
      endpointId,
      delivered,
      now,
      disableAfterMs,
    );
    if (outcome !== 'disabled') return;
    businessMetrics.webhookEndpointDisabled();
    logger.warn('webhook endpoint disabled', {
      endpoint_id: endpointId,
      org_id: tenant.orgId,
      mode: tenant.mode,
      reason: `every attempt failed for ${deps.endpointDisableAfterDays} days`,
    });
  } catch (error) {
    logger.error('webhook endpoint outcome not noted', { endpoint_id: endpointId, error });
  }
}

interface AttemptResult {
  readonly record: Omit<DeliveryAttemptRecord, 'target'>;
  readonly delay: number | null;
}

/** One POST to one receiver, signed with its secrets, and what it came to. */
async function attempt(
  deps: DeliveryPorts,
  message: WebhookMessage,
  now: Date,
  to: { url: string; body: string; secrets: () => Promise<string[]> },
): Promise<AttemptResult> {
  const checked = checkUrlSyntax(
    to.url,
    webhookDeliveryPolicy({ allowHttp: deps.allowHttp, allowLoopback: deps.allowLoopback }),
  );
  const started = performance.now();
  let outcome: SendOutcome;
  if (checked.ok) {
    const headers = webhookHeaders({
      id: message.event_id,
      timestamp: Math.floor(now.getTime() / 1000),
      body: to.body,
      secrets: await to.secrets(),
    });
    outcome = await deps.send(checked.url, headers, to.body);
  } else {
    outcome = { error: `refused: ${checked.reason}` };
  }
  const durationMs = Math.round(performance.now() - started);
  const status = outcome.statusCode;
  const delivered = status !== undefined && status >= 200 && status < 300;
  const gone = status === 410;
  const delay =
    delivered || gone || message.replay
      ? null
      : nextDelaySeconds(deps.retryScheduleSeconds, message.attempt, {
          retryAfterSeconds: parseRetryAfter(outcome.retryAfter ?? null, now),
        });
  const record = {
    url: to.url,
    attempt: message.attempt,
    replay: message.replay === true,
    attempted_at: now.toISOString(),
    status_code: status ?? null,
    duration_ms: durationMs,
    response_body: outcome.responseBody ?? null,
    error: outcome.error ?? (delivered ? null : status === undefined ? 'no response' : `HTTP ${status}`),
    delivered,
    outcome: delivered
      ? 'delivered'
      : gone
        ? 'gone'
        : message.replay
          ? 'failed'
          : delay === null
            ? 'exhausted'
            : 'retrying',
  } as const;
  businessMetrics.webhookDelivery(delivered);
  // What was tried and what came back; never the headers (the signature) or the bodies.
  (delivered ? logger.info : logger.warn).call(logger, 'webhook attempt', {
    event_id: message.event_id,
    type: message.type,
    target: message.target ? targetKey(message.target) : 'webhook_url',
    attempt: record.attempt,
    replay: record.replay,
    status_code: record.status_code,
    duration_ms: record.duration_ms,
    error: record.error,
    delivered,
    outcome: record.outcome,
  });
  return { record, delay };
}

/** The next attempt of a failed one, or the dead-letter queue after the last. */
async function schedule(deps: DeliveryPorts, message: WebhookMessage, result: AttemptResult): Promise<void> {
  const { record, delay } = result;
  if (record.delivered || record.outcome === 'gone' || record.outcome === 'failed') return;
  if (delay === null) {
    // Operators redrive the DLQ into the webhook queue; the schedule then starts over (same receiver).
    await deps.queue.deadLetter({ ...message, attempt: 1, not_before: undefined });
    return;
  }
  const now = deps.clock.now();
  const chunks = sqsDelayChunks(delay);
  await deps.queue.enqueue(
    { ...message, attempt: message.attempt + 1, not_before: now.getTime() + delay * 1000 },
    chunks.now,
  );
}

/** Logs an attempt on the event, retrying once; never throws (see logAttempt). */
async function logEventAttempt(
  log: EventLog,
  tenant: Tenant,
  eventId: string,
  record: DeliveryAttemptRecord,
): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    try {
      await log.recordAttempt(tenant, eventId, record);
      return;
    } catch (error) {
      if (tries >= 2) {
        logger.error('webhook attempt not logged on the event', { event_id: eventId, error });
        return;
      }
    }
  }
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
