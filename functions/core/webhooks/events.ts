// Job events and the queue message that carries one to the delivery function. The message holds what
// the event said when it happened (status, progress); completed/failed events render the job's output
// or error at delivery time, so media URLs in the payload are fresh on every attempt.
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import type { JobProgress } from '../jobs/job.ts';
import type { JobStatus, JobType, Mode } from '../jobs/job-types.ts';

export const JOB_EVENT_TYPES = [
  'job.processing',
  'job.progress',
  'job.completed',
  'job.failed',
  'job.canceled',
] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

/** Progress events are sent at most once per stage and never closer together than this. */
export const MIN_PROGRESS_EVENT_GAP_MS = 2000;

export interface WebhookMessage {
  readonly event_id: string;
  readonly type: JobEventType;
  readonly created_at: string;
  readonly job: {
    readonly job_id: string;
    readonly org_id: string;
    readonly mode: Mode;
    readonly job_type: JobType;
  };
  readonly status: JobStatus;
  readonly progress: JobProgress;
  /** 1-based number of the delivery attempt this message is for. */
  readonly attempt: number;
  /** Unix ms before which the attempt must not run (delays longer than SQS's 15 minutes are chained). */
  readonly not_before?: number;
}

export function queueMessage(
  queueUrl: string,
  message: WebhookMessage,
  delaySeconds = 0,
): SendMessageCommandInput {
  return { QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds };
}
