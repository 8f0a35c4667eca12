// DELETE /v1/jobs/{id}'s use case against dynalite's job store and in-memory media and event log: the
// cascade (a kit's jobs, the jobs built on a job, transitively), cancel first, erasure of media, events
// and records of exactly those jobs, the receipt, job.deleted events, and 404 on a second delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobStatus, JobType } from '../../../functions/core/jobs/job-types.ts';
import { jobMediaPrefix } from '../../../functions/core/media/media-store.ts';
import { deleteJob } from '../../../functions/core/use-cases/delete-job.ts';
import { createJobsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fakeMediaStore, jobRecord, memoryEventLog } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let store: DynamoJobStore;
const tenant = { orgId: 'acme', mode: 'live' as const };
const other = { orgId: 'globex', mode: 'live' as const };
const NOW = new Date('2026-02-01T11:00:00.000Z');

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  store = new DynamoJobStore(dynamo.db, 'jobs');
});
afterAll(() => dynamo.close());

function world() {
  const media = fakeMediaStore();
  const eventLog = memoryEventLog();
  const log: string[] = [];
  const deps = {
    jobs: store,
    signer: media,
    clock: { now: () => NOW },
    stopper: {
      stop: async (jobType: JobType, name: string) => {
        log.push(`stop ${jobType} ${name}`);
      },
    },
    events: {
      publish: async (type: string, job: { job_id: string }, status: JobStatus) => {
        log.push(`event ${type} ${status} ${job.job_id}`);
      },
    },
    media,
    eventLog,
    idempotency: { erase: async () => undefined },
  };
  return { deps, media, eventLog, log };
}

async function make(
  w: ReturnType<typeof world>,
  status: JobStatus,
  extra: Partial<Job> = {},
  files = ['a.jpg', 'b.mp4'],
): Promise<Job> {
  const job = jobRecord(status, {
    input: { address: '1 Secret St', agent: { phone: '0400 000 000' } },
    ...extra,
  });
  await store.create(job);
  const t = { orgId: job.orgId, mode: job.mode };
  for (const file of files)
    await w.media.put(`${jobMediaPrefix(t, job.jobId)}${file}`, Buffer.from(file), 'x');
  await w.eventLog.record(
    t,
    {
      event_id: `evt_${job.jobId}`,
      type: 'job.completed',
      created_at: job.createdAt,
      job: { job_id: job.jobId, org_id: job.orgId, mode: job.mode, job_type: job.jobType },
      attempt: 1,
    },
    0,
  );
  return job;
}

describe('deleteJob', () => {
  it('erases a markup, its edit and the edit’s video, and a kit’s children, and nothing else', async () => {
    const w = world();
    const markup = await make(w, 'completed', { jobType: 'markup_v2' });
    const edit = await make(w, 'completed', { jobType: 'markup_edit', parentJobId: markup.jobId });
    const video = await make(w, 'processing', { jobType: 'markup_video', parentJobId: edit.jobId });
    const kit = await make(w, 'completed', { jobType: 'listing_kit' });
    const child = await make(w, 'completed', { kitJobId: kit.jobId });
    const bystander = await make(w, 'completed');
    const foreign = await make(w, 'completed', { orgId: other.orgId, parentJobId: markup.jobId });

    const receipt = await deleteJob(w.deps, tenant, markup.jobId);
    expect(receipt.job_id).toBe(markup.jobId);
    expect(receipt.deleted_at).toBe(NOW.toISOString());
    expect(
      receipt.jobs.map((j) => [j.job_id, j.relation, j.via_job_id, j.status_at_deletion, j.canceled]),
    ).toEqual([
      [markup.jobId, 'requested', null, 'completed', false],
      [edit.jobId, 'built_on', markup.jobId, 'completed', false],
      [video.jobId, 'built_on', edit.jobId, 'canceled', true],
    ]);
    expect(receipt.jobs.every((j) => j.media_objects_deleted === 2 && j.events_deleted === 1)).toBe(true);
    expect(receipt.kept).toEqual(['usage']);
    // The running video was canceled (execution stopped) before anything was erased.
    expect(w.log.indexOf(`stop markup_video ${video.jobId}`)).toBeGreaterThanOrEqual(0);
    expect(w.log.filter((l) => l.startsWith('event job.deleted'))).toEqual([
      `event job.deleted completed ${markup.jobId}`,
      `event job.deleted completed ${edit.jobId}`,
      `event job.deleted canceled ${video.jobId}`,
    ]);
    for (const gone of [markup, edit, video]) {
      expect(await store.get(tenant, gone.jobId)).toBeUndefined();
      expect([...w.media.objects.keys()].some((k) => k.includes(gone.jobId))).toBe(false);
      expect([...w.eventLog.events.values()].some((e) => e.message.job?.job_id === gone.jobId)).toBe(false);
    }
    // Another tenant's job that names the same parent id, an unrelated job and the kit are untouched.
    for (const kept of [bystander, kit, child]) expect(await store.get(tenant, kept.jobId)).toBeDefined();
    expect(await store.get(other, foreign.jobId)).toBeDefined();
    expect([...w.media.objects.keys()].filter((k) => k.includes(bystander.jobId))).toHaveLength(2);

    // Deleting again: 404, as for a job that never existed.
    const again = await deleteJob(w.deps, tenant, markup.jobId).catch((e: ApiError) => e);
    expect(again).toMatchObject({ code: 'NOT_FOUND' });

    // A kit takes its children with it.
    const kitReceipt = await deleteJob(w.deps, tenant, kit.jobId);
    expect(kitReceipt.jobs.map((j) => [j.job_id, j.relation])).toEqual([
      [kit.jobId, 'requested'],
      [child.jobId, 'kit_child'],
    ]);
    expect(await store.get(tenant, child.jobId)).toBeUndefined();

    // Only the job that was running is purged again later (its step's Lambda may still write).
    const purges = await Promise.all([0, 1, 2, 3].map((shard) => store.listPurges(shard, '9999', 100)));
    expect(purges.flat().map((p) => p.jobId)).toEqual([video.jobId]);
  });

  it("answers 404 for another organization's job and for a malformed id, erasing nothing", async () => {
    const w = world();
    const job = await make(w, 'completed', { orgId: other.orgId });
    for (const id of [job.jobId, 'not-a-uuid']) {
      const error = await deleteJob(w.deps, tenant, id).catch((e: ApiError) => e);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await store.get(other, job.jobId)).toBeDefined();
    expect(w.media.objects.size).toBe(2);
  });
});
