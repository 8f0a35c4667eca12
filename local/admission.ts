// Admission of heavy workflow steps on the local stack: at most `capacity` run at once, the rest wait. In
// AWS each step is its own Lambda with its own CPU (and reserved concurrency bounds them); on one machine
// twenty scene preparations at once would share two cores, each run twenty times slower and hit its time
// limit. Waiting in a queue instead keeps every step's own time what it is alone.
//
// Waiting steps are admitted fairly across organizations: each organization (the `key` a step waits
// under) has its own queue, oldest first, and a freed slot goes to the next organization in turn
// (round-robin), so one organization's backlog of two hundred steps never stands in front of another's one
// (the README's "Fair share", docs/readme/hardening.md). Steps with no key share one queue of their own.
export class Admission {
  private active = 0;
  /** Waiting steps by key, each queue oldest first; the Map's order is the rotation (head served next). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`capacity must be a positive integer, got ${capacity}`);
  }

  /** Takes a slot now if one is free (and nobody waits for it). */
  tryAcquire(): boolean {
    if (this.active >= this.capacity) return false;
    this.active += 1;
    return true;
  }

  /** Resolves once a slot is taken: oldest first within `key`, keys in turn. */
  acquire(key = ''): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
    });
  }

  release(): void {
    const next = this.nextWaiting();
    if (next) next();
    else this.active = Math.max(0, this.active - 1);
  }

  /**
   * Round-robin: the key at the head of the rotation gives its oldest waiter, then goes to the back (a key
   * that starts waiting joins at the back too).
   */
  private nextWaiting(): (() => void) | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const next = queue.shift()!;
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    return next;
  }

  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  get running(): number {
    return this.active;
  }
}
