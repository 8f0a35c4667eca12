// The events API: the event log read back (GET /v1/events, GET /v1/events/{id}), resends (one event, or
// a created-at range), and the test ping of a webhook endpoint. A resend is queued as one attempt per
// receiver with the event's own id, so the webhook-id header is the one the receiver saw before (it
// de-duplicates by it), and the attempt is recorded on the event beside the earlier ones. A range resend
// is a job of its own, planned here and sent in the background (core/webhooks/event-resends.ts).
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { newEventId, uuidv7 } from '../ids.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { inOfficeScope, type OfficeScope, officeFilterOf } from '../offices/office-scope.ts';
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
import {
  type EventResend,
  type EventResendStore,
  MAX_RESEND_DELIVERIES,
  MAX_RESEND_EVENTS,
  MAX_RUNNING_RESENDS,
  type PlannedEvent,
  queueReplays,
  type RangeResendRequest,
  RESEND_RETRY_AFTER_SECONDS,
  RESEND_STALE_SECONDS,
  resendJobMessage,
  SINGLE_RESEND_GAP_SECONDS,
} from '../webhooks/event-resends.ts';
import { type DeliveryTarget, PING_EVENT_TYPE, targetKey, type WebhookMessage } from '../webhooks/events.ts';
import type { WebhookQueue } from '../webhooks/webhook-queue.ts';

