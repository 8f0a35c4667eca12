// Per-key rate limit as a token bucket in its GCRA form (the generic cell rate algorithm): one number
// per key, the theoretical arrival time `tat` (ms). A limit of L per minute admits a burst of L, then one
// request every 60/L s; there is no window edge, so no double burst at a minute boundary.
//
// The number lives on the API key's own item, and the write that authenticates a request and counts its
// daily quota also moves it (DynamoAccountStore.admit): one conditional UpdateItem per request, with
// DynamoDB's atomic arithmetic, so N concurrent requests against a full bucket of L let exactly min(N, L)
// through — no read-modify-write race and no transactions (dynalite, the local DynamoDB, has none).
// This module is the arithmetic; the store does the writes.

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix seconds at which the bucket is full again (every request of the limit available). */
  readonly resetAt: number;
  /** Whole seconds until the next request is admitted (at least 1). */
  readonly retryAfterSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * A bucket whose tat fell behind now by less than this is still in use: its tat carries on from where it
 * was rather than starting again from now. Without it a key used near its full speed flips between the
 * write's two forms (in use, idle) every few requests, and concurrent requests race between them (a lost
 * race costs a second write). The price is a burst tolerance larger by this much: at most
 * ceil(IDLE_SLACK_MS / interval) requests above the exact GCRA count over any period, which is at most one
 * request per thousand of the limit (interval = 60 s / limit), or one.
 */
export const IDLE_SLACK_MS = 60;

/** What a request at `nowMs` may do to a bucket of `limit` per minute. */
export interface RatePlan {
  readonly limit: number;
  readonly nowMs: number;
  /** Each admission adds this to tat (rounded up: never more than the limit in any 60 s). */
  readonly interval: number;
  /** One more request fits while tat is at most this. */
  readonly latest: number;
  /** A tat before this is idle (IDLE_SLACK_MS behind now): the request starts the bucket again from now. */
  readonly floor: number;
}

export function ratePlan(limit: number, nowMs: number): RatePlan {
  const interval = Math.ceil(WINDOW_MS / limit);
  return { limit, nowMs, interval, latest: nowMs + (limit - 1) * interval, floor: nowMs - IDLE_SLACK_MS };
}

/**
 * The bucket as a request sees it: `in-use` (tat in [floor, latest]: the request adds one interval),
 * `idle` (no tat, or one before floor: the bucket is full and the request takes the first interval from
 * now), or `full` (tat beyond latest: refused).
 */
export function bucketState(tat: number | undefined, plan: RatePlan): 'in-use' | 'idle' | 'full' {
  if (tat === undefined || tat < plan.floor) return 'idle';
  return tat <= plan.latest ? 'in-use' : 'full';
}

/** The decision for an admitted request, from the tat its write left. */
export function admitted(tat: number, plan: RatePlan): RateDecision {
  const { limit, nowMs, interval } = plan;
  const remaining = Math.max(0, Math.min(limit, Math.floor((nowMs + limit * interval - tat) / interval)));
  return {
    allowed: true,
    limit,
    remaining,
    resetAt: Math.ceil(tat / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((tat - nowMs - (limit - 1) * interval) / 1000)),
  };
}

/** The decision for a request refused by a full bucket. */
export function refused(tat: number, plan: RatePlan): RateDecision {
  return {
    allowed: false,
    limit: plan.limit,
    remaining: 0,
    resetAt: Math.ceil(tat / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((tat - plan.latest) / 1000)),
  };
}
