// A worker thread that hosts Lambda handler modules for the local stack, so CPU-heavy workflow steps
// (image rendering) run beside the API instead of blocking it — as separate Lambdas would in AWS.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';

export interface WorkerRequest {
  readonly id: number;
  readonly module: string;
  readonly exportName: string;
  readonly projectRoot: string;
  readonly event: unknown;
  readonly context: {
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

// This thread, and the Chromium and ffmpeg processes it starts (they inherit its nice value), run at the
// priority the pool gives it (`nice` in its workerData): LOCAL_STEP_NICE for the normal threads (default 0,
// the API's), 19 for the bulk threads that run heavy organizations' steps (thread-homes.ts), so these yield
// the CPU to the API and to everyone else's steps. On Linux a thread's own id addresses just that thread;
// elsewhere this does nothing.
const nice = Number((workerData as { nice?: unknown } | null)?.nice ?? 0);
if (Number.isInteger(nice) && nice > 0) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, nice);
  } catch {
    // Not Linux, or not permitted: steps run at the API's priority.
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

parentPort?.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const handler = await load(request.projectRoot, request.module, request.exportName);
    const result = request.warmOnly ? null : await handler(request.event, lambdaContext(request.context!));
    reply = {
      id: request.id,
      ok: true,
      result: result === undefined ? null : JSON.parse(JSON.stringify(result)),
    };
  } catch (error) {
    const e = error as Error;
    reply = { id: request.id, ok: false, name: e?.name || 'Error', message: e?.message ?? String(error) };
  }
  parentPort?.postMessage(reply);
});
