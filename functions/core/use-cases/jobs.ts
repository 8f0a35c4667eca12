// Use cases of the jobs resource and the one way every generating request creates a job.

import type { OrganizationCopy } from '../auth/account-store.ts';
import type { BrandKitStore } from '../brand-kits/brand-kits.ts';
import type { BrandKitUse } from '../brand-kits/resolve.ts';
import type { Clock } from '../clock.ts';
import { ApiError, apiErrors } from '../errors.ts';
import { isUuid, uuidv7 } from '../ids.ts';
import type { Job, JsonObject } from '../jobs/job.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { JobStatus, JobType, Tenant } from '../jobs/job-types.ts';
import { type JobView, toJobView } from '../jobs/job-view.ts';
import { deleteAfterSeconds, mediaExpiresAt, type RetentionPolicy } from '../jobs/retention.ts';
import { WAITING_STAGE } from '../limits/job-slots.ts';
import type { MediaUrlSigner } from '../media/media-store.ts';
import { appendLogContext, businessMetrics, logger } from '../observability.ts';
import {
  inOfficeScope,
  memberOfficeFilter,
  type OfficeScope,
  officeFilterOf,
} from '../offices/office-scope.ts';
import type { BundleHostAllowlist } from '../outbound/bundle-hosts.ts';
import { checkUrlSyntax, type StageUrlRules, webhookDeliveryPolicy } from '../outbound/url-policy.ts';
import { type Admission, type WorkflowStarter, workflowInputFor } from '../workflows/workflow-starter.ts';
import type { OrganizationSettingsReader } from './organization-settings.ts';

export interface JobPorts {
  readonly jobs: JobStore;
  /**
   * The stage's rules for URLs the service calls (https and public hosts only, except where the stage
   * allows http/loopback), read from WEBHOOK_ALLOW_HTTP / _LOOPBACK; each use checks with its named policy.
   */
  readonly webhookPolicy: StageUrlRules;
  /** Hosts a caller-hosted video bundle may come from (VIDEO_BUNDLE_URL_ALLOWLIST), checked at submit. */
  readonly bundleHosts: BundleHostAllowlist;
  readonly signer: MediaUrlSigner;
  readonly starter: WorkflowStarter;
  readonly clock: Clock;
  /** The submitting organization's settings (read only by kinds that have one, e.g. the staging watermark). */
  readonly organizationSettings: OrganizationSettingsReader;
  /**
   * The submitting organization's plan and retention as its API key carries them (ApiKeyRecord's
   * organization, from the admission write): a submit takes the job's expiry and its job limit from
   * them instead of reading the organization. Absent (a key made before keys carried them, a kit's
   * children): the organization is read.
   */
  readonly organization?: OrganizationCopy;
  /**
   * Set when the jobs created with these deps belong to a kit: written as each job's kit_job_id (the kit
   * job's id), which lists them with GET /v1/jobs?kit_job_id= and cancels them with the kit.
   */
  readonly kitJobId?: string;
  /**
   * The office the jobs created with these deps belong to (offices.ts requestOffice: the key's, else the
   * request's office_id); a job built on a parent of another office is refused as not found. Absent: the
   * organization's own, or the parent's office for a job built on one.
   */
  readonly officeId?: string;
  /**
   * Asked once the job is written, when its office came from the request (offices.ts officeStillOpen): an
   * error when the office is being deleted or gone, and the job is then removed and the error answered.
   */
  readonly officeCheck?: () => Promise<ApiError | undefined>;
  /** The office's own media retention (days), which takes the organization's place for its jobs. */
  readonly officeRetentionDays?: number;
  /**
   * An office's own media retention, read for a job that takes its parent's office (deps without an
   * office of their own): undefined when the office has none or is gone. Absent: not read.
   */
  readonly officeRetention?: (tenant: Tenant, officeId: string) => Promise<number | undefined>;
  /**
   * The default brand kit of the deps' office (its default_brand_kit_id), drawn by a job of a kind that
   * takes brand_kit_id when it names none.
   */
  readonly officeDefaultBrandKitId?: string;
  /**
   * An office's default brand kit, read for a job that takes its parent's office (deps without an office
   * of their own): undefined when it has none or is gone. Absent: not read.
   */
  readonly officeDefaultKit?: (tenant: Tenant, officeId: string) => Promise<string | undefined>;
  /** The request's webhook_events: the event types its webhook_url gets (absent: all of them). */
  readonly webhookEvents?: readonly string[];
  /** The stage's retention of media and inputs (MEDIA_RETENTION). */
  readonly retention: RetentionPolicy;
  /** The request's delete_after (an ISO 8601 duration), checked against the stage's bounds at submit. */
  readonly deleteAfter?: string;
  /** For the jobs a kit makes: the kit's own expiry, which they share. */
  readonly inheritedExpiry?: string;
  /**
   * Set for a request with an Idempotency-Key: claims the job id and creation time the request makes,
   * or returns the ones an earlier attempt of the same request claimed, so a retry after a crash or a
   * timeout between the job's write and the answer gets that job instead of a second one.
   */
  readonly creationClaim?: (proposed: {
    readonly jobId: string;
    readonly createdAt: string;
  }) => Promise<{ readonly jobId: string; readonly createdAt: string }>;
  /** With an Idempotency-Key: the idempotency table's records of the request, written on the job it creates. */
  readonly idempotencyRecords?: readonly string[];
  /** The tenant's brand kits, read when a request names `brand_kit_id` (accounts table). */
  readonly brandKits?: Pick<BrandKitStore, 'get'>;
  /**
   * For a listing kit's children: the brand kit as the listing kit resolved it (its version), which they
   * draw instead of reading the kit again.
   */
  readonly brandKitPin?: BrandKitUse;
}

