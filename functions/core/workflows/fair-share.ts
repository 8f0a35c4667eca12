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
import type { Clock } from '../clock.ts';
import type { Job } from '../jobs/job.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { JobType, Tenant } from '../jobs/job-types.ts';
import { type JobSlots, WAITING_STAGE } from '../limits/job-slots.ts';
import { logger } from '../observability.ts';
import { type WorkflowInput, type WorkflowStarter, workflowInputFor } from './workflow-starter.ts';

export type StartOutcome = 'started' | 'waiting';

export interface FairSharePorts {
  readonly jobs: JobStore;
  readonly slots: JobSlots;
  /** The tenant's limit (live keys: by the organization's plan). */
  readonly limitOf: (tenant: Tenant) => Promise<number>;
  readonly clock: Clock;
  /** Job types that take no slot (they only wait for the jobs they make). */
  readonly exemptJobTypes: readonly string[];
}

const FINAL = new Set(['completed', 'failed', 'canceled']);

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
    for (const holding of await this.ports.slots.list()) {
      let freed = false;
      for (const holder of holding.holders) {
        const job = await this.ports.jobs.get(holding.tenant, holder);
        if (job && !FINAL.has(job.status)) continue;
        await this.ports.slots.release(holding.tenant, holder);
        released += 1;
        freed = true;
      }
      if (freed) started += await this.startWaiting(holding.tenant);
    }
    return { released, started };
  }
}
