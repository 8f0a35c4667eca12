// A worker thread or child process that hosts Lambda handler modules for the local stack, so CPU-heavy
// workflow steps (image rendering) run beside the API instead of blocking it — as separate Lambdas would in
// AWS.
import { readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';

export interface WorkerRequest {
  readonly id: number;
  readonly module: string;
  readonly exportName: string;
  readonly projectRoot: string;
  /** Both absent only when warmOnly. */
  readonly event?: unknown;
  readonly context?: {
    readonly functionName: string;
    readonly awsRequestId: string;
    readonly deadline: number;
  };
  /** Only load the module (warm-up); no invocation. */
  readonly warmOnly?: boolean;
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly name: string; readonly message: string };

type Handler = (event: unknown, context: Context) => Promise<unknown>;

// The host's options: workerData in a worker thread, the first argument in a child process.
const hostOptions = (workerData ??
  (isMainThread && process.argv[2] ? JSON.parse(process.argv[2]) : null)) as { nice?: unknown } | null;

// This host, and the Chromium and ffmpeg processes it starts (they inherit its nice value), run at the
// priority the pool gives it (`nice`): LOCAL_STEP_NICE for the normal threads (default 0, the API's), 19
// for the bulk processes that run heavy organizations' steps (thread-homes.ts), so these yield the CPU to
// the API and to everyone else's steps. On Linux a thread's own id addresses just that thread, and a new
// thread takes the value of the thread that starts it: a worker thread renices itself; a child process
// renices, once at start, each of its threads (V8's helpers are already running), and every thread started
// later (libuv's pool, sharp's, a worker) inherits 19 from one of them.
const nice = Number(hostOptions?.nice ?? 0);
if (Number.isInteger(nice) && nice > 0) {
  try {
    const ids = isMainThread
      ? readdirSync('/proc/self/task')
      : [readlinkSync('/proc/thread-self').split('/').pop()];
    for (const id of ids.map(Number)) if (Number.isInteger(id)) setPriority(id, nice);
  } catch {
    // Not Linux: a process lowers itself whole; a thread cannot, and runs at the API's priority.
    try {
      if (isMainThread) setPriority(nice);
    } catch {
      // Not permitted.
    }
  }
}
const handlers = new Map<string, Promise<Handler>>();

function load(projectRoot: string, module: string, exportName: string): Promise<Handler> {
  const key = `${module}#${exportName}`;
  let handler = handlers.get(key);
  if (!handler) {
    handler = import(pathToFileURL(path.join(projectRoot, module)).href).then(
      (mod: Record<string, unknown>) => {
        const candidate = mod[exportName];
        if (typeof candidate !== 'function')
          throw new Error(`${module} does not export a function '${exportName}'`);
        return candidate as Handler;
      },
    );
    handlers.set(key, handler);
  }
  return handler;
}

function lambdaContext(context: NonNullable<WorkerRequest['context']>): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: context.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `local:${context.functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: context.awsRequestId,
    logGroupName: `/local/${context.functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, context.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const handler = await load(request.projectRoot, request.module, request.exportName);
    const result = request.warmOnly ? null : await handler(request.event, lambdaContext(request.context!));
    return {
      id: request.id,
      ok: true,
      result: result === undefined ? null : JSON.parse(JSON.stringify(result)),
    };
  } catch (error) {
    const e = error as Error;
    return { id: request.id, ok: false, name: e?.name || 'Error', message: e?.message ?? String(error) };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', async (request: WorkerRequest) => port.postMessage(await answer(request)));
} else if (process.send) {
  // A reply the stack can no longer take (it has gone) is dropped: the disconnect below ends this host.
  process.on('message', async (request: WorkerRequest) =>
    process.send?.(await answer(request), undefined, undefined, () => undefined),
  );
  // The stack has gone (ended or killed): so does this host, with whatever it was running.
  process.on('disconnect', () => process.exit(0));
}
