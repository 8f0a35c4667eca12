// A small pool of lambda-worker threads, normal and bulk: which one runs a step is thread-homes.ts's choice.
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './lambda-worker.ts';
import { ThreadHomes, type ThreadKind } from './thread-homes.ts';

interface Slot {
  readonly kind: ThreadKind;
  worker: Worker;
  readonly pending: Map<number, (reply: WorkerReply) => void>;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly homes: ThreadHomes;
  private nextId = 1;
  private closing = false;

  /**
   * `normal` threads for light organizations' steps at `nice.normal`, `bulk` threads for heavy ones' at
   * `nice.bulk` (thread-homes.ts).
   */
  constructor(
    normal: number,
    bulk: number,
    private readonly nice: Readonly<Record<ThreadKind, number>> = { normal: 0, bulk: 19 },
  ) {
    this.homes = new ThreadHomes(normal, bulk);
    const kinds = this.homes.kinds();
    // Workers copy process.env when they start, so the pool is made after the stack's environment is set.
    this.slots = kinds.map((kind) => {
      const slot: Slot = { kind, worker: undefined as unknown as Worker, pending: new Map() };
      this.spawn(slot);
      return slot;
    });
  }

  /** Starts (or replaces) a slot's worker; a worker that dies fails its invocations and is replaced. */
  private spawn(slot: Slot) {
    const worker = new Worker(new URL('./lambda-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      // A Lambda runs on a main thread; here the handlers run in a worker, where the web-worker package
      // (geotiff.js's pool) takes any worker for one of its own and reads workerData.mod at import. An
      // object without `mod` tells it this one is not.
      workerData: { role: 'lambda-handlers', nice: this.nice[slot.kind] },
    });
    worker.on('message', (reply: WorkerReply) => {
      slot.pending.get(reply.id)?.(reply);
      slot.pending.delete(reply.id);
    });
    worker.on('exit', (code) => {
      for (const [id, resolve] of slot.pending)
        resolve({ id, ok: false, name: 'Error', message: `worker exited with code ${code}` });
      slot.pending.clear();
      if (!this.closing) this.spawn(slot);
    });
    worker.on('error', (error) =>
      console.error(JSON.stringify({ component: 'workers', msg: 'worker crashed', error: String(error) })),
    );
    worker.unref();
    slot.worker = worker;
  }

  /** Runs an invocation for `owner` (its organization and mode; '' for none) on the thread ThreadHomes picks. */
  run(request: Omit<WorkerRequest, 'id'>, owner = ''): Promise<WorkerReply> {
    const index = this.homes.start(owner);
    const slot = this.slots[index]!;
    const id = this.nextId++;
    const reply = new Promise<WorkerReply>((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ ...request, id });
    });
    // Also when the worker dies: its invocations are answered with an error by the exit handler.
    return reply.finally(() => this.homes.finished(index, owner));
  }

  /** Loads a module in every worker, so no invocation pays for the import. */
  async warm(request: Omit<WorkerRequest, 'id' | 'event' | 'context'>): Promise<void> {
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            const id = this.nextId++;
            slot.pending.set(id, () => resolve());
            slot.worker.postMessage({ ...request, id, warmOnly: true });
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
