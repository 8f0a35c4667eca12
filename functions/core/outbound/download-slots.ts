// A bound on the downloads of URLs an organization named (its images, logos, room photos, aerial imagery)
// that run at once in one process, so one organization's slow or hanging URLs cannot take every download
// a process makes: past DOWNLOADS_PER_ORGANIZATION the next download of that organization waits for one
// of its own to finish, while other organizations' downloads start at once. The organization is the one
// of the job whose step is running (stepHandler runs each step inside `forOrganization`).
//
// In AWS each step invocation is its own Lambda container, so the bound that holds across containers is
// the organization's limit of jobs processing at once (StageConfig.jobConcurrency) times the downloads one
// step makes at a time, which this bound also caps. On the local stack many steps share a worker thread or
// the bulk process, and the bound is per host (the README's "Fair share", docs/readme/hardening.md).
import { AsyncLocalStorage } from 'node:async_hooks';

/** Downloads of one organization at once in one host (a Lambda container, a local worker thread or process). */
export const DOWNLOADS_PER_ORGANIZATION = 4;

const organization = new AsyncLocalStorage<string>();

/** Runs `fn` as work of `key` (an organization and mode): its downloads count against that key's bound. */
export function forOrganization<R>(key: string, fn: () => R): R {
  return organization.run(key, fn);
}

/** A bound per key: at most `limit` holders of one key at once, the rest wait oldest first. */
export class KeyedSlots {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly limit: number) {}

  async run<R>(key: string, work: () => Promise<R>): Promise<R> {
    await this.acquire(key);
    try {
      return await work();
    } finally {
      this.release(key);
    }
  }

  /** Downloads of `key` running now (for tests and logs). */
  running(key: string): number {
    return this.active.get(key) ?? 0;
  }

  private acquire(key: string): Promise<void> {
    const active = this.active.get(key) ?? 0;
    if (active < this.limit) {
      this.active.set(key, active + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
    });
  }

  private release(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(key);
    // The slot passes straight to the next waiter of the same key.
    if (next) next();
    else {
      const active = (this.active.get(key) ?? 1) - 1;
      if (active > 0) this.active.set(key, active);
      else this.active.delete(key);
    }
  }
}

const downloads = new KeyedSlots(DOWNLOADS_PER_ORGANIZATION);

/**
 * Runs one download under the current organization's bound. Outside a step (no organization: the API, a
 * test) downloads share one key, bounded the same way.
 */
export function boundedDownload<R>(work: () => Promise<R>): Promise<R> {
  return downloads.run(organization.getStore() ?? '', work);
}
