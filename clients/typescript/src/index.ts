// The typed TypeScript client of the property media API: openapi-fetch over the `paths` types generated
// from the service's OpenAPI document (./schema.ts), plus the two things every integration writes by
// hand otherwise: waiting for a job to finish, and verifying a signed webhook (Standard Webhooks).
import { createHmac, timingSafeEqual } from 'node:crypto';
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.ts';

export type { components, operations, paths, webhooks } from './schema.ts';

export type Job = components['schemas']['Job'];
export type JobStatus = Job['status'];
export type Usage = components['schemas']['Usage'];
export type ApiErrorBody = components['schemas']['Error'];
/** Every webhook event a receiver can get, told apart by `type`. */
export type JobEvent = {
  [E in keyof webhooks]: NonNullable<webhooks[E]['post']['requestBody']>['content']['application/json'];
}[keyof webhooks];

export type PropertyMediaClient = Client<paths, 'application/json'>;

export interface ClientOptions {
  /** A fetch implementation (tests, proxies); default: the global fetch. */
  readonly fetch?: typeof globalThis.fetch;
  /** Extra headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A client bound to one API base URL (e.g. http://127.0.0.1:3000 or the stage's API URL) and key.
 * Calls are typed by path and method: `client.POST('/v1/property-frontage/detect', { body })`
 * answers `{ data, error, response }` where `data` is the envelope `{ data, meta }`.
 */
export function createClient(
  baseUrl: string,
  apiKey: string,
  options: ClientOptions = {},
): PropertyMediaClient {
  return createFetchClient<paths, 'application/json'>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, 'X-API-Key': apiKey },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** An error answer of the API: its HTTP status, error code, message and request id. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorBody['error']['details'];
  readonly requestId: string | undefined;

  constructor(status: number, body: unknown) {
    const error = (body as Partial<ApiErrorBody> | undefined)?.error;
    super(error?.message ?? `The API answered ${status}.`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error?.code ?? 'UNKNOWN';
    this.details = error?.details;
    this.requestId = (body as Partial<ApiErrorBody> | undefined)?.meta?.request_id;
  }
}

export class WaitForJobTimeoutError extends Error {
  constructor(
    readonly jobId: string,
    readonly lastStatus: JobStatus | undefined,
    timeoutMs: number,
  ) {
    super(`Job ${jobId} was still ${lastStatus ?? 'unknown'} after ${timeoutMs} ms.`);
    this.name = 'WaitForJobTimeoutError';
  }
}

export interface WaitForJobOptions {
  /** Give up after this long (WaitForJobTimeoutError). @default 600000 (10 minutes) */
  readonly timeoutMs?: number;
  /** First wait between polls; each next wait is 1.5× longer, up to `maxIntervalMs`. @default 1000 */
  readonly intervalMs?: number;
  /** @default 10000 */
  readonly maxIntervalMs?: number;
  /** Called after every poll with the job as it stands (progress bars). */
  readonly onPoll?: (job: Job) => void;
  readonly signal?: AbortSignal;
}

const FINAL: readonly JobStatus[] = ['completed', 'failed', 'canceled'];

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a job until it is final (completed, failed or canceled) and returns it: check `job.status`
 * (`job.output` when completed, `job.error` when failed). Waits grow 1.5× per poll; a 429 waits for its
 * Retry-After. Any other error answer (404: not this key's job) throws ApiRequestError.
 */
export async function waitForJob(
  client: PropertyMediaClient,
  jobId: string,
  options: WaitForJobOptions = {},
): Promise<Job> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const maxIntervalMs = options.maxIntervalMs ?? 10_000;
  let interval = Math.min(options.intervalMs ?? 1_000, maxIntervalMs);
  const deadline = Date.now() + timeoutMs;
  let last: JobStatus | undefined;
  for (;;) {
    const { data, error, response } = await client.GET('/v1/jobs/{jobId}', {
      params: { path: { jobId } },
      signal: options.signal,
    });
    let wait = interval;
    if (data) {
      const job = data.data;
      last = job.status;
      options.onPoll?.(job);
      if (FINAL.includes(job.status)) return job;
      interval = Math.min(Math.ceil(interval * 1.5), maxIntervalMs);
    } else if (response.status === 429) {
      wait = Math.max(interval, Number(response.headers.get('Retry-After') ?? '1') * 1000);
    } else {
      throw new ApiRequestError(response.status, error);
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new WaitForJobTimeoutError(jobId, last, timeoutMs);
    await sleep(Math.min(wait, left), options.signal);
  }
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, either way (replay protection). @default 300 */
  readonly toleranceSeconds?: number;
  /** @default the current time */
  readonly now?: Date;
}

type HeaderBag = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function headerOf(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(
    headers as Record<string, string | readonly string[] | undefined>,
  )) {
    if (key.toLowerCase() === name)
      return Array.isArray(value) ? value.join(' ') : (value as string | undefined);
  }
  return undefined;
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (encoded === '' || !STRICT_BASE64.test(encoded))
    throw new WebhookVerificationError('The webhook secret must be whsec_ followed by base64.');
  return Buffer.from(encoded, 'base64');
}

/**
 * Verifies a webhook delivery (Standard Webhooks v1: HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`)
 * and returns its parsed event. `rawBody` must be the exact bytes received (not re-serialized JSON).
 * `secrets`: your organization's `whsec_…` secret, or several while you rotate it (any one matching is
 * enough). Throws WebhookVerificationError when a header is missing, the timestamp is outside the
 * tolerance or no signature matches.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): JobEvent {
  const id = headerOf(headers, 'webhook-id');
  const timestamp = headerOf(headers, 'webhook-timestamp');
  const signatures = headerOf(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header.');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds.');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError(
      `webhook-timestamp is more than ${tolerance} s from now (replayed or clock skew).`,
    );
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const content = `${id}.${timestamp}.${body}`;
  const offered = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secretKey(secret)).update(content, 'utf8').digest();
    if (offered.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected))) {
      return JSON.parse(body) as JobEvent;
    }
  }
  throw new WebhookVerificationError('No webhook signature matches the given secret(s).');
}
