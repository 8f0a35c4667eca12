// Webhook endpoints: receivers an organization registers once per mode (POST /v1/webhook-endpoints),
// each with the event types it wants and its own whsec_ signing secret. Every job event of the org and
// mode goes to each enabled endpoint whose enabled_events match, besides the request's own webhook_url.
// An endpoint's secret is shown once, when it is made (or rotated); afterwards only its creation date.
// Secrets are kept as the organization's own webhook secrets are: in the accounts table (encrypted at
// rest), never logged.
import type { WebhookSecret } from '../auth/account-store.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { Tenant } from '../jobs/job-types.ts';
import type { OfficeScope } from '../offices/office-scope.ts';
import {
  type AddressLookup,
  checkUrlSyntax,
  resolvesToForbidden,
  type StageUrlRules,
  webhookDeliveryPolicy,
} from '../outbound/url-policy.ts';
import { type JobEventType, WILDCARD_EVENTS } from './events.ts';
import { generateWebhookSecret } from './signature.ts';
import { activeSecrets, ROTATION_OVERLAP_MS } from './webhook-secrets.ts';

/** Endpoints an organization may have in one mode. */
export const MAX_ENDPOINTS = 20;

export type EnabledEvents = readonly (JobEventType | typeof WILDCARD_EVENTS)[];

export interface WebhookEndpoint {
  readonly id: string;
  readonly url: string;
  readonly enabled_events: EnabledEvents;
  readonly description: string | null;
  readonly enabled: boolean;
  /** Newest first; a rotated-out secret keeps signing until its expires_at. */
  readonly secrets: readonly WebhookSecret[];
  readonly created_at: string;
  readonly updated_at: string;
  /** Since when every attempt to it has failed (cleared by a delivered one). */
  readonly failing_since?: string;
  /** Why the service disabled it: `failing` (every attempt failed for the stage's endpointDisableAfterDays). */
  readonly disabled_reason?: 'failing';
  /** When it was last disabled (by its owner or for failing); cleared when it is enabled again. */
  readonly disabled_at?: string;
  /** The office whose events alone it gets (absent: every event of the organization and mode). */
  readonly office_id?: string;
}

/** The endpoints of one organization and mode, as one versioned list (one read per event to fan out). */
export interface WebhookEndpointStore {
  list(tenant: Tenant): Promise<{ endpoints: WebhookEndpoint[]; version: number }>;
  /** Writes `next` if the list is still at `version`; false when it changed meanwhile. */
  replace(tenant: Tenant, version: number, next: readonly WebhookEndpoint[]): Promise<boolean>;
}

export interface EndpointPorts {
  readonly endpoints: WebhookEndpointStore;
  readonly clock: Clock;
  readonly webhookPolicy: StageUrlRules;
  /**
   * Resolves an endpoint's host when it is registered or its URL changed, so a name that resolves to a
   * private address is refused then (every delivery checks again whatever this said). Absent: no early check.
   */
  readonly lookup?: AddressLookup;
}

/** How long registering an endpoint waits for its host to resolve before leaving it to the deliveries. */
const REGISTER_LOOKUP_TIMEOUT_MS = 2000;

/** What the API shows of an endpoint: never a secret, except `secret` right after creation or rotation. */
export interface EndpointView {
  readonly id: string;
  readonly object: 'webhook_endpoint';
  readonly url: string;
  readonly enabled_events: EnabledEvents;
  readonly description: string | null;
  readonly enabled: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly secret_created_at: string | null;
  /** Set while a rotated-out secret still signs (the end of its 24 h). */
  readonly previous_secret_expires_at: string | null;
  readonly failing_since: string | null;
  readonly disabled_reason: 'failing' | null;
  /** While disabled: since when (null for an endpoint disabled before this was recorded). */
  readonly disabled_at: string | null;
  /** The office whose events alone it gets; null: every event of the organization. */
  readonly office_id: string | null;
}

