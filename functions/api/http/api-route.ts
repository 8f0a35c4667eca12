// The request pipeline every route shares, as middy middlewares:
//   envelope (request id, success/error bodies) → API key + rate limit → JSON body/query/path validation
// A route module then only names its schemas and calls one use case.

import { isUtf8 } from 'node:buffer';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { AuditContext } from '../../core/audit/audit-log.ts';
import type { AccountStore, ApiKeyRecord } from '../../core/auth/account-store.ts';
import { type AuthSettings, hashApiKey, modeOfKey } from '../../core/auth/api-key.ts';
import { type ApiScope, grants } from '../../core/auth/scopes.ts';
import { ApiError, apiErrors, type ErrorDetail } from '../../core/errors.ts';
import { requestId } from '../../core/ids.ts';
import type { ClaimedCreation, CreationClaims } from '../../core/jobs/creation-claims.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { rawMemberText, stringifyWithRawJson, withRawJson } from '../../core/jobs/raw-json.ts';
import type { RateDecision } from '../../core/limits/rate-limiter.ts';
import { apiLogContext, appendLogContext, instrumented, logger } from '../../core/observability.ts';
import type { OfficeScope } from '../../core/offices/office-scope.ts';
import { JSON_LINES } from '../route-definition.ts';
import { requiredScope } from '../route-scopes.ts';
import {
  IDEMPOTENCY_HEADER,
  idempotencyRecordIds,
  parseIdempotencyKey,
  REPLAYED_HEADER,
  runIdempotent,
} from './idempotency.ts';
import { badTextDetails } from './text-rules.ts';
import { zodDetails } from './validation.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A JSON Lines answer (an export): its lines, and X-Next-Cursor when it stopped at its limits. */
export function jsonLinesAnswer(exported: {
  readonly jsonLines: string;
  readonly nextCursor: string | null;
}): ApiResult {
  return {
    status: 200,
    data: undefined,
    raw: {
      contentType: `${JSON_LINES}; charset=utf-8`,
      body: exported.jsonLines,
      headers: exported.nextCursor ? { 'X-Next-Cursor': exported.nextCursor } : undefined,
    },
  };
}

/** What API Gateway invokes. */
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ApiResult {
  readonly status: number;
  readonly data: unknown;
  /**
   * An answer that is not the JSON envelope (an export as JSON Lines): sent as it is, with its own
   * Content-Type and headers; `data` is then unused.
   */
  readonly raw?: {
    readonly contentType: string;
    readonly body: string;
    readonly headers?: Record<string, string>;
  };
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  readonly body?: B;
  readonly query?: Q;
  readonly params?: P;
  /** Takes an Idempotency-Key header (every POST). */
  readonly idempotent?: boolean;
  /**
   * The route only reads what its tenant owns (no writes, no calls out, no use of the key beyond its
   * tenant). It then starts beside the key's admission write when this container has admitted the key
   * before (AccountStore.expectedKey), and its answer is used only once admission confirms that key:
   * the job read is no longer queued behind the admission write. A refused key's early answer is dropped.
   */
  readonly readOnly?: boolean;
  /**
   * The scope the route needs, for a module that serves routes the scope table does not list (the job
   * routes: route-scopes.ts JOB_ROUTE_SCOPE). Otherwise the table's, by method and event.resource.
   */
  readonly scope?: ApiScope;
}

export interface RouteRequest<B, Q, P> {
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  readonly tenant: Tenant;
  readonly key: ApiKeyRecord | undefined;
  /** The office the key acts for (office-scope.ts): it sees and makes only that office's; undefined: every office. */
  readonly office: OfficeScope;
  readonly requestId: string;
  /** Who made the request and from where, for the audit log: the key's id (never the key), IP, request id. */
  readonly audit: AuditContext;
  /** With an Idempotency-Key: claims what the request creates once, across retries (JobPorts.creationClaim). */
  readonly creationClaim?: (proposed: ClaimedCreation) => Promise<ClaimedCreation>;
  /** With an Idempotency-Key: the idempotency table's records it leaves, which what it creates carries. */
  readonly idempotencyRecords?: readonly string[];
}

