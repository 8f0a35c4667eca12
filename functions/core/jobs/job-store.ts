// DynamoDB persistence of jobs. One item per job, keyed by tenant so a read can never cross
// organizations or modes:
//   pk = T#<org>#<mode>   sk = J#<uuidv7 job id>   (ids are time-ordered: newest first = descending sk)
// Three sparse-free GSIs serve the filtered listings, each sorted by the same sk:
//   by_status (status_key), by_type (type_key), by_type_status (type_status_key);
// a sparse one finds the jobs built on a job (edits of a markup): by_parent (parent_key); and another
// sparse one finds the jobs a kit job made (its children, whatever their kind): by_kit (kit_key).
// Input, output and callback metadata are stored as JSON text so they round-trip exactly.
//
// The outbox. A job's final transition (completed, failed, canceled) writes, in the same UpdateItem, what
// must follow it: the final event (its id fixed now, so a resend is the same webhook-id) and, for a
// completed job, its usage. The writer relays it at once (queue the event, put the usage item, clear the
// outbox); if it dies or times out first, the outbox sweeper finds the job through the sparse by_pending
// index and relays it later. The same index finds jobs written but never started (pending_key set at
// create, removed when the execution marks the job processing), which the sweeper starts. One item, one
// write: status, event and usage cannot be separated by a crash (see the README's "Guarantees").
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newEventId } from '../ids.ts';
import type { Job, JobErrorInfo, JobOutbox, JobProgress, JsonObject, WebhookAttempt } from './job.ts';
import type { JobStatus, JobType, Tenant } from './job-types.ts';
import { rawJsonOf, withRawJson } from './raw-json.ts';

export const JOB_INDEXES = {
  byStatus: { name: 'by_status', partitionKey: 'status_key' },
  byType: { name: 'by_type', partitionKey: 'type_key' },
  byTypeStatus: { name: 'by_type_status', partitionKey: 'type_status_key' },
  byParent: { name: 'by_parent', partitionKey: 'parent_key' },
  /** Sparse: the jobs made for a kit job (written with its id as their kit_job_id). */
  byKit: { name: 'by_kit', partitionKey: 'kit_key' },
  /** Sparse: jobs with work pending (never started, or an outbox not yet relayed), oldest first. */
  byPending: { name: 'by_pending', partitionKey: 'pending_key', sortKey: 'pending_at' },
} as const;

/** The by_pending index is spread over this many partitions (by the job id's last digit). */
export const PENDING_SHARDS = 4;

