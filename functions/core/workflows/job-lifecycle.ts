// The shared lifecycle steps of every job state machine: mark processing, mark completed (storing the
// output with its outbox: the final event and the job's usage) and mark failed (from a Catch, with the
// caught error turned into a code and a message). The outbox is relayed at once; what a crash or a
// failed write leaves behind, the outbox sweeper relays (outbox.ts).
import type { JobErrorInfo, JsonObject } from '../jobs/job.ts';
import { businessMetrics, logger } from '../observability.ts';
import { type BillingSpec, billableUnits, DEFAULT_BILLING, renditionCounts } from '../usage/billing.ts';
import type { UsageStore } from '../usage/usage-store.ts';
import { relayNow } from './outbox.ts';
import { type CaughtError, jobErrorFromCaught } from './step-errors.ts';
import { emitJobEvent, jobRef, type StepJob, type WorkflowPorts } from './step-runtime.ts';

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
      const billing = event.billing ?? DEFAULT_BILLING;
      const renditions = billing.renditions === false ? {} : renditionCounts(event.output);
      const usage = {
        unit: billing.unit,
        units: billableUnits(billing, event.output),
        ...(Object.keys(renditions).length ? { renditions } : {}),
      };
      const completed = await ports.jobs.complete(ref, event.output, now, usage);
      if (completed) {
        businessMetrics.jobCompleted(event.job.job_type);
        await relayNow(ports, completed);
        return { recorded: true };
      }
      // A retried completion (an earlier attempt wrote it, then failed or timed out): what that attempt
      // left in the outbox is the sweeper's, which relays it once the writer's grace period is over.
      return { recorded: false };
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
 * Ends a job failed; its final event goes through the job's outbox. False when the job had already
 * finished: then its own writer relays its outbox (relaying it here too would send the event twice).
 */
export async function failJob(
  ports: WorkflowPorts,
  job: StepJob,
  error: JobErrorInfo,
  now: string,
): Promise<boolean> {
  const failed = await ports.jobs.fail(jobRef(job), error, now);
  if (failed) businessMetrics.jobFailed(job.job_type, error.code);
  await relayNow(ports, failed);
  return failed !== undefined;
}
