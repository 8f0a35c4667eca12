// The event log port: every event of an organization and mode (GET /v1/events), with every delivery
// attempt to every receiver. Kept for the stage's eventRetentionDays (30), then removed by DynamoDB's TTL.
// Its DynamoDB adapter is functions/adapters/dynamodb/event-log.ts.
import type { Tenant } from '../jobs/job-types.ts';
import type { WebhookMessage } from './events.ts';

/** The first bytes of a receiver's answer that an attempt keeps. */
export const RESPONSE_BODY_LIMIT_BYTES = 1024;

export interface DeliveryAttemptRecord {
  /** 'webhook_url' (the job request's own) or the endpoint's id. */
  readonly target: string;
  readonly url: string;
  readonly attempt: number;
  /** Sent by a resend (POST /v1/events/…/resend), not by the retry schedule. */
  readonly replay: boolean;
  readonly attempted_at: string;
  readonly status_code: number | null;
  readonly duration_ms: number;
  /** The first RESPONSE_BODY_LIMIT_BYTES of the answer's body, as UTF-8 text. */
  readonly response_body: string | null;
  readonly error: string | null;
  readonly delivered: boolean;
  /** As a job's attempts; `failed`: a resend's one attempt failed (resends are not retried). */
  readonly outcome: 'delivered' | 'retrying' | 'gone' | 'exhausted' | 'failed';
}

export interface StoredEvent {
  /** The event as it was queued: its id, type, time, job, and the job's status and progress then. */
  readonly message: WebhookMessage;
  readonly attempts: readonly DeliveryAttemptRecord[];
  /** Receivers whose latest attempt failed (cleared once one is delivered). */
  readonly failedTargets: readonly string[];
  readonly deliveredTargets: readonly string[];
}

export interface EventListFilter {
  readonly type?: string;
  readonly jobId?: string;
  /** Only the events of this office (its jobs' events, its endpoints' pings). */
  readonly officeId?: string;
  /** ISO times, both included. */
  readonly createdFrom?: string;
  readonly createdTo?: string;
  /** Only events a receiver has not acknowledged (its latest attempt failed). */
  readonly failedOnly?: boolean;
  readonly limit: number;
  /** The id of the last event of the previous page (newest first). */
  readonly startingAfter?: string;
}

export interface EventLog {
  /** Records the event once (a second call for the same id changes nothing). */
  record(tenant: Tenant, message: WebhookMessage, expiresAtSeconds: number): Promise<void>;
  get(tenant: Tenant, eventId: string): Promise<StoredEvent | undefined>;
  /** Newest first. */
  list(tenant: Tenant, filter: EventListFilter): Promise<{ events: StoredEvent[]; hasMore: boolean }>;
  recordAttempt(tenant: Tenant, eventId: string, attempt: DeliveryAttemptRecord): Promise<void>;
  /** Deletes every event of the job (DELETE /v1/jobs/{id}) and resolves how many there were. */
  eraseJob(tenant: Tenant, jobId: string): Promise<number>;
  /**
   * Records that the event is resent now to each of `targets` (receiver keys), in one conditional write:
   * refused, with how long to wait, when any of them was resent less than `minGapMs` before `now`.
   */
  claimResend(
    tenant: Tenant,
    eventId: string,
    targets: readonly string[],
    now: Date,
    minGapMs: number,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number }>;
}
