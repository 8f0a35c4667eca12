// The outbox relay and the sweeper that finishes what a crash, a timeout or a throttle interrupted.
//
// A final transition writes the job's status and its outbox in one item write (see job-store.ts). The
// relay then: queues the final event with the outbox's event id, puts the
// usage item (conditional on the job's key: at most one per job), and clears the outbox (conditional on
// that event id). Each step is safe to repeat, so a relay that dies part-way is simply run again by the
// sweeper: usage stays exactly once; the event is at least once, and a resend carries the same webhook-id.
//
// The sweeper runs on a schedule (EventBridge, every minute in AWS; more often on the local stack). It
// reads the sparse by_pending index for jobs pending longer than a grace period (so it does not race the
// writer's own relay) and, for each: relays an outbox left behind, or starts a job that was written but
// whose execution never started (an API that timed out or was throttled after the write). Starting is
// idempotent: executions are named by job id. Jobs waiting for a fair-share slot are pending too: the
// sweeper tries them organizations in turn (fairOrder) and never fails them for waiting; and it gives back
// every slot whose job has ended (fair-share.ts reconcile), so a lost end event never keeps a slot.
import type { Clock } from '../clock.ts';
import type { Job } from '../jobs/job.ts';
import { type JobRef, type JobStore, PENDING_SHARDS } from '../jobs/job-store.ts';
import { fairOrder } from '../limits/job-slots.ts';
import { logger } from '../observability.ts';
import type { BillingUnit, RenditionCounts } from '../usage/billing.ts';
import type { UsageStore } from '../usage/usage-store.ts';
import { type FairShare, isWaiting } from './fair-share.ts';
import type { JobEvents } from './step-runtime.ts';
import { type WorkflowStarter, workflowInputFor } from './workflow-starter.ts';

export interface OutboxPorts {
  readonly jobs: JobStore;
  readonly events: JobEvents;
  /** Absent where only canceled or failed jobs are relayed (the cancel route): a usage outbox then waits. */
  readonly usage?: UsageStore;
}

const refOf = (job: Job): JobRef => ({
  tenant: { orgId: job.orgId, mode: job.mode },
  jobId: job.jobId,
  jobType: job.jobType,
});

/**
 * Relays a final job's outbox: its event, its usage, then clears it. Throws when a write fails (the
 * outbox stays for the sweeper); resolves false when there was nothing to relay.
 */
export async function relayOutbox(ports: OutboxPorts, job: Job): Promise<boolean> {
  const box = job.outbox;
  if (!box) return false;
  const ref = refOf(job);
  // Every job's final event: the event log and the organization's endpoints get it, webhook_url or not.
  await ports.events.publish(
    box.event_type,
    {
      job_id: job.jobId,
      org_id: job.orgId,
      mode: job.mode,
      job_type: job.jobType,
      webhook_url: job.webhookUrl ?? null,
    },
    job.status,
    job.progress,
    new Date(box.created_at),
    box.event_id,
  );
  if (box.usage && job.status === 'completed') {
    if (!ports.usage) throw new Error('This relay has no usage store; the sweeper records the usage.');
    await ports.usage.record({
      tenant: ref.tenant,
      jobId: job.jobId,
      jobType: job.jobType,
      unit: box.usage.unit as BillingUnit,
      units: box.usage.units,
      ...(box.usage.renditions ? { renditions: box.usage.renditions as RenditionCounts } : {}),
      ...(job.officeId ? { officeId: job.officeId } : {}),
      completedAt: job.completedAt ?? box.created_at,
    });
  }
  await ports.jobs.clearOutbox(ref, box.event_id);
  return true;
}

/**
 * The writer's own relay, right after its final transition: a failure is logged, not thrown — the job's
 * outcome is already recorded and the sweeper relays what is left.
 */
export async function relayNow(ports: OutboxPorts, job: Job | undefined): Promise<void> {
  if (!job?.outbox) return;
  try {
    await relayOutbox(ports, job);
  } catch (error) {
    logger.warn('outbox left for the sweeper', { job_id: job.jobId, event_id: job.outbox.event_id, error });
  }
}

