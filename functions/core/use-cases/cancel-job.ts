// POST /v1/jobs/{jobId}/cancel: a queued or processing job ends `canceled` and its execution is stopped.
// The job is marked first: from then on every write a still-running step (or the execution-ended rule)
// attempts is refused by the store's conditions, whatever becomes of the stop request. A job that made
// jobs for itself (a kit: its children carry its id as kit_job_id) takes its unfinished children with it.
import { ApiError, apiErrors } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Job } from '../jobs/job.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { type JobView, toJobView } from '../jobs/job-view.ts';
import { logger } from '../observability.ts';
import { inOfficeScope, type OfficeScope } from '../offices/office-scope.ts';
import { relayNow } from '../workflows/outbox.ts';
import type { JobEvents } from '../workflows/step-runtime.ts';
import type { WorkflowStopper } from '../workflows/workflow-starter.ts';
import type { JobPorts } from './jobs.ts';

export interface CancelPorts extends Pick<JobPorts, 'jobs' | 'signer' | 'clock'> {
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
 * caller retrying after a lost response sees success; a completed or failed job is a 409. Once the job
 * is canceled its kit children still queued or processing are canceled too (on a repeat as well, so a
 * retry finishes a cascade an earlier attempt did not); the answer is the job's own.
 */
export async function cancelJob(
  deps: CancelPorts,
  tenant: Tenant,
  jobId: string,
  /** The key's office: another office's job is not found. */
  scope?: OfficeScope,
): Promise<JobView> {
  const job = isUuid(jobId) ? await deps.jobs.get(tenant, jobId) : undefined;
  if (job && !inOfficeScope(scope, job.officeId)) throw apiErrors.jobNotFound(jobId);
  if (!job) throw apiErrors.jobNotFound(jobId);
  if (job.status === 'completed' || job.status === 'failed') throw notCancelable(job);
  if (job.status === 'queued' || job.status === 'processing') await cancelUnfinished(deps, tenant, job);
  // Re-read: the cancel may have lost a race with the job's own end.
  const current = (await deps.jobs.get(tenant, jobId)) ?? job;
  if (current.status !== 'canceled') throw notCancelable(current);
  await cancelKitChildren(deps, tenant, current);
  return toJobView(current, deps.signer, deps.clock.now());
}

/** Marks a queued or processing job canceled, then stops its execution and tells (nothing if it ended first). */
export async function cancelUnfinished(deps: CancelPorts, tenant: Tenant, job: Job): Promise<void> {
  const ref = { tenant, jobId: job.jobId, jobType: job.jobType };
  const canceled = await deps.jobs.cancel(ref, deps.clock.now().toISOString());
  if (canceled) await stopAndTell(deps, canceled);
}

/**
 * A kit's children: those the by_kit index lists, and those the kit admitted (its childJobIds, read with
 * the kit) that the index does not show yet. Read after the kit is canceled, the admitted ones are all
 * there will ever be: a child is admitted only while its kit is queued or processing.
 */
export async function kitChildren(jobs: CancelPorts['jobs'], tenant: Tenant, kit: Job): Promise<Job[]> {
  const listed = await jobs.listByKit(tenant, kit.jobId);
  const known = new Set(listed.map((child) => child.jobId));
  const unlisted = await Promise.all(
    (kit.childJobIds ?? []).filter((id) => !known.has(id)).map((id) => jobs.get(tenant, id)),
  );
  // An admitted child not written (yet) has no record: its start is refused now that the kit has ended.
  return [...listed, ...unlisted.filter((child): child is Job => child !== undefined)];
}

/**
 * Cancels, each as its own cancel would, the jobs made for this kit job that have not ended: a child
 * that completed, failed or was canceled already is left as it is. The children are canceled side by
 * side, so their stops share one wait; a child whose cancel fails is logged and does not hold up the
 * others or change the kit's answer. A failure to list them is thrown: nothing was canceled, and a
 * retried cancel of the (canceled) kit does the cascade again.
 */
async function cancelKitChildren(deps: CancelPorts, tenant: Tenant, kit: Job): Promise<void> {
  const kitJobId = kit.jobId;
  const children = await kitChildren(deps.jobs, tenant, kit);
  await Promise.all(
    children
      .filter((child) => child.status === 'queued' || child.status === 'processing')
      .map(async (child) => {
        try {
          await cancelUnfinished(deps, tenant, child);
        } catch (error) {
          logger.error('kit child not canceled', { job_id: child.jobId, kit_job_id: kitJobId, error });
        }
      }),
  );
}

/** How long a cancel waits for StopExecution: the job is canceled either way, and the answer must come. */
export const STOP_BUDGET_MS = 3000;

/** Stops the execution, then relays the job.canceled event the cancel left in the job's outbox. */
async function stopAndTell(deps: CancelPorts, job: Job): Promise<void> {
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
