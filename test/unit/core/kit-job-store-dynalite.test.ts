// Against dynalite (the local DynamoDB), with the real job store: a job's kit_job_id is stored and read
// back, the sparse by_kit index lists a kit's children for its tenant only (org and mode), the listing's
// kit filter combines with status and type and pages like the other filters, and GET /v1/jobs's use
// case shows the tenant's children of the kit and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { listJobs } from '../../../functions/core/use-cases/jobs.ts';
import { createJobsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fakeJobPorts, fixedClock, jobRecord } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let store: DynamoJobStore;
const tenant: Tenant = { orgId: 'acme', mode: 'live' };
const KIT = '0193a0b2-0000-7000-8000-00000000c1c1';
const OTHER_KIT = '0193a0b2-0000-7000-8000-00000000c1c2';

const job = jobRecord;

const ids = (jobs: readonly Job[]) => jobs.map((j) => j.jobId);

// Children are created oldest first; listings answer newest first.
const kit = job('processing', { jobType: 'kit_kind' });
const children = [
  job('completed', { kitJobId: KIT }),
  job('processing', { kitJobId: KIT, jobType: 'markup_v2' }),
  job('queued', { kitJobId: KIT }),
];
const strangers = [
  job('queued', { kitJobId: KIT, orgId: 'globex' }),
  job('queued', { kitJobId: KIT, mode: 'test' }),
  job('queued', { kitJobId: OTHER_KIT }),
  job('queued'),
];
const newestFirst = ids(children).reverse();

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  store = new DynamoJobStore(dynamo.db, 'jobs');
  for (const j of [kit, ...children, ...strangers]) await store.create(j);
});

afterAll(() => dynamo.close());

describe('job store: kit_job_id', () => {
  it('stores a job with its kit and reads it back; a job made directly has none', async () => {
    expect((await store.get(tenant, children[0]!.jobId))?.kitJobId).toBe(KIT);
    expect((await store.get(tenant, kit.jobId))?.kitJobId).toBeUndefined();
  });

  it("lists every child of the kit in the tenant, newest first, and no other org's or mode's", async () => {
    expect(ids(await store.listByKit(tenant, KIT))).toEqual(newestFirst);
    expect(ids(await store.listByKit({ orgId: 'globex', mode: 'live' }, KIT))).toEqual([strangers[0]!.jobId]);
    expect(await store.listByKit(tenant, '0193a0b2-0000-7000-8000-00000000ffff')).toEqual([]);
  });

  it('filters the listing by kit, alone and with status and job type', async () => {
    const list = (filter: Parameters<DynamoJobStore['list']>[1]) => store.list(tenant, filter);
    expect(ids((await list({ kitJobId: KIT, limit: 50, offset: 0 })).jobs)).toEqual(newestFirst);
    expect(ids((await list({ kitJobId: KIT, status: 'queued', limit: 50, offset: 0 })).jobs)).toEqual([
      children[2]!.jobId,
    ]);
    expect(ids((await list({ kitJobId: KIT, jobType: 'markup_v2', limit: 50, offset: 0 })).jobs)).toEqual([
      children[1]!.jobId,
    ]);
    expect(
      (await list({ kitJobId: KIT, jobType: 'markup_v2', status: 'completed', limit: 50, offset: 0 })).jobs,
    ).toEqual([]);
  });

  it('pages a kit listing like any other', async () => {
    const first = await store.list(tenant, { kitJobId: KIT, limit: 2, offset: 0 });
    expect(ids(first.jobs)).toEqual(newestFirst.slice(0, 2));
    expect(first.hasMore).toBe(true);
    const second = await store.list(tenant, { kitJobId: KIT, limit: 2, offset: 2 });
    expect(ids(second.jobs)).toEqual(newestFirst.slice(2));
    expect(second.hasMore).toBe(false);
  });

  it("GET /v1/jobs?kit_job_id lists the caller's children of the kit and shows their kit_job_id", async () => {
    const deps = fakeJobPorts({ jobs: store, clock: fixedClock() });
    const page = await listJobs(deps, tenant, { kit_job_id: KIT, limit: 50, offset: 0 });
    expect(page.jobs.map((j) => j.job_id)).toEqual(newestFirst);
    expect(page.jobs.every((j) => j.kit_job_id === KIT)).toBe(true);
    expect(page.pagination).toMatchObject({ count: 3, has_more: false });
    const test = await listJobs(
      deps,
      { orgId: 'acme', mode: 'test' },
      { kit_job_id: KIT, limit: 50, offset: 0 },
    );
    expect(test.jobs.map((j) => j.job_id)).toEqual([strangers[1]!.jobId]);
  });
});