/**
 * The tenant's job as a key of this office scope may see it: another office's job is undefined, exactly as
 * one that does not exist.
 */
export async function visibleJob(
  jobs: Pick<JobStore, 'get'>,
  tenant: Tenant,
  jobId: string,
  scope: OfficeScope,
): Promise<Job | undefined> {
  const job = isUuid(jobId) ? await jobs.get(tenant, jobId) : undefined;
  return job && inOfficeScope(scope, job.officeId) ? job : undefined;
}

export async function getJob(
  deps: JobPorts,
  tenant: Tenant,
  jobId: string,
  scope?: OfficeScope,
): Promise<JobView> {
  const job = await visibleJob(deps.jobs, tenant, jobId, scope);
  if (!job) throw apiErrors.jobNotFound(jobId);
  return toJobView(job, deps.signer, deps.clock.now());
}

/** A validated listing request (GET /v1/jobs). */
interface ListJobsQuery {
  readonly status?: JobStatus;
  readonly job_type?: JobType;
  readonly kit_job_id?: string;
  readonly office_id?: string;
  readonly limit: number;
  readonly offset: number;
}

/**
 * A page of the tenant's jobs. `scope`: an office key's office. `memberOffices`: a dashboard `member`'s
 * offices, which the store filters on (so a page holds up to `limit` of their jobs).
 */
export async function listJobs(
  deps: JobPorts,
  tenant: Tenant,
  query: ListJobsQuery,
  scope?: OfficeScope,
  memberOffices?: readonly string[],
) {
  const office = memberOffices
    ? memberOfficeFilter(memberOffices, query.office_id)
    : officeFilterOf(scope, query.office_id);
  const page =
    office === 'none'
      ? { jobs: [], hasMore: false }
      : await deps.jobs.list(tenant, {
          status: query.status,
          jobType: query.job_type,
          kitJobId: query.kit_job_id,
          ...office,
          limit: query.limit,
          offset: query.offset,
        });
  const now = deps.clock.now();
  return {
    jobs: await Promise.all(page.jobs.map((job) => toJobView(job, deps.signer, now))),
    pagination: {
      limit: query.limit,
      offset: query.offset,
      count: page.jobs.length,
      has_more: page.hasMore,
      next_offset: page.hasMore ? query.offset + query.limit : null,
    },
  };
}

