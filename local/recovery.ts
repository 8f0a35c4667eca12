// Restart recovery: jobs the previous run left queued or processing are resumed (their workflow runs
// again from the start; every step is idempotent), unless their time limit passed while the stack was
// down, in which case they end failed with INTERRUPTED. Nothing stays stuck.
//
// Fair share: nothing runs after a restart, so every slot is given back first; jobs that were processing
// take theirs again, and queued ones start in fair order (organizations in turn) while their organization
// has a free slot, the others waiting as `waiting_for_your_other_jobs`. A job that was waiting for a slot
// was never started, so its time limit has not begun: it is never failed as interrupted.
import type { Job } from '../functions/core/jobs/job.ts';
import type { JobStore } from '../functions/core/jobs/job-store.ts';
import { fairOrder } from '../functions/core/limits/job-slots.ts';
import { type FairShare, isWaiting } from '../functions/core/workflows/fair-share.ts';
import { workflowInputFor } from '../functions/core/workflows/workflow-starter.ts';

export interface RecoveryReport {
  readonly resumed: number;
  readonly interrupted: number;
  /** Jobs left queued for their organization's slots. */
  readonly waiting: number;
  /** Slots the previous run left taken, all given back before the jobs resumed. */
  readonly slotsReleased: number;
}

export async function recoverUnfinishedJobs(
  jobs: JobStore,
  starter: Pick<FairShare, 'restart' | 'resume' | 'startOrWait'>,
  workflowTimeoutSeconds: number,
  now: Date,
): Promise<RecoveryReport> {
  let resumed = 0;
  let interrupted = 0;
  let waiting = 0;
  const slotsReleased = await starter.restart();
  const unfinished = await jobs.listUnfinished();
  // Those that were processing first (they held slots), then the queued ones organizations in turn.
  const ordered = [
    ...fairOrder(unfinished.filter((job) => job.status === 'processing')),
    ...fairOrder(unfinished.filter((job) => job.status !== 'processing')),
  ];
  for (const job of ordered) {
    const tenant = { orgId: job.orgId, mode: job.mode };
    const ref = { tenant, jobId: job.jobId, jobType: job.jobType };
    const deadline = Date.parse(job.createdAt) + workflowTimeoutSeconds * 1000;
    const parent = job.parentJobId ? await jobs.get(tenant, job.parentJobId) : undefined;
    if ((deadline <= now.getTime() && !isWaiting(job)) || (job.parentJobId && !parent)) {
      await jobs.fail(
        ref,
        {
          code: 'INTERRUPTED',
          message:
            'The service restarted while the job was running and could not resume it. Submit the request again.',
        },
        now.toISOString(),
      );
      interrupted += 1;
      continue;
    }
    try {
      if ((await resume(starter, job, parent)) === 'waiting') waiting += 1;
      else resumed += 1;
    } catch (error) {
      await jobs.fail(
        ref,
        { code: 'INTERRUPTED', message: `The job could not be resumed after a restart: ${String(error)}` },
        now.toISOString(),
      );
      interrupted += 1;
    }
  }
  return { resumed, interrupted, waiting, slotsReleased };
}

function resume(
  starter: Pick<FairShare, 'resume' | 'startOrWait'>,
  job: Job,
  parent: Job | undefined,
): Promise<'started' | 'waiting'> {
  if (job.status === 'processing') return starter.resume(job, parent).then(() => 'started' as const);
  return starter.startOrWait(job.jobType, job.jobId, workflowInputFor(job, parent));
}
