// Range resends as jobs of their own (POST /v1/events/resend). A resend of a created-at range can mean
// hundreds of events times twenty receivers: sent inside the request it ran past the API's time limit,
// answered 500 while it went on sending, and a client retrying as a 500 invites multiplied the sends. So
// the request only plans it — which events, to which receivers, within the bounds below — records the
// plan and answers 202 with it; the webhook delivery function then queues its deliveries in batches, one
// queue message per batch (each batch re-queues the rest), and the resend's status says how far it got.
//
// Bounds, per organization and mode: at most MAX_RUNNING_RESENDS range resends queued or sending at once
// (another is 429 RESEND_LIMITED with Retry-After; the same range again while it runs answers the running
// one), at most MAX_RESEND_EVENTS events and MAX_RESEND_DELIVERIES deliveries a resend (the rest is
// `has_more`: resend it with an earlier range). One event is resent to one receiver at most once every
// SINGLE_RESEND_GAP_SECONDS (POST /v1/events/{id}/resend; the event log keeps when). The store's DynamoDB
// adapter is functions/adapters/dynamodb/event-resends.ts.
import type { Clock } from '../clock.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { logger } from '../observability.ts';
import type { EventLog, StoredEvent } from './event-log.ts';
import type { DeliveryTarget, ResendJobMessage, WebhookMessage } from './events.ts';
import type { WebhookQueue } from './webhook-queue.ts';

/** Range resends of one organization and mode queued or sending at once. */
export const MAX_RUNNING_RESENDS = 2;
/** Events one range resend takes at most (newest first). */
export const MAX_RESEND_EVENTS = 500;
/** Deliveries (events × receivers) one range resend makes at most. */
export const MAX_RESEND_DELIVERIES = 1000;
/** What a 429 for a third running resend asks the caller to wait: about one resend's batches. */
export const RESEND_RETRY_AFTER_SECONDS = 10;
/**
 * A resend still queued or sending this long after it started no longer holds its place (its queue
 * messages were lost: it will not finish); far longer than a resend of MAX_RESEND_DELIVERIES takes.
 */
export const RESEND_STALE_SECONDS = 15 * 60;
/** One event is resent to one receiver at most this often (POST /v1/events/{id}/resend). */
export const SINGLE_RESEND_GAP_SECONDS = 60;
/** Deliveries one run of the resend's worker queues before it hands the rest to the next run. */
export const RESEND_BATCH_DELIVERIES = 100;
/** How long a resend's record is kept after it is made. */
export const RESEND_RETENTION_DAYS = 7;

export type ResendStatus = 'queued' | 'sending' | 'completed';

export interface RangeResendRequest {
  readonly created_from: string;
  readonly created_to: string;
  readonly failed_only: boolean;
  readonly endpoint_id?: string;
}

/** One event of a resend's plan and the receivers it goes to ('webhook_url' or an endpoint id). */
export interface PlannedEvent {
  readonly event_id: string;
  readonly targets: readonly string[];
}

export interface EventResend {
  readonly id: string;
  readonly tenant: Tenant;
  readonly status: ResendStatus;
  readonly created_at: string;
  readonly completed_at?: string;
  readonly request: RangeResendRequest;
  /** The office whose events alone it resends (an office's key started it); absent: every office's. */
  readonly office_id?: string;
  /** The same request (range, failed_only, endpoint) gives the same fingerprint. */
  readonly fingerprint: string;
  readonly plan: readonly PlannedEvent[];
  readonly has_more: boolean;
  /** The next event of the plan to queue. */
  readonly cursor: number;
  /** Deliveries queued so far. */
  readonly queued: number;
}

export type ResendStart =
  | { readonly kind: 'started' }
  /** A resend of the same request is queued or sending: it is the answer. */
  | { readonly kind: 'running'; readonly resend: EventResend }
  /** The tenant has MAX_RUNNING_RESENDS running. */
  | { readonly kind: 'full' };

