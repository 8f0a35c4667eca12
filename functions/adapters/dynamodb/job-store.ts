// The job store's DynamoDB adapter (the table's layout and the outbox: job-table.ts).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newEventId } from '../../core/ids.ts';
import type {
  Job,
  JobErrorInfo,
  JobOutbox,
  JobProgress,
  JsonObject,
  WebhookAttempt,
} from '../../core/jobs/job.ts';
import type { JobListFilter, JobPage, JobRef, JobStore, Purge } from '../../core/jobs/job-store.ts';
import type { JobStatus, JobType, Tenant } from '../../core/jobs/job-types.ts';
import {
  expiryKey,
  fromItem,
  JOB_INDEXES,
  jobKey,
  kitKey,
  parentKey,
  pendingKey,
  purgeKey,
  statusKey,
  tenantKey,
  toItem,
  typeKey,
  typeStatusKey,
} from './job-table.ts';

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

/** Items a filtered listing query reads per page (most may be another office's). */
const FILTERED_PAGE = 200;

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
    const byOffice = filter.officeId !== undefined || filter.officeIds !== undefined;
    if (filter.officeIds?.length === 0) return { jobs: [], hasMore: false };
    if (byOffice) {
      // An office's jobs: a filter on the tenant's query, not an index of their own (no new index on the
      // table); each page then reads further ahead, as the audit log's filtered queries do.
      const offices = filter.officeId !== undefined ? [filter.officeId] : [...(filter.officeIds ?? [])];
      if (offices.length > 100) throw new Error('at most 100 offices in one job listing (DynamoDB IN)');
      const names = offices.map((_, i) => `:office${i}`);
      query.FilterExpression = [query.FilterExpression, `office_id IN (${names.join(', ')})`]
        .filter(Boolean)
        .join(' AND ');
      query.ExpressionAttributeValues = {
        ...query.ExpressionAttributeValues,
        ...Object.fromEntries(offices.map((office, i) => [names[i], office])),
      };
    }
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const limit = byOffice ? FILTERED_PAGE : wanted - items.length;
      const page = await this.db.send(
        new QueryCommand({ ...query, Limit: limit, ExclusiveStartKey: startKey }),
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

  admitKitChild(
    kit: { readonly tenant: Tenant; readonly jobId: string },
    childJobId: string,
  ): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(kit.tenant), sk: jobKey(kit.jobId) },
          UpdateExpression: 'ADD child_job_ids :child',
          // attribute_exists: an update would otherwise create a bare item for a kit that was deleted.
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :processing)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':child': new Set([childJobId]),
            ':queued': 'queued',
            ':processing': 'processing',
          },
        }),
      ),
    );
  }

  listByKit(tenant: Tenant, kitJobId: string): Promise<Job[]> {
    return this.queryAll({ ...this.kitQuery(tenant, kitJobId, {}), ScanIndexForward: false });
  }

  /** Every page of a query, as jobs. */
  private async queryAll(query: Partial<QueryCommandInput>): Promise<Job[]> {
    const jobs: Job[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({ TableName: this.tableName, ...query, ExclusiveStartKey: startKey }),
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
  setProgress(ref: JobRef, progress: JobProgress, now: string): Promise<boolean> {
    return this.writeProgress(ref, progress, now, 'processing', {
      condition: ' AND progress.#percent <= :percent',
      names: { '#percent': 'percent' },
      values: { ':percent': progress.percent },
    });
  }

  /** A queued job's progress (the stage it waits in); refused once the job has started or ended. */
  markWaiting(ref: JobRef, progress: JobProgress, now: string): Promise<boolean> {
    return this.writeProgress(ref, progress, now, 'queued');
  }

  /** Sets the job's progress while it is in `status` (and `extra.condition` holds); false when refused. */
  private writeProgress(
    ref: JobRef,
    progress: JobProgress,
    now: string,
    status: JobStatus,
    extra: { condition: string; names: Record<string, string>; values: Record<string, unknown> } = {
      condition: '',
      names: {},
      values: {},
    },
  ): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: 'SET progress = :p, updated_at = :now',
          ConditionExpression: `#status = :status${extra.condition}`,
          ExpressionAttributeNames: { '#status': 'status', ...extra.names },
          ExpressionAttributeValues: { ':p': progress, ':now': now, ':status': status, ...extra.values },
        }),
      ),
    );
  }

  /** Oldest first: the by_status index sorts a tenant's queued jobs by their time-ordered ids. */
  async oldestQueued(tenant: Tenant, limit: number): Promise<Job[]> {
    const { Items } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        ...this.indexQuery(JOB_INDEXES.byStatus, statusKey(tenant, 'queued')),
        ScanIndexForward: true,
        Limit: limit,
      }),
    );
    return (Items ?? []).map(fromItem);
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

  listBuiltOn(tenant: Tenant, parentJobId: string): Promise<Job[]> {
    return this.queryAll(this.indexQuery(JOB_INDEXES.byParent, parentKey(tenant, parentJobId)));
  }

  async remove(tenant: Tenant, jobId: string): Promise<boolean> {
    const { Attributes } = await this.db.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(tenant), sk: jobKey(jobId) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes !== undefined;
  }

  async listExpiring(shard: number, before: string, limit: number): Promise<Job[]> {
    const { Items } = await this.db.send(
      new QueryCommand({
        ...this.expiryQuery(shard, before, limit),
        FilterExpression: 'attribute_not_exists(purge_until)',
      }),
    );
    return (Items ?? []).map(fromItem);
  }

  async expire(ref: JobRef, error: JobErrorInfo | undefined, now: string): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: jobKey(ref.jobId) },
          UpdateExpression: `SET media_expired = :yes, input_json = :empty, updated_at = :now${
            error ? ', #error = :err' : ''
          } REMOVE output_json, expiry_key, media_expires_at, callback_metadata_json, webhook_url, webhook_events, webhook_attempts`,
          ConditionExpression:
            'attribute_exists(pk) AND job_type = :type AND #status IN (:completed, :failed, :canceled) AND attribute_not_exists(media_expired)',
          ExpressionAttributeNames: { '#status': 'status', ...(error ? { '#error': 'error' } : {}) },
          ExpressionAttributeValues: {
            ...(error ? { ':err': error } : {}),
            ':yes': true,
            ':empty': '{}',
            ':now': now,
            ':type': ref.jobType,
            ':completed': 'completed',
            ':failed': 'failed',
            ':canceled': 'canceled',
          },
        }),
      ),
    );
  }

  /**
   * A purge is its own item, apart from every tenant's jobs (pk PURGE#<org>#<mode>, so no listing of jobs
   * meets it), in the by_expiry index with its next pass as the sort key.
   */
  async addPurge(ref: JobRef, now: string, until: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: purgeKey(ref.tenant),
          sk: jobKey(ref.jobId),
          job_id: ref.jobId,
          org_id: ref.tenant.orgId,
          mode: ref.tenant.mode,
          purge_until: until,
          expiry_key: expiryKey(ref.jobId),
          media_expires_at: now,
        },
      }),
    );
  }

  async listPurges(shard: number, before: string, limit: number): Promise<Purge[]> {
    const { Items } = await this.db.send(
      new QueryCommand({
        ...this.expiryQuery(shard, before, limit),
        FilterExpression: 'attribute_exists(purge_until)',
      }),
    );
    return (Items ?? []).map((i) => ({
      tenant: { orgId: String(i.org_id), mode: i.mode as Tenant['mode'] },
      jobId: String(i.job_id),
      until: String(i.purge_until),
    }));
  }

  async reschedulePurge(purge: Purge, next: string | undefined): Promise<void> {
    const Key = { pk: purgeKey(purge.tenant), sk: jobKey(purge.jobId) };
    if (next === undefined) {
      await this.db.send(new DeleteCommand({ TableName: this.tableName, Key }));
      return;
    }
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: 'SET media_expires_at = :next',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':next': next },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }

  private expiryQuery(shard: number, before: string, limit: number): QueryCommandInput {
    const index = JOB_INDEXES.byExpiry;
    return {
      TableName: this.tableName,
      IndexName: index.name,
      KeyConditionExpression: '#k = :k AND #at < :before',
      ExpressionAttributeNames: { '#k': index.partitionKey, '#at': index.sortKey },
      ExpressionAttributeValues: { ':k': `EXPIRY#${shard}`, ':before': before },
      Limit: limit,
    };
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
