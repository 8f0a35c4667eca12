// A fetch that keeps the smoke inside its key's rate limit: requests start one after another, wait for a
// token when the last answer said none was left, and a 429 is retried after its Retry-After (every smoke
// POST carries an Idempotency-Key, so a retry never makes a second job). A test key allows 10
// requests a minute, fewer than one smoke run makes.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RatePacer {
  /** Requests start in order; each waits for the one before it to be allowed out. */
  private queue: Promise<void> = Promise.resolve();
  private notBefore = 0;
  limit: number | undefined;
  remaining: number | undefined;
  rateLimited = 0;
  waitedMs = 0;

  /** Resolves when the next request may start. */
  turn(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.notBefore - Date.now();
      if (wait > 0) {
        this.waitedMs += wait;
        await sleep(wait);
      }
      // One request spends one token: the next waits a token's time unless an answer says otherwise.
      if (this.remaining !== undefined && this.limit !== undefined) {
        this.remaining -= 1;
        if (this.remaining < 1) this.notBefore = Date.now() + 60_000 / this.limit;
      }
    });
    this.queue = turn;
    return turn;
  }

  observe(response: Response): void {
    const limit = Number(response.headers.get('X-RateLimit-Limit'));
    const remaining = Number(response.headers.get('X-RateLimit-Remaining'));
    if (response.headers.has('X-RateLimit-Limit') && limit > 0) this.limit = limit;
    if (response.headers.has('X-RateLimit-Remaining') && Number.isFinite(remaining)) {
      this.remaining = remaining;
      if (remaining >= 1) this.notBefore = 0;
    }
    if (response.status === 429) {
      this.rateLimited += 1;
      // Waits no longer than two minutes: a longer Retry-After (a daily quota) is returned as the answer.
      const retryAfter = Number(response.headers.get('Retry-After') ?? '1');
      this.notBefore = Math.max(
        this.notBefore,
        Date.now() + Math.min(120, retryAfter > 0 ? retryAfter : 1) * 1000,
      );
    }
  }

  /** Milliseconds between polls that leave half of the key's budget to the rest of the run. */
  pollIntervalMs(): number {
    return Math.max(1_000, this.limit ? 120_000 / this.limit : 2_000);
  }
}

export function pacedFetch(pacer: RatePacer, maxAttempts = 20): typeof globalThis.fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt += 1) {
      await pacer.turn();
      const request = input instanceof Request ? input.clone() : input;
      const response = await globalThis.fetch(request, init);
      pacer.observe(response);
      // A daily quota (QUOTA_EXCEEDED) says to come back in hours: that is the answer, not a wait.
      const retryAfter = Number(response.headers.get('Retry-After') ?? '1');
      if (response.status !== 429 || attempt >= maxAttempts || retryAfter > 120) return response;
      await response.body?.cancel();
    }
  };
}
