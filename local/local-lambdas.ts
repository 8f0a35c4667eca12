// The template's Lambda functions, run in process: each function's handler module comes from its
// `pms:handler` metadata (set by ServiceFunction), and an invocation behaves like Lambda's: the event
// and the result cross a JSON boundary, and an error reaches the caller as { errorType, errorMessage }.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { HANDLER_METADATA_KEY, HEAVY_MEMORY_MB, PROJECT_ROOT } from '../lib/constructs/function-facts.ts';
import { accountingEnabled, countInvocation } from './accounting.ts';
import type { Admission } from './admission.ts';
import { starvationSince } from './starvation.ts';
import { type CfnTemplate, resourcesOfType, type TemplateResolver } from './synthesized-app.ts';
import { followedOrganizations, organizationOf } from './thread-homes.ts';
import type { WorkerPool } from './worker-pool.ts';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

/** Which function an async call chain runs in: lets benchmarks and logs attribute work to a function. */
export const invocationContext = new AsyncLocalStorage<{ readonly logicalId: string }>();

interface LocalFunction {
  readonly logicalId: string;
  readonly module: string;
  readonly exportName: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

/** Thrown when an invocation outlives its Task's time limit, counted from when it started running. */
class TaskTimeoutError extends Error {
  constructor(seconds: number, givenBackMs = 0) {
    super(
      givenBackMs > 0
        ? `The step did not finish within ${seconds} s of starting, and ${(givenBackMs / 1000).toFixed(0)} s more for the time it waited for a CPU.`
        : `The step did not finish within ${seconds} s of starting.`,
    );
    this.name = 'States.Timeout';
  }
}

interface InvokeOptions {
  /** The Task state's TimeoutSeconds: counted from when the invocation runs, not while it waits for capacity. */
  readonly timeoutSeconds?: number;
  /** Invoked by a state machine's Task (these share the `invocations` cap; queue consumers do not). */
  readonly task?: boolean;
  /**
   * The event was built for this invocation alone, of JSON values only (the gateway's request events):
   * handed over as it is. Any other event is copied through JSON, as Lambda's serialization would.
   */
  readonly fresh?: boolean;
}

/** A Lambda error as Step Functions and callers see it: name = errorType, message = the JSON cause. */
class LambdaInvocationError extends Error {
  constructor(errorType: string, errorMessage: string) {
    super(JSON.stringify({ errorType, errorMessage }));
    this.name = errorType;
  }
}

/**
 * A copy of `value` as JSON would give it, made without JSON when `value` is plain (strings, finite
 * numbers, booleans, null, arrays and plain objects of them, a few levels deep); undefined otherwise. An API
 * handler's answer is such a value: its body, often kilobytes, need not be written out and read back.
 */
export function plainCopy(value: unknown, depth = 0): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : undefined;
    case 'object': {
      if (value === null) return null;
      if (depth >= 4) return undefined;
      if (Array.isArray(value)) {
        const copy: unknown[] = [];
        for (const item of value) {
          const itemCopy = plainCopy(item, depth + 1);
          if (itemCopy === undefined) return undefined;
          copy.push(itemCopy);
        }
        return copy;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return undefined;
      const copy: Record<string, unknown> = {};
      for (const key in value) {
        if (key === '__proto__') return undefined;
        const memberCopy = plainCopy((value as Record<string, unknown>)[key], depth + 1);
        if (memberCopy === undefined) return undefined;
        copy[key] = memberCopy;
      }
      return copy;
    }
    default:
      return undefined;
  }
}

function fakeContext(fn: LocalFunction): Context {
  const deadline = Date.now() + fn.timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: fn.logicalId,
    functionVersion: '$LATEST',
    invokedFunctionArn: `local:${fn.logicalId}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/local/${fn.logicalId}`,
    logStreamName: 'local',
    // Called unbound (middy reads it off the context), so a closure; the rest are shared.
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: ignored,
    fail: ignored,
    succeed: ignored,
  };
}
const ignored = () => undefined;

/**
 * Where a handler module loads from: the local stack's bundle when `npm start` runs from it (bin/start.mjs
 * leaves the bundle's module map on the global object; scripts/local-bundle.mjs), so the handlers share the
 * stack's modules; else the source file.
 */
