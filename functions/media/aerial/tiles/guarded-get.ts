// An SSRF-checked HTTP GET for the tiles endpoint's JSON and glTF: the same guard as image downloads and
// webhooks (URL syntax, every resolved address checked, the connection pinned to the checked address,
// each redirect hop checked again), under a byte cap and a deadline. Nothing is stored: the body comes
// back in memory and the caller drops it after use (the provider's terms forbid caching its content).
import * as http from 'node:http';
import * as https from 'node:https';
import {
  type AddressLookup,
  checkUrlSyntax,
  pinnedLookup,
  resolveAndCheck,
} from '../../../core/outbound/url-policy.ts';

export interface GuardedGetPolicy {
  /** Plain http and loopback hosts: the offline local stack and tests only. */
  readonly allowHttp: boolean;
  readonly allowLoopback: boolean;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxRedirects?: number;
  /** Injected in tests; defaults to the system resolver. */
  readonly lookup?: AddressLookup;
}

/** A GET that failed; `message` names the URL with any `key` parameter masked, and the reason. */
export class GuardedGetError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly status?: number,
  ) {
    super(`GET ${redactKey(url)} failed: ${reason}`);
    this.name = 'GuardedGetError';
  }
}

/** The URL with the value of any `key` query parameter replaced, for messages and logs. */
export function redactKey(url: string): string {
  return url.replace(/([?&]key=)[^&#]*/g, '$1***');
}

export interface GuardedResponse {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
}

export type GuardedGet = (url: string) => Promise<GuardedResponse>;

export function guardedGet(policy: GuardedGetPolicy): GuardedGet {
  return async (url) => {
    const deadline = Date.now() + policy.timeoutMs;
    let target = url;
    for (let hop = 0; ; hop += 1) {
      const syntax = checkUrlSyntax(target, policy);
      if (!syntax.ok)
        throw new GuardedGetError(url, hop === 0 ? syntax.reason : `redirect refused: ${syntax.reason}`);
      const resolved = await resolveAndCheck(syntax.url.hostname.replace(/^\[|\]$/g, ''), {
        allowLoopback: policy.allowLoopback,
        ...(policy.lookup ? { lookup: policy.lookup } : {}),
      });
      if (!resolved.ok)
        throw new GuardedGetError(url, hop === 0 ? resolved.reason : `redirect refused: ${resolved.reason}`);
      const outcome = await once(url, syntax.url, resolved.address, resolved.family, deadline, policy);
      if ('bytes' in outcome) return outcome;
      if (hop >= (policy.maxRedirects ?? 3)) throw new GuardedGetError(url, 'too many redirects');
      target = new URL(outcome.location, syntax.url).toString();
    }
  };
}

function once(
  original: string,
  url: URL,
  address: string,
  family: 4 | 6,
  deadline: number,
  policy: GuardedGetPolicy,
): Promise<GuardedResponse | { location: string }> {
  const fail = (reason: string, status?: number) => new GuardedGetError(original, reason, status);
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(fail(`no response within ${policy.timeoutMs} ms`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: GuardedGetError | undefined, value?: GuardedResponse | { location: string }) => {
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
        headers: { 'user-agent': 'property-media-service' },
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
            : finish(fail(`HTTP ${status} without a Location header`, status));
        }
        if (status !== 200) {
          response.resume();
          return finish(fail(`HTTP ${status}`, status));
        }
        if (Number(response.headers['content-length']) > policy.maxBytes)
          return finish(fail(`larger than the ${policy.maxBytes}-byte limit`));
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > policy.maxBytes)
            return finish(fail(`larger than the ${policy.maxBytes}-byte limit`));
          chunks.push(chunk);
        });
        response.on('error', (error) => finish(fail(`the connection broke: ${error.message}`)));
        response.on('end', () => {
          if (!response.complete) return finish(fail('the connection closed before the whole body arrived'));
          finish(undefined, { bytes: Buffer.concat(chunks), contentType: response.headers['content-type'] });
        });
      },
    );
    const timer = setTimeout(() => finish(fail(`no response within ${policy.timeoutMs} ms`)), remaining);
    request.on('error', (error) => finish(fail(`the request failed: ${error.message}`)));
    request.end();
  });
}
