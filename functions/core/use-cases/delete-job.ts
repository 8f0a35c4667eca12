// DELETE /v1/jobs/{jobId}: erases a job and every job made from it, keeping only what billing needs.
//
// The cascade: the jobs a kit made (kit_job_id) and the jobs built on a job (parent_job_id: a markup's
// edits, an edit's videos), transitively — they were made from its media. Each one still queued or
// processing is canceled first (its execution stopped; from then on the store refuses every write a step
// still running attempts). Then, dependants before the job itself: every object under the job's media
// prefix is deleted, its events are deleted from the event log, and its record is deleted (input, output,
// callback metadata, webhook URL and attempts go with it), and so are the Idempotency-Key records of the
// request that created it (a replay of the key then makes a new job instead of answering one that is
// gone); a job that was running is purged again by the retention sweep for a while
// (core/workflows/retention.ts). The usage record stays: it names the job id,
// type, units and day only, so invoices and usage totals do not change. A `job.deleted` event goes to the
// organization's webhook endpoints (the request's own webhook_url is erased with the job). Deleting a
// job that does not exist — never did, or was deleted — is a 404.
import type { Clock } from '../clock.ts';
import { apiErrors } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { IdempotencyRecords } from '../jobs/creation-claims.ts';
import type { Job } from '../jobs/job.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { JobStatus, JobType, Tenant } from '../jobs/job-types.ts';
import { jobMediaPrefix, type MediaEraser } from '../media/media-store.ts';
import { logger } from '../observability.ts';
import { inOfficeScope, type OfficeScope } from '../offices/office-scope.ts';
import type { EventLog } from '../webhooks/event-log.ts';
import { PURGE_WINDOW_SECONDS } from '../workflows/retention.ts';
import type { JobEvents } from '../workflows/step-runtime.ts';
import { type CancelPorts, cancelUnfinished, kitChildren } from './cancel-job.ts';

export interface DeletePorts extends CancelPorts {
  readonly jobs: JobStore;
  readonly media: MediaEraser;
  readonly eventLog: Pick<EventLog, 'eraseJob'>;
  /** The Idempotency-Key records of the requests that created the jobs. */
  readonly idempotency: IdempotencyRecords;
  readonly events: JobEvents;
  readonly clock: Clock;
}

/** How a deleted job came into the cascade. */
type Relation = 'requested' | 'kit_child' | 'built_on';

interface DeletedJob {
  readonly job_id: string;
  readonly job_type: JobType;
  readonly relation: Relation;
  /** The job it was made for or from (absent for the requested job). */
  readonly via_job_id: string | null;
  readonly status_at_deletion: JobStatus;
  /** It was queued or processing, so it was canceled (its execution stopped) before it was erased. */
  readonly canceled: boolean;
  readonly media_objects_deleted: number;
  readonly events_deleted: number;
}

export interface DeletionReceipt {
  readonly job_id: string;
  readonly deleted_at: string;
  readonly jobs: readonly DeletedJob[];
  readonly erased: readonly string[];
  readonly kept: readonly string[];
}

/** What the receipt says every deleted job lost, and what it kept. */
const ERASED = [
  'media',
  'idempotency_key',
  'input',
  'output',
  'error',
  'callback_metadata',
  'webhook_url',
  'webhook_attempts',
  'events',
] as const;
const KEPT = ['usage'] as const;

/** A cascade is bounded: a kit makes tens of jobs, a markup a few edits and videos. */
const MAX_CASCADE = 1_000;

interface Member {
  readonly job: Job;
  readonly relation: Relation;
  readonly via?: string;
}

/** The job and everything made from it, breadth first (the job first, the furthest dependants last). */
async function cascadeOf(jobs: JobStore, tenant: Tenant, root: Job): Promise<Member[]> {
  const members: Member[] = [{ job: root, relation: 'requested' }];
  const seen = new Set([root.jobId]);
  for (let i = 0; i < members.length; i += 1) {
    const { job } = members[i]!;
    const [children, builtOn] = await Promise.all([
      kitChildren(jobs, tenant, job),
      jobs.listBuiltOn(tenant, job.jobId),
    ]);
    const found: Member[] = [
      ...children.map((c): Member => ({ job: c, relation: 'kit_child', via: job.jobId })),
      ...builtOn.map((c): Member => ({ job: c, relation: 'built_on', via: job.jobId })),
    ];
    for (const member of found) {
      if (seen.has(member.job.jobId)) continue;
      seen.add(member.job.jobId);
      members.push(member);
    }
    if (members.length > MAX_CASCADE)
      throw new Error(
        `Job ${root.jobId} has more than ${MAX_CASCADE} dependants; not deleting part of them.`,
      );
  }
  return members;
}