async function moduleUrl(module: string): Promise<string> {
  const bundled = (globalThis as Record<symbol, Record<string, string> | undefined>)[
    Symbol.for('property-media.local-bundle')
  ];
  const url = bundled?.[module];
  if (url) return url;
  if (bundled) {
    // Not in the bundle (built for other templates): from its source, TypeScript through tsx.
    console.warn(`${module} is not in the local stack's bundle: loaded from its source (restart to rebuild)`);
    const tsx = 'tsx'; // registers its loader, as `node --import tsx` does (the package has no types)
    await import(tsx);
  }
  return pathToFileURL(path.join(PROJECT_ROOT, module)).href;
}

export class LocalLambdas {
  readonly functions = new Map<string, LocalFunction>();
  private readonly loaded = new Map<string, Handler>();
  private readonly offloaded = new Set<string>();
  private pool: WorkerPool | undefined;
  private admission: Admission | undefined;
  private invocations: Admission | undefined;
  private onQueued: ((logicalId: string, event: unknown) => void) | undefined;

  constructor(template: CfnTemplate, resolver: TemplateResolver) {
    for (const [logicalId, resource] of resourcesOfType(template, 'AWS::Lambda::Function')) {
      const handlerRef = resource.Metadata?.[HANDLER_METADATA_KEY];
      if (typeof handlerRef !== 'string') continue; // CDK's own helper functions (log retention, auto-delete)
      const [module, exportName] = handlerRef.split('#') as [string, string];
      const props = resolver.resolve(resource.Properties ?? {}) as {
        Environment?: { Variables?: Record<string, string> };
        Timeout?: number;
        MemorySize?: number;
      };
      this.functions.set(logicalId, {
        logicalId,
        module,
        exportName,
        environment: props.Environment?.Variables ?? {},
        timeoutSeconds: props.Timeout ?? 3,
        memoryMb: props.MemorySize ?? 128,
      });
    }
  }

  /** Every function's variables together: one process hosts all of them, so the names must agree. */
  combinedEnvironment(): Record<string, string> {
    const combined: Record<string, string> = {};
    for (const fn of this.functions.values()) {
      for (const [name, value] of Object.entries(fn.environment)) {
        if (name in combined && combined[name] !== value && name !== 'NODE_OPTIONS') {
          throw new Error(
            `Functions disagree on ${name} ('${combined[name]}' vs '${value}'); the local stack needs one value`,
          );
        }
        combined[name] = value;
      }
    }
    delete combined.NODE_OPTIONS;
    return combined;
  }

  get(logicalId: string): LocalFunction {
    const fn = this.functions.get(logicalId);
    if (!fn) throw new Error(`No local handler for function ${logicalId}`);
    return fn;
  }

  private async handler(fn: LocalFunction): Promise<Handler> {
    const key = `${fn.module}#${fn.exportName}`;
    let handler = this.loaded.get(key);
    if (!handler) {
      const mod = (await import(await moduleUrl(fn.module))) as Record<string, unknown>;
      const candidate = mod[fn.exportName];
      if (typeof candidate !== 'function')
        throw new Error(`${fn.module} does not export a function '${fn.exportName}'`);
      handler = candidate as Handler;
      this.loaded.set(key, handler);
    }
    return handler;
  }

  /**
   * Runs these functions in the pool's hosts (worker threads, a bulk process) from now on (the workflow
   * steps: CPU-heavy, off the API's loop).
   * Heavy ones (HEAVY_MEMORY_MB and up) wait for `admission`; `onQueued` hears of each one that has to.
   * Every Task invocation, heavy or light, also waits for `invocations`: two hundred executions starting at
   * once would otherwise run their first steps all together and hold the emulated DynamoDB (and with it the
   * API) for seconds. Queue consumers (webhook deliveries) are not capped: a slow receiver must not hold
   * up the workflows.
   */
  runInWorkers(
    logicalIds: Iterable<string>,
    pool: WorkerPool,
    admission?: Admission,
    onQueued?: (logicalId: string, event: unknown) => void,
    invocations?: Admission,
  ): void {
    this.pool = pool;
    this.admission = admission;
    this.onQueued = onQueued;
    this.invocations = invocations;
    for (const id of logicalIds) this.offloaded.add(this.get(id).logicalId);
  }