export interface SweepPorts extends OutboxPorts {
  readonly usage: UsageStore;
  readonly starter: WorkflowStarter;
  /** The stage's fair share (the same object as its starter): slots checked, waiting jobs started. */
  readonly fairShare?: Pick<FairShare, 'startOrWait' | 'reconcile'>;
  readonly clock: Clock;
}

export interface SweepOptions {
  /** Only jobs pending at least this long: the writer's own relay or start has had its chance. */
  readonly graceSeconds: number;
  /** A job still queued this long after its creation is failed instead of started again. */
  readonly startDeadlineSeconds: number;
  /** At most this many jobs per shard and sweep. */
  readonly batchSize?: number;
}

export interface SweepReport {
  relayed: number;
  started: number;
  failed: number;
  errors: number;
  /** Jobs left waiting for their organization's slots. */
  waiting: number;
  /** Slots given back because their job had ended. */
  released: number;
}

export async function sweepPending(ports: SweepPorts, options: SweepOptions): Promise<SweepReport> {
  const report: SweepReport = { relayed: 0, started: 0, failed: 0, errors: 0, waiting: 0, released: 0 };
  const now = ports.clock.now();
  if (ports.fairShare) {
    try {
      const reconciled = await ports.fairShare.reconcile();
      report.released += reconciled.released;
      report.started += reconciled.started;
    } catch (error) {
      report.errors += 1;
      logger.error('fair-share slots not checked', { error });
    }
  }
  const before = new Date(now.getTime() - options.graceSeconds * 1000).toISOString();
  const candidates: Job[] = [];
  for (let shard = 0; shard < PENDING_SHARDS; shard += 1)
    candidates.push(...(await ports.jobs.listPending(shard, before, options.batchSize ?? 100)));
  // Organizations in turn, oldest first within each; one found at its limit is not tried again this sweep.
  const full = new Set<string>();
  for (const candidate of fairOrder(candidates)) {
    const tenantKey = `${candidate.orgId}#${candidate.mode}`;
    if (full.has(tenantKey) && isWaiting(candidate) && !candidate.outbox) continue;
    try {
      if ((await sweepOne(ports, options, candidate, now, report)) === 'waiting') full.add(tenantKey);
    } catch (error) {
      report.errors += 1;
      logger.error('sweep failed for a job', { job_id: candidate.jobId, error });
    }
  }
  if (report.relayed + report.started + report.failed + report.errors + report.waiting + report.released > 0)
    logger.info('swept', { ...report });
  return report;
}

async function sweepOne(
  ports: SweepPorts,
  options: SweepOptions,
  candidate: Job,
  now: Date,
  report: SweepReport,
): Promise<'started' | 'waiting' | undefined> {
  // The index is eventually consistent: act on the item as it is now.
  const job = await ports.jobs.get({ orgId: candidate.orgId, mode: candidate.mode }, candidate.jobId);
  if (!job) return;
  if (job.outbox) {
    await relayOutbox(ports, job);
    report.relayed += 1;
    return;
  }
  if (job.status !== 'queued') return;
  const tenant = { orgId: job.orgId, mode: job.mode };
  const parent = job.parentJobId ? await ports.jobs.get(tenant, job.parentJobId) : undefined;
  const age = now.getTime() - Date.parse(job.createdAt);
  // A job waiting for its organization's slots is never failed for the time it waits.
  const overdue = age > options.startDeadlineSeconds * 1000 && !isWaiting(job);
  if (overdue || (job.parentJobId && !parent)) {
    const failed = await ports.jobs.fail(
      refOf(job),
      {
        code: 'WORKFLOW_START_FAILED',
        message: 'The job could not be started in time. Submit the request again.',
      },
      now.toISOString(),
    );
    report.failed += 1;
    if (failed) await relayOutbox(ports, failed);
    return;
  }
  const input = workflowInputFor(job, parent);
  if (ports.fairShare) {
    const outcome = await ports.fairShare.startOrWait(job.jobType, job.jobId, input);
    report[outcome === 'started' ? 'started' : 'waiting'] += 1;
    return outcome;
  }
  await ports.starter.start(job.jobType, job.jobId, input);
  report.started += 1;
  return 'started';
}