export function endpointView(endpoint: WebhookEndpoint, now: Date): EndpointView {
  const active = activeSecrets(endpoint.secrets, now);
  const previous = active.filter((s) => s.expires_at !== undefined);
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    enabled_events: endpoint.enabled_events,
    description: endpoint.description,
    enabled: endpoint.enabled,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
    secret_created_at: active[0]?.created_at ?? null,
    previous_secret_expires_at:
      previous.length > 0
        ? previous
            .map((s) => s.expires_at!)
            .sort()
            .at(-1)!
        : null,
    failing_since: endpoint.failing_since ?? null,
    disabled_reason: endpoint.disabled_reason ?? null,
    disabled_at: endpoint.enabled ? null : (endpoint.disabled_at ?? null),
    office_id: endpoint.office_id ?? null,
  };
}

/** Does an endpoint (or a request's webhook_events) want this event type? */
export function wantsEvent(enabledEvents: readonly string[] | undefined, type: string): boolean {
  if (enabledEvents === undefined) return true;
  return enabledEvents.some((e) => e === WILDCARD_EVENTS || e === type);
}

/**
 * The enabled endpoints of a tenant that want `type`, for an event of this office (undefined: the
 * organization's own): an office's endpoint gets only its office's events, an organization-wide one all.
 */
export function matchingEndpoints(
  endpoints: readonly WebhookEndpoint[],
  type: string,
  officeId?: string,
): WebhookEndpoint[] {
  return endpoints.filter(
    (e) =>
      e.enabled &&
      wantsEvent(e.enabled_events, type) &&
      (e.office_id === undefined || e.office_id === officeId),
  );
}

/** The secrets that sign a delivery to this endpoint now (newest first). */
export function endpointSigningSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  return activeSecrets(endpoint.secrets, now).map((s) => s.secret);
}

function newEndpointId(): string {
  return `we_${generateWebhookSecret()
    .slice('whsec_'.length, 'whsec_'.length + 24)
    .replace(/[+/=]/g, 'x')}`;
}

async function checkUrl(ports: EndpointPorts, url: string): Promise<void> {
  const checked = checkUrlSyntax(url, webhookDeliveryPolicy(ports.webhookPolicy));
  if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `url is not allowed: ${checked.reason}`);
  if (!ports.lookup) return;
  const forbidden = await resolvesToForbidden(checked.url.hostname.replace(/^\[|\]$/g, ''), {
    allowLoopback: ports.webhookPolicy.allowLoopback,
    lookup: ports.lookup,
    timeoutMs: REGISTER_LOOKUP_TIMEOUT_MS,
  });
  if (forbidden) throw new ApiError('URL_NOT_ALLOWED', `url is not allowed: ${forbidden}`);
}

