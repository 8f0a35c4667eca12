// Fair share of work in flight (the README's "Fair share", docs/readme/hardening.md). Every way a job's
// execution is started goes through FairShare: the submit route, a kit making its children, the outbox
// sweeper and the local stack's restart recovery all call the stage's starter, and the stage's starter is
// this one (functions/wiring/stage-adapters.ts). It takes one of the organization's slots (JobSlots, a
// conditional write) before it starts the execution; when the organization is at its limit the job stays
// queued with the stage `waiting_for_your_other_jobs`: never refused, never failed.
//
// Slots come back on every way out of an execution: the execution-ended rule hears of every execution
// that ends (succeeded, failed, timed out, aborted, which includes a canceled job's stopped execution)
// and gives its slot back, then starts the organization's oldest waiting jobs while slots are free. The
// sweeper gives back any slot whose job has ended (an end event that never arrived, a job canceled or
// failed before its execution started) and starts waiting jobs it finds, organizations in turn.
//
// A job submitted through the API takes its slot before it is written (admit(), then the job is written
// already waiting or to be started): one conditional write and one put instead of a put, the slot's write
// and, at the limit, a third write marking it waiting. (A TransactWriteItems of the put and the claim would
// make the two one step, but the local stack's dynalite has no transactions, and at the limit a refused
// transaction still needs the waiting put after it.) The cost of claiming first: for a moment a slot
// names a job not yet written. The sweeper gives back slots of jobs that are gone, so it leaves alone a
// slot whose job id (a UUIDv7, made at the claim) is younger than CLAIM_GRACE_MS; a slot claimed by a
// submit that then failed before its put is given back once that has passed. A slot freed between a
// refused claim and the waiting job's put is found by the sweeper's pass over pending jobs, as one freed
// while the by_status index has not caught up with a new job always was.
import type { Clock } from '../clock.ts';
import { uuidv7Time } from '../ids.ts';
import type { Job } from '../jobs/job.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { JobType, Tenant } from '../jobs/job-types.ts';
import { type JobSlots, WAITING_STAGE } from '../limits/job-slots.ts';
import { logger } from '../observability.ts';
import {
  type Admission,
  type KnownPlan,
  type WorkflowInput,
  type WorkflowStarter,
  workflowInputFor,
} from './workflow-starter.ts';

export type StartOutcome = 'started' | 'waiting';

export interface FairSharePorts {
  readonly jobs: JobStore;
  readonly slots: JobSlots;
  /**
   * The tenant's limit (live keys: by the organization's plan, read unless `known` gives it: the API key
   * carries a copy of it).
   */
  readonly limitOf: (tenant: Tenant, known?: KnownPlan) => Promise<number>;
  readonly clock: Clock;
  /** Job types that take no slot (they only wait for the jobs they make). */
  readonly exemptJobTypes: readonly string[];
}

const FINAL = new Set(['completed', 'failed', 'canceled']);

/**
 * How long a slot whose job is not (yet) in the store is left held: longer than any submit takes from its
 * claim to its put (an API function's timeout is 10 s: lib/constructs/service-function.ts), short enough
 * that a slot a crashed submit claimed comes back within a few sweeps.
 */
export const CLAIM_GRACE_MS = 5 * 60_000;

/** A queued job held back by its organization's limit (as opposed to one not yet started at all). */
export const isWaiting = (job: Pick<Job, 'status' | 'progress'>): boolean =>
  job.status === 'queued' && job.progress.stage === WAITING_STAGE;

export class FairShare implements WorkflowStarter {
  constructor(
    /** What really starts an execution (Step Functions). */
    private readonly inner: WorkflowStarter,
    private readonly ports: FairSharePorts,
  ) {}

