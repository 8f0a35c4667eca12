// The job events adapter: puts job events on the webhook queue (SQS). Only jobs that asked for webhooks (a webhook_url) emit any.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { newEventId } from '../../core/ids.ts';
import type { JobProgress } from '../../core/jobs/job.ts';
import type { JobStatus, JobType, Mode } from '../../core/jobs/job-types.ts';
import { type JobEventType, queueMessage } from '../../core/webhooks/events.ts';

export interface EventJob {
  readonly job_id: string;
  readonly org_id: string;
  readonly mode: Mode;
  readonly job_type: JobType;
  /** The job's office, when the publisher knows it (job.deleted: the job is gone by delivery time). */
  readonly office_id?: string;
}

export class JobEventPublisher {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async publish(
    type: JobEventType,
    job: EventJob,
    status: JobStatus,
    progress: JobProgress,
    now: Date,
    /** A final event's id, fixed by its outbox so a resend carries the same webhook-id. */
    eventId: string = newEventId(),
  ): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand(
        queueMessage(this.queueUrl, {
          event_id: eventId,
          type,
          created_at: now.toISOString(),
          job: { job_id: job.job_id, org_id: job.org_id, mode: job.mode, job_type: job.job_type },
          status,
          progress,
          attempt: 1,
          ...(job.office_id === undefined ? {} : { office_id: job.office_id }),
        }),
      ),
    );
  }
}
