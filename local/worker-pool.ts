// A small pool of lambda-worker hosts, normal and bulk: which one runs a step is thread-homes.ts's choice.
//
// Normal hosts are worker threads of this process. Bulk hosts are child processes: a thread's nice value
// reaches only that thread, while the work a step hands off (sharp's and zlib's pool threads, V8's garbage
// collector, Chromium and ffmpeg) runs on threads its process shares with the API. A child process started
// at nice 19 gives all of that, not only the step's own thread, the lowest priority, so a heavy
// organization's burst takes the CPU the API and light organizations' steps leave.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './lambda-worker.ts';
import { ThreadHomes, type ThreadKind } from './thread-homes.ts';

/** A thread or a process running lambda-worker.ts. */
interface Host {
  /** A process host's id; none for a thread of this process. */
  readonly pid?: number;
  post(request: WorkerRequest): void;
  terminate(): Promise<void>;
}

/** Work that follows the jobs of these organizations (and modes) rather than running one (thread-homes.ts). */
export interface Follows {
  readonly follows: readonly string[];
}

interface Slot {
  readonly kind: ThreadKind;
  host: Host;
  readonly pending: Map<number, (reply: WorkerReply) => void>;
}

const WORKER_MODULE = new URL('./lambda-worker.ts', import.meta.url);

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly homes: ThreadHomes;
  private nextId = 1;
  private closing = false;

  /**
   * `normal` threads for light organizations' steps at `nice.normal`, `bulk` child processes for heavy
   * ones' at `nice.bulk` (thread-homes.ts).
   */
  constructor(
    normal: number,
    bulk: number,
    private readonly nice: Readonly<Record<ThreadKind, number>> = { normal: 0, bulk: 19 },
  ) {
    this.homes = new ThreadHomes(normal, bulk);
    const kinds = this.homes.kinds();
    // Workers and children copy process.env when they start, so the pool is made after the stack's
    // environment is set.
    this.slots = kinds.map((kind) => {
      const slot: Slot = { kind, host: undefined as unknown as Host, pending: new Map() };
      this.spawn(slot);
      return slot;
    });
  }

  /** Starts (or replaces) a slot's host; a host that dies fails its invocations and is replaced. */
  private spawn(slot: Slot) {
    const options = { role: 'lambda-handlers', nice: this.nice[slot.kind] };
    const onReply = (reply: WorkerReply) => {
      slot.pending.get(reply.id)?.(reply);
      slot.pending.delete(reply.id);
    };
    const onExit = (how: string) => {
      for (const [id, resolve] of slot.pending)
        resolve({ id, ok: false, name: 'Error', message: `worker exited with ${how}` });
      slot.pending.clear();
      if (!this.closing) this.spawn(slot);
    };
    const onError = (error: unknown) =>
      console.error(
        JSON.stringify({
          component: 'workers',
          kind: slot.kind,
          msg: 'worker crashed',
          error: String(error),
        }),
      );
    const events = { onReply, onExit, onError };
    slot.host = slot.kind === 'bulk' ? processHost(options, events) : threadHost(options, events);
  }

  /**
   * Runs an invocation on the host ThreadHomes picks: a step of `owner` (its organization and mode; '' for
   * none), or work that follows the jobs of `owner.follows` (a batch of webhook deliveries, a rule).
   */
  run(
    request: Omit<WorkerRequest, 'id'>,
    owner: string | Follows = '',
    /** Told the process the invocation runs in when it is a bulk process (its id). */
    onBulkProcess?: (pid: number) => void,
  ): Promise<WorkerReply> {
    const step = typeof owner === 'string';
    const index = step ? this.homes.start(owner) : this.homes.follow(owner.follows);
    const slot = this.slots[index]!;
    if (slot.kind === 'bulk' && slot.host.pid !== undefined) onBulkProcess?.(slot.host.pid);
    const id = this.nextId++;
    const reply = new Promise<WorkerReply>((resolve) => {
      slot.pending.set(id, resolve);
      slot.host.post({ ...request, id });
    });
    // Also when the host dies: its invocations are answered with an error by the exit handler.
    return reply.finally(() => (step ? this.homes.finished(index, owner) : this.homes.followed(index)));
  }

  /** Loads a module in every host, so no invocation pays for the import. */
  async warm(request: Omit<WorkerRequest, 'id' | 'event' | 'context'>): Promise<void> {
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            const id = this.nextId++;
            slot.pending.set(id, () => resolve());
            slot.host.post({ ...request, id, warmOnly: true });
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((slot) => slot.host.terminate()));
  }
}

/** How long a process host has to leave after SIGTERM before it is killed. */
const HOST_STOP_GRACE_MS = 5_000;

interface HostOptions {
  readonly role: string;
  readonly nice: number;
}

/** What a host tells its slot: a reply, its end, a crash. */
interface HostEvents {
  readonly onReply: (reply: WorkerReply) => void;
  /** How it ended: `code N` or `signal SIGNAME`. */
  readonly onExit: (how: string) => void;
  readonly onError: (error: unknown) => void;
}

function threadHost(options: HostOptions, { onReply, onExit, onError }: HostEvents): Host {
  const worker = new Worker(WORKER_MODULE, {
    execArgv: ['--import', 'tsx'],
    // A Lambda runs on a main thread; here the handlers run in a worker, where the web-worker package
    // (geotiff.js's pool) takes any worker for one of its own and reads workerData.mod at import. An
    // object without `mod` tells it this one is not.
    workerData: options,
  });
  worker.on('message', onReply);
  worker.on('exit', (code) => onExit(`code ${code}`));
  worker.on('error', onError);
  worker.unref();
  return {
    post: (request) => worker.postMessage(request),
    // Referenced again first: an unreferenced worker's exit would not keep the process waiting for it,
    // and a caller awaiting the pool's close (a benchmark's last line) would find its await unsettled.
    terminate: async () => {
      worker.ref();
      await worker.terminate();
    },
  };
}

function processHost(options: HostOptions, { onReply, onExit, onError }: HostEvents): Host {
  const child: ChildProcess = fork(fileURLToPath(WORKER_MODULE), [JSON.stringify(options)], {
    // The same flags as this process where they change how handlers run (AsyncLocalStorage's frame).
    execArgv: [
      ...process.execArgv.filter((flag) => flag === '--experimental-async-context-frame'),
      '--import',
      'tsx',
    ],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (reply: WorkerReply) => onReply(reply));
  child.on('exit', (code, signal) => onExit(signal ? `signal ${signal}` : `code ${code}`));
  child.on('error', onError);
  // Neither the child nor its channel keeps this process alive; the child leaves when the channel closes.
  child.unref();
  child.channel?.unref();
  return {
    pid: child.pid,
    // A child that has gone answers its invocations from the exit handler.
    post: (request) => {
      if (child.connected) child.send(request, (error) => error && onError(error));
    },
    // Referenced again first, for the same reason as a thread host's.
    terminate: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.ref();
        // A host busy in a long synchronous step may take a while to act on SIGTERM; one that has not
        // gone after a few seconds is killed, so a stack's stop never waits on it.
        const kill = setTimeout(() => child.kill('SIGKILL'), HOST_STOP_GRACE_MS);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill();
      }),
  };
}
