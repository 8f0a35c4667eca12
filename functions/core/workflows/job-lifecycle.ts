// The shared lifecycle steps of every job state machine: mark processing, mark completed (storing the
// output, then recording the job's usage) and mark failed (from a Catch, with the caught error turned
// into a code and a message).
import { dynamo } from '../clients.ts';
import { ENV, requireEnv } from '../config/env.ts';
import { TransientError } from '../errors.ts';
import type { JobErrorInfo, JsonObject } from '../jobs/job.ts';
import { businessMetrics, instrumented, jobOfEvent, logger } from '../observability.ts';
import { type BillingSpec, billableUnits, DEFAULT_BILLING } from '../usage/billing.ts';
import { DynamoUsageStore, type UsageStore } from '../usage/usage-store.ts';
import { type CaughtError, jobErrorFromCaught } from './step-errors.ts';
import {
  emitJobEvent,
  jobRef,
  lambdaWorkflowPorts,
  type StepJob,
  type WorkflowPorts,
  withLazyPorts,
} from './step-runtime.ts';

export type LifecycleEvent =
  | { readonly action: 'processing'; readonly job: StepJob }
  | {
      readonly action: 'completed';
      readonly job: StepJob;
      readonly output: JsonObject;
      /** The kind's billing measure, from its state machine; absent (older executions): one unit. */
      readonly billing?: BillingSpec;
    }
  | { readonly action: 'failed'; readonly job: StepJob; readonly error: CaughtError };

/** The lifecycle step also records usage. */
export interface LifecyclePorts extends WorkflowPorts {
  readonly usage: UsageStore;
}

export async function recordLifecycle(
  event: LifecycleEvent,
  ports: LifecyclePorts,
): Promise<{ readonly recorded: boolean }> {
  const ref = jobRef(event.job);
  const now = ports.clock.now().toISOString();
  switch (event.action) {
    case 'processing': {
      const progress = { percent: 5, stage: 'started' };
      const recorded = await ports.jobs.markProcessing(ref, progress, now);
      if (recorded) await emitJobEvent(ports, event.job, 'job.processing', 'processing', progress);
      return { recorded };
    }
    case 'completed': {
      const recorded = await ports.jobs.complete(ref, event.output, now);
      if (recorded) businessMetrics.jobCompleted(event.job.job_type);
      if (recorded)
        await emitJobEvent(ports, event.job, 'job.completed', 'completed', {
          percent: 100,
          stage: 'completed',
        });
      await recordUsage(ports, event, recorded ? now : undefined);
      return { recorded };
    }
    case 'failed': {
      const error = jobErrorFromCaught(event.error);
      // Operators see what was caught; the job shows only the integrator-facing code and message.
      logger.warn('job failed', { code: error.code, caught: event.error.Error, cause: event.error.Cause });
      return { recorded: await failJob(ports, event.job, error, now) };
    }
  }
}

/**
 * Counts a completed job once. Also runs when this completion is a retry (the job was completed by an
 * earlier attempt that failed before or while recording): the completion time then comes from the job,
 * so the retry writes the same usage key and the store refuses a second copy. A job that is not
 * completed (canceled meanwhile) is never counted. A failed write is a TransientError: the state
 * machine retries the step rather than leave a completed job unbilled.
 */
async function recordUsage(
  ports: LifecyclePorts,
  event: Extract<LifecycleEvent, { action: 'completed' }>,
  completedNow: string | undefined,
): Promise<void> {
  const ref = jobRef(event.job);
  let completedAt = completedNow;
  if (completedAt === undefined) {
    const job = await ports.jobs.get(ref.tenant, ref.jobId);
    if (job?.status !== 'completed' || !job.completedAt) return;
    completedAt = job.completedAt;
  }
  const billing = event.billing ?? DEFAULT_BILLING;
  try {
    await ports.usage.record({
      tenant: ref.tenant,
      jobId: ref.jobId,
      jobType: ref.jobType,
      unit: billing.unit,
      units: billableUnits(billing, event.output),
      completedAt,
    });
  } catch (error) {
    logger.error('usage not recorded', { error });
    throw new TransientError(`The job's usage could not be recorded: ${(error as Error).message}`);
  }
}

let lifecyclePorts: LifecyclePorts | undefined;

export const handler = instrumented(
  'recordLifecycle',
  (event: LifecycleEvent) => {
    lifecyclePorts ??= withLazyPorts<LifecyclePorts>(lambdaWorkflowPorts(), {
      usage: () => new DynamoUsageStore(dynamo(), requireEnv(ENV.usageTable)),
    });
    return recordLifecycle(event, lifecyclePorts);
  },
  jobOfEvent,
);

/** Ends a job failed and tells its webhook; false when the job had already finished. */
export async function failJob(
  ports: WorkflowPorts,
  job: StepJob,
  error: JobErrorInfo,
  now: string,
): Promise<boolean> {
  const recorded = await ports.jobs.fail(jobRef(job), error, now);
  if (recorded) businessMetrics.jobFailed(job.job_type, error.code);
  if (recorded && job.webhook_url) {
    const current = await ports.jobs.get(jobRef(job).tenant, job.job_id);
    await emitJobEvent(
      ports,
      job,
      'job.failed',
      'failed',
      current?.progress ?? { percent: 0, stage: 'failed' },
    );
  }
  return recorded;
}
