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
import type {
  Job,
  JobErrorInfo,
  JobOutbox,
  JobProgress,
  JsonObject,
  WebhookAttempt,
} from '../../core/jobs/job.ts';
import { EXPIRY_SHARDS, PENDING_SHARDS } from '../../core/jobs/job-store.ts';
import type { JobStatus, JobType, Tenant } from '../../core/jobs/job-types.ts';
import { rawJsonOf, withRawJson } from '../../core/jobs/raw-json.ts';

export const JOB_INDEXES = {
  byStatus: { name: 'by_status', partitionKey: 'status_key' },
  byType: { name: 'by_type', partitionKey: 'type_key' },
  byTypeStatus: { name: 'by_type_status', partitionKey: 'type_status_key' },
  byParent: { name: 'by_parent', partitionKey: 'parent_key' },
  /** Sparse: the jobs made for a kit job (written with its id as their kit_job_id). */
  byKit: { name: 'by_kit', partitionKey: 'kit_key' },
  /** Sparse: jobs with work pending (never started, or an outbox not yet relayed), oldest first. */
  byPending: { name: 'by_pending', partitionKey: 'pending_key', sortKey: 'pending_at' },
  /** Sparse: jobs whose media have not expired yet, by when they do (the retention sweep reads it). */
  byExpiry: { name: 'by_expiry', partitionKey: 'expiry_key', sortKey: 'media_expires_at' },
} as const;

export interface JobItem {
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
  /** The job's office (a plain attribute: listings by office filter on it). */
  office_id?: string;
  /** A kit's admitted children (a string set, added to by admitKitChild). */
  child_job_ids?: Set<string>;
  webhook_url?: string;
  webhook_events?: string[];
  callback_metadata_json?: string;
  idempotency_records?: string[];
  webhook_attempts?: WebhookAttempt[];
  outbox?: JobOutbox;
  pending_key?: string;
  pending_at?: string;
  expiry_key?: string;
  media_expires_at?: string;
  media_expired?: boolean;
}

export const tenantKey = (t: Tenant) => `T#${t.orgId}#${t.mode}`;
/** A deleted job's pending purges (store.addPurge): apart from the tenant's jobs. */
export const purgeKey = (t: Tenant) => `PURGE#${t.orgId}#${t.mode}`;
export const jobKey = (jobId: string) => `J#${jobId}`;
export const statusKey = (t: Tenant, s: JobStatus) => `${tenantKey(t)}#S#${s}`;
export const typeKey = (t: Tenant, y: JobType) => `${tenantKey(t)}#Y#${y}`;
export const typeStatusKey = (t: Tenant, y: JobType, s: JobStatus) => `${tenantKey(t)}#Y#${y}#S#${s}`;
export const parentKey = (t: Tenant, parentJobId: string) => `${tenantKey(t)}#P#${parentJobId}`;
export const kitKey = (t: Tenant, kitJobId: string) => `${tenantKey(t)}#K#${kitJobId}`;
/** The by_pending partition of a job: its id's last hex digit, modulo the shard count. */
export const pendingKey = (jobId: string) =>
  `PENDING#${Number.parseInt(jobId.slice(-1), 16) % PENDING_SHARDS || 0}`;
/** The by_expiry partition of a job, the same way. */
export const expiryKey = (jobId: string) =>
  `EXPIRY#${Number.parseInt(jobId.slice(-1), 16) % EXPIRY_SHARDS || 0}`;

export function toItem(job: Job): JobItem {
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
    office_id: job.officeId,
    webhook_url: job.webhookUrl,
    webhook_events: job.webhookEvents === undefined ? undefined : [...job.webhookEvents],
    // The caller's own text when we have it: stored, and sent back, byte for byte.
    callback_metadata_json:
      job.callbackMetadata === undefined
        ? undefined
        : (rawJsonOf(job.callbackMetadata) ?? JSON.stringify(job.callbackMetadata)),
    idempotency_records: job.idempotencyRecords === undefined ? undefined : [...job.idempotencyRecords],
    // A queued job is pending until its execution marks it processing: the sweeper starts it if not.
    ...(job.status === 'queued' ? { pending_key: pendingKey(job.jobId), pending_at: job.createdAt } : {}),
    ...(job.mediaExpiresAt && !job.mediaExpired
      ? { expiry_key: expiryKey(job.jobId), media_expires_at: job.mediaExpiresAt }
      : {}),
    ...(job.mediaExpired ? { media_expired: true } : {}),
  };
}

export function fromItem(item: Record<string, unknown>): Job {
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
    ...(i.office_id === undefined ? {} : { officeId: i.office_id }),
    childJobIds: i.child_job_ids === undefined ? undefined : [...i.child_job_ids],
    webhookUrl: i.webhook_url,
    webhookEvents: i.webhook_events,
    callbackMetadata:
      i.callback_metadata_json === undefined
        ? undefined
        : withRawJson(JSON.parse(i.callback_metadata_json) as JsonObject, i.callback_metadata_json),
    idempotencyRecords: i.idempotency_records,
    webhookAttempts: i.webhook_attempts,
    outbox: i.outbox,
    pendingSince: i.pending_at,
    mediaExpiresAt: i.media_expires_at,
    mediaExpired: i.media_expired,
  };
}
