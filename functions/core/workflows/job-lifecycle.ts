// The shared lifecycle steps of every job state machine: mark processing, mark completed (storing the
// output) and mark failed (from a Catch, with the caught error turned into a code and a message).
import type { JobErrorInfo, JsonObject } from '../jobs/job.ts';
import { businessMetrics, instrumented, jobOfEvent, logger } from '../observability.ts';
import { type CaughtError, jobErrorFromCaught } from './step-errors.ts';
import {
  emitJobEvent,
  jobRef,
  lambdaWorkflowPorts,
  type StepJob,
  type WorkflowPorts,
} from './step-runtime.ts';

export type LifecycleEvent =
  | { readonly action: 'processing'; readonly job: StepJob }
  | { readonly action: 'completed'; readonly job: StepJob; readonly output: JsonObject }
  | { readonly action: 'failed'; readonly job: StepJob; readonly error: CaughtError };

export async function recordLifecycle(
  event: LifecycleEvent,
  ports: WorkflowPorts,
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

export const handler = instrumented(
  'recordLifecycle',
  (event: LifecycleEvent) => recordLifecycle(event, lambdaWorkflowPorts()),
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