  /** The WorkflowStarter port: starts the job now, or leaves it waiting for a slot. */
  async start(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<void> {
    await this.startOrWait(jobType, executionName, input, options);
  }

  /**
   * For a job about to be written (a submit; WorkflowStarter.admit): takes its slot first, or says it is
   * to wait. An exempt job type takes none and starts.
   */
  async admit(job: Pick<Job, 'jobId' | 'jobType' | 'orgId' | 'mode'>, known?: KnownPlan): Promise<Admission> {
    if (this.ports.exemptJobTypes.includes(job.jobType)) return 'start';
    const tenant: Tenant = { orgId: job.orgId, mode: job.mode };
    const limit = await this.ports.limitOf(tenant, known);
    return (await this.ports.slots.acquire(tenant, job.jobId, limit)) ? 'start' : 'wait';
  }

  /**
   * Starts a job admit() gave a slot to. A start that fails keeps the slot, as in startOrWait: the job
   * is written queued and pending, and the sweeper starts it or fails it.
   */
  async startAdmitted(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<void> {
    await this.inner.start(jobType, executionName, input, options);
  }

  /** Takes a slot and starts the execution, or marks the job waiting when none is free. */
  async startOrWait(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<StartOutcome> {
    if (this.ports.exemptJobTypes.includes(jobType)) {
      await this.inner.start(jobType, executionName, input, options);
      return 'started';
    }
    const tenant: Tenant = { orgId: input.job.org_id, mode: input.job.mode };
    const limit = await this.ports.limitOf(tenant);
    if (await this.ports.slots.acquire(tenant, input.job.job_id, limit)) {
      // A start that fails keeps the slot: the job stays queued and pending, and the sweeper starts it
      // (with the same slot) or fails it, and then gives the slot back.
      await this.inner.start(jobType, executionName, input, options);
      return 'started';
    }
    await this.ports.jobs.markWaiting(
      { tenant, jobId: input.job.job_id, jobType },
      { percent: 0, stage: WAITING_STAGE },
      this.ports.clock.now().toISOString(),
    );
    return 'waiting';
  }

  /**
   * Starts a job the previous run of the local stack left processing: it had a slot, so it takes one
   * whatever the limit says now (the slots were all given back at the restart, see restart()).
   */
  async resume(job: Job, parent: Job | undefined): Promise<void> {
    const tenant: Tenant = { orgId: job.orgId, mode: job.mode };
    if (!this.ports.exemptJobTypes.includes(job.jobType))
      await this.ports.slots.acquire(tenant, job.jobId, Number.MAX_SAFE_INTEGER);
    await this.inner.start(job.jobType, job.jobId, workflowInputFor(job, parent));
  }

  /** After a restart of the local stack nothing runs: every slot is given back before jobs resume. */
  async restart(): Promise<number> {
    let released = 0;
    for (const holding of await this.ports.slots.list()) {
      for (const holder of holding.holders) {
        await this.ports.slots.release(holding.tenant, holder);
        released += 1;
      }
    }
    return released;
  }

  /** An execution ended (any status): its job's slot is given back and the tenant's waiting jobs start. */
  async executionEnded(tenant: Tenant, jobId: string): Promise<number> {
    await this.ports.slots.release(tenant, jobId);
    return this.startWaiting(tenant);
  }

  /**
   * Starts the tenant's queued jobs, oldest first, until one has to wait; resolves how many are running
   * (or were just started). A queued job that already holds a slot is started again, which is harmless:
   * executions are named by job id.
   */
  async startWaiting(tenant: Tenant): Promise<number> {
    const limit = await this.ports.limitOf(tenant);
    // Those holding slots but not yet processing come first (oldest), so read past them.
    const queued = await this.ports.jobs.oldestQueued(tenant, 2 * limit + 10);
    let admitted = 0;
    for (const job of queued) {
      if (this.ports.exemptJobTypes.includes(job.jobType)) continue;
      const parent = job.parentJobId ? await this.ports.jobs.get(tenant, job.parentJobId) : undefined;
      // A job whose parent is gone is the sweeper's to fail.
      if (job.parentJobId && !parent) continue;
      try {
        const outcome = await this.startOrWait(job.jobType, job.jobId, workflowInputFor(job, parent));
        if (outcome === 'waiting') break;
        admitted += 1;
      } catch (error) {
        // It holds its slot and stays queued: the sweeper starts it.
        logger.warn('waiting job not started; left to the sweeper', { job_id: job.jobId, error });
      }
    }
    return admitted;
  }

  /**
   * The sweeper's check: a slot whose job has ended (or is gone) is given back, and each tenant that got
   * one back starts its waiting jobs. A slot of a job still queued or processing is left alone.
   */
  async reconcile(): Promise<{ readonly released: number; readonly started: number }> {
    let released = 0;
    let started = 0;
    const now = this.ports.clock.now().getTime();
    for (const holding of await this.ports.slots.list()) {
      let freed = false;
      for (const holder of holding.holders) {
        const job = await this.ports.jobs.get(holding.tenant, holder);
        if (job && !FINAL.has(job.status)) continue;
        // Not written yet, perhaps: a submit claims the slot just before its put (admit()).
        if (!job && claimedLately(holder, now)) continue;
        await this.ports.slots.release(holding.tenant, holder);
        released += 1;
        freed = true;
      }
      if (freed) started += await this.startWaiting(holding.tenant);
    }
    return { released, started };
  }
}

/** Whether a slot holder's id is a UUIDv7 made less than CLAIM_GRACE_MS from now (either way: clocks). */
function claimedLately(jobId: string, now: number): boolean {
  const age = now - uuidv7Time(jobId);
  return Number.isFinite(age) && Math.abs(age) < CLAIM_GRACE_MS;
}