  /** Invokes like Lambda's RequestResponse: JSON in, JSON out, errors as LambdaInvocationError. */
  async invoke(logicalId: string, event: unknown, options: InvokeOptions = {}): Promise<unknown> {
    const fn = this.get(logicalId);
    if (this.pool && this.offloaded.has(logicalId)) {
      const admission = fn.memoryMb >= HEAVY_MEMORY_MB ? this.admission : undefined;
      // Waiting steps are admitted organizations in turn (admission.ts).
      const organization = organizationOf(event);
      if (admission && !admission.tryAcquire(organization)) {
        this.onQueued?.(logicalId, event);
        await admission.acquire(organization);
      }
      const invocations = options.task ? this.invocations : undefined;
      await invocations?.acquire(organization);
      const startedAt = performance.now();
      let starved: (() => Promise<number>) | undefined;
      const running = this.pool.run(
        {
          module: fn.module,
          exportName: fn.exportName,
          projectRoot: PROJECT_ROOT,
          event: JSON.parse(JSON.stringify(event ?? null)),
          context: {
            functionName: fn.logicalId,
            awsRequestId: randomUUID(),
            deadline: Date.now() + (options.timeoutSeconds ?? fn.timeoutSeconds) * 1000,
          },
        },
        // A Task is a step of its job's organization; the rest (queue consumers, rules) follow jobs.
        options.task ? organization : { follows: followedOrganizations(event) },
        (pid) => {
          if (options.timeoutSeconds !== undefined) starved = starvationSince(pid);
        },
      );
      // The slot is held until the worker is really done, also after a timeout has been reported.
      void running.finally(() => {
        invocations?.release(organization);
        admission?.release(organization);
      });
      const reply = await withTimeout(running, options.timeoutSeconds, () => starved?.() ?? 0);
      if (accountingEnabled()) countInvocation(logicalId, performance.now() - startedAt);
      if (!reply.ok) throw new LambdaInvocationError(reply.name, reply.message);
      return reply.result;
    }
    const handler = await this.handler(fn);
    let result: unknown;
    const startedAt = performance.now();
    try {
      const payload = options.fresh ? (event ?? null) : JSON.parse(JSON.stringify(event ?? null));
      result = await invocationContext.run({ logicalId }, () => handler(payload, fakeContext(fn)));
    } catch (error) {
      const e = error as Error;
      throw new LambdaInvocationError(e?.name || 'Error', e?.message ?? String(error));
    } finally {
      if (accountingEnabled()) countInvocation(logicalId, performance.now() - startedAt);
    }
    // What Lambda hands back is the result's JSON: a copy, with no functions, dates or undefined in it.
    return result === undefined ? null : (plainCopy(result) ?? JSON.parse(JSON.stringify(result)));
  }

  /** What waits for and what holds the heavy steps' capacity (for logs and benchmarks). */
  capacity(): { readonly running: number; readonly queued: number } | undefined {
    return this.admission && { running: this.admission.running, queued: this.admission.queued };
  }

  /** Loads every handler module now, so the first request does not pay for it. */
  /** Loads the handlers that run on this thread (the API's), so the first request finds them ready. */
  async warm(): Promise<void> {
    await Promise.all(
      [...this.functions.values()]
        .filter((fn) => !this.offloaded.has(fn.logicalId))
        .map((fn) => this.handler(fn)),
    );
  }

  /**
   * Loads the pool's handlers (steps and consumers). Nothing waits for it: the API answers
   * meanwhile, and an invocation that comes first loads its own module.
   */
  async warmWorkers(): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    await Promise.all(
      [...this.functions.values()]
        .filter((fn) => this.offloaded.has(fn.logicalId))
        .map((fn) => pool.warm({ module: fn.module, exportName: fn.exportName, projectRoot: PROJECT_ROOT })),
    );
  }
}

/** A bulk step's time limit stretches by the time its process waited for a CPU, up to this many times. */
export const MAX_STARVED_EXTENSION = 9;

/**
 * Resolves as `work` does, or rejects with TaskTimeoutError after `seconds` (none: no limit). The time
 * `starvedMs` reports (a bulk step's wait for a CPU, starvation.ts) is given back before the limit ends
 * it, up to MAX_STARVED_EXTENSION times the limit; a second or less is not.
 */
export function withTimeout<T>(
  work: Promise<T>,
  seconds: number | undefined,
  starvedMs: () => number | Promise<number> = () => 0,
): Promise<T> {
  if (seconds === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  let given = 0;
  let settled = false;
  const timeout = new Promise<never>((_, reject) => {
    const expire = async () => {
      const starved = await Promise.resolve()
        .then(starvedMs)
        .catch(() => 0);
      if (settled) return;
      const more = Math.min(starved, seconds * 1000 * MAX_STARVED_EXTENSION) - given;
      if (more > 1000) {
        given += more;
        timer = setTimeout(expire, more);
      } else reject(new TaskTimeoutError(seconds, given));
    };
    timer = setTimeout(expire, seconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => {
    settled = true;
    clearTimeout(timer);
  });
}