const unfinished = (job: Job) => job.status === 'queued' || job.status === 'processing';

export async function deleteJob(
  deps: DeletePorts,
  tenant: Tenant,
  jobId: string,
  /** The key's office: another office's job is not found. */
  scope?: OfficeScope,
): Promise<DeletionReceipt> {
  const root = isUuid(jobId) ? await deps.jobs.get(tenant, jobId) : undefined;
  if (!root || !inOfficeScope(scope, root.officeId)) throw apiErrors.jobNotFound(jobId);
  const found = await cascadeOf(deps.jobs, tenant, root);

  // Stop first: nothing may still be writing media when the prefix is emptied.
  await Promise.all(found.filter((m) => unfinished(m.job)).map((m) => cancelUnfinished(deps, tenant, m.job)));
  // Once a kit is canceled it admits no child (JobStore.admitKitChild): read the cascade again, and it
  // holds every child a step of the kit admitted before that, written since the first read or not.
  const seen = new Map(found.map((m) => [m.job.jobId, m.job]));
  const fresh = (await deps.jobs.get(tenant, root.jobId)) ?? root;
  const members = (await cascadeOf(deps.jobs, tenant, fresh)).map((m) => {
    // Its status as first read: whether it was running when the delete began, which the receipt reports.
    const before = seen.get(m.job.jobId);
    return before ? { ...m, job: { ...m.job, status: before.status } } : m;
  });
  await Promise.all(
    members
      .filter((m) => !seen.has(m.job.jobId) && unfinished(m.job))
      .map((m) => cancelUnfinished(deps, tenant, m.job)),
  );

  const deletedAt = deps.clock.now();
  const deleted: DeletedJob[] = [];
  /** Each erased job's office, for its job.deleted event (which only its office's endpoints get). */
  const officeOf = new Map<string, string>();
  // Dependants first: a failure part-way leaves the requested job in place, so deleting it again finishes.
  for (const member of [...members].reverse()) {
    const { job } = member;
    const media = await deps.media.deletePrefix(jobMediaPrefix(tenant, job.jobId));
    const events = await deps.eventLog.eraseJob(tenant, job.jobId);
    // Before the record that names them: a failure here leaves the job to be deleted again.
    if (job.idempotencyRecords?.length) await deps.idempotency.erase(job.idempotencyRecords);
    await deps.jobs.remove(tenant, job.jobId);
    // A step of it may still be running (its execution is stopped, its Lambda is not): the retention
    // sweep empties its prefix again until no Lambda of it can still be writing. A kit's purge also
    // erases any child of it that is written after all (retention.ts).
    if (unfinished(job) || (job.childJobIds?.length ?? 0) > 0) {
      const until = new Date(deletedAt.getTime() + PURGE_WINDOW_SECONDS * 1000).toISOString();
      await deps.jobs.addPurge(
        { tenant, jobId: job.jobId, jobType: job.jobType },
        deletedAt.toISOString(),
        until,
      );
    }
    if (job.officeId !== undefined) officeOf.set(job.jobId, job.officeId);
    deleted.unshift({
      job_id: job.jobId,
      job_type: job.jobType,
      relation: member.relation,
      via_job_id: member.via ?? null,
      status_at_deletion: unfinished(job) ? 'canceled' : job.status,
      canceled: unfinished(job),
      media_objects_deleted: media,
      events_deleted: events,
    });
  }
  // One event per erased job, after the erasure (its event record is the only trace left of it).
  for (const entry of deleted) {
    try {
      await deps.events.publish(
        'job.deleted',
        {
          job_id: entry.job_id,
          org_id: tenant.orgId,
          mode: tenant.mode,
          job_type: entry.job_type,
          webhook_url: null,
          ...(officeOf.has(entry.job_id) ? { office_id: officeOf.get(entry.job_id) } : {}),
        },
        entry.status_at_deletion,
        { percent: 100, stage: 'deleted' },
        deletedAt,
      );
    } catch (error) {
      // The erasure stands; the event is lost, loudly (as any job event whose queueing fails).
      logger.error('job.deleted not queued', { job_id: entry.job_id, error });
    }
  }
  logger.info('job deleted', {
    job_id: root.jobId,
    jobs: deleted.length,
    media_objects: deleted.reduce((n, d) => n + d.media_objects_deleted, 0),
  });
  return {
    job_id: root.jobId,
    deleted_at: deletedAt.toISOString(),
    jobs: deleted,
    erased: ERASED,
    kept: KEPT,
  };
}