export interface PipelineState {
  requestId: string;
  timestamp: string;
  tenant?: Tenant;
  key?: ApiKeyRecord;
  rate?: RateDecision;
  extraHeaders: Record<string, string>;
  parsed?: { body: unknown; query: unknown; params: unknown };
  idempotencyKey?: string;
  /** A readOnly route's answer, started for the key expected before admission decided (RouteSpec.readOnly). */
  early?: { readonly key: ApiKeyRecord; readonly answer: Promise<Settled<ApiResult>> };
}

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/** The promise's outcome as a value: an answer nobody waits for must not become an unhandled rejection. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

export type PipelineContext = Context & { pipeline: PipelineState };

// nosniff: a browser must not read an answer (which may echo caller text) as anything but JSON.
const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function rateHeaders(rate: RateDecision | undefined): Record<string, string> {
  if (!rate) return {};
  return {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(rate.resetAt),
  };
}

/** The audit log's view of a keyed request: the key by its id, the caller's IP, the request id. */
function auditContextOf(key: ApiKeyRecord, event: APIGatewayProxyEvent, requestId: string): AuditContext {
  const sourceIp = event.requestContext?.identity?.sourceIp;
  return {
    actor: { type: 'api_key', id: key.keyId },
    ...(sourceIp ? { sourceIp } : {}),
    requestId,
    ...(key.officeId ? { officeId: key.officeId } : {}),
  };
}

export function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The credential headers a request may carry, by their lower-case name. */
const CREDENTIAL_HEADERS: ReadonlyMap<string, string> = new Map([
  ['x-api-key', 'X-API-Key'],
  ['authorization', 'Authorization'],
]);

/**
 * A credential header sent more than once is refused: which one the service would read is not the
 * caller's to guess (a proxy that adds its own, a client that merges headers).
 */
function requireSingleCredential(event: APIGatewayProxyEvent): void {
  // Every request comes here: one pass over the header names of the gateway's multi-value map (any
  // spelling of a name counts), nothing built unless a credential header is there.
  const multi = event.multiValueHeaders;
  let counts: Record<string, number> | undefined;
  if (multi) {
    for (const key of Object.keys(multi)) {
      const name = CREDENTIAL_HEADERS.get(key.toLowerCase());
      if (name === undefined) continue;
      counts ??= {};
      counts[name] = (counts[name] ?? 0) + (multi[key]?.length ?? 0);
    }
  }
  if (counts === undefined) return;
  const repeated = [...CREDENTIAL_HEADERS.values()].flatMap((name) => {
    const count = counts[name] ?? 0;
    return count > 1 ? [{ path: name, message: `must be sent once; the request has it ${count} times` }] : [];
  });
  if (repeated.length > 0) throw apiErrors.validation(repeated);
}

export function errorResult(
  error: ApiError,
  state: Pick<PipelineState, 'requestId' | 'timestamp'>,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode: error.status,
    headers: { ...JSON_HEADERS, 'X-Request-Id': state.requestId, ...headers, ...error.headers },
    body: JSON.stringify({
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
      meta: { request_id: state.requestId, timestamp: state.timestamp },
    }),
  };
}

