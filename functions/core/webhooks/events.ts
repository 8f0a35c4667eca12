// Job events and the queue message that carries one to the delivery function. The message holds what
// the event said when it happened (status, progress); completed/failed events render the job's output
// or error at delivery time, so media URLs in the payload are fresh on every attempt.
//
// A message without a target is the event itself: the delivery function records it (GET /v1/events) and
// fans it out, one message per receiver (the request's webhook_url, each matching webhook endpoint), so
// every receiver's attempts and retries run on their own and a failing one never holds up another.
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import type { JobProgress } from '../jobs/job.ts';
import type { JobStatus, JobType, Mode, Tenant } from '../jobs/job-types.ts';

export const JOB_EVENT_TYPES = [
  'job.processing',
  'job.progress',
  'job.completed',
  'job.failed',
  'job.canceled',
  'job.deleted',
] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

/** Sent when a job is deleted: the job is gone, so its payload is built from the event alone. */
export const JOB_DELETED = 'job.deleted' satisfies JobEventType;

/** The event POST /v1/webhook-endpoints/{id}/test sends: no job, only the endpoint. */
export const PING_EVENT_TYPE = 'ping';
export type WebhookEventType = JobEventType | typeof PING_EVENT_TYPE;

/** In an endpoint's enabled_events: every job event type. */
export const WILDCARD_EVENTS = '*';

/** One receiver of an event: the job request's own webhook_url, or a registered endpoint. */
export type DeliveryTarget =
  | { readonly kind: 'webhook_url' }
  | { readonly kind: 'endpoint'; readonly endpoint_id: string };

/** How a target is named on the event's attempts. */
export const targetKey = (target: DeliveryTarget): string =>
  target.kind === 'webhook_url' ? 'webhook_url' : target.endpoint_id;

/** Progress events are sent at most once per stage and never closer together than this. */
export const MIN_PROGRESS_EVENT_GAP_MS = 2000;

export interface WebhookMessage {
  readonly event_id: string;
  readonly type: WebhookEventType;
  readonly created_at: string;
  /** The job the event is about; absent for a ping (which names its tenant in `tenant`). */
  readonly job?: {
    readonly job_id: string;
    readonly org_id: string;
    readonly mode: Mode;
    readonly job_type: JobType;
  };
  /** What the job's status and progress were when the event happened (job events only). */
  readonly status?: JobStatus;
  readonly progress?: JobProgress;
  /** 1-based number of the delivery attempt this message is for. */
  readonly attempt: number;
  /** Unix ms before which the attempt must not run (delays longer than SQS's 15 minutes are chained). */
  readonly not_before?: number;
  /** Absent on the event itself (recorded, then fanned out); set on each receiver's own message. */
  readonly target?: DeliveryTarget;
  /** A resend (POST /v1/events/…/resend): one attempt, sent even when the receiver has the event. */
  readonly replay?: boolean;
  /** A ping's organization and mode (job events take theirs from `job`). */
  readonly tenant?: { readonly org_id: string; readonly mode: Mode };
  /**
   * The office the event belongs to: its job's (set when the event is recorded, from the job, or by the
   * publisher of a job.deleted), or a pinged endpoint's. Absent: the organization's own. Only that office's
   * keys and endpoints, and organization-wide ones, see or get it.
   */
  readonly office_id?: string;
}

/**
 * The other message of the webhook queue: it runs the next batch of a range resend
 * (core/webhooks/event-resends.ts), which queues that batch's deliveries as WebhookMessages.
 */
export interface ResendJobMessage {
  readonly resend: { readonly id: string; readonly org_id: string; readonly mode: Mode };
}

export type WebhookQueueMessage = WebhookMessage | ResendJobMessage;

export function isResendJobMessage(message: unknown): message is ResendJobMessage {
  const resend = (message as Partial<ResendJobMessage> | null)?.resend;
  return typeof resend?.id === 'string' && typeof resend.org_id === 'string';
}

export function messageTenant(message: WebhookMessage): Tenant {
  const owner = message.job ?? message.tenant;
  if (!owner) throw new Error(`Webhook message ${message.event_id} names neither a job nor a tenant.`);
  return { orgId: owner.org_id, mode: owner.mode };
}

export function queueMessage(
  queueUrl: string,
  message: WebhookQueueMessage,
  delaySeconds = 0,
): SendMessageCommandInput {
  return { QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds };
}
