// Admission of heavy workflow steps on the local stack: at most `capacity` run at once, the rest wait. In
// AWS each step is its own Lambda with its own CPU (and reserved concurrency bounds them); on one machine
// twenty scene preparations at once would share two cores, each run twenty times slower and hit its time
// limit. Waiting in a queue instead keeps every step's own time what it is alone.
//
// Fair across organizations (the README's "Fair share", docs/readme/hardening.md): each organization (the
// `key` a step runs under) waits in its own queue, oldest first, and a freed slot goes to the waiting
// organizations in turn (round-robin), so one organization's backlog of two hundred steps never stands
// in front of another's one. And one slot beyond `capacity` is kept for an organization that has no step
// running: a step that holds its slot for long (a download hanging until its 20 s deadline) cannot make
// every other organization wait for it. One organization alone runs at most `capacity` steps, as before.
export class Admission {
  private active = 0;
  /** Steps running, by key. */
  private readonly held = new Map<string, number>();
  /** Waiting steps by key, each queue oldest first; the Map's order is the rotation (head served next). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`capacity must be a positive integer, got ${capacity}`);
  }

  /** Whether a step of `key` may start now: within capacity, or in the one extra slot if `key` runs none. */
  private mayStart(key: string): boolean {
    return (this.held.get(key) ?? 0) === 0 ? this.active < this.capacity + 1 : this.active < this.capacity;
  }

  private take(key: string): void {
    this.active += 1;
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
  }

  /** Takes a slot now if `key` may start one (and none of its own steps waits before it). */
  tryAcquire(key = ''): boolean {
    if (this.waiting.has(key) || !this.mayStart(key)) return false;
    this.take(key);
    return true;
  }

  /** Resolves once a slot is taken: oldest first within `key`, keys in turn. */
  acquire(key = ''): Promise<void> {
    if (this.tryAcquire(key)) return Promise.resolve();
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
    });
  }

  /** Gives back a slot of `key` (the key it was taken under) and admits whoever may start now. */
  release(key = ''): void {
    const held = (this.held.get(key) ?? 0) - 1;
    if (held > 0) this.held.set(key, held);
    else this.held.delete(key);
    this.active = Math.max(0, this.active - 1);
    this.admitWaiting();
  }

  /**
   * Round-robin: the first key in the rotation whose oldest waiter may start gets the slot and goes to the
   * back of the rotation (a key that starts waiting joins at the back too); repeated while anyone may.
   */
  private admitWaiting(): void {
    for (;;) {
      let admitted = false;
      for (const [key, queue] of this.waiting) {
        if (!this.mayStart(key)) continue;
        const next = queue.shift()!;
        this.waiting.delete(key);
        if (queue.length > 0) this.waiting.set(key, queue);
        this.take(key);
        next();
        admitted = true;
        break;
      }
      if (!admitted) return;
    }
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
