// A small pool of lambda-worker threads: each invocation goes to the least busy worker.
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './lambda-worker.ts';

interface Slot {
  worker: Worker;
  readonly pending: Map<number, (reply: WorkerReply) => void>;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private nextId = 1;
  private closing = false;

  constructor(size: number) {
    // Workers copy process.env when they start, so the pool is made after the stack's environment is set.
    this.slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: undefined as unknown as Worker, pending: new Map() };
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
      workerData: { role: 'lambda-handlers' },
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

  run(request: Omit<WorkerRequest, 'id'>): Promise<WorkerReply> {
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ ...request, id });
    });
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