/** The port: range resends, and the running ones each tenant holds a place for. */
export interface EventResendStore {
  /**
   * Records `resend` if its tenant holds fewer than `limit` running resends (those started within
   * `staleAfterSeconds` of `now` and not completed), or answers the running one with its fingerprint.
   */
  start(resend: EventResend, limit: number, now: Date, staleAfterSeconds: number): Promise<ResendStart>;
  get(tenant: Tenant, id: string): Promise<EventResend | undefined>;
  /**
   * Moves the cursor from `from` to `to`, adding `queued`: refused (false) when another run moved it
   * first. `completedAt` ends the resend and gives its tenant's place back.
   */
  advance(
    tenant: Tenant,
    id: string,
    move: {
      readonly from: number;
      readonly to: number;
      readonly queued: number;
      readonly completedAt?: string;
    },
  ): Promise<boolean>;
}

export const resendJobMessage = (resend: Pick<EventResend, 'id' | 'tenant'>): ResendJobMessage => ({
  resend: { id: resend.id, org_id: resend.tenant.orgId, mode: resend.tenant.mode },
});

export const targetOf = (key: string): DeliveryTarget =>
  key === 'webhook_url' ? { kind: 'webhook_url' } : { kind: 'endpoint', endpoint_id: key };

/**
 * Queues one attempt per receiver under the event's own id (the receiver's webhook-id is the one it saw
 * before, so it de-duplicates), each marked a replay: one attempt, never retried, recorded on the event.
 */
export async function queueReplays(
  queue: WebhookQueue,
  event: StoredEvent,
  targets: readonly DeliveryTarget[],
): Promise<void> {
  const { attempt: _a, not_before: _n, target: _t, replay: _r, ...base } = event.message;
  await Promise.all(
    targets.map((target) =>
      queue.enqueue({ ...base, attempt: 1, target, replay: true } as WebhookMessage, 0),
    ),
  );
}

export interface ResendWorkerPorts {
  readonly resends: EventResendStore;
  readonly eventLog: Pick<EventLog, 'get'>;
  readonly queue: WebhookQueue;
  readonly clock: Clock;
}

/**
 * One run of a resend's worker (the webhook delivery function, for a ResendJobMessage): queues the next
 * RESEND_BATCH_DELIVERIES or so of its plan, moves its cursor, and queues the next run while any remain.
 * A run that finds the cursor moved (a redelivered message) does nothing; one that dies between queueing
 * and moving the cursor is run again by the queue, and its batch is queued twice: a receiver de-duplicates
 * by webhook-id, as with any resend. An event gone from the log since (expired, or its job deleted) is
 * skipped.
 */
export async function runResendBatch(ports: ResendWorkerPorts, message: ResendJobMessage): Promise<void> {
  const tenant: Tenant = { orgId: message.resend.org_id, mode: message.resend.mode };
  const resend = await ports.resends.get(tenant, message.resend.id);
  if (!resend || resend.status === 'completed') return;
  let end = resend.cursor;
  let deliveries = 0;
  while (end < resend.plan.length && deliveries < RESEND_BATCH_DELIVERIES) {
    deliveries += resend.plan[end]!.targets.length;
    end += 1;
  }
  let queued = 0;
  for (const planned of resend.plan.slice(resend.cursor, end)) {
    const event = await ports.eventLog.get(tenant, planned.event_id);
    if (!event) continue;
    await queueReplays(ports.queue, event, planned.targets.map(targetOf));
    queued += planned.targets.length;
  }
  const done = end >= resend.plan.length;
  const moved = await ports.resends.advance(tenant, resend.id, {
    from: resend.cursor,
    to: end,
    queued,
    ...(done ? { completedAt: ports.clock.now().toISOString() } : {}),
  });
  if (!moved) {
    logger.warn('resend batch ran twice', { resend_id: resend.id, cursor: resend.cursor });
    return;
  }
  if (!done) await ports.queue.enqueue(message, 0);
}
