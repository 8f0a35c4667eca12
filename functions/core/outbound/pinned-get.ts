// The one HTTP GET to a URL someone else named (customer images, 3D tiles), under an outbound policy: each
// hop's URL is checked, its host resolved and every address checked, and the connection pinned to the
// checked address. The client never follows a redirect itself: a redirect comes back here, and the next
// hop is checked the same way, up to the policy's count. The body is read under the byte cap (a caller
// may look at each chunk as it arrives and stop there) and every hop and the body under one deadline.
// Failures say what happened as data: `failureText` words one briefly for a caller's message (a caller
// whose errors reach people words them itself), and `isTransientFailure` says whether a retry may help.
import type { IncomingHttpHeaders } from 'node:http';
import * as http from 'node:http';
import * as https from 'node:https';
import { checkUrlSyntax, type OutboundPolicy, pinnedLookup, resolveAndCheck } from './url-policy.ts';

export type PinnedGetFailure =
  /** A hop's URL or address was refused; `hop` 0 is the URL asked for, `target` the hop's URL. */
  | { readonly kind: 'refused'; readonly hop: number; readonly target: string; readonly reason: string }
  | { readonly kind: 'too-many-redirects'; readonly maxRedirects: number }
  | { readonly kind: 'redirect-without-location'; readonly status: number }
  /** A status other than 200; `retryAfterSeconds` when the answer said when to come back (429, 503). */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterSeconds?: number }
  /** Over the byte cap; `declared` when the Content-Length said so before any byte came. */
  | { readonly kind: 'too-large'; readonly maxBytes: number; readonly declared?: number }
  | { readonly kind: 'timeout'; readonly timeoutMs: number }
  | { readonly kind: 'connection-broke'; readonly message: string }
  | { readonly kind: 'cut-short' }
  | { readonly kind: 'request-failed'; readonly message: string };

/**
 * A failure in a few plain words for a caller's message ("HTTP 503", "too many redirects"). A caller that
 * words failures for people of its own (an image download's job error) keeps its own words. `timeoutMs`
 * names the limit when the caller's deadline spans several GETs (by default, this GET's own).
 */
export function failureText(failure: PinnedGetFailure, timeoutMs?: number): string {
  switch (failure.kind) {
    case 'refused':
      return failure.hop === 0 ? failure.reason : `redirect refused: ${failure.reason}`;
    case 'too-many-redirects':
      return 'too many redirects';
    case 'redirect-without-location':
      return `HTTP ${failure.status} without a Location header`;
    case 'status':
      return `HTTP ${failure.status}`;
    case 'too-large':
      return `larger than the ${failure.maxBytes}-byte limit`;
    case 'timeout':
      return `no response within ${timeoutMs ?? failure.timeoutMs} ms`;
    case 'connection-broke':
      return `the connection broke: ${failure.message}`;
    case 'cut-short':
      return 'the connection closed before the whole answer arrived';
    case 'request-failed':
      return `the request failed: ${failure.message}`;
  }
}

/** Whether the same GET later may succeed: no answer in time, a broken or cut connection, 429 or 5xx. */
export function isTransientFailure(failure: PinnedGetFailure): boolean {
  switch (failure.kind) {
    case 'status':
      return failure.status === 429 || failure.status >= 500;
    case 'timeout':
    case 'connection-broke':
    case 'cut-short':
    case 'request-failed':
      return true;
    default:
      return false;
  }
}

export class PinnedGetError extends Error {
  constructor(
    /** The URL as asked for (not a redirect's hop). */
    readonly url: string,
    readonly failure: PinnedGetFailure,
  ) {
    super(`GET failed: ${failure.kind}`);
    this.name = 'PinnedGetError';
  }
}

interface PinnedResponse {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
}

interface PinnedGetOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Sees each chunk as it arrives (after the byte cap is checked), with the response headers; whatever
   * it throws ends the download and is what the GET rejects with.
   */
  readonly onChunk?: (chunk: Buffer, headers: IncomingHttpHeaders) => void;
}

const USER_AGENT = 'property-media-service';

export async function pinnedGet(
  url: string,
  policy: OutboundPolicy,
  options: PinnedGetOptions = {},
): Promise<PinnedResponse> {
  const deadline = Date.now() + policy.timeoutMs;
  const fail = (failure: PinnedGetFailure) => new PinnedGetError(url, failure);
  let target = url;
  for (let hop = 0; ; hop += 1) {
    const syntax = checkUrlSyntax(target, policy);
    if (!syntax.ok) throw fail({ kind: 'refused', hop, target, reason: syntax.reason });
    const resolved = await resolveAndCheck(syntax.url.hostname.replace(/^\[|\]$/g, ''), {
      allowLoopback: policy.allowLoopback,
      ...(policy.lookup ? { lookup: policy.lookup } : {}),
    });
    if (!resolved.ok) throw fail({ kind: 'refused', hop, target, reason: resolved.reason });
    const outcome = await once(
      syntax.url,
      resolved.address,
      resolved.family,
      deadline,
      policy,
      options,
      fail,
    );
    if ('bytes' in outcome) return outcome;
    if (hop >= policy.maxRedirects)
      throw fail({ kind: 'too-many-redirects', maxRedirects: policy.maxRedirects });
    target = new URL(outcome.location, syntax.url).toString();
  }
}

function once(
  url: URL,
  address: string,
  family: 4 | 6,
  deadline: number,
  policy: OutboundPolicy,
  options: PinnedGetOptions,
  fail: (failure: PinnedGetFailure) => PinnedGetError,
): Promise<PinnedResponse | { location: string }> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(fail({ kind: 'timeout', timeoutMs: policy.timeoutMs }));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, value?: PinnedResponse | { location: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(value!);
    };
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { ...options.headers, 'user-agent': USER_AGENT },
        lookup: pinnedLookup(address, family),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          response.resume();
          const location = response.headers.location;
          return location
            ? finish(undefined, { location })
            : finish(fail({ kind: 'redirect-without-location', status }));
        }
        if (status !== 200) {
          response.resume();
          const retryAfterSeconds = retryAfter(response.headers['retry-after']);
          return finish(
            fail({
              kind: 'status',
              status,
              ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
            }),
          );
        }
        const declared = Number(response.headers['content-length']);
        if (declared > policy.maxBytes)
          return finish(fail({ kind: 'too-large', maxBytes: policy.maxBytes, declared }));
        // The chunks are joined once, at the end.
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          received += chunk.length;
          if (received > policy.maxBytes)
            return finish(fail({ kind: 'too-large', maxBytes: policy.maxBytes }));
          chunks.push(chunk);
          try {
            options.onChunk?.(chunk, response.headers);
          } catch (error) {
            finish(error);
          }
        });
        response.on('error', (error) => finish(fail({ kind: 'connection-broke', message: error.message })));
        response.on('end', () => {
          if (settled) return;
          if (!response.complete) return finish(fail({ kind: 'cut-short' }));
          finish(undefined, {
            bytes: Buffer.concat(chunks, received),
            contentType: response.headers['content-type'],
          });
        });
      },
    );
    const timer = setTimeout(() => finish(fail({ kind: 'timeout', timeoutMs: policy.timeoutMs })), remaining);
    request.on('error', (error) => finish(fail({ kind: 'request-failed', message: error.message })));
    request.end();
  });
}

/** Retry-After as seconds from now: delay-seconds, or an HTTP date; undefined when absent or unreadable. */
function retryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
