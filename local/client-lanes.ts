// Per-client lanes for the local API: each client (the credential a request carries) has at most
// `perClient` writes (POST, PUT, PATCH, DELETE) being handled at once; the rest of its writes wait in its
// own queue, oldest first, and nobody else's. In AWS every API request is its own Lambda invocation,
// so one organization's burst of two hundred submissions does not slow another's request. On one machine
// the handlers share one event loop and one emulated DynamoDB: without lanes, a burst from one client
// puts two hundred requests in front of everyone else's, and another organization's submit waits
// seconds behind them (the fair-share benchmark, bench/fair-bench.ts, measured 3.6–4.8 s for a 0.8 s job).
// Reads are not queued: each is one or two store reads, a client polling its jobs during its own burst of
// submissions is not held behind them, and the per-key rate limit stays exact for simultaneous reads (a
// token bucket refilling while queued reads wait would let more through than a burst in AWS).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

interface Lane {
  active: number;
  readonly waiting: Array<() => void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The lane a write runs in, undefined for a read: a digest of its credential (the API key, else the
 * Authorization header, else the dashboard's cookie, else the client's address). Only the digest is kept.
 */
export function laneOf(req: IncomingMessage): string | undefined {
  if (READ_METHODS.has((req.method ?? 'GET').toUpperCase())) return undefined;
  const headers = req.headers;
  const credential =
    (headers['x-api-key'] && `key:${String(headers['x-api-key'])}`) ||
    (headers.authorization && `auth:${headers.authorization}`) ||
    (headers.cookie && `cookie:${headers.cookie}`) ||
    `address:${req.socket.remoteAddress ?? ''}`;
  return `write:${createHash('sha256').update(credential).digest('base64url').slice(0, 22)}`;
}

export class ClientLanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly perClient: number) {
    if (!Number.isInteger(perClient) || perClient < 1)
      throw new Error(`perClient must be a positive integer, got ${perClient}`);
  }

  /** Runs `work` once the lane has room; the lane's slot is given back when it settles. */
  async run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(lane);
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  private acquire(key: string): Promise<void> {
    const lane = this.lanes.get(key) ?? { active: 0, waiting: [] };
    this.lanes.set(key, lane);
    if (lane.active < this.perClient) {
      lane.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => lane.waiting.push(resolve));
  }

  private release(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    const next = lane.waiting.shift();
    // The slot passes straight to the lane's oldest waiting request.
    if (next) next();
    else if (--lane.active === 0) this.lanes.delete(key);
  }

  /** Requests waiting in every lane (for tests and diagnostics). */
  get queued(): number {
    let count = 0;
    for (const lane of this.lanes.values()) count += lane.waiting.length;
    return count;
  }
}
