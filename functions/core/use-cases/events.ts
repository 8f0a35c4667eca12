// The events API: the event log read back (GET /v1/events, GET /v1/events/{id}), resends (one event, or
// a created-at range), and the test ping of a webhook endpoint. A resend is queued as one attempt per
// receiver with the event's own id, so the webhook-id header is the one the receiver saw before (it
// de-duplicates by it), and the attempt is recorded on the event beside the earlier ones.
import type { Clock } from '../clock.ts';
import { ApiError, apiErrors } from '../errors.ts';
import { newEventId } from '../ids.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { receiversOf } from '../webhooks/deliver-event.ts';
import { endpointNotFound, findEndpoint, type WebhookEndpointStore } from '../webhooks/endpoints.ts';
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
  if (Date.parse(request.created_from) > Date.parse(request.created_to)) {
    throw apiErrors.validation([{ path: 'created_from', message: 'must not be after created_to' }]);
  }
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
