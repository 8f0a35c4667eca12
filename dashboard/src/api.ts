// The dashboard API client: same origin, a bearer session (never a cookie), JSON envelopes in and out.
export type Mode = 'test' | 'live';

export interface SignInConfig {
  readonly sign_in: 'sign-in-link' | 'cognito';
  readonly cognito?: { readonly domain: string; readonly client_id: string };
}

const SESSION_KEY = 'pms.dashboard.session';

interface Session {
  readonly token: string;
  /** cognito: the ID token goes in Authorization as it is (API Gateway's authorizer wants it bare). */
  readonly kind: 'sign-in-link' | 'cognito';
  readonly expiresAt: string;
}

export function currentSession(): Session | undefined {
  const raw = sessionStorage.getItem(SESSION_KEY);
  if (!raw) return undefined;
  const session = JSON.parse(raw) as Session;
  if (Date.parse(session.expiresAt) <= Date.now()) {
    sessionStorage.removeItem(SESSION_KEY);
    return undefined;
  }
  return session;
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function forgetSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Resolves an API path against the page (/dashboard/ → /v1/…, also under a stage prefix like /api/). */
function apiUrl(path: string): string {
  return new URL(`..${path}`, window.location.href).toString();
}

let onUnauthorized: () => void = () => {};
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

/** A download of the signed-in organization's (a JSON Lines export): its text and its next cursor. */
export async function download(path: string): Promise<{ text: string; nextCursor: string | null }> {
  const session = currentSession();
  const headers: Record<string, string> = {};
  if (session) headers.Authorization = session.kind === 'cognito' ? session.token : `Bearer ${session.token}`;
  const response = await fetch(apiUrl(path), { headers, credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) {
    const error = (JSON.parse(text || '{}') as { error?: { code: string; message: string } }).error;
    throw new ApiFailure(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `The download failed (${response.status}).`,
    );
  }
  return { text, nextCursor: response.headers.get('X-Next-Cursor') };
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const session = currentSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session) headers.Authorization = session.kind === 'cognito' ? session.token : `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(apiUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit',
    cache: 'no-store',
  });
  const payload = (await response.json().catch(() => ({}))) as {
    data?: T;
    error?: { code: string; message: string };
  };
  if (!response.ok) {
    if (response.status === 401 && path !== '/v1/dashboard/sessions') {
      forgetSession();
      onUnauthorized();
    }
    throw new ApiFailure(
      response.status,
      payload.error?.code ?? 'HTTP_ERROR',
      payload.error?.message ?? `The request failed (${response.status}).`,
    );
  }
  return payload.data as T;
}

export async function loadConfig(): Promise<SignInConfig> {
  const response = await fetch(new URL('config.json', window.location.href), { cache: 'no-store' });
  return (await response.json()) as SignInConfig;
}

export interface DashboardKey {
  key_id: string;
  name: string;
  mode: Mode;
  status: 'active' | 'revoked';
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  requests_per_minute: number;
  requests_per_day: number | null;
  scopes: string[];
  /** The one office the key acts for; null (or absent): the whole organization. */
  office_id?: string | null;
}

/** One of the organization's offices in a mode (GET /v1/dashboard/offices). */
export interface Office {
  id: string;
  name: string;
  external_ref: string | null;
  /** Days its jobs' media are kept; null: the organization's retention. */
  media_retention_days: number | null;
  /** The kit its jobs draw when they name none; null for none. */
  default_brand_kit_id: string | null;
  created_at: string;
  updated_at: string;
}

interface Contact {
  name: string | null;
  phone: string | null;
  email: string | null;
  licence_number: string | null;
}

/** A kept image of a kit (a fresh presigned URL on every read). */
export interface KeptImage {
  url: string;
  width: number;
  height: number;
  source_url: string;
}

/** A brand kit as GET /v1/dashboard/brand-kits answers it. */
export interface BrandKit {
  id: string;
  version: number;
  office_id: string | null;
  name: string;
  logo: KeptImage | null;
  colors: {
    primary: string | null;
    secondary: string | null;
    /** What the slides will draw with these colours (the slides' defaults where one is not set). */
    contrast: {
      text_on_primary: string;
      text_on_primary_ratio: number;
      secondary_on_primary: string;
      secondary_on_primary_ratio: number;
      secondary_on_primary_adjusted: boolean;
      secondary_on_paper: string;
      secondary_on_paper_ratio: number;
      secondary_on_paper_adjusted: boolean;
    };
  };
  agency: Contact;
  agent: Contact & { photo: KeptImage | null };
  disclaimer: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookSecrets {
  current: { secret: string; created_at: string };
  previous: Array<{ secret: string; created_at: string; expires_at: string }>;
}

/** A webhook endpoint as GET /v1/dashboard/webhook-endpoints shows it (never its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  description: string | null;
  enabled: boolean;
  created_at: string;
  failing_since: string | null;
  disabled_reason: 'failing' | null;
  disabled_at: string | null;
  previous_secret_expires_at: string | null;
}

/** The range resend that replays what an endpoint missed (POST …/events/resend's body). */
export interface RangeResend {
  created_from: string;
  created_to: string;
  failed_only: boolean;
  endpoint_id?: string;
}

/** What PATCH answers when it enabled a disabled endpoint. */
export interface ReplayOffer {
  disabled_at: string | null;
  disabled_reason: 'failing' | null;
  failed: number;
  missed: number;
  has_more: boolean;
  resend: { method: 'POST'; path: string; body: RangeResend };
}

export interface RangeResendAnswer {
  event_ids: string[];
  events: number;
  deliveries: number;
  has_more: boolean;
}

/** GET /v1/dashboard/events/{id}: the event with every attempt per receiver. */
export interface EventRecord extends EventSummary {
  deliveries: Array<{
    endpoint_id: string | null;
    url: string;
    delivered: boolean;
    attempts: Array<{
      attempt: number;
      replay: boolean;
      attempted_at: string;
      status_code: number | null;
      duration_ms: number;
      error: string | null;
      outcome: string;
    }>;
  }>;
}

/** An event as GET /v1/dashboard/events lists it. */
export interface EventSummary {
  id: string;
  type: string;
  created_at: string;
  job_id: string | null;
  delivery_success: boolean | null;
}

export interface EventPage {
  events: EventSummary[];
  pagination: { limit: number; count: number; has_more: boolean; next_cursor: string | null };
}

export interface WebhookAttempt {
  event_id: string;
  type: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
  outcome: string;
}

export interface Job {
  job_id: string;
  job_type: string;
  status: string;
  mode: Mode;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  progress: { percent: number; stage: string };
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
  parent_job_id: string | null;
  /** The listing kit that made it, for a kit's child job. */
  kit_job_id: string | null;
  webhook: { url: string; attempts: WebhookAttempt[] } | null;
  /** When retention erases its media and inputs (null once erased). */
  media_expires_at: string | null;
  media_expired: boolean;
}

/** What POST /v1/dashboard/jobs/{id}/delete answers (DELETE /v1/jobs/{id}'s receipt). */
export interface DeletionReceipt {
  job_id: string;
  deleted_at: string;
  jobs: Array<{ job_id: string }>;
}

export interface JobPage {
  jobs: Job[];
  pagination: { limit: number; offset: number; count: number; has_more: boolean; next_offset: number | null };
}

interface Figures {
  jobs: number;
  units: number;
  amount: number;
}

export interface UsageReport {
  organization_id: string;
  mode: Mode;
  from: string;
  to: string;
  currency: string;
  days: Array<{ date: string; job_type: string } & Figures>;
  totals: Figures & { by_job_type: Record<string, Figures> };
}

/** GET/PATCH /v1/dashboard/settings: the organization's media retention. */
export interface RetentionSettings {
  media_retention_days: number | null;
  plan: string | null;
  plan_days: number | null;
  stage_days: number;
  effective_days: number;
  max_days: number;
}

/** GET /v1/dashboard/imagery-sources: the organization's own imagery subscription (never its key). */
export interface ImagerySource {
  id: string;
  name: string;
  kind: 'xyz-tiles' | 'wms' | 'arcgis-export';
  url: string;
  coverage: { west: number; south: number; east: number; north: number };
  licence: { store: boolean; print: boolean; portal: boolean };
  attribution: string;
  max_zoom?: number;
  layers?: string;
  api_key_param: string | null;
  key_hint: string | null;
  created_at: string;
}

export type Role = 'owner' | 'admin' | 'member' | 'viewer' | 'billing';

export interface Member {
  object: 'member';
  id: string;
  email: string;
  role: Role;
  office_ids: string[];
  created_at: string;
  updated_at: string;
}

/** What GET /v1/dashboard/audit-events lists (GET /v1/audit-events's records). */
export interface AuditEvent {
  id: string;
  action: string;
  actor: { type: 'api_key' | 'member' | 'cli'; id: string };
  target: { type: string; id: string };
  mode: Mode;
  created_at: string;
  source_ip: string | null;
  request_id: string | null;
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
}
