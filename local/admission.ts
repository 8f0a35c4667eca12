// Admission of heavy workflow steps on the local stack: at most `capacity` run at once, the rest wait in
// arrival order. In AWS each step is its own Lambda with its own CPU (and reserved concurrency bounds
// them); on one machine twenty scene preparations at once would share two cores, each run twenty times
// slower and hit its time limit. Waiting in a queue instead keeps every step's own time what it is alone.
export class Admission {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`capacity must be a positive integer, got ${capacity}`);
  }

  /** Takes a slot now if one is free. */
  tryAcquire(): boolean {
    if (this.active >= this.capacity) return false;
    this.active += 1;
    return true;
  }

  /** Resolves once a slot is taken (first come, first served). */
  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active = Math.max(0, this.active - 1);
  }

  get queued(): number {
    return this.waiting.length;
  }

  get running(): number {
    return this.active;
  }
}
