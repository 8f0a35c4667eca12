// What every workflow step shares: the job reference from the execution input, the progress it reports
// when it starts, and a store for writing it. A step's result becomes state-machine data.
import { dynamo, s3Client } from '../core/clients.ts';
import { systemClock } from '../core/clock.ts';
import { ENV, intEnv, requireEnv } from '../core/config/env.ts';
import type { JobProgress } from '../core/jobs/job.ts';
import { type JobRef, JobStore } from '../core/jobs/job-store.ts';
import type { JobType, Mode } from '../core/jobs/job-types.ts';
import { S3MediaStore } from '../core/media/media-store.ts';

export interface StepJob {
  readonly job_id: string;
  readonly org_id: string;
  readonly mode: Mode;
  readonly job_type: JobType;
}

export interface StepEvent {
  readonly job: StepJob;
  /** Set by the state machine: the stage this step starts and the percent reached when it does. */
  readonly progress?: JobProgress;
}

export function jobRef(job: StepJob): JobRef {
  return { tenant: { orgId: job.org_id, mode: job.mode }, jobId: job.job_id, jobType: job.job_type };
}

let jobStore: JobStore | undefined;
let mediaStore: S3MediaStore | undefined;

export function stepJobStore(): JobStore {
  jobStore ??= new JobStore(dynamo(), requireEnv(ENV.jobsTable));
  return jobStore;
}

export function stepMediaStore(): S3MediaStore {
  mediaStore ??= new S3MediaStore(
    s3Client(),
    requireEnv(ENV.mediaBucket),
    intEnv(ENV.outputUrlExpirySeconds),
  );
  return mediaStore;
}

/** Wraps a step: records its progress on the job, then runs it. */
export function defineStep<E extends StepEvent, R>(run: (event: E) => Promise<R>): (event: E) => Promise<R> {
  return async (event: E) => {
    if (event.progress) {
      await stepJobStore().setProgress(jobRef(event.job), event.progress, systemClock.now().toISOString());
    }
    return run(event);
  };
}
