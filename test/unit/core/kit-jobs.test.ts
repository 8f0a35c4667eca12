// Jobs made for a kit job: submitJob writes the deps' kitJobId on the job, the job view shows it as
// kit_job_id (null for a job created directly), the listing passes the kit filter to the store, and a
// kit's cancel cancels its unfinished children, each as its own cancel would, whatever one of them does.
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobListFilter, JobRef } from '../../../functions/core/jobs/job-store.ts';
import type { JobStatus, Tenant } from '../../../functions/core/jobs/job-types.ts';
import { toJobView } from '../../../functions/core/jobs/job-view.ts';
import { logger } from '../../../functions/core/observability.ts';
import { type CancelPorts, cancelJob } from '../../../functions/core/use-cases/cancel-job.ts';
import { listJobs, submitJob } from '../../../functions/core/use-cases/jobs.ts';
import { fakeJobPorts, fakeJobStore, fixedClock, jobRecord } from '../../support/fakes.ts';

const tenant: Tenant = { orgId: 'acme', mode: 'live' };
const KIT_ID = '0193a0b2-0000-7000-8000-00000000c1c0';
const NOW = new Date('2026-02-01T10:00:00.000Z');
const signer = { sign: async (key: string) => ({ url: `https://signed/${key}`, expiresAt: 'later' }) };

function job(status: JobStatus, extra: Partial<Job> = {}): Job {
  return jobRecord(status, {
    jobType: 'property_frontage',
    createdAt: '2026-02-01T09:59:00.000Z',
    updatedAt: '2026-02-01T09:59:00.000Z',
    progress: { percent: 40, stage: status },
    ...extra,
  });
}

describe('submitJob and kitJobId', () => {
  async function submitted(kitJobId?: string): Promise<Job> {
    const created: Job[] = [];
    const deps = fakeJobPorts({
      // The kit admits its child (a conditional write on the kit) before it is written and started.
      jobs: fakeJobStore({ create: async (j) => void created.push(j), admitKitChild: async () => true }),
      starter: { start: async () => undefined },
      ...(kitJobId ? { kitJobId } : {}),
    });
    await submitJob(deps, { tenant, jobType: 'property_frontage', input: { address: 'x' } });
    expect(created).toHaveLength(1);
    return created[0]!;
  }

  it("writes the deps' kitJobId on the job it creates, beside its other fields", async () => {
    const created = await submitted(KIT_ID);
    expect(created).toMatchObject({ kitJobId: KIT_ID, status: 'queued', orgId: 'acme', mode: 'live' });
    expect(created.parentJobId).toBeUndefined();
  });

  it('writes none for a job created directly', async () => {
    expect((await submitted()).kitJobId).toBeUndefined();
  });
});

describe('toJobView kit_job_id', () => {
  it("shows the kit's id, and null for a job created directly, as parent_job_id is shown", async () => {
    const child = await toJobView(job('queued', { kitJobId: KIT_ID }), signer, NOW);
    expect(child.kit_job_id).toBe(KIT_ID);
    expect(child.parent_job_id).toBeNull();
    const direct = await toJobView(job('queued'), signer, NOW);
    expect(direct).toHaveProperty('kit_job_id', null);
  });
});

describe('listJobs with kit_job_id', () => {
  it("asks the store for the tenant's jobs of that kit, with the other filters", async () => {
    const filters: Array<{ tenant: Tenant; filter: JobListFilter }> = [];
    const child = job('processing', { kitJobId: KIT_ID });
    const deps = fakeJobPorts({
      jobs: fakeJobStore({
        list: async (t, filter) => {
          filters.push({ tenant: t, filter });
          return { jobs: [child], hasMore: false };
        },
      }),
      signer,
      clock: fixedClock(NOW.toISOString()),
    });
    const page = await listJobs(deps, tenant, {
      kit_job_id: KIT_ID,
      status: 'processing',
      limit: 10,
      offset: 0,
    });
    expect(filters).toEqual([
      {
        tenant,
        filter: { kitJobId: KIT_ID, status: 'processing', jobType: undefined, limit: 10, offset: 0 },
      },
    ]);
    expect(page.jobs.map((j) => j.kit_job_id)).toEqual([KIT_ID]);
  });
});

/** A store of several jobs (any tenant), whose cancel behaves as the DynamoDB one: queued/processing only. */
function cascadeHarness(jobs: Job[], options: { cancelThrowsFor?: string; stopThrowsFor?: string } = {}) {
  const byId = new Map(jobs.map((j) => [j.jobId, j]));
  const log: string[] = [];
  const listed: Array<{ tenant: Tenant; kitJobId: string }> = [];
  const sameTenant = (j: Job, t: Tenant) => j.orgId === t.orgId && j.mode === t.mode;
  const store = fakeJobStore({
    get: async (t, id) => {
      const found = byId.get(id);
      return found && sameTenant(found, t) ? found : undefined;
    },
    listByKit: async (t, kitJobId) => {
      listed.push({ tenant: t, kitJobId });
      return [...byId.values()].filter((j) => j.kitJobId === kitJobId && sameTenant(j, t));
    },
    cancel: async (ref: JobRef, now: string) => {
      if (ref.jobId === options.cancelThrowsFor) throw new Error('throttled');
      const current = byId.get(ref.jobId);
      if (!current || !sameTenant(current, ref.tenant)) return undefined;
      if (current.status !== 'queued' && current.status !== 'processing') return undefined;
      const canceled: Job = { ...current, status: 'canceled', completedAt: now, updatedAt: now };
      byId.set(ref.jobId, canceled);
      log.push(`cancel ${ref.jobId}`);
      return canceled;
    },
  });
  const deps: CancelPorts = {
    jobs: store,
    signer,
    clock: { now: () => NOW },
    stopper: {
      stop: async (_jobType, name) => {
        log.push(`stop ${name}`);
        if (name === options.stopThrowsFor) throw new Error('stop refused');
      },
    },
    events: { publish: async () => undefined },
  };
  return { deps, log, listed, status: (id: string) => byId.get(id)?.status };
}

