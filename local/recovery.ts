// Restart recovery: jobs the previous run left queued or processing are resumed (their workflow runs
// again from the start; every step is idempotent), unless their time limit passed while the stack was
// down, in which case they end failed with INTERRUPTED. Nothing stays stuck.
import type { JobStore } from '../functions/core/jobs/job-store.ts';
import { type WorkflowStarter, workflowInputFor } from '../functions/core/workflows/workflow-starter.ts';

export interface RecoveryReport {
  readonly resumed: number;
  readonly interrupted: number;
}

export async function recoverUnfinishedJobs(
  jobs: JobStore,
  starter: WorkflowStarter,
  workflowTimeoutSeconds: number,
  now: Date,
): Promise<RecoveryReport> {
  let resumed = 0;
  let interrupted = 0;
  for (const job of await jobs.listUnfinished()) {
    const tenant = { orgId: job.orgId, mode: job.mode };
    const ref = { tenant, jobId: job.jobId, jobType: job.jobType };
    const deadline = Date.parse(job.createdAt) + workflowTimeoutSeconds * 1000;
    const parent = job.parentJobId ? await jobs.get(tenant, job.parentJobId) : undefined;
    if (deadline <= now.getTime() || (job.parentJobId && !parent)) {
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
      await starter.start(job.jobType, job.jobId, workflowInputFor(job, parent));
      resumed += 1;
    } catch (error) {
      await jobs.fail(
        ref,
        { code: 'INTERRUPTED', message: `The job could not be resumed after a restart: ${String(error)}` },
        now.toISOString(),
      );
      interrupted += 1;
    }
  }
  return { resumed, interrupted };
}