export const endpointNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No webhook endpoint with id '${id}' exists for this key.`);

/** An office's key sees only its office's endpoints; an organization-wide key (scope undefined) every one. */
const visible = (endpoint: WebhookEndpoint, scope: OfficeScope) =>
  scope === undefined || endpoint.office_id === scope;

/** The index of the endpoint the key may see, else a 404. */
function indexOf(endpoints: readonly WebhookEndpoint[], id: string, scope: OfficeScope): number {
  const index = endpoints.findIndex((e) => e.id === id && visible(e, scope));
  if (index < 0) throw endpointNotFound(id);
  return index;
}

/** Reads, changes and writes the tenant's list, retrying when another writer got there first. */
async function change<T>(
  ports: EndpointPorts,
  tenant: Tenant,
  edit: (endpoints: WebhookEndpoint[], now: Date) => { next: WebhookEndpoint[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { endpoints, version } = await ports.endpoints.list(tenant);
    const { next, result } = edit(endpoints, ports.clock.now());
    if (await ports.endpoints.replace(tenant, version, next)) return result;
  }
  throw new Error('The webhook endpoints kept changing underneath; retry.');
}

export interface NewEndpoint {
  readonly url: string;
  readonly enabled_events: EnabledEvents;
  readonly description?: string | null;
  readonly enabled?: boolean;
  /** The office whose events alone it gets (checked by the caller: the key's own, or one of its organization's). */
  readonly office_id?: string;
}

/** A new endpoint and, this once, its secret. */
export async function createEndpoint(
  ports: EndpointPorts,
  tenant: Tenant,
  request: NewEndpoint,
): Promise<EndpointView & { secret: string }> {
  await checkUrl(ports, request.url);
  const secret = generateWebhookSecret();
  return change(ports, tenant, (endpoints, now) => {
    if (endpoints.length >= MAX_ENDPOINTS) {
      throw new ApiError(
        'WEBHOOK_ENDPOINT_LIMIT',
        `An organization may have at most ${MAX_ENDPOINTS} webhook endpoints per mode; delete one first.`,
      );
    }
    const at = now.toISOString();
    const endpoint: WebhookEndpoint = {
      id: newEndpointId(),
      url: request.url,
      enabled_events: [...new Set(request.enabled_events)],
      description: request.description ?? null,
      enabled: request.enabled ?? true,
      secrets: [{ secret, created_at: at }],
      created_at: at,
      updated_at: at,
      ...(request.enabled === false ? { disabled_at: at } : {}),
      ...(request.office_id === undefined ? {} : { office_id: request.office_id }),
    };
    return { next: [...endpoints, endpoint], result: { ...endpointView(endpoint, now), secret } };
  });
}

export async function listEndpoints(
  ports: EndpointPorts,
  tenant: Tenant,
  scope?: OfficeScope,
): Promise<EndpointView[]> {
  const now = ports.clock.now();
  return (await ports.endpoints.list(tenant)).endpoints
    .filter((e) => visible(e, scope))
    .map((e) => endpointView(e, now));
}

export async function findEndpoint(
  ports: Pick<EndpointPorts, 'endpoints'>,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<WebhookEndpoint | undefined> {
  return (await ports.endpoints.list(tenant)).endpoints.find((e) => e.id === id && visible(e, scope));
}

export async function getEndpoint(
  ports: EndpointPorts,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<EndpointView> {
  const endpoint = await findEndpoint(ports, tenant, id, scope);
  if (!endpoint) throw endpointNotFound(id);
  return endpointView(endpoint, ports.clock.now());
}

/** An endpoint's office is fixed when it is made. */
export type EndpointPatch = Partial<Omit<NewEndpoint, 'office_id'>>;

/**
 * What a disabled endpoint may have missed, found when a change enables it again: the events created
 * from `from` (when its failing streak began, for one disabled for failing; else when it was disabled)
 * to `to` (now) were never delivered to it.
 */
export interface MissedWindow {
  readonly disabled_at: string | null;
  readonly disabled_reason: 'failing' | null;
  readonly from: string;
  readonly to: string;
}

/** The window a disabled endpoint missed. */
function missedWindow(current: WebhookEndpoint, now: Date): MissedWindow {
  const disabledAt = current.disabled_at ?? null;
  const reason = current.disabled_reason ?? null;
  // Failing: every attempt failed from failing_since on, before the disabling too. An endpoint disabled
  // before disabled_at was recorded starts at its failing streak, or else at its last change.
  const from = (reason === 'failing' ? current.failing_since : undefined) ?? disabledAt ?? current.updated_at;
  return { disabled_at: disabledAt, disabled_reason: reason, from, to: now.toISOString() };
}

/**
 * Changes the fields given. When the change enables an endpoint that was disabled, `reenabled` is the
 * window of events it missed (the caller counts them and offers their resend).
 */
export async function changeEndpoint(
  ports: EndpointPorts,
  tenant: Tenant,
  id: string,
  patch: EndpointPatch,
  scope?: OfficeScope,
): Promise<{ endpoint: EndpointView; enabled_events: EnabledEvents; reenabled: MissedWindow | null }> {
  if (patch.url !== undefined) await checkUrl(ports, patch.url);
  return change(ports, tenant, (endpoints, now) => {
    const index = indexOf(endpoints, id, scope);
    const current = endpoints[index]!;
    const updated: WebhookEndpoint = {
      ...current,
      ...(patch.url === undefined ? {} : { url: patch.url }),
      ...(patch.enabled_events === undefined ? {} : { enabled_events: [...new Set(patch.enabled_events)] }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      ...(patch.enabled === false && current.enabled ? { disabled_at: now.toISOString() } : {}),
      updated_at: now.toISOString(),
    };
    const reenabled = patch.enabled === true && !current.enabled ? missedWindow(current, now) : null;
    if (patch.enabled === true) {
      // Enabled again by its owner: the failing streak that disabled it starts over.
      delete (updated as { failing_since?: string }).failing_since;
      delete (updated as { disabled_reason?: string }).disabled_reason;
      delete (updated as { disabled_at?: string }).disabled_at;
    }
    const next = [...endpoints];
    next[index] = updated;
    return {
      next,
      result: { endpoint: endpointView(updated, now), enabled_events: updated.enabled_events, reenabled },
    };
  });
}

export async function updateEndpoint(
  ports: EndpointPorts,
  tenant: Tenant,
  id: string,
  patch: EndpointPatch,
  scope?: OfficeScope,
): Promise<EndpointView> {
  return (await changeEndpoint(ports, tenant, id, patch, scope)).endpoint;
}

export async function deleteEndpoint(
  ports: EndpointPorts,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
  return change(ports, tenant, (endpoints) => {
    indexOf(endpoints, id, scope);
    return {
      next: endpoints.filter((e) => e.id !== id),
      result: { id, object: 'webhook_endpoint' as const, deleted: true as const },
    };
  });
}

/**
 * A new secret for the endpoint, shown this once. The secrets it replaces keep signing for 24 hours
 * (each delivery carries a signature per secret), so a receiver can switch over without missing one.
 */
export async function rotateEndpointSecret(
  ports: EndpointPorts,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<EndpointView & { secret: string }> {
  const secret = generateWebhookSecret();
  return change(ports, tenant, (endpoints, now) => {
    const index = indexOf(endpoints, id, scope);
    const current = endpoints[index]!;
    const overlapEnds = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
    const rotated: WebhookEndpoint = {
      ...current,
      secrets: [
        { secret, created_at: now.toISOString() },
        ...activeSecrets(current.secrets, now).map((s) => ({
          ...s,
          expires_at: s.expires_at ?? overlapEnds,
        })),
      ],
      updated_at: now.toISOString(),
    };
    const next = [...endpoints];
    next[index] = rotated;
    return { next, result: { ...endpointView(rotated, now), secret } };
  });
}

/**
 * Notes an attempt's outcome on its endpoint: a failure starts its failing streak (failing_since), a
 * delivery ends it, and a streak as long as `disableAfterMs` disables the endpoint (disabled_reason
 * `failing`). Writes only when something changes; answers 'disabled' when this call disabled it.
 */
export async function noteEndpointOutcome(
  store: WebhookEndpointStore,
  tenant: Tenant,
  endpointId: string,
  delivered: boolean,
  now: Date,
  disableAfterMs: number,
): Promise<'disabled' | 'unchanged' | 'noted'> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { endpoints, version } = await store.list(tenant);
    const index = endpoints.findIndex((e) => e.id === endpointId);
    if (index < 0) return 'unchanged';
    const current = endpoints[index]!;
    let next: WebhookEndpoint | undefined;
    let disabled = false;
    if (delivered) {
      if (current.failing_since !== undefined) {
        const { failing_since: _ended, ...rest } = current;
        next = rest;
      }
    } else if (current.failing_since === undefined) {
      next = { ...current, failing_since: now.toISOString() };
    } else if (current.enabled && now.getTime() - Date.parse(current.failing_since) >= disableAfterMs) {
      next = {
        ...current,
        enabled: false,
        disabled_reason: 'failing',
        disabled_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      disabled = true;
    }
    if (!next) return 'unchanged';
    const list = [...endpoints];
    list[index] = next;
    if (await store.replace(tenant, version, list)) return disabled ? 'disabled' : 'noted';
  }
  return 'unchanged';
}
