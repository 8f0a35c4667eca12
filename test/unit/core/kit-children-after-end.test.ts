// A listing kit's step keeps running after its kit is deleted or canceled (a stopped execution does not
// stop the Lambda): the children it goes on to make must not be written or started. Each child is admitted
// by its kit in one conditional write before it is written and again before it is started; a child that
// still gets written after its kit's delete is erased by the kit's purge pass. Against dynalite, with the
// real job store, the real child-job port and the frontage route's own submit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import { childJobs } from '../../../functions/core/jobs/child-jobs.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobStore } from '../../../functions/core/jobs/job-store.ts';
import { jobMediaPrefix } from '../../../functions/core/media/media-store.ts';
import { cancelJob } from '../../../functions/core/use-cases/cancel-job.ts';
import { type DeletePorts, deleteJob } from '../../../functions/core/use-cases/delete-job.ts';
import { sweepExpired } from '../../../functions/core/workflows/retention.ts';
import { jobTypeSpec } from '../../../functions/jobs/registry.ts';
import { createJobsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fakeJobPorts, fakeMediaStore, jobRecord, memoryEventLog } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let store: DynamoJobStore;
const tenant = { orgId: 'acme', mode: 'live' as const };
const NOW = new Date('2026-02-01T10:00:00.000Z');
const clock = { now: () => NOW };
const ADDRESS = { address: '10 Wattle Street, Ultimo NSW 2007' };

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  store = new DynamoJobStore(dynamo.db, 'jobs');
});
afterAll(() => dynamo.close());

/** A running kit, the child-job port its step uses (over `jobs`), and what was started. */
async function runningKit(jobs: JobStore = store) {
  const kit = jobRecord('processing', { jobType: 'listing_kit' });
  await store.create(kit);
  const started: string[] = [];
  const media = fakeMediaStore();
  const children = childJobs(
    fakeJobPorts({
      jobs,
      clock,
      signer: media,
      starter: { start: async (_t, name) => void started.push(name) },
    }),
    (jobType) => jobTypeSpec(jobType).route,
  );
  const make = (role: string, order: number) =>
    children.create(
      { tenant, jobId: kit.jobId },
      { role, jobType: 'frontage_detection', body: ADDRESS, order },
    );
  const deletePorts: DeletePorts = {
    jobs: store,
    signer: media,
    clock,
    stopper: { stop: async () => undefined },
    events: { publish: async () => undefined },
    media,
    eventLog: memoryEventLog(),
    idempotency: { erase: async () => undefined },
  };
  return { kit, make, started, media, deletePorts };
}

describe("a kit's children once the kit is deleted or canceled", () => {
  it('are refused, neither written nor started, when the kit’s step makes them after its delete', async () => {
    const { kit, make, started, deletePorts } = await runningKit();
    const first = await make('frontage', 0);
    expect(first.ok).toBe(true);
    expect(started).toHaveLength(1);

    const receipt = await deleteJob(deletePorts, tenant, kit.jobId);
    expect(receipt.jobs.map((j) => j.relation)).toEqual(['requested', 'kit_child']);

    // The step, still running, goes on to the slides.
    const late = await make('slide_cover', 9);
    expect(late).toEqual({
      ok: false,
      error: { code: 'KIT_ENDED', message: expect.stringContaining(kit.jobId) },
    });
    expect(started).toHaveLength(1);
    expect(await store.listByKit(tenant, kit.jobId)).toEqual([]);
  });

  it('are refused once the kit is canceled, and a canceled kit’s admitted children are canceled with it', async () => {
    const { kit, make, started, deletePorts } = await runningKit();
    const made = await make('frontage', 0);
    await cancelJob(deletePorts, tenant, kit.jobId);
    expect((await store.get(tenant, made.ok ? made.jobId : ''))?.status).toBe('canceled');
    expect(await make('markup', 1)).toMatchObject({ ok: false, error: { code: 'KIT_ENDED' } });
    expect(started).toHaveLength(1);
    expect((await store.listByKit(tenant, kit.jobId)).map((j) => j.status)).toEqual(['canceled']);
  });

  it('is not started, and is removed, when admitted just before the kit’s delete and written just after', async () => {
    // The delete lands between the child's admission and its write.
    let beforeWrite: (() => Promise<void>) | undefined;
    const racing: JobStore = Object.assign(Object.create(store) as DynamoJobStore, {
      create: async (job: Job) => {
        const run = beforeWrite;
        beforeWrite = undefined;
        await run?.();
        await store.create(job);
      },
    });
    const { kit, make, started, deletePorts } = await runningKit(racing);
    beforeWrite = async () => {
      await deleteJob(deletePorts, tenant, kit.jobId);
    };
    const made = await make('frontage', 0);
    expect(started).toEqual([]);
    expect(await store.get(tenant, made.ok ? made.jobId : 'none')).toBeUndefined();
    expect(await store.listByKit(tenant, kit.jobId)).toEqual([]);
  });

  it("are erased by the kit's purge pass when one is written after the delete all the same", async () => {
    const { kit, media, deletePorts } = await runningKit();
    await deleteJob(deletePorts, tenant, kit.jobId);
    // A writer that bypassed the kit's admission (the guard's last line: the purge).
    const stray = jobRecord('queued', { kitJobId: kit.jobId, createdAt: NOW.toISOString() });
    await store.create(stray);
    await media.put(`${jobMediaPrefix(tenant, stray.jobId)}slide.png`, Buffer.from('png'), 'image/png');

    const report = await sweepExpired({
      jobs: store,
      media,
      clock: { now: () => new Date(NOW.getTime() + 5_000) },
    });
    expect(report).toMatchObject({ childrenErased: 1, errors: 0 });
    expect(await store.get(tenant, stray.jobId)).toBeUndefined();
    expect([...media.objects.keys()].filter((k) => k.includes(stray.jobId))).toEqual([]);
  });
});
