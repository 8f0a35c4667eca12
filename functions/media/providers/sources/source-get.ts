// The GET every provider source makes: the outbound policy's checks (every address resolved and checked,
// the connection pinned, redirects checked hop by hop; a stage's own sources and an organization's alike),
// a deadline over the whole exchange including retries, a byte cap per answer, a count of requests per
// operation (one frame, one lot lookup), backoff on 429 and 503 as Retry-After says (within the
// deadline), and the source's API key added as its query parameter and redacted wherever a URL is printed.
import {
  failureText,
  PinnedGetError,
  type PinnedGetFailure,
  pinnedGet,
} from '../../../core/outbound/pinned-get.ts';
import type { AddressLookup, StageUrlRules } from '../../../core/outbound/url-policy.ts';
import { SourceError } from './source-types.ts';

export interface SourceGetLimits {
  /** The whole operation (all its requests and retries). */
  readonly timeoutMs: number;
  /** One answer's body. */
  readonly maxBytes: number;
  /** Requests one operation may make (retries count). */
  readonly maxRequests: number;
  /** 429/503 retries of one request. */
  readonly maxRetries: number;
}

export const DEFAULT_SOURCE_LIMITS: SourceGetLimits = {
  timeoutMs: 15_000,
  maxBytes: 32 * 1024 * 1024,
  maxRequests: 64,
  maxRetries: 3,
};

export interface SourceGetOptions extends StageUrlRules {
  readonly source: string;
  /** The key's value and its query parameter, when the source has one. */
  readonly apiKey?: { readonly value: string; readonly param: string };
  readonly limits?: Partial<SourceGetLimits>;
  /** Injected in tests. */
  readonly lookup?: AddressLookup;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface SourceAnswer {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
}

/** GETs of one operation; each call counts against its budget. */
export type SourceGet = (url: string) => Promise<SourceAnswer>;

/** A URL with the value of `param` (and any key, token or apikey parameter) replaced, for messages and logs. */
export function redactUrl(url: string, param?: string): string {
  const names = ['key', 'apikey', 'api_key', 'token', 'access_token', ...(param ? [param] : [])];
  const escaped = names.map((n) => n.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|');
  return url.replace(new RegExp(`([?&](?:${escaped})=)[^&#]*`, 'gi'), '$1***');
}

/** Adds the key's query parameter to a URL. */
function withKey(url: string, apiKey: SourceGetOptions['apiKey']): string {
  if (!apiKey) return url;
  const u = new URL(url);
  u.searchParams.set(apiKey.param, apiKey.value);
  return u.toString();
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A GET budget for one operation against one source. */
export function sourceGet(options: SourceGetOptions): SourceGet {
  const limits = { ...DEFAULT_SOURCE_LIMITS, ...options.limits };
  const sleep = options.sleep ?? defaultSleep;
  const deadline = Date.now() + limits.timeoutMs;
  let made = 0;
  const fail = (kind: ConstructorParameters<typeof SourceError>[1], message: string, status?: number) =>
    new SourceError(options.source, kind, message, status);

  return async (url) => {
    const shown = redactUrl(url, options.apiKey?.param);
    for (let attempt = 0; ; attempt += 1) {
      if (made >= limits.maxRequests)
        throw fail('too-large', `more than ${limits.maxRequests} requests for one operation (GET ${shown})`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw fail('timeout', `no answer within ${limits.timeoutMs} ms (GET ${shown})`);
      made += 1;
      try {
        return await pinnedGet(withKey(url, options.apiKey), {
          allowHttp: options.allowHttp,
          allowLoopback: options.allowLoopback,
          credentialsAdvice: 'a source authenticates with its apiKey setting, not in its URL',
          timeoutMs: remaining,
          maxBytes: limits.maxBytes,
          maxRedirects: 2,
          ...(options.lookup ? { lookup: options.lookup } : {}),
        });
      } catch (error) {
        if (!(error instanceof PinnedGetError)) throw error;
        const { failure } = error;
        const wait = retryDelayMs(failure, attempt, limits.maxRetries);
        if (wait !== undefined && Date.now() + wait < deadline) {
          await sleep(wait);
          continue;
        }
        throw fail(
          kindOf(failure),
          `GET ${shown} failed: ${failureText(failure, limits.timeoutMs)}`,
          statusOf(failure),
        );
      }
    }
  };
}

/** How long to wait before retrying a throttled answer (429, 503), or undefined: do not retry. */
function retryDelayMs(failure: PinnedGetFailure, attempt: number, maxRetries: number): number | undefined {
  if (failure.kind !== 'status' || (failure.status !== 429 && failure.status !== 503)) return undefined;
  if (attempt >= maxRetries) return undefined;
  if (failure.retryAfterSeconds !== undefined) return Math.min(30_000, failure.retryAfterSeconds * 1000);
  // 0.5 s, 1 s, 2 s … with jitter so that several frames' requests do not come back together.
  return 500 * 2 ** attempt * (0.75 + Math.random() * 0.5);
}

function kindOf(failure: PinnedGetFailure): ConstructorParameters<typeof SourceError>[1] {
  switch (failure.kind) {
    case 'refused':
    case 'too-many-redirects':
    case 'redirect-without-location':
      return 'refused';
    case 'status':
      return 'http-status';
    case 'too-large':
      return 'too-large';
    case 'timeout':
      return 'timeout';
    default:
      return 'bad-answer';
  }
}

function statusOf(failure: PinnedGetFailure): number | undefined {
  return failure.kind === 'status' ? failure.status : undefined;
}
