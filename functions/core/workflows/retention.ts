// The retention sweep: erases the media and inputs of jobs whose time has come (see core/jobs/retention.ts
// for how that time is set). The outbox sweeper runs it on every pass (every minute in AWS, every few
// seconds on the local stack), so the cloud and the local stack expire jobs by the same rule.
//
// For each job the sparse by_expiry index lists as due: a job still running is left until it ends; a
// finished one has every object under its media prefix deleted, then its record marked expired (input {},
// output removed, error code only, callback metadata and webhook URL removed: the store's expire).
// Deleting first means a sweep that dies between the two finds the job again and repeats the delete (of
// nothing) and the mark: never a record that claims media it no longer has.
//
// The same index holds purges: a job deleted while a step of it was running (DELETE /v1/jobs/{id}) may
// still get an object from that step's Lambda, which a stopped execution does not stop. Its prefix is
// emptied again on every pass until PURGE_WINDOW_SECONDS after the deletion, longer than any Lambda runs.
// A deleted kit's purge also erases any child of it that the by_kit index shows: a kit admits no child
// once it is canceled (JobStore.admitKitChild), so none should appear, but one that slipped through is
// removed with its media instead of living on with the kit gone.
import type { Clock } from '../clock.ts';
import type { Job } from '../jobs/job.ts';
import { EXPIRY_SHARDS, type JobStore, type Purge } from '../jobs/job-store.ts';
import { expiredError } from '../jobs/retention.ts';
import { jobMediaPrefix, type MediaEraser } from '../media/media-store.ts';
import { logger } from '../observability.ts';

export interface RetentionPorts {
  readonly jobs: JobStore;
  readonly media: MediaEraser;
  readonly clock: Clock;
}

export interface RetentionReport {
  expired: number;
  /** Due, but still queued or processing: expired once they end. */
  waiting: number;
  objectsDeleted: number;
  /** Deleted jobs' prefixes emptied again (and what they held). */
  purged: number;
  /** Children of deleted kits found and erased by the purge (written after their kit's delete). */
  childrenErased: number;
  errors: number;
}

/** A deleted job's prefix is emptied again until this long after: a Lambda runs at most 15 minutes. */
export const PURGE_WINDOW_SECONDS = 16 * 60;

const finished = (job: Job) =>
  job.status === 'completed' || job.status === 'failed' || job.status === 'canceled';

export async function sweepExpired(ports: RetentionPorts, batchSize = 100): Promise<RetentionReport> {
  const report: RetentionReport = {
    expired: 0,
    waiting: 0,
    objectsDeleted: 0,
    purged: 0,
    childrenErased: 0,
    errors: 0,
  };
  const now = ports.clock.now().toISOString();
  for (let shard = 0; shard < EXPIRY_SHARDS; shard += 1) {
    for (const candidate of await ports.jobs.listExpiring(shard, now, batchSize)) {
      try {
        await expireOne(ports, candidate, now, report);
      } catch (error) {
        report.errors += 1;
        logger.error('job not expired', { job_id: candidate.jobId, error });
      }
    }
    for (const purge of await ports.jobs.listPurges(shard, now, batchSize)) {
      try {
        await purgeAgain(ports, purge, now, report);
      } catch (error) {
        report.errors += 1;
        logger.error('deleted job not purged', { job_id: purge.jobId, error });
      }
    }
  }
  if (report.expired + report.purged + report.childrenErased + report.errors > 0)
    logger.info('retention swept', { ...report });
  return report;
}

async function expireOne(ports: RetentionPorts, candidate: Job, now: string, report: RetentionReport) {
  const tenant = { orgId: candidate.orgId, mode: candidate.mode };
  // The index is eventually consistent: act on the item as it is now.
  const job = await ports.jobs.get(tenant, candidate.jobId);
  if (!job || job.mediaExpired || !job.mediaExpiresAt || job.mediaExpiresAt > now) return;
  if (!finished(job)) {
    report.waiting += 1;
    return;
  }
  report.objectsDeleted += await ports.media.deletePrefix(jobMediaPrefix(tenant, job.jobId));
  const ref = { tenant, jobId: job.jobId, jobType: job.jobType };
  if (await ports.jobs.expire(ref, expiredError(job.error), now)) report.expired += 1;
}

async function purgeAgain(ports: RetentionPorts, purge: Purge, now: string, report: RetentionReport) {
  const found = await ports.media.deletePrefix(jobMediaPrefix(purge.tenant, purge.jobId));
  report.objectsDeleted += found;
  report.purged += 1;
  if (found > 0)
    logger.warn('deleted job had media written after its deletion', { job_id: purge.jobId, objects: found });
  for (const child of await ports.jobs.listByKit(purge.tenant, purge.jobId)) {
    report.objectsDeleted += await ports.media.deletePrefix(jobMediaPrefix(purge.tenant, child.jobId));
    if (await ports.jobs.remove(purge.tenant, child.jobId)) report.childrenErased += 1;
    logger.warn('deleted kit had a child written after its deletion; erased', {
      job_id: child.jobId,
      kit_job_id: purge.jobId,
      status: child.status,
    });
  }
  // Due again at once (the next pass, a sweep period later) until the window closes.
  await ports.jobs.reschedulePurge(purge, now < purge.until ? now : undefined);
}