export interface JobListFilter {
  readonly status?: JobStatus;
  readonly jobType?: JobType;
  /** Only the jobs made for this kit job. */
  readonly kitJobId?: string;
  readonly limit: number;
  readonly offset: number;
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

interface JobItem {
  pk: string;
  sk: string;
  status_key: string;
  type_key: string;
  type_status_key: string;
  job_id: string;
  org_id: string;
  mode: Job['mode'];
  job_type: JobType;
  status: JobStatus;
  created_at: string;
  updated_at: string;
  started_at?: string;
  completed_at?: string;
  progress: JobProgress;
  input_json: string;
  output_json?: string;
  error?: JobErrorInfo;
  parent_job_id?: string;
  parent_key?: string;
  kit_job_id?: string;
  kit_key?: string;
  webhook_url?: string;
  callback_metadata_json?: string;
  webhook_attempts?: WebhookAttempt[];
  outbox?: JobOutbox;
  pending_key?: string;
  pending_at?: string;
}

const tenantKey = (t: Tenant) => `T#${t.orgId}#${t.mode}`;
const jobKey = (jobId: string) => `J#${jobId}`;
const statusKey = (t: Tenant, s: JobStatus) => `${tenantKey(t)}#S#${s}`;
const typeKey = (t: Tenant, y: JobType) => `${tenantKey(t)}#Y#${y}`;
const typeStatusKey = (t: Tenant, y: JobType, s: JobStatus) => `${tenantKey(t)}#Y#${y}#S#${s}`;
const parentKey = (t: Tenant, parentJobId: string) => `${tenantKey(t)}#P#${parentJobId}`;
const kitKey = (t: Tenant, kitJobId: string) => `${tenantKey(t)}#K#${kitJobId}`;
/** The by_pending partition of a job: its id's last hex digit, modulo the shard count. */
export const pendingKey = (jobId: string) =>
  `PENDING#${Number.parseInt(jobId.slice(-1), 16) % PENDING_SHARDS || 0}`;

function toItem(job: Job): JobItem {
  const tenant = { orgId: job.orgId, mode: job.mode };
  return {
    pk: tenantKey(tenant),
    sk: jobKey(job.jobId),
    status_key: statusKey(tenant, job.status),
    type_key: typeKey(tenant, job.jobType),
    type_status_key: typeStatusKey(tenant, job.jobType, job.status),
    job_id: job.jobId,
    org_id: job.orgId,
    mode: job.mode,
    job_type: job.jobType,
    status: job.status,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    started_at: job.startedAt,
    completed_at: job.completedAt,
    progress: job.progress,
    input_json: JSON.stringify(job.input),
    output_json: job.output === undefined ? undefined : JSON.stringify(job.output),
    error: job.error,
    parent_job_id: job.parentJobId,
    parent_key: job.parentJobId === undefined ? undefined : parentKey(tenant, job.parentJobId),
    kit_job_id: job.kitJobId,
    kit_key: job.kitJobId === undefined ? undefined : kitKey(tenant, job.kitJobId),
    webhook_url: job.webhookUrl,
    // The caller's own text when we have it: stored, and sent back, byte for byte.
    callback_metadata_json:
      job.callbackMetadata === undefined
        ? undefined
        : (rawJsonOf(job.callbackMetadata) ?? JSON.stringify(job.callbackMetadata)),
    // A queued job is pending until its execution marks it processing: the sweeper starts it if not.
    ...(job.status === 'queued' ? { pending_key: pendingKey(job.jobId), pending_at: job.createdAt } : {}),
  };
}

function fromItem(item: Record<string, unknown>): Job {
  const i = item as unknown as JobItem;
  return {
    jobId: i.job_id,
    orgId: i.org_id,
    mode: i.mode,
    jobType: i.job_type,
    status: i.status,
    createdAt: i.created_at,
    updatedAt: i.updated_at,
    startedAt: i.started_at,
    completedAt: i.completed_at,
    progress: i.progress,
    input: JSON.parse(i.input_json) as JsonObject,
    output: i.output_json === undefined ? undefined : (JSON.parse(i.output_json) as JsonObject),
    error: i.error,
    parentJobId: i.parent_job_id,
    kitJobId: i.kit_job_id,
    webhookUrl: i.webhook_url,
    callbackMetadata:
      i.callback_metadata_json === undefined
        ? undefined
        : withRawJson(JSON.parse(i.callback_metadata_json) as JsonObject, i.callback_metadata_json),
    webhookAttempts: i.webhook_attempts,
    outbox: i.outbox,
    pendingSince: i.pending_at,
  };
}

/** Transitions that a condition refused (the job was already past that point) resolve false. */
async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The port every use case and step works through; DynamoJobStore is its adapter. */
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
  markProcessing(ref: JobRef, progress: JobProgress, now: string): Promise<boolean>;
  setProgress(ref: JobRef, progress: JobProgress, now: string): Promise<boolean>;
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
}

