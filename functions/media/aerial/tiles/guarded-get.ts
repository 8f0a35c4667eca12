// The GET of the tiles endpoint's JSON and glTF: the outbound tiles policy (URL syntax, every resolved
// address checked, the connection pinned to the checked address, each redirect hop checked again, a byte
// cap and a deadline) through the one pinned GET, with its failures worded for the tiles messages and the
// API key masked in them. Nothing is stored: the body comes back in memory and the caller drops it after
// use (the provider's terms forbid caching its content).
import {
  failureText,
  isTransientFailure,
  PinnedGetError,
  pinnedGet,
} from '../../../core/outbound/pinned-get.ts';
import { type OutboundPolicy, type StageUrlRules, tilesPolicy } from '../../../core/outbound/url-policy.ts';

/** The stage's rules (plain http and loopback: the offline local stack and tests only); limits default to the tiles policy's. */
type GuardedGetPolicy = StageUrlRules &
  Partial<Pick<OutboundPolicy, 'maxBytes' | 'timeoutMs' | 'maxRedirects' | 'lookup'>>;

/**
 * A GET that failed; `message` names the URL with any `key` parameter masked, and the reason. `transient`:
 * the same GET later may succeed (no answer in time, a broken connection, 429 or 5xx).
 */
export class GuardedGetError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly transient: boolean,
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

interface GuardedResponse {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
}

export type GuardedGet = (url: string) => Promise<GuardedResponse>;

export function guardedGet(rules: GuardedGetPolicy): GuardedGet {
  const policy: OutboundPolicy = { ...tilesPolicy(rules), ...rules };
  return async (url) => {
    try {
      return await pinnedGet(url, policy);
    } catch (error) {
      if (error instanceof PinnedGetError) {
        const { failure } = error;
        const status = 'status' in failure ? failure.status : undefined;
        throw new GuardedGetError(url, failureText(failure), isTransientFailure(failure), status);
      }
      throw error;
    }
  };
}