/**
 * The job another job builds on: it must exist for this tenant (404 otherwise, never revealing other
 * tenants' jobs), be of an accepted type (409 INVALID_PARENT_JOB) and be completed (409 JOB_NOT_READY, or PARENT_JOB_FAILED when it failed).
 */
export async function loadParentJob(
  deps: JobPorts,
  tenant: Tenant,
  jobId: string,
  acceptedTypes: readonly JobType[],
): Promise<Job> {
  // A job builds only on a job of its own office: another office's is not found (nor, for an office's
  // job, the organization's own).
  const job = await visibleJob(deps.jobs, tenant, jobId, deps.officeId);
  if (!job) throw apiErrors.jobNotFound(jobId);
  if (!acceptedTypes.includes(job.jobType)) {
    throw new ApiError(
      'INVALID_PARENT_JOB',
      `Job '${jobId}' is a ${job.jobType} job; this operation needs a ${acceptedTypes.join(' or ')} job.`,
    );
  }
  ensureCompleted(job);
  return job;
}

/**
 * 409 unless the job has completed: PARENT_JOB_FAILED when it failed (final: retrying cannot help, and the
 * message names its error), JOB_NOT_READY while it is still queued or processing.
 */
export function ensureCompleted(job: Job): void {
  if (job.mediaExpired) {
    throw new ApiError(
      'PARENT_MEDIA_EXPIRED',
      `Job '${job.jobId}' has expired: its media were erased when its retention ended. Create it again, with a delete_after long enough for what you build on it.`,
    );
  }
  if (job.status === 'failed') {
    const cause = job.error ? ` with ${job.error.code}: ${job.error.message}` : '';
    throw new ApiError(
      'PARENT_JOB_FAILED',
      `Job '${job.jobId}' failed${cause}. A failed job cannot be built on; create a new one.`,
    );
  }
  if (job.status !== 'completed') {
    throw new ApiError(
      'JOB_NOT_READY',
      `Job '${job.jobId}' is ${job.status}; wait until it is completed and retry.`,
    );
  }
}

/**
 * A kit's child refused because its kit is no longer queued or processing (it ended, was canceled or was
 * deleted): the child is not written, or, written already, not started.
 */
export class KitEndedError extends Error {
  constructor(
    readonly kitJobId: string,
    readonly childJobId: string,
  ) {
    super(`The kit ${kitJobId} has ended, was canceled or deleted: its child ${childJobId} is not made.`);
    this.name = 'KitEndedError';
  }
}

/**
 * A kit's child is admitted by its kit before it is written and again before it is started, each time in
 * one conditional write on the kit (JobStore.admitKitChild): once the kit is canceled or deleted, no child
 * of it is written or started, even by a step of the kit that is still running. The admitted ids are on
 * the kit, so its cancel and delete find every child, written or about to be.
 */
async function kitAdmits(deps: JobPorts, tenant: Tenant, childJobId: string): Promise<boolean> {
  return deps.kitJobId === undefined
    ? true
    : deps.jobs.admitKitChild({ tenant, jobId: deps.kitJobId }, childJobId);
}

/** How long a submit waits for StartExecution before leaving the start to the sweeper. */
const START_BUDGET_MS = 3000;

interface JobSubmission {
  readonly tenant: Tenant;
  readonly jobType: JobType;
  readonly input: JsonObject;
  readonly parent?: Job;
  readonly webhookUrl?: string;
  readonly callbackMetadata?: JsonObject;
}

