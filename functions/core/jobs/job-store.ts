// The job store port: what every use case and step reads and writes of a job, whatever keeps it.
// Its DynamoDB adapter is functions/adapters/dynamodb/job-store.ts (the table layout beside it, in job-table.ts).
import type { Job, JobErrorInfo, JobOutbox, JobProgress, JsonObject, WebhookAttempt } from './job.ts';
import type { JobStatus, JobType, Tenant } from './job-types.ts';

/** The by_pending index is spread over this many partitions (by the job id's last digit). */
export const PENDING_SHARDS = 4;
/** The by_expiry index likewise (jobs whose media expire, by when). */
export const EXPIRY_SHARDS = 4;

export interface JobListFilter {
  readonly status?: JobStatus;
  readonly jobType?: JobType;
  /** Only the jobs made for this kit job. */
  readonly kitJobId?: string;
  /** Only the jobs of this office. */
  readonly officeId?: string;
  /** Only the jobs of one of these offices (a dashboard member's; at most 100, DynamoDB's IN limit). */
  readonly officeIds?: readonly string[];
  readonly limit: number;
  readonly offset: number;
}

/** A deleted job's media prefix, emptied again on every sweep until `until`. */
export interface Purge {
  readonly tenant: Tenant;
  readonly jobId: string;
  readonly until: string;
}

/** What a workflow knows about its job: enough to address it without reading it first. */
export interface JobRef {
  readonly tenant: Tenant;
  readonly jobId: string;
  readonly jobType: JobType;
}

export interface JobPage {
  readonly jobs: readonly Job[];
  readonly hasMore: boolean;
}

/** The port every use case and step works through; functions/adapters/dynamodb/job-store.ts is its adapter. */
export interface JobStore {
  create(job: Job): Promise<void>;
  get(tenant: Tenant, jobId: string): Promise<Job | undefined>;
  list(tenant: Tenant, filter: JobListFilter): Promise<JobPage>;
  latestBuiltOn(
    tenant: Tenant,
    parentJobId: string,
    jobType: JobType,
    status: JobStatus,
  ): Promise<Job | undefined>;
  /** Every job made for the kit job `kitJobId` in this tenant, newest first (all pages read). */
  listByKit(tenant: Tenant, kitJobId: string): Promise<Job[]>;
  /**
   * Admits `childJobId` as a child of the kit job, in one conditional write on the kit: it is added to the
   * kit's childJobIds only while the kit is queued or processing. False when the kit has ended, was
   * canceled or is gone (deleted): the child must then be neither written nor started. Admitting a child
   * again is harmless (a set).
   */
  admitKitChild(
    kit: { readonly tenant: Tenant; readonly jobId: string },
    childJobId: string,
  ): Promise<boolean>;
  markProcessing(ref: JobRef, progress: JobProgress, now: string): Promise<boolean>;
  setProgress(ref: JobRef, progress: JobProgress, now: string): Promise<boolean>;
  /** Sets a queued job's progress (why it waits); false once it is no longer queued. */
  markWaiting(ref: JobRef, progress: JobProgress, now: string): Promise<boolean>;
  /** The tenant's queued jobs, oldest first (an eventually consistent read of the by_status index). */
  oldestQueued(tenant: Tenant, limit: number): Promise<Job[]>;
  /** The final transitions resolve the job as written (with its outbox), or undefined when refused. */
  complete(ref: JobRef, output: JsonObject, now: string, usage: JobOutbox['usage']): Promise<Job | undefined>;
  fail(ref: JobRef, error: JobErrorInfo, now: string): Promise<Job | undefined>;
  cancel(ref: JobRef, now: string): Promise<Job | undefined>;
  /** Removes a relayed outbox (only that one: the condition names its event id); false when gone already. */
  clearOutbox(ref: JobRef, eventId: string): Promise<boolean>;
  /** Jobs of one by_pending shard pending since before `before`, oldest first (an eventually consistent read). */
  listPending(shard: number, before: string, limit: number): Promise<Job[]>;
  recordWebhookAttempt(ref: JobRef, attempt: WebhookAttempt): Promise<void>;
  claimProgressEvent(ref: JobRef, stage: string, now: Date, minGapMs: number): Promise<boolean>;
  listUnfinished(): Promise<Job[]>;
  /** Every job built on `parentJobId` (its edits, its videos), whatever their type and status. */
  listBuiltOn(tenant: Tenant, parentJobId: string): Promise<Job[]>;
  /** Deletes the job's record; false when there was none. */
  remove(tenant: Tenant, jobId: string): Promise<boolean>;
  /** Jobs of one by_expiry shard whose media expire before `before`, soonest first. */
  listExpiring(shard: number, before: string, limit: number): Promise<Job[]>;
  /**
   * Marks a finished job expired: its input replaced by `{}`, its output removed, its error by `error`
   * (the code alone), callback metadata, webhook URL and attempts removed, and it leaves the by_expiry
   * index. Refused (false) for a job not finished or already expired.
   */
  expire(ref: JobRef, error: JobErrorInfo | undefined, now: string): Promise<boolean>;
  /**
   * Records that a deleted job's media prefix must be emptied again until `until` (a step that was running
   * when it was deleted may still write): the retention sweep does it on every pass, then forgets it.
   */
  addPurge(ref: JobRef, now: string, until: string): Promise<void>;
  /** The purges of one by_expiry shard due before `before`. */
  listPurges(shard: number, before: string, limit: number): Promise<Purge[]>;
  /** Moves a purge to its next pass (`next`), or removes it (`next` undefined). */
  reschedulePurge(purge: Purge, next: string | undefined): Promise<void>;
}