export const envelope = (): middy.MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  PipelineContext
> => ({
  before: (request) => {
    request.context.pipeline = {
      requestId: requestId(request.event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
      extraHeaders: {},
    };
    appendLogContext({ request_id: request.context.pipeline.requestId });
  },
  after: (request) => {
    const state = request.context.pipeline;
    const result = request.response as unknown as ApiResult;
    const headers = {
      ...JSON_HEADERS,
      'X-Request-Id': state.requestId,
      ...rateHeaders(state.rate),
      ...state.extraHeaders,
    };
    if (result.raw) {
      request.response = {
        statusCode: result.status,
        headers: { ...headers, 'Content-Type': result.raw.contentType, ...result.raw.headers },
        body: result.raw.body,
      };
      return;
    }
    request.response = {
      statusCode: result.status,
      headers,
      body: stringifyWithRawJson({
        data: result.data,
        meta: { request_id: state.requestId, timestamp: state.timestamp, mode: state.tenant?.mode },
      }),
    };
  },
  onError: (request) => {
    const state = request.context.pipeline ?? {
      requestId: requestId(),
      timestamp: new Date().toISOString(),
      extraHeaders: {},
    };
    let error = request.error;
    if (!(error instanceof ApiError)) {
      // The only place an unexpected error is seen: log it whole, answer without internals.
      logger.error('unhandled error', { error });
      error = apiErrors.internal();
    }
    request.response = errorResult(error as ApiError, state, {
      ...rateHeaders(state.rate),
      ...state.extraHeaders,
    });
  },
});

/** What the middleware works through, handed in by the route's module (functions/wiring/api.ts). */
export interface ApiRoutePorts {
  readonly accounts: AccountStore;
  readonly auth: AuthSettings;
  readonly creationClaims: CreationClaims;
  /** Powertools' record of Idempotency-Key answers. */
  readonly idempotency: BasePersistenceLayer;
}

/** Keys this container has tried to give their organization's copy (each is tried once). */
const copyTried = new Set<string>();

/**
 * A key made before keys carried their organization's plan and retention makes every submit read the
 * organization: it gets its copy at its first request in a container, so from its next on it needs no
 * read either. The request goes on whatever happens here; a copy that fails is made in another container
 * or when the organization's plan or retention is next set.
 */
async function giveKeyItsCopy(accounts: AccountStore, keyHash: string, orgId: string): Promise<void> {
  if (copyTried.has(keyHash)) return;
  copyTried.add(keyHash);
  try {
    await accounts.copyOrganizationToKey(keyHash, orgId);
  } catch (error) {
    logger.warn('copying the organization onto a key failed', { error });
  }
}

/** Starts a readOnly route's answer for the key this container expects (RouteSpec.readOnly). */
type EarlyStart = (key: ApiKeyRecord, event: APIGatewayProxyEvent, state: PipelineState) => void;

/** The scope a request needs (route-scopes.ts): the module's own, else the table's for its route. */
function neededScope(event: APIGatewayProxyEvent, given: ApiScope | undefined): ApiScope {
  return requiredScope(event.httpMethod, event.resource, given);
}

const apiKeyAuthentication = (
  ports: () => ApiRoutePorts,
  scope: ApiScope | undefined,
  startEarly?: EarlyStart,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext> => ({
  before: async (request) => {
    const state = request.context.pipeline;
    const needed = neededScope(request.event, scope);
    const settings = ports().auth;
    requireSingleCredential(request.event);
    const rawKey = header(request.event, 'x-api-key')?.trim();
    if (!rawKey) throw apiErrors.unauthorized('The API key is missing: send it in the X-API-Key header.');
    const mode = modeOfKey(rawKey);
    if (!mode)
      throw apiErrors.unauthorized('The API key is invalid: keys look like svc_live_… or svc_test_….');
    if (mode === 'test' && settings.keyVariant === 'live-only') {
      throw apiErrors.forbidden(
        'This environment accepts live keys only (svc_live_…); test keys cannot be used here.',
      );
    }
    const now = new Date();
    const keyHash = hashApiKey(rawKey);
    const limitOf = (key: ApiKeyRecord) =>
      key.mode === 'test' ? settings.testRatePerMinute : key.requestsPerMinute;
    const accounts = ports().accounts;
    const expected = startEarly && accounts.expectedKey(keyHash, now, limitOf);
    // Nothing is started for a key that lacks the route's scope: it will be refused below.
    if (expected && grants(expected, needed)) startEarly(expected, request.event, state);
    const outcome = await accounts.admit(keyHash, now, limitOf);
    if (outcome.kind === 'unknown-or-revoked') {
      throw apiErrors.unauthorized('The API key is invalid or has been revoked.');
    }
    const key = outcome.key;
    if (!key.organization) await giveKeyItsCopy(accounts, keyHash, key.orgId);
    state.key = key;
    state.tenant = { orgId: key.orgId, mode: key.mode };
    appendLogContext({ org_id: key.orgId, mode: key.mode, key_id: key.keyId });
    if (outcome.kind === 'quota-exceeded') {
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
      const retryAfter = Math.max(1, Math.ceil(midnight - now.getTime() / 1000));
      state.extraHeaders = {
        'Retry-After': String(retryAfter),
        // The limit that was hit is the daily one: report it, not the per-minute one.
        'X-RateLimit-Limit': String(key.requestsPerDay),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(midnight),
      };
      throw new ApiError(
        'QUOTA_EXCEEDED',
        `The daily quota of ${key.requestsPerDay} requests for this key is used up; it resets at 00:00 UTC.`,
      );
    }
    const rate = outcome.rate;
    state.rate = rate;
    if (outcome.kind === 'rate-limited') {
      state.extraHeaders['Retry-After'] = String(rate.retryAfterSeconds);
      throw new ApiError(
        'RATE_LIMITED',
        `Rate limit of ${rate.limit} requests per minute exceeded; retry in ${rate.retryAfterSeconds} s.`,
      );
    }
    // The key is known, counted and within its limits: whether it may do this is its scopes' question.
    if (!grants(key, needed)) throw apiErrors.insufficientScope(needed);
  },
});

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or undefined. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  if (isUtf8(bytes)) return undefined;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    // The sequence's length and the range its second byte must lie in (RFC 3629's table: no overlong
    // forms, no surrogates, nothing above U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b < 0x80) length = 1;
    else if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return undefined;
}

/**
 * A body in a content coding (gzip, br, …) is refused, naming the coding: read as plain bytes it would be
 * garbage (a real gzip body answered INVALID_JSON), and a plain body labelled with one is not what it says.
 * Nothing in front of the functions decodes a coding, so accepting none keeps the rule the same everywhere.
 */
function refuseContentCoding(event: APIGatewayProxyEvent): void {
  const coding = header(event, 'content-encoding');
  if (coding === undefined) return;
  const codings = coding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length > 0) throw apiErrors.unsupportedContentEncoding(coding);
}