/**
 * Records the job as queued, then starts its state machine. Once the job is written the answer is 202,
 * whatever happens to the start: a start that fails or takes longer than START_BUDGET_MS leaves the job
 * queued (and pending in the store), and the outbox sweeper starts it within a minute or so. Executions
 * are named by job id, so a start that did land and a sweeper's start are the same execution.
 *
 * A job whose id is made here takes its organization's slot before it is written (the starter's admit,
 * fair-share.ts), so it is written once, already waiting when its organization is at its limit: with the
 * admission write that authenticated the request, a submit is three store round trips (admission, slot,
 * job) whether it starts or waits. A job whose id an earlier attempt claimed (an Idempotency-Key retry,
 * a kit's child) is written first and started as before: its id's time is not the claim's, which the
 * sweeper's grace for slots of unwritten jobs goes by.
 */
export async function submitJob(
  deps: JobPorts,
  submission: JobSubmission,
): Promise<{ job_id: string; status: 'queued' }> {
  if (submission.webhookUrl) {
    const checked = checkUrlSyntax(submission.webhookUrl, webhookDeliveryPolicy(deps.webhookPolicy));
    if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `webhook_url is not allowed: ${checked.reason}`);
  }
  const now = deps.clock.now();
  // Checked before anything is claimed or written: a bad delete_after is a 400 with nothing stored.
  if (deps.deleteAfter !== undefined) deleteAfterSeconds(deps.deleteAfter, deps.retention);
  const retentionChoice = await retentionOf(deps, submission.tenant, submission.parent);
  let timestamp = now.toISOString();
  let jobId = uuidv7(now.getTime());
  let freshId = true;
  const { tenant, jobType } = submission;
  if (deps.creationClaim) {
    const claimed = await deps.creationClaim({ jobId, createdAt: timestamp });
    if (claimed.jobId !== jobId) {
      // An earlier attempt of this request claimed its job: answer that one (written, or to be written now).
      jobId = claimed.jobId;
      timestamp = claimed.createdAt;
      freshId = false;
      const existing = await deps.jobs.get(tenant, jobId);
      if (existing) {
        appendLogContext({ job_id: jobId, job_type: jobType });
        if (existing.status === 'queued') await startWithin(deps, existing, submission.parent);
        return { job_id: jobId, status: 'queued' };
      }
    }
  }
  if (!(await kitAdmits(deps, tenant, jobId))) throw new KitEndedError(deps.kitJobId!, jobId);
  const admission: Admission | undefined =
    freshId && deps.starter.admit
      ? await deps.starter.admit(
          { jobId, jobType, orgId: tenant.orgId, mode: tenant.mode },
          deps.organization,
        )
      : undefined;
  const job: Job = {
    jobId,
    orgId: tenant.orgId,
    mode: tenant.mode,
    jobType,
    status: 'queued',
    createdAt: timestamp,
    updatedAt: timestamp,
    // Waiting for a slot (never refused): started when one of the organization's jobs ends.
    progress: { percent: 0, stage: admission === 'wait' ? WAITING_STAGE : 'queued' },
    input: submission.input,
    parentJobId: submission.parent?.jobId,
    kitJobId: deps.kitJobId,
    ...officeOfNewJob(deps, submission.parent),
    webhookUrl: submission.webhookUrl,
    webhookEvents: submission.webhookUrl ? deps.webhookEvents : undefined,
    callbackMetadata: submission.callbackMetadata,
    idempotencyRecords: deps.idempotencyRecords,
    mediaExpiresAt: mediaExpiresAt(timestamp, retentionChoice, deps.retention),
  };
  appendLogContext({ job_id: jobId, job_type: jobType });
  await deps.jobs.create(job);
  // A delete of the job's office may have marked it since the request read it: the job is undone before
  // it starts, so a delete never leaves a running job in the office it removes (offices.ts deleteOffice).
  const closed = deps.officeCheck ? await deps.officeCheck() : undefined;
  if (closed) {
    await deps.jobs.remove(tenant, jobId);
    throw closed;
  }
  businessMetrics.jobCreated(jobType);
  if (admission !== 'wait') await startWithin(deps, job, submission.parent, admission === 'start');
  return { job_id: jobId, status: 'queued' };
}