export interface EventPorts {
  readonly eventLog: EventLog;
  readonly endpoints: WebhookEndpointStore;
  readonly jobs: JobStore;
  readonly queue: WebhookQueue;
  readonly clock: Clock;
  readonly eventRetentionDays: number;
  /** Range resends (POST /v1/events/resend) and the running ones each tenant holds a place for. */
  readonly resends: EventResendStore;
}

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
  /** The event's office (its job's, or a pinged endpoint's); null: the organization's own. */
  readonly office_id: string | null;
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
    office_id: m.office_id ?? null,
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
  /** The key's office: it lists only its office's events (a filter naming another finds none). */
  scope?: OfficeScope,
) {
  const office = officeFilterOf(scope, filter.officeId);
  const { events, hasMore } =
    office === 'none'
      ? { events: [], hasMore: false }
      : await ports.eventLog.list(tenant, { ...filter, officeId: office.officeId });
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

/** The tenant's event as a key of this office scope may see it: another office's is undefined. */
async function visibleEvent(
  ports: Pick<EventPorts, 'eventLog'>,
  tenant: Tenant,
  id: string,
  scope: OfficeScope,
): Promise<StoredEvent | undefined> {
  const event = await ports.eventLog.get(tenant, id);
  return event && inOfficeScope(scope, event.message.office_id) ? event : undefined;
}

export async function getEvent(
  ports: Pick<EventPorts, 'eventLog'>,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
) {
  const event = await visibleEvent(ports, tenant, id, scope);
  if (!event) throw eventNotFound(id);
  return eventView(event, true);
}

/** The receivers a resend of this event goes to: one endpoint, the failing ones, or all that want it now. */
async function resendTargets(
  ports: Pick<EventPorts, 'jobs' | 'endpoints'>,
  tenant: Tenant,
  event: StoredEvent,
  options: { readonly endpointId?: string; readonly failedOnly?: boolean },
): Promise<DeliveryTarget[]> {
  if (options.endpointId) return [{ kind: 'endpoint', endpoint_id: options.endpointId }];
  if (event.message.type === PING_EVENT_TYPE) {
    // A ping has no job: it goes back to the endpoints it went to.
    const pinged = new Set(event.attempts.map((a) => a.target));
    const { endpoints } = await ports.endpoints.list(tenant);
    return endpoints.filter((e) => pinged.has(e.id)).map((e) => ({ kind: 'endpoint', endpoint_id: e.id }));
  }
  const now = await receiversOf(ports, tenant, event.message);
  if (!options.failedOnly) return now;
  return now.filter((t) => event.failedTargets.includes(targetKey(t)));
}

/**
 * Reads for one request, each made once: the tenant's endpoints (one item) and each job the events
 * name, however many events of the same job a range holds.
 */
function readOnce(ports: Pick<EventPorts, 'jobs' | 'endpoints'>): Pick<EventPorts, 'jobs' | 'endpoints'> {
  const jobs = new Map<string, ReturnType<JobStore['get']>>();
  let endpoints: ReturnType<WebhookEndpointStore['list']> | undefined;
  return {
    jobs: {
      ...ports.jobs,
      get: (tenant, jobId) => {
        let read = jobs.get(jobId);
        if (!read) {
          read = ports.jobs.get(tenant, jobId);
          jobs.set(jobId, read);
        }
        return read;
      },
    },
    endpoints: {
      ...ports.endpoints,
      list: (tenant) => {
        endpoints ??= ports.endpoints.list(tenant);
        return endpoints;
      },
    },
  };
}

/** POST /v1/events/{id}/resend at most once a minute per event and receiver: 429 RESEND_LIMITED otherwise. */
function resendTooSoon(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'RESEND_LIMITED',
    `This event was resent to the same receiver less than ${SINGLE_RESEND_GAP_SECONDS} s ago; retry in ${retryAfterSeconds} s.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

export async function resendEvent(
  ports: EventPorts,
  tenant: Tenant,
  id: string,
  request: { readonly endpoint_id?: string },
  scope?: OfficeScope,
) {
  const event = await visibleEvent(ports, tenant, id, scope);
  if (!event) throw eventNotFound(id);
  if (request.endpoint_id && !(await findEndpoint(ports, tenant, request.endpoint_id, scope)))
    throw endpointNotFound(request.endpoint_id);
  const targets = await resendTargets(ports, tenant, event, { endpointId: request.endpoint_id });
  const keys = targets.map(targetKey);
  if (keys.length > 0) {
    // Claimed on the event before anything is queued, in one conditional write: a burst of the same
    // resend sends once.
    const claim = await ports.eventLog.claimResend(
      tenant,
      id,
      keys,
      ports.clock.now(),
      SINGLE_RESEND_GAP_SECONDS * 1000,
    );
    if (!claim.ok) throw resendTooSoon(claim.retryAfterSeconds);
  }
  await queueReplays(ports.queue, event, targets);
  return { event_id: id, resent_to: keys };
}

/** A range resend as the API shows it (POST /v1/events/resend, GET /v1/event-resends/{id}). */
export interface RangeResendView {
  readonly id: string;
  readonly object: 'event_resend';
  readonly status: EventResend['status'];
  readonly created_at: string;
  readonly completed_at: string | null;
  readonly created_from: string;
  readonly created_to: string;
  readonly failed_only: boolean;
  readonly endpoint_id: string | null;
  readonly event_ids: readonly string[];
  readonly events: number;
  readonly deliveries: number;
  readonly queued_deliveries: number;
  readonly has_more: boolean;
}

function resendView(resend: EventResend): RangeResendView {
  return {
    id: resend.id,
    object: 'event_resend',
    status: resend.status,
    created_at: resend.created_at,
    completed_at: resend.completed_at ?? null,
    created_from: resend.request.created_from,
    created_to: resend.request.created_to,
    failed_only: resend.request.failed_only,
    endpoint_id: resend.request.endpoint_id ?? null,
    event_ids: resend.plan.map((p) => p.event_id),
    events: resend.plan.length,
    deliveries: resend.plan.reduce((n, p) => n + p.targets.length, 0),
    queued_deliveries: resend.queued,
    has_more: resend.has_more,
  };
}

/** The same range, filters and endpoint, however its times were spelled. */
function resendFingerprint(request: RangeResendRequest, scope: OfficeScope): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        new Date(request.created_from).toISOString(),
        new Date(request.created_to).toISOString(),
        request.failed_only,
        request.endpoint_id ?? null,
        // An office's resend is another resend than its organization's of the same range.
        ...(scope === undefined ? [] : [scope]),
      ]),
    )
    .digest('hex');
}

/** A new range resend's id: evr_ and the hex of a UUIDv7. */
const newResendId = (now: Date) => `evr_${uuidv7(now.getTime()).replaceAll('-', '')}`;

export const resendNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No event resend with id '${id}' exists for this key (resends are kept 7 days).`);

/**
 * POST /v1/events/resend: plans the resend of the events created in a range (newest first, at most
 * MAX_RESEND_EVENTS events and MAX_RESEND_DELIVERIES deliveries; `has_more` when the range held more),
 * records it and answers it at once, queued: the webhook delivery function queues its deliveries in the
 * background (runResendBatch). The same request while one like it runs answers that one; a third running
 * resend of the tenant is 429 RESEND_LIMITED.
 */
export async function startRangeResend(
  ports: EventPorts,
  tenant: Tenant,
  request: RangeResendRequest,
  /** The key's office: only its office's events are resent. */
  scope?: OfficeScope,
): Promise<RangeResendView> {
  if (request.endpoint_id && !(await findEndpoint(ports, tenant, request.endpoint_id, scope)))
    throw endpointNotFound(request.endpoint_id);
  const { events, hasMore } = await ports.eventLog.list(tenant, {
    ...(scope === undefined ? {} : { officeId: scope }),
    createdFrom: request.created_from,
    createdTo: request.created_to,
    failedOnly: request.failed_only,
    limit: MAX_RESEND_EVENTS,
  });
  const reads = readOnce(ports);
  const plan: PlannedEvent[] = [];
  let deliveries = 0;
  let more = hasMore;
  for (const event of events) {
    let targets = await resendTargets(reads, tenant, event, { failedOnly: request.failed_only });
    if (request.endpoint_id) targets = targets.filter((t) => targetKey(t) === request.endpoint_id);
    if (targets.length === 0) continue;
    if (deliveries + targets.length > MAX_RESEND_DELIVERIES) {
      more = true;
      break;
    }
    plan.push({ event_id: event.message.event_id, targets: targets.map(targetKey) });
    deliveries += targets.length;
  }
  const now = ports.clock.now();
  const resend: EventResend = {
    id: newResendId(now),
    tenant,
    status: 'queued',
    created_at: now.toISOString(),
    request: {
      created_from: request.created_from,
      created_to: request.created_to,
      failed_only: request.failed_only,
      ...(request.endpoint_id ? { endpoint_id: request.endpoint_id } : {}),
    },
    ...(scope === undefined ? {} : { office_id: scope }),
    fingerprint: resendFingerprint(request, scope),
    plan,
    has_more: more,
    cursor: 0,
    queued: 0,
  };
  const started = await ports.resends.start(resend, MAX_RUNNING_RESENDS, now, RESEND_STALE_SECONDS);
  if (started.kind === 'running') return resendView(started.resend);
  if (started.kind === 'full')
    throw new ApiError(
      'RESEND_LIMITED',
      `${MAX_RUNNING_RESENDS} range resends of this organization and mode are still being sent; retry in ${RESEND_RETRY_AFTER_SECONDS} s (GET /v1/event-resends/{id} says when one is completed).`,
      { headers: { 'Retry-After': String(RESEND_RETRY_AFTER_SECONDS) } },
    );
  await ports.queue.enqueue(resendJobMessage(resend), 0);
  return resendView(resend);
}

/** GET /v1/event-resends/{id}: how far a range resend got. */
export async function getRangeResend(
  ports: Pick<EventPorts, 'resends'>,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<RangeResendView> {
  const resend = await ports.resends.get(tenant, id);
  if (!resend || !inOfficeScope(scope, resend.office_id)) throw resendNotFound(id);
  return resendView(resend);
}

/** A ping to one endpoint (recorded like any event), whether or not the endpoint is enabled. */
export async function sendTestEvent(
  ports: EventPorts,
  tenant: Tenant,
  endpointId: string,
  scope?: OfficeScope,
) {
  const endpoint = await findEndpoint(ports, tenant, endpointId, scope);
  if (!endpoint) throw endpointNotFound(endpointId);
  const now = ports.clock.now();
  const message: WebhookMessage = {
    event_id: newEventId(now.getTime()),
    type: PING_EVENT_TYPE,
    created_at: now.toISOString(),
    tenant: { org_id: tenant.orgId, mode: tenant.mode },
    attempt: 1,
    target: { kind: 'endpoint', endpoint_id: endpointId },
    // An office's endpoint's ping is that office's event.
    ...(endpoint.office_id === undefined ? {} : { office_id: endpoint.office_id }),
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
  scope?: OfficeScope,
): Promise<EndpointView & { replay: ReplayOffer | null }> {
  const { endpoint, enabled_events, reenabled } = await changeEndpoint(
    endpointPorts,
    tenant,
    id,
    patch,
    scope,
  );
  if (!reenabled) return { ...endpoint, replay: null };
  const { events, hasMore } = await eventPorts.eventLog.list(tenant, {
    // An office's endpoint missed only its office's events.
    ...(endpoint.office_id === null ? {} : { officeId: endpoint.office_id }),
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