/** The body as parsed, and the text it was parsed from (a UTF-8 byte order mark dropped). */
function parseJsonBody(event: APIGatewayProxyEvent): { value: unknown; text: string } {
  refuseContentCoding(event);
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.length > MAX_BODY_BYTES) throw apiErrors.payloadTooLarge(MAX_BODY_BYTES);
  // JSON text is UTF-8 (RFC 8259): bytes that are not would be decoded into U+FFFD replacement characters
  // and stored and handed back as text the caller never sent. API Gateway hands bodies over as bytes
  // (binary media types, lib/constructs/service-api.ts), so this sees exactly what was sent.
  const invalidAt = firstInvalidUtf8(bytes);
  if (invalidAt !== undefined)
    throw apiErrors.invalidJson(
      `The request body is not valid UTF-8 (JSON text must be): the byte at offset ${invalidAt} (0x${bytes[invalidAt]!.toString(16).padStart(2, '0')}) does not begin or continue a character.`,
    );
  // RFC 8259 lets a parser ignore a byte order mark; some Windows tools write one.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return { value: {}, text: '{}' };
  const contentType = header(event, 'content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(mediaType)) {
    throw apiErrors.unsupportedMediaType(contentType || '(none)');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw apiErrors.invalidJson(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiErrors.invalidJson('The request body must be a JSON object.');
  }
  return { value: body, text };
}

/**
 * callback_metadata goes back byte for byte: keep the caller's text with the value. Done on the parsed
 * body before validation (its size limit is measured on that text: common.ts) and on the validated body,
 * whose objects are copies.
 */
function keepCallerJson(body: unknown, text: string): void {
  const metadata = (body as { callback_metadata?: unknown } | undefined)?.callback_metadata;
  if (typeof metadata !== 'object' || metadata === null) return;
  const raw = rawMemberText(text, 'callback_metadata');
  if (raw !== undefined) withRawJson(metadata, raw);
}

