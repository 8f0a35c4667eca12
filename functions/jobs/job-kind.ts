// What a job kind is, as plain data: its job types, the route that creates each, the parents it builds
// on, its published output schema and its workflow steps (which handler, which progress stage, what the
// function needs). A kind's `kind.ts` exports one `JobKind`; the registry lists them, and the route
// table, the OpenAPI document, the list filter, the state machines and the CDK functions and grants are
// all derived from that list. Nothing here imports a step's code: handlers are named, not loaded (a
// registry test checks that each named handler exists and was made with its function spec).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { ErrorCode } from '../core/errors.ts';
import type { Tenant } from '../core/jobs/job-types.ts';
import type { BillingSpec } from '../core/usage/billing.ts';
import type { JobPorts } from '../core/use-cases/jobs.ts';
import type { CapabilityName } from './capability-names.ts';

/** A Lambda handler: an exported function of a module inside a job-kind (or shared) folder. */
interface HandlerRef {
  /** The folder's own module URL (`import.meta.url` of the kind.ts naming it). */
  readonly base: string;
  /** The module, relative to `base`: './steps.ts'. */
  readonly file: string;
  readonly exportName: string;
}

/**
 * Names the exports of one module next to the caller without loading it (or importing its types: the
 * step module imports its function specs, so the other way round would be a cycle):
 * `const step = handlersIn(import.meta.url, './steps.ts')`, then `handler: step('generate')`.
 */
export function handlersIn(base: string, file: string) {
  return (exportName: string): HandlerRef => ({ base, file, exportName });
}

/**
 * A step function's spec, its needs kept as the literal list they are: the workflow step names it, and
 * the step module defines its handler with it (`defineStep(run, SPEC)`), so the needs are named once.
 */
export function stepFunction<const N extends readonly CapabilityName[] = readonly []>(
  spec: StepFunctionSpec & { readonly needs?: N },
): StepFunctionSpec & { readonly needs: N } {
  return { ...spec, needs: (spec.needs ?? []) as N };
}

/** The handler's module relative to the project root (what CDK bundles and the local stack imports). */
export function handlerModule(ref: HandlerRef, projectRoot: string): string {
  const absolute = fileURLToPath(new URL(ref.file, ref.base));
  return path.relative(projectRoot, absolute).split(path.sep).join('/');
}

interface StepPoll {
  /** State names of the wait, the check and the done test, shown to operators. */
  readonly waitName: string;
  readonly checkName: string;
  readonly choiceName: string;
  readonly check: StepFunctionSpec;
  /** Check payload fields (JSONPath or literal); `job` and the step's latest result are added. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The field of the check's payload that carries the step's latest result. */
  readonly resultField: string;
  readonly secondsPath: string;
  readonly donePath: string;
  /**
   * Starts the step and its loop again (inside a Parallel state) when the loop throws one of `errors`;
   * after `maxAttempts` restarts (the first `intervalSeconds` later, then doubling, with jitter) the job
   * fails with `failCode`. @default no restart
   */
  readonly restart?: {
    readonly errors: readonly string[];
    readonly failCode: string;
    readonly maxAttempts: number;
    readonly intervalSeconds: number;
  };
}

/** One Lambda function; steps that name the same functionId share it (across kinds too). */
export interface StepFunctionSpec {
  /** Construct id of the function (a contract: changing it replaces the function). */
  readonly functionId: string;
  readonly handler: HandlerRef;
  readonly description: string;
  /** @default 256 */
  readonly memoryMb?: number;
  /** @default 60 */
  readonly timeoutSeconds?: number;
  /**
   * What the function needs besides the jobs table and the event queue every step has: rows of the
   * capability table (capabilities.ts), which set its environment and grants and type its ports (the
   * step's code passes this spec to `defineStep`). @default none
   */
  readonly needs?: readonly CapabilityName[];
}

export interface StepSpec {
  /** State name, shown to operators in the execution graph. */
  readonly name: string;
  readonly fn: StepFunctionSpec;
  /** The progress written to the job when the step starts. */
  readonly progress: { readonly percent: number; readonly stage: string };
  /**
   * Step-specific payload: values that are strings starting with `$.` are JSONPath into the execution
   * data; anything else is passed as is. `job` and `progress` are added.
   */
  readonly payload: Readonly<Record<string, unknown>>;
  /** Where the step's result goes in the execution data, e.g. $.location. */
  readonly resultPath: string;
  /** Makes the step a start-and-poll pair for long work done elsewhere (a render). */
  readonly poll?: StepPoll;
}

/** A submit use case: validated request in, job accepted out. */
export type SubmitJob<B = never, P = never> = (
  deps: JobPorts,
  tenant: Tenant,
  request: { readonly body: B; readonly params: P },
) => Promise<{ job_id: string; status: 'queued' }>;

export interface JobRoute {
  readonly method: 'POST';
  /** API Gateway path syntax: /v2/markup/jobs/{jobId}/edit */
  readonly path: string;
  /** Construct id of the route's function (a contract). */
  readonly functionId: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly body: z.ZodType;
  /** A request body that `body` takes, shown in the OpenAPI document (checked against it by a test). */
  readonly example: unknown;
  /** Error codes beyond the body and authentication errors every job route has. */
  readonly errors?: readonly ErrorCode[];
  // biome-ignore lint/suspicious/noExplicitAny: each route's submit is typed by its own schemas in kind.ts
  readonly submit: SubmitJob<any, any>;
}

export interface JobTypeSpec {
  readonly type: string;
  readonly description: string;
  readonly route: JobRoute;
  /** The job types this one builds on (the `parent` of its workflow input). */
  readonly parentTypes?: readonly string[];
  /** The published output schema; stored outputs are its `z.input` (media as object keys). */
  readonly output: z.ZodType;
  /**
   * What a completed job is billed in: one unit per job, or the seconds of the video it made (an output
   * field). Prices per unit come from the stage config. @default { unit: 'job' } (one unit per job)
   */
  readonly billing?: BillingSpec;
  readonly workflow: {
    /** Construct id of the state machine's construct (a contract). */
    readonly id: string;
    readonly steps: readonly StepSpec[];
    /** The execution data path of the job output. */
    readonly outputPath: string;
  };
}

export interface JobKind {
  /** The folder under functions/jobs/. */
  readonly name: string;
  readonly jobs: readonly JobTypeSpec[];
}

/** Checks a kind's route submit against its own schemas (kind.ts: `route: { ..., submit: typedSubmit(...) }`). */
export function jobRoute<B extends z.ZodType, P extends z.ZodType = z.ZodNever>(
  route: Omit<JobRoute, 'body' | 'params' | 'submit'> & {
    readonly body: B;
    readonly params?: P;
    readonly submit: SubmitJob<z.output<B>, z.output<P>>;
  },
): JobRoute {
  return route;
}
