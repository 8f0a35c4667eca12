// The events API: the event log read back (GET /v1/events, GET /v1/events/{id}), resends (one event, or
// a created-at range), and the test ping of a webhook endpoint. A resend is queued as one attempt per
// receiver with the event's own id, so the webhook-id header is the one the receiver saw before (it
// de-duplicates by it), and the attempt is recorded on the event beside the earlier ones.
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { newEventId } from '../ids.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { receiversOf } from '../webhooks/deliver-event.ts';
import {
  changeEndpoint,
  type EndpointPatch,
  type EndpointPorts,
  type EndpointView,
  endpointNotFound,
  findEndpoint,
  type WebhookEndpointStore,
  wantsEvent,
} from '../webhooks/endpoints.ts';
import type { DeliveryAttemptRecord, EventListFilter, EventLog, StoredEvent } from '../webhooks/event-log.ts';
import { type DeliveryTarget, PING_EVENT_TYPE, targetKey, type WebhookMessage } from '../webhooks/events.ts';
import type { WebhookQueue } from '../webhooks/webhook-queue.ts';

export interface EventPorts {
  readonly eventLog: EventLog;
  readonly endpoints: WebhookEndpointStore;
  readonly jobs: JobStore;
  readonly queue: WebhookQueue;
  readonly clock: Clock;
  readonly eventRetentionDays: number;
}

/** Events one range resend queues at most (the answer says when more matched). */
export const MAX_RESEND_EVENTS = 500;

interface DeliveryView {
  readonly endpoint_id: string | null;
  readonly url: string;
  readonly delivered: boolean;
  readonly attempts: ReadonlyArray<Omit<DeliveryAttemptRecord, 'target'>>;
}

export interface EventView {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created_at: string;
  readonly job_id: string | null;
  readonly job_type: string | null;
  readonly data: Record<string, unknown>;
  /** null: no attempt yet (or no receiver); false: a receiver's latest attempt failed; true: every receiver has it. */
  readonly delivery_success: boolean | null;
  readonly deliveries?: readonly DeliveryView[];
}

function deliverySuccess(event: StoredEvent): boolean | null {
  if (event.failedTargets.length > 0) return false;
  return event.deliveredTargets.length > 0 ? true : null;
}

function eventView(event: StoredEvent, withDeliveries: boolean): EventView {
  const m = event.message;
  const view: EventView = {
    id: m.event_id,
    object: 'event',
    type: m.type,
    created_at: m.created_at,
    job_id: m.job?.job_id ?? null,
    job_type: m.job?.job_type ?? null,
    data: m.job ? { status: m.status ?? null, progress: m.progress ?? null } : {},
    delivery_success: deliverySuccess(event),
  };
  if (!withDeliveries) return view;
  const byTarget = new Map<
    string,
    DeliveryView & { attempts: Array<Omit<DeliveryAttemptRecord, 'target'>> }
  >();
  for (const { target, ...attempt } of event.attempts) {
    let delivery = byTarget.get(target);
    if (!delivery) {
      delivery = {
        endpoint_id: target === 'webhook_url' ? null : target,
        url: attempt.url,
        delivered: false,
        attempts: [],
      };
      byTarget.set(target, delivery);
    }
    delivery.attempts.push(attempt);
  }
  const deliveries = [...byTarget.entries()].map(([target, d]) => ({
    ...d,
    delivered: event.deliveredTargets.includes(target),
  }));
  return { ...view, deliveries };
}