function singleValuedQuery(event: APIGatewayProxyEvent): Record<string, string> {
  const multi = event.multiValueQueryStringParameters ?? {};
  const repeated = Object.entries(multi).filter(([, values]) => (values?.length ?? 0) > 1);
  if (repeated.length > 0) {
    throw apiErrors.validation(
      repeated.map(([name]) => ({ path: name, message: 'must be given at most once' })),
    );
  }
  return Object.fromEntries(
    Object.entries(event.queryStringParameters ?? {}).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
}

export const requestValidation = <B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(
  spec: RouteSpec<B, Q, P>,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext> => ({
  before: (request) => {
    // A readOnly route's early start parsed the path and query already (it takes no body).
    if (request.context.pipeline.early) return;
    const { event } = request;
    const details: ErrorDetail[] = [];
    const parse = (schema: z.ZodType | undefined, value: unknown, where: 'body' | 'query' | 'path') => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      details.push(...zodDetails(result.error, where, value));
      return undefined;
    };
    const params = parse(spec.params, event.pathParameters ?? {}, 'path');
    const query = parse(spec.query, singleValuedQuery(event), 'query');
    let body: unknown;
    if (spec.body) {
      const json = parseJsonBody(event);
      const badText = badTextDetails(json.value);
      if (badText.length > 0) throw apiErrors.validation(badText);
      keepCallerJson(json.value, json.text);
      body = parse(spec.body, json.value, 'body');
      keepCallerJson(body, json.text);
    }
    if (spec.idempotent) {
      try {
        request.context.pipeline.idempotencyKey = parseIdempotencyKey(header(event, IDEMPOTENCY_HEADER));
      } catch (error) {
        details.push(...((error as ApiError).details ?? []));
      }
    }
    if (details.length > 0) throw apiErrors.validation(details);
    request.context.pipeline.parsed = { body, query, params };
  },
});

/** Builds a route's Lambda handler from its schemas and the function that calls its use case. */
export function apiRoute<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(
  spec: RouteSpec<B, Q, P>,
  run: (request: RouteRequest<z.output<B>, z.output<Q>, z.output<P>>) => Promise<ApiResult>,
  ports: () => ApiRoutePorts,
): ApiHandler {
  if (spec.readOnly && (spec.idempotent || spec.body)) {
    throw new Error('A readOnly route takes neither a body nor an Idempotency-Key.');
  }
  const startEarly: EarlyStart | undefined = spec.readOnly
    ? (key, event, state) => {
        // The same schemas requestValidation applies after admission: input they refuse starts nothing.
        let params: { success: boolean; data?: unknown } = { success: true };
        let query: { success: boolean; data?: unknown } = { success: true };
        try {
          if (spec.params) params = spec.params.safeParse(event.pathParameters ?? {});
          if (spec.query) query = spec.query.safeParse(singleValuedQuery(event));
        } catch {
          return;
        }
        if (!params.success || !query.success) return;
        const answer = run({
          body: undefined as z.output<B>,
          query: query.data as z.output<Q>,
          params: params.data as z.output<P>,
          tenant: { orgId: key.orgId, mode: key.mode },
          key,
          office: key.officeId,
          requestId: state.requestId,
          audit: auditContextOf(key, event, state.requestId),
        });
        state.early = { key, answer: settle(answer) };
        // What requestValidation would find: the same schemas on the same event (it skips them then).
        state.parsed = { body: undefined, query: query.data, params: params.data };
      }
    : undefined;
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>().use(
    envelope(),
  );
  pipeline.use(apiKeyAuthentication(ports, spec.scope, startEarly)).use(requestValidation(spec));
  const handler = pipeline.handler(async (event, context) => {
    const state = context.pipeline;
    const early = state.early;
    // Admission confirmed the key the early answer was started for (same key id, org and mode).
    if (
      early &&
      early.key.keyId === state.key?.keyId &&
      early.key.orgId === state.tenant?.orgId &&
      early.key.mode === state.tenant?.mode
    ) {
      const settled = await early.answer;
      if (!settled.ok) throw settled.error;
      return settled.value as unknown as APIGatewayProxyResult;
    }
    const parsed = state.parsed!;
    const tenant = state.tenant!; // set by apiKeyAuthentication, which every route runs
    const idempotencyKey = state.idempotencyKey;
    const request = { method: event.httpMethod, path: event.path, body: parsed.body ?? null };
    const call = () =>
      run({
        body: parsed.body as z.output<B>,
        query: parsed.query as z.output<Q>,
        params: parsed.params as z.output<P>,
        tenant,
        key: state.key,
        office: state.key?.officeId,
        requestId: state.requestId,
        audit: auditContextOf(state.key!, event, state.requestId),
        creationClaim: idempotencyKey
          ? (proposed) => ports().creationClaims.claim(tenant, idempotencyKey, request, proposed)
          : undefined,
        idempotencyRecords: idempotencyKey
          ? idempotencyRecordIds(tenant, idempotencyKey, request)
          : undefined,
      });
    if (!idempotencyKey) return (await call()) as unknown as APIGatewayProxyResult;
    const { answer, replayed } = await runIdempotent(
      ports().idempotency,
      { tenant, key: idempotencyKey, request, requestId: state.requestId, context },
      call,
    );
    if (replayed) state.extraHeaders[REPLAYED_HEADER] = 'true';
    const result: ApiResult = { status: answer.status, data: answer.data };
    return result as unknown as APIGatewayProxyResult;
  });
  // The pipeline's own state lives on the context it is handed; callers see a plain Lambda handler.
  return instrumented('api', handler as unknown as ApiHandler, apiLogContext) as ApiHandler;
}