/**
 * A kit's child written but refused its start (the kit was canceled or deleted in between): a canceled
 * kit's child ends canceled, as the kit's cancel would have left it; a deleted kit's child is removed
 * (the kit's delete could not see a record not yet written; the purge pass would find it otherwise).
 */
async function settleRefusedChild(deps: JobPorts, job: Job): Promise<void> {
  const tenant = { orgId: job.orgId, mode: job.mode };
  const ref = { tenant, jobId: job.jobId, jobType: job.jobType };
  logger.warn('kit child not started: its kit has ended', { job_id: job.jobId, kit_job_id: deps.kitJobId });
  const kit = deps.kitJobId === undefined ? undefined : await deps.jobs.get(tenant, deps.kitJobId);
  if (kit) await deps.jobs.cancel(ref, deps.clock.now().toISOString());
  else await deps.jobs.remove(tenant, job.jobId);
}

/**
 * What decides a new job's expiry: the request's delete_after, else the kit's expiry, else the
 * organization's own retention or its plan's (read only when needed).
 */
async function retentionOf(deps: JobPorts, tenant: Tenant, parent: Job | undefined) {
  if (deps.deleteAfter !== undefined) return { deleteAfter: deps.deleteAfter };
  if (deps.inheritedExpiry !== undefined) return { inherited: deps.inheritedExpiry };
  // An office's own retention takes its organization's place (the plan's default still backs neither):
  // the deps' office's, or, for a job that takes its parent's office, that office's (read now).
  const parentOffice = deps.officeId === undefined ? parent?.officeId : undefined;
  const office =
    deps.officeRetentionDays ??
    (parentOffice !== undefined && deps.officeRetention
      ? await deps.officeRetention(tenant, parentOffice)
      : undefined);
  if (deps.organization)
    return {
      organizationDays: office ?? deps.organization.mediaRetentionDays,
      plan: deps.organization.plan,
    };
  const settings = await deps.organizationSettings(tenant.orgId);
  return { organizationDays: office ?? settings.mediaRetentionDays, plan: settings.plan };
}

/** The new job's office: the deps' (its key's or its request's), else its parent's. */
function officeOfNewJob(deps: JobPorts, parent: Job | undefined): Pick<Job, 'officeId'> {
  const officeId = deps.officeId ?? parent?.officeId;
  return officeId === undefined ? {} : { officeId };
}

/** How many of an office's jobs are still queued or processing (at most 100 counted: any refuses a delete). */
export async function runningJobsOf(jobs: JobStore, tenant: Tenant, officeId: string): Promise<number> {
  const counts = await Promise.all(
    (['queued', 'processing'] as const).map(
      async (status) => (await jobs.list(tenant, { status, officeId, limit: 100, offset: 0 })).jobs.length,
    ),
  );
  return counts[0]! + counts[1]!;
}

/**
 * Starts a written job's execution within START_BUDGET_MS; never throws (the job exists either way).
 * `admitted`: it holds its slot already (the starter's admit), so the start takes none.
 */
async function startWithin(
  deps: JobPorts,
  job: Job,
  parent: Job | undefined,
  admitted = false,
): Promise<void> {
  if (!(await kitAdmits(deps, { orgId: job.orgId, mode: job.mode }, job.jobId))) {
    await settleRefusedChild(deps, job);
    return;
  }
  const start =
    admitted && deps.starter.startAdmitted
      ? deps.starter.startAdmitted.bind(deps.starter)
      : deps.starter.start.bind(deps.starter);
  try {
    await start(job.jobType, job.jobId, workflowInputFor(job, parent), { timeoutMs: START_BUDGET_MS });
  } catch (error) {
    // The caller gets the job. The sweeper starts it (or fails it, with a final event).
    logger.warn('workflow start deferred to the sweeper', { error });
  }
}
