// Fair share of work in flight: how many jobs of one organization (in one mode) may be processing at
// once, the slot port that counts them across every Lambda container (its DynamoDB adapter:
// functions/adapters/dynamodb/job-slots.ts), and the order waiting jobs are started in. The use cases that
// take and give back slots are core/workflows/fair-share.ts; the README's "Fair share" section
// (docs/readme/hardening.md) describes the whole design.
import type { Tenant } from '../jobs/job-types.ts';

/** The progress stage of a queued job held back because its organization is at its limit. */
export const WAITING_STAGE = 'waiting_for_your_other_jobs';

/**
 * The stage's limits (StageConfig.jobConcurrency, JOB_CONCURRENCY): jobs of one organization processing
 * at once, by mode and, for live keys, by the organization's plan.
 */
export interface JobConcurrencyLimits {
  /** Test keys: the same for every organization. */
  readonly test: number;
  /** Live keys of an organization with no plan, or a plan not listed below. */
  readonly liveDefault: number;
  /** Live keys by the organization's plan (`keys set-plan`). */
  readonly plans: Readonly<Record<string, number>>;
  /**
   * Job types that hold no slot: they only wait for the jobs they make (a listing kit), and those jobs
   * take slots of their own. Counting both would let a few kits hold every slot their children need.
   */
  readonly exemptJobTypes: readonly string[];
}

/** The limit of one tenant: test keys share one; live keys by plan, else the live default. */
export function limitFor(limits: JobConcurrencyLimits, tenant: Tenant, plan: string | undefined): number {
  if (tenant.mode === 'test') return limits.test;
  return (plan !== undefined ? limits.plans[plan] : undefined) ?? limits.liveDefault;
}

/** Checks a parsed JOB_CONCURRENCY value: every limit a positive integer. */
export function checkJobConcurrencyLimits(value: unknown): JobConcurrencyLimits {
  const limits = value as Partial<JobConcurrencyLimits> | null;
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) >= 1;
  if (
    !limits ||
    !positive(limits.test) ||
    !positive(limits.liveDefault) ||
    typeof limits.plans !== 'object' ||
    limits.plans === null ||
    !Object.values(limits.plans).every(positive) ||
    !Array.isArray(limits.exemptJobTypes)
  )
    throw new Error(
      `job concurrency limits must be { test, liveDefault, plans: { <plan>: n }, exemptJobTypes: [] } with positive integers, got ${JSON.stringify(value)}`,
    );
  return limits as JobConcurrencyLimits;
}

/** The slots one tenant's jobs hold now: the ids of the jobs holding them. */
export interface SlotHolding {
  readonly tenant: Tenant;
  readonly holders: readonly string[];
}

/**
 * The slot port. Each tenant's slots are one record listing the jobs that hold them; every change is a
 * conditional write, so two containers can never take the last slot both. Taking and giving back are
 * idempotent: a job that holds a slot takes it again without taking a second one, and giving back a slot
 * not held changes nothing, so a retried start or a repeated end event is harmless.
 */
export interface JobSlots {
  /** Takes a slot for `jobId` unless `limit` jobs of the tenant hold one already; true when it holds one. */
  acquire(tenant: Tenant, jobId: string, limit: number): Promise<boolean>;
  /** Gives `jobId`'s slot back (nothing when it holds none). */
  release(tenant: Tenant, jobId: string): Promise<void>;
  /** Every tenant that has a slot record, with the jobs holding its slots (the sweeper's check). */
  list(): Promise<SlotHolding[]>;
}

/** What the fair order needs of a job. */
interface Orderable {
  readonly orgId: string;
  readonly mode: string;
  readonly createdAt: string;
  readonly jobId: string;
}

/**
 * The order waiting jobs are started in: oldest first within each tenant, and tenants taken in turn
 * (round-robin: one job of each, then the second of each, ...), the tenant with the oldest job first. One
 * tenant's backlog of hundreds therefore never stands in front of another tenant's single job.
 */
export function fairOrder<T extends Orderable>(jobs: readonly T[]): T[] {
  const byTenant = new Map<string, T[]>();
  const oldestFirst = [...jobs].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.jobId.localeCompare(b.jobId),
  );
  for (const job of oldestFirst) {
    const key = `${job.orgId}#${job.mode}`;
    const queue = byTenant.get(key);
    if (queue) queue.push(job);
    else byTenant.set(key, [job]);
  }
  const queues = [...byTenant.values()];
  const ordered: T[] = [];
  for (let round = 0; ordered.length < oldestFirst.length; round += 1)
    for (const queue of queues) if (round < queue.length) ordered.push(queue[round]!);
  return ordered;
}
