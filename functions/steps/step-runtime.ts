// What every workflow step shares: the job reference from the execution input, the progress it reports
// when it starts, and a store for writing it. A step's result becomes state-machine data.
import { dynamo, s3Client, sqsClient } from '../core/clients.ts';
import { systemClock } from '../core/clock.ts';
import { ENV, intEnv, requireEnv } from '../core/config/env.ts';
import type { JobProgress } from '../core/jobs/job.ts';
import { type JobRef, JobStore } from '../core/jobs/job-store.ts';
import type { JobStatus } from '../core/jobs/job-types.ts';
import { S3MediaStore } from '../core/media/media-store.ts';
import { JobEventPublisher } from '../core/webhooks/event-publisher.ts';
import { type JobEventType, MIN_PROGRESS_EVENT_GAP_MS } from '../core/webhooks/events.ts';
import type { WorkflowInput } from '../core/workflows/workflow-starter.ts';

/** The job as every step receives it: the `job` of the execution input. */
export type StepJob = WorkflowInput['job'];

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

let publisher: JobEventPublisher | undefined;

/** Puts a job event on the webhook queue when the job has a webhook_url (otherwise does nothing). */
export async function emitJobEvent(
  job: StepJob,
  type: JobEventType,
  status: JobStatus,
  progress: JobProgress,
): Promise<void> {
  if (!job.webhook_url) return;
  try {
    publisher ??= new JobEventPublisher(sqsClient(), requireEnv(ENV.webhookQueueUrl));
    await publisher.publish(type, job, status, progress, systemClock.now());
  } catch (error) {
    // Webhook plumbing never changes a job's outcome: the event is lost, loudly.
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'job event not queued',
        jobId: job.job_id,
        type,
        error: String(error),
      }),
    );
  }
}

/** Wraps a step: records its progress on the job (and tells a webhook, sparingly), then runs it. */
export function defineStep<E extends StepEvent, R>(run: (event: E) => Promise<R>): (event: E) => Promise<R> {
  return async (event: E) => {
    if (event.progress) {
      const ref = jobRef(event.job);
      const now = systemClock.now();
      const moved = await stepJobStore().setProgress(ref, event.progress, now.toISOString());
      if (
        moved &&
        event.job.webhook_url &&
        (await stepJobStore().claimProgressEvent(ref, event.progress.stage, now, MIN_PROGRESS_EVENT_GAP_MS))
      ) {
        await emitJobEvent(event.job, 'job.progress', 'processing', event.progress);
      }
    }
    return run(event);
  };
}
