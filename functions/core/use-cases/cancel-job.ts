// POST /v1/jobs/{jobId}/cancel: a queued or processing job ends `canceled` and its execution is stopped.
// The job is marked first: from then on every write a still-running step (or the execution-ended rule)
// attempts is refused by the store's conditions, whatever becomes of the stop request.
import { ApiError, apiErrors } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Job } from '../jobs/job.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { type JobView, toJobView } from '../jobs/job-view.ts';
import { logger } from '../observability.ts';
import { relayNow } from '../workflows/outbox.ts';
import type { JobEvents } from '../workflows/step-runtime.ts';
import type { WorkflowStopper } from '../workflows/workflow-starter.ts';
import type { JobDeps } from './jobs.ts';

export interface CancelDeps extends Pick<JobDeps, 'jobs' | 'signer' | 'clock'> {
  readonly stopper: WorkflowStopper;
  readonly events: JobEvents;
}

function notCancelable(job: Job): ApiError {
  return new ApiError(
    'JOB_NOT_CANCELABLE',
    `Job '${job.jobId}' is ${job.status}; only queued or processing jobs can be canceled.`,
  );
}

/**
 * Cancels the tenant's job. Repeating the cancel of a canceled job answers the job again (200), so a
 * caller retrying after a lost response sees success; a completed or failed job is a 409.
 */
export async function cancelJob(deps: CancelDeps, tenant: Tenant, jobId: string): Promise<JobView> {
  const job = isUuid(jobId) ? await deps.jobs.get(tenant, jobId) : undefined;
  if (!job) throw apiErrors.jobNotFound(jobId);
  if (job.status === 'completed' || job.status === 'failed') throw notCancelable(job);
  if (job.status === 'queued' || job.status === 'processing') {
    const ref = { tenant, jobId, jobType: job.jobType };
    const canceled = await deps.jobs.cancel(ref, deps.clock.now().toISOString());
    if (canceled) await stopAndTell(deps, canceled);
  }
  // Re-read: the cancel may have lost a race with the job's own end.
  const current = (await deps.jobs.get(tenant, jobId)) ?? job;
  if (current.status !== 'canceled') throw notCancelable(current);
  return toJobView(current, deps.signer, deps.clock.now());
}

/** How long a cancel waits for StopExecution: the job is canceled either way, and the answer must come. */
export const STOP_BUDGET_MS = 3000;

/** Stops the execution, then relays the job.canceled event the cancel left in the job's outbox. */
async function stopAndTell(deps: CancelDeps, job: Job): Promise<void> {
  try {
    await deps.stopper.stop(job.jobType, job.jobId, 'Canceled by its owner (POST /v1/jobs/{jobId}/cancel).', {
      timeoutMs: STOP_BUDGET_MS,
    });
  } catch (error) {
    // The job is canceled regardless: the execution's remaining writes are refused. Operators see why
    // it kept running.
    logger.error('execution not stopped', { job_id: job.jobId, error });
  }
  await relayNow(deps, job);
}
