// Jobs made for a kit job: submitJob writes the deps' kitJobId on the job, the job view shows it as
// kit_job_id (null for a job created directly), and the listing passes the kit filter to the store.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobListFilter } from '../../../functions/core/jobs/job-store.ts';
import type { JobStatus, Tenant } from '../../../functions/core/jobs/job-types.ts';
import { toJobView } from '../../../functions/core/jobs/job-view.ts';
import { listJobs, submitJob } from '../../../functions/core/use-cases/jobs.ts';
import { fakeJobDeps, fakeJobStore, fixedClock } from '../../support/fakes.ts';

const tenant: Tenant = { orgId: 'acme', mode: 'live' };
const KIT_ID = '0193a0b2-0000-7000-8000-00000000c1c0';
const NOW = new Date('2026-02-01T10:00:00.000Z');
const signer = { sign: async (key: string) => ({ url: `https://signed/${key}`, expiresAt: 'later' }) };

let counter = 0;
function job(status: JobStatus, extra: Partial<Job> = {}): Job {
  counter += 1;
  return {
    jobId: `0193a0b2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    orgId: tenant.orgId,
    mode: tenant.mode,
    jobType: 'property_frontage',
    status,
    createdAt: '2026-02-01T09:59:00.000Z',
    updatedAt: '2026-02-01T09:59:00.000Z',
    progress: { percent: 40, stage: status },
    input: {},
    ...extra,
  };
}

describe('submitJob and kitJobId', () => {
  async function submitted(kitJobId?: string): Promise<Job> {
    const created: Job[] = [];
    const deps = fakeJobDeps({
      jobs: fakeJobStore({ create: async (j) => void created.push(j) }),
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
    const deps = fakeJobDeps({
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
