// The job record as the use cases see it (storage keys live in the job store).
import type { JobStatus, JobType, Mode } from './job-types.ts';

export interface JobProgress {
  readonly percent: number;
  readonly stage: string;
}

export interface JobErrorInfo {
  readonly code: string;
  readonly message: string;
}

export type JsonObject = { [key: string]: unknown };

/** One delivery attempt of one webhook event, as logged on the job. */
export interface WebhookAttempt {
  readonly event_id: string;
  readonly type: string;
  readonly attempt: number;
  readonly attempted_at: string;
  readonly status_code: number | null;
  readonly error: string | null;
  readonly delivered: boolean;
  /**
   * delivered · retrying (another attempt is scheduled) · gone (410, no more) · exhausted (sent to the DLQ)
   * · failed (a resend's one attempt failed; resends are not retried)
   */
  readonly outcome: 'delivered' | 'retrying' | 'gone' | 'exhausted' | 'failed';
}

/** What a final transition leaves to be relayed: the final event and, for a completed job, its usage. */
export interface JobOutbox {
  readonly event_id: string;
  readonly event_type: 'job.completed' | 'job.failed' | 'job.canceled';
  readonly created_at: string;
  readonly usage?: {
    readonly unit: string;
    readonly units: number;
    /** The renditions the job made, by name (absent: none). */
    readonly renditions?: Readonly<Record<string, number>>;
  };
}

export interface Job {
  readonly jobId: string;
  readonly orgId: string;
  readonly mode: Mode;
  readonly jobType: JobType;
  readonly status: JobStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly startedAt?: string;
  readonly completedAt?: string;
  readonly progress: JobProgress;
  readonly input: JsonObject;
  /** As stored: media are `{ s3_key, ... }` objects that reads turn into presigned URLs. */
  readonly output?: JsonObject;
  readonly error?: JobErrorInfo;
  readonly parentJobId?: string;
  /** The kit job this job was made for (jobs a kit creates carry its id; unset for jobs created directly). */
  readonly kitJobId?: string;
  /** The office the job belongs to (offices.ts): its key's, the request's office_id, or its parent's. */
  readonly officeId?: string;
  /**
   * A kit's children as it admitted them (JobStore.admitKitChild), each before it was written: read
   * consistently with the kit, unlike the by_kit index, so a cancel or delete of the kit finds them all.
   */
  readonly childJobIds?: readonly string[];
  readonly webhookUrl?: string;
  /** The event types the request's webhook_url gets (webhook_events); absent: all of them. */
  readonly webhookEvents?: readonly string[];
  readonly callbackMetadata?: JsonObject;
  /**
   * The idempotency table's records of the keyed request that created the job (its kept answer and its
   * creation claim): erased with the job, so a replay of the key cannot answer a job that is gone.
   */
  readonly idempotencyRecords?: readonly string[];
  readonly webhookAttempts?: readonly WebhookAttempt[];
  /** The final event and usage a final transition left to relay (cleared once relayed). */
  readonly outbox?: JobOutbox;
  /** Set while the job waits for its execution to start or its outbox to be relayed. */
  readonly pendingSince?: string;
  /**
   * When the job's media and inputs are erased (its delete_after, else the organization's retention),
   * counted from its creation; a job still running then is expired once it ends. Unset once expired.
   */
  readonly mediaExpiresAt?: string;
  /** Its media and personal inputs were erased by the retention sweep: the record stays, without them. */
  readonly mediaExpired?: boolean;
}