export const eventNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No event with id '${id}' exists for this key (events are kept 30 days).`);

export async function listEvents(
  ports: Pick<EventPorts, 'eventLog'>,
  tenant: Tenant,
  filter: EventListFilter,
) {
  const { events, hasMore } = await ports.eventLog.list(tenant, filter);
  return {
    events: events.map((e) => eventView(e, false)),
    pagination: {
      limit: filter.limit,
      count: events.length,
      has_more: hasMore,
      next_cursor: hasMore ? (events.at(-1)?.message.event_id ?? null) : null,
    },
  };
}

export async function getEvent(ports: Pick<EventPorts, 'eventLog'>, tenant: Tenant, id: string) {
  const event = await ports.eventLog.get(tenant, id);
  if (!event) throw eventNotFound(id);
  return eventView(event, true);
}

/** One attempt per target, under the event's own id (the receiver's webhook-id is the one it saw). */
async function queueResend(ports: EventPorts, event: StoredEvent, targets: readonly DeliveryTarget[]) {
  const { attempt: _a, not_before: _n, target: _t, replay: _r, ...base } = event.message;
  await Promise.all(
    targets.map((target) =>
      ports.queue.enqueue({ ...base, attempt: 1, target, replay: true } as WebhookMessage, 0),
    ),
  );
  return targets.map((t) => (t.kind === 'webhook_url' ? 'webhook_url' : t.endpoint_id));
}

/** The receivers a resend of this event goes to: one endpoint, the failing ones, or all that want it now. */
async function resendTargets(
  ports: EventPorts,
  tenant: Tenant,
  event: StoredEvent,
  options: { readonly endpointId?: string; readonly failedOnly?: boolean },
): Promise<DeliveryTarget[]> {
  if (options.endpointId) return [{ kind: 'endpoint', endpoint_id: options.endpointId }];
  const now = await receiversOf(ports, tenant, event.message);
  if (event.message.type === PING_EVENT_TYPE) {
    // A ping has no job: it goes back to the endpoints it went to.
    const pinged = new Set(event.attempts.map((a) => a.target));
    const { endpoints } = await ports.endpoints.list(tenant);
    return endpoints.filter((e) => pinged.has(e.id)).map((e) => ({ kind: 'endpoint', endpoint_id: e.id }));
  }
  if (!options.failedOnly) return now;
  return now.filter((t) => event.failedTargets.includes(targetKey(t)));
}

export async function resendEvent(
  ports: EventPorts,
  tenant: Tenant,
  id: string,
  request: { readonly endpoint_id?: string },
) {
  const event = await ports.eventLog.get(tenant, id);
  if (!event) throw eventNotFound(id);
  if (request.endpoint_id && !(await findEndpoint(ports, tenant, request.endpoint_id)))
    throw endpointNotFound(request.endpoint_id);
  const targets = await resendTargets(ports, tenant, event, { endpointId: request.endpoint_id });
  return { event_id: id, resent_to: await queueResend(ports, event, targets) };
}

export async function resendEvents(
  ports: EventPorts,
  tenant: Tenant,
  request: {
    readonly created_from: string;
    readonly created_to: string;
    readonly failed_only: boolean;
    readonly endpoint_id?: string;
  },
) {
  if (request.endpoint_id && !(await findEndpoint(ports, tenant, request.endpoint_id)))
    throw endpointNotFound(request.endpoint_id);
  const { events, hasMore } = await ports.eventLog.list(tenant, {
    createdFrom: request.created_from,
    createdTo: request.created_to,
    failedOnly: request.failed_only,
    limit: MAX_RESEND_EVENTS,
  });
  let deliveries = 0;
  const resent: string[] = [];
  for (const event of events) {
    let targets = await resendTargets(ports, tenant, event, { failedOnly: request.failed_only });
    if (request.endpoint_id) targets = targets.filter((t) => targetKey(t) === request.endpoint_id);
    if (targets.length === 0) continue;
    deliveries += (await queueResend(ports, event, targets)).length;
    resent.push(event.message.event_id);
  }
  return { event_ids: resent, events: resent.length, deliveries, has_more: hasMore };
}

/** A ping to one endpoint (recorded like any event), whether or not the endpoint is enabled. */
export async function sendTestEvent(ports: EventPorts, tenant: Tenant, endpointId: string) {
  if (!(await findEndpoint(ports, tenant, endpointId))) throw endpointNotFound(endpointId);
  const now = ports.clock.now();
  const message: WebhookMessage = {
    event_id: newEventId(now.getTime()),
    type: PING_EVENT_TYPE,
    created_at: now.toISOString(),
    tenant: { org_id: tenant.orgId, mode: tenant.mode },
    attempt: 1,
    target: { kind: 'endpoint', endpoint_id: endpointId },
  };
  await ports.eventLog.record(
    tenant,
    message,
    Math.floor(now.getTime() / 1000) + ports.eventRetentionDays * 86_400,
  );
  await ports.queue.enqueue(message, 0);
  return { event_id: message.event_id, type: PING_EVENT_TYPE, endpoint_id: endpointId };
}

/**
 * The offer made when a disabled endpoint is enabled again: what it missed while disabled (and, for one
 * disabled for failing, during the failing streak before), counted from the event log, and the one
 * request that sends it all again.
 */
export interface ReplayOffer {
  readonly disabled_at: string | null;
  readonly disabled_reason: 'failing' | null;
  /** Events whose latest attempt to this endpoint failed. */
  readonly failed: number;
  /** Events it wants (its enabled_events) that were never attempted to it: they came while it was disabled. */
  readonly missed: number;
  /** More than MAX_RESEND_EVENTS events are in the window: the counts are of the newest of them only. */
  readonly has_more: boolean;
  readonly resend: {
    readonly method: 'POST';
    readonly path: '/v1/events/resend';
    readonly body: {
      readonly created_from: string;
      readonly created_to: string;
      readonly failed_only: false;
      readonly endpoint_id: string;
    };
  };
}

/**
 * PATCH of a webhook endpoint. When it enables one that was disabled, the answer's `replay` says what the
 * endpoint missed and the resend that replays it; otherwise `replay` is null.
 *
 * The resend is `failed_only: false` with the endpoint's id: an event that came while the endpoint was
 * disabled has no failed attempt to it, so `failed_only: true` would skip it, and in this window nothing
 * was delivered to the endpoint (a delivery ends a failing streak; a disabled endpoint gets no event) but
 * for a ping or a resend sent to it by hand, which receivers de-duplicate by its webhook-id.
 */
export async function updateEndpointOfferingReplay(
  endpointPorts: EndpointPorts,
  eventPorts: Pick<EventPorts, 'eventLog'>,
  tenant: Tenant,
  id: string,
  patch: EndpointPatch,
): Promise<EndpointView & { replay: ReplayOffer | null }> {
  const { endpoint, enabled_events, reenabled } = await changeEndpoint(endpointPorts, tenant, id, patch);
  if (!reenabled) return { ...endpoint, replay: null };
  const { events, hasMore } = await eventPorts.eventLog.list(tenant, {
    createdFrom: reenabled.from,
    createdTo: reenabled.to,
    limit: MAX_RESEND_EVENTS,
  });
  let failed = 0;
  let missed = 0;
  for (const event of events) {
    // What the resend would send: a ping it was sent, any other event only if the endpoint wants it now.
    const ping = event.message.type === PING_EVENT_TYPE;
    if (event.deliveredTargets.includes(id)) continue;
    if (!ping && !wantsEvent(enabled_events, event.message.type)) continue;
    if (event.failedTargets.includes(id)) failed += 1;
    else if (!ping) missed += 1;
  }
  return {
    ...endpoint,
    replay: {
      disabled_at: reenabled.disabled_at,
      disabled_reason: reenabled.disabled_reason,
      failed,
      missed,
      has_more: hasMore,
      resend: {
        method: 'POST',
        path: '/v1/events/resend',
        body: { created_from: reenabled.from, created_to: reenabled.to, failed_only: false, endpoint_id: id },
      },
    },
  };
}