describe('cancelJob of a kit', () => {
  it('cancels its queued and processing children and leaves the ended ones as they were', async () => {
    const kit = job('processing', { jobId: KIT_ID, jobType: 'markup_v2_video' });
    const queued = job('queued', { kitJobId: KIT_ID });
    const processing = job('processing', { kitJobId: KIT_ID });
    const completed = job('completed', { kitJobId: KIT_ID });
    const failed = job('failed', { kitJobId: KIT_ID });
    const unrelated = job('processing');
    const h = cascadeHarness([kit, queued, processing, completed, failed, unrelated]);

    const view = await cancelJob(h.deps, tenant, KIT_ID);

    expect(view.job_id).toBe(KIT_ID);
    expect(view.status).toBe('canceled');
    expect(h.listed).toEqual([{ tenant, kitJobId: KIT_ID }]);
    expect(h.status(queued.jobId)).toBe('canceled');
    expect(h.status(processing.jobId)).toBe('canceled');
    expect(h.status(completed.jobId)).toBe('completed');
    expect(h.status(failed.jobId)).toBe('failed');
    expect(h.status(unrelated.jobId)).toBe('processing');
    // Each child as its own cancel: marked, then its execution stopped.
    for (const child of [queued, processing]) {
      expect(h.log.indexOf(`cancel ${child.jobId}`)).toBeGreaterThan(-1);
      expect(h.log.indexOf(`stop ${child.jobId}`)).toBeGreaterThan(h.log.indexOf(`cancel ${child.jobId}`));
    }
    expect(h.log).not.toContain(`cancel ${completed.jobId}`);
    expect(h.log).not.toContain(`cancel ${failed.jobId}`);
  });

  it("does not touch another tenant's job that names the same kit", async () => {
    const kit = job('queued', { jobId: KIT_ID });
    const otherOrg = job('processing', { kitJobId: KIT_ID, orgId: 'globex' });
    const otherMode = job('processing', { kitJobId: KIT_ID, mode: 'test' });
    const h = cascadeHarness([kit, otherOrg, otherMode]);
    await cancelJob(h.deps, tenant, KIT_ID);
    expect(h.status(otherOrg.jobId)).toBe('processing');
    expect(h.status(otherMode.jobId)).toBe('processing');
  });

  it('cancels the other children when one child cannot be canceled, logs it, and answers the kit', async () => {
    const kit = job('processing', { jobId: KIT_ID });
    const [a, broken, b, unstoppable] = [
      job('queued', { kitJobId: KIT_ID }),
      job('processing', { kitJobId: KIT_ID }),
      job('processing', { kitJobId: KIT_ID }),
      job('processing', { kitJobId: KIT_ID }),
    ];
    const h = cascadeHarness([kit, a!, broken!, b!, unstoppable!], {
      cancelThrowsFor: broken!.jobId,
      stopThrowsFor: unstoppable!.jobId,
    });
    const errors: Array<[string, unknown]> = [];
    const logged = vi
      .spyOn(logger, 'error')
      .mockImplementation((message, ...rest) => void errors.push([String(message), rest[0]]));
    try {
      const view = await cancelJob(h.deps, tenant, KIT_ID);
      expect(view.status).toBe('canceled');
    } finally {
      logged.mockRestore();
    }
    expect(h.status(a!.jobId)).toBe('canceled');
    expect(h.status(b!.jobId)).toBe('canceled');
    expect(h.status(unstoppable!.jobId)).toBe('canceled');
    expect(h.status(broken!.jobId)).toBe('processing');
    expect(errors).toContainEqual([
      'kit child not canceled',
      expect.objectContaining({ job_id: broken!.jobId, kit_job_id: KIT_ID }),
    ]);
  });

  it('finishes the cascade on a repeated cancel of a canceled kit', async () => {
    const kit = job('canceled', { jobId: KIT_ID });
    const left = job('processing', { kitJobId: KIT_ID });
    const h = cascadeHarness([kit, left]);
    expect((await cancelJob(h.deps, tenant, KIT_ID)).status).toBe('canceled');
    expect(h.status(left.jobId)).toBe('canceled');
  });

  it('leaves the children of a kit it refuses to cancel (completed) alone', async () => {
    const kit = job('completed', { jobId: KIT_ID });
    const child = job('processing', { kitJobId: KIT_ID });
    const h = cascadeHarness([kit, child]);
    await expect(cancelJob(h.deps, tenant, KIT_ID)).rejects.toMatchObject({ code: 'JOB_NOT_CANCELABLE' });
    expect(h.listed).toEqual([]);
    expect(h.status(child.jobId)).toBe('processing');
  });
});