export class DynamoJobStore implements JobStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Writes a new job. When the SDK retried a put whose first attempt landed (a timeout or a reset after the
   * write), the retry's condition fails on our own item: that is success, not an error.
   */
  async create(job: Job): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(job),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await this.get({ orgId: job.orgId, mode: job.mode }, job.jobId);
      if (existing?.createdAt !== job.createdAt || existing.jobType !== job.jobType) throw error;
    }
  }

  async get(tenant: Tenant, jobId: string): Promise<Job | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(tenant), sk: jobKey(jobId) },
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  /** Newest first. Reads offset+limit+1 items in one query (more only past DynamoDB's 1 MB page). */
  async list(tenant: Tenant, filter: JobListFilter): Promise<JobPage> {
    const wanted = filter.offset + filter.limit + 1;
    const query: QueryCommandInput = { TableName: this.tableName, ScanIndexForward: false };
    if (filter.kitJobId) {
      // A kit's children are few: its sparse index, with the other filters applied to what it holds.
      Object.assign(query, this.kitQuery(tenant, filter.kitJobId, filter));
    } else if (filter.status && filter.jobType) {
      Object.assign(
        query,
        this.indexQuery(JOB_INDEXES.byTypeStatus, typeStatusKey(tenant, filter.jobType, filter.status)),
      );
    } else if (filter.status) {
      Object.assign(query, this.indexQuery(JOB_INDEXES.byStatus, statusKey(tenant, filter.status)));
    } else if (filter.jobType) {
      Object.assign(query, this.indexQuery(JOB_INDEXES.byType, typeKey(tenant, filter.jobType)));
    } else {
      query.KeyConditionExpression = 'pk = :pk';
      query.ExpressionAttributeValues = { ':pk': tenantKey(tenant) };
    }
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({ ...query, Limit: wanted - items.length, ExclusiveStartKey: startKey }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey && items.length < wanted);
    const window = items.slice(filter.offset, filter.offset + filter.limit);
    return { jobs: window.map(fromItem), hasMore: items.length > filter.offset + filter.limit };
  }

  /**
   * The newest job of `jobType` in `status` built on `parentJobId` (the latest completed edit of a
   * markup), from the sparse by_parent index; the jobs built on one job are few, so filtering them is cheap.
   */
  async latestBuiltOn(
    tenant: Tenant,
    parentJobId: string,
    jobType: JobType,
    status: JobStatus,
  ): Promise<Job | undefined> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          ...this.indexQuery(JOB_INDEXES.byParent, parentKey(tenant, parentJobId)),
          ScanIndexForward: false,
          FilterExpression: 'job_type = :type AND #status = :status',
          ExpressionAttributeNames: { '#k': JOB_INDEXES.byParent.partitionKey, '#status': 'status' },
          ExpressionAttributeValues: {
            ':k': parentKey(tenant, parentJobId),
            ':type': jobType,
            ':status': status,
          },
          ExclusiveStartKey: startKey,
        }),
      );
      const found = page.Items?.[0];
      if (found) return fromItem(found);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return undefined;
  }

  async listByKit(tenant: Tenant, kitJobId: string): Promise<Job[]> {
    const jobs: Job[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          ...this.kitQuery(tenant, kitJobId, {}),
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      jobs.push(...(page.Items ?? []).map(fromItem));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return jobs;
  }

  /** The by_kit query of a kit's children, filtered by status and type when given. */
  private kitQuery(
    tenant: Tenant,
    kitJobId: string,
    filter: Pick<JobListFilter, 'status' | 'jobType'>,
  ): Partial<QueryCommandInput> {
    const conditions: string[] = [];
    const names: Record<string, string> = { '#k': JOB_INDEXES.byKit.partitionKey };
    const values: Record<string, unknown> = { ':k': kitKey(tenant, kitJobId) };
    if (filter.status) {
      conditions.push('#status = :status');
      names['#status'] = 'status';
      values[':status'] = filter.status;
    }
    if (filter.jobType) {
      conditions.push('job_type = :type');
      values[':type'] = filter.jobType;
    }
    return {
      IndexName: JOB_INDEXES.byKit.name,
      KeyConditionExpression: '#k = :k',
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  private indexQuery(
    index: { name: string; partitionKey: string },
    value: string,
  ): Partial<QueryCommandInput> {
    return {
      IndexName: index.name,
      KeyConditionExpression: '#k = :k',
      ExpressionAttributeNames: { '#k': index.partitionKey },
      ExpressionAttributeValues: { ':k': value },
    };
  }

  /**
   * queued → processing (idempotent: a retried step finds it processing already). A job resumed after a
   * restart keeps the progress it had reached: progress never goes backwards.
   */
  async markProcessing(ref: JobRef, progress: JobProgress, now: string): Promise<boolean> {
    const job = await this.transition(ref, 'processing', {
      remove: ['pending_key', 'pending_at'],
      condition: '(#status = :queued OR (#status = :processing AND progress.#percent <= :percent))',
      values: {
        ':queued': 'queued',
        ':processing': 'processing',
        ':p': progress,
        ':percent': progress.percent,
      },
      names: { '#percent': 'percent' },
      set: ['started_at = if_not_exists(started_at, :now)', 'progress = :p'],
      now,
    });
    return job !== undefined;
  }

  /** Progress only moves forward and only while processing. */
  async setProgress(ref: JobRef, progress: JobProgress, now: string): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: 'SET progress = :p, updated_at = :now',
          ConditionExpression: '#status = :processing AND progress.#percent <= :percent',
          ExpressionAttributeNames: { '#status': 'status', '#percent': 'percent' },
          ExpressionAttributeValues: {
            ':p': progress,
            ':now': now,
            ':processing': 'processing',
            ':percent': progress.percent,
          },
        }),
      ),
    );
  }

  complete(
    ref: JobRef,
    output: JsonObject,
    now: string,
    usage: JobOutbox['usage'],
  ): Promise<Job | undefined> {
    return this.transition(ref, 'completed', {
      condition: '#status = :processing',
      values: {
        ':processing': 'processing',
        ':out': JSON.stringify(output),
        ':p': { percent: 100, stage: 'completed' },
      },
      set: ['output_json = :out', 'completed_at = :now', 'progress = :p'],
      now,
      outbox: { event_id: newEventId(), event_type: 'job.completed', created_at: now, usage },
    });
  }

  /** Any unfinished job can fail; a finished one keeps its outcome. */
  fail(ref: JobRef, error: JobErrorInfo, now: string): Promise<Job | undefined> {
    return this.transition(ref, 'failed', {
      condition: '#status IN (:queued, :processing)',
      values: { ':queued': 'queued', ':processing': 'processing', ':err': error },
      set: ['#error = :err', 'completed_at = :now'],
      names: { '#error': 'error' },
      now,
      outbox: { event_id: newEventId(), event_type: 'job.failed', created_at: now },
    });
  }

  /**
   * queued/processing → canceled. Final: every other transition is conditioned on queued or processing,
   * so a step still running (or the execution-ended rule) can no longer complete, fail or advance it.
   */
  cancel(ref: JobRef, now: string): Promise<Job | undefined> {
    return this.transition(ref, 'canceled', {
      condition: '#status IN (:queued, :processing)',
      values: { ':queued': 'queued', ':processing': 'processing' },
      set: ['completed_at = :now'],
      now,
      outbox: { event_id: newEventId(), event_type: 'job.canceled', created_at: now },
    });
  }

  async clearOutbox(ref: JobRef, eventId: string): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: 'REMOVE outbox, pending_key, pending_at',
          ConditionExpression: 'outbox.event_id = :id',
          ExpressionAttributeValues: { ':id': eventId },
        }),
      ),
    );
  }

  async listPending(shard: number, before: string, limit: number): Promise<Job[]> {
    const index = JOB_INDEXES.byPending;
    const { Items } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: index.name,
        KeyConditionExpression: '#k = :k AND #at < :before',
        ExpressionAttributeNames: { '#k': index.partitionKey, '#at': index.sortKey },
        ExpressionAttributeValues: { ':k': `PENDING#${shard}`, ':before': before },
        Limit: limit,
      }),
    );
    return (Items ?? []).map(fromItem);
  }

  // The type is part of the type+status GSI key, so the caller's ref must carry the right one; the
  // condition on job_type makes a wrong ref a refused write instead of a corrupt index entry.
  private async transition(
    ref: JobRef,
    to: JobStatus,
    spec: {
      condition: string;
      values: Record<string, unknown>;
      set: string[];
      remove?: string[];
      names?: Record<string, string>;
      now: string;
      /** A final transition's outbox, written with it and indexed as pending until relayed. */
      outbox?: JobOutbox;
    },
  ): Promise<Job | undefined> {
    const set = [...spec.set];
    const values: Record<string, unknown> = { ...spec.values };
    if (spec.outbox) {
      set.push('outbox = :outbox', 'pending_key = :pending', 'pending_at = :now');
      values[':outbox'] = spec.outbox;
      values[':pending'] = pendingKey(ref.jobId);
    }
    const remove = spec.remove?.length ? ` REMOVE ${spec.remove.join(', ')}` : '';
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: `SET #status = :to, status_key = :sk, type_status_key = :tsk, updated_at = :now, ${set.join(', ')}${remove}`,
          ConditionExpression: `attribute_exists(pk) AND job_type = :type AND ${spec.condition}`,
          ExpressionAttributeNames: { '#status': 'status', ...spec.names },
          ExpressionAttributeValues: {
            ...values,
            ':to': to,
            ':type': ref.jobType,
            ':sk': statusKey(ref.tenant, to),
            ':tsk': typeStatusKey(ref.tenant, ref.jobType, to),
            ':now': spec.now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? fromItem(Attributes) : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /** Appends one webhook delivery attempt to the job's log. */
  async recordWebhookAttempt(ref: JobRef, attempt: WebhookAttempt): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
        UpdateExpression:
          'SET webhook_attempts = list_append(if_not_exists(webhook_attempts, :empty), :attempt)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':empty': [], ':attempt': [attempt] },
      }),
    );
  }

  /**
   * Claims the right to send a progress event for this stage: at most one per stage and none within
   * `minGapMs` of the previous one. Resolves false when the event must be skipped.
   */
  claimProgressEvent(ref: JobRef, stage: string, now: Date, minGapMs: number): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: 'SET last_progress_event_at = :now, last_progress_event_stage = :stage',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(last_progress_event_at) OR (last_progress_event_at <= :cutoff AND last_progress_event_stage <> :stage))',
          ExpressionAttributeValues: {
            ':now': now.getTime(),
            ':cutoff': now.getTime() - minGapMs,
            ':stage': stage,
          },
        }),
      ),
    );
  }

  /** Every job not yet finished, across tenants: the local stack's restart recovery reads this. */
  async listUnfinished(): Promise<Job[]> {
    const jobs: Job[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: '#status IN (:queued, :processing)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':queued': 'queued', ':processing': 'processing' },
          ExclusiveStartKey: startKey,
        }),
      );
      jobs.push(...(page.Items ?? []).map(fromItem));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return jobs;
  }
}
