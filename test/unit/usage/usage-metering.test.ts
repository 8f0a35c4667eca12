// Usage metering against dynalite (the local DynamoDB): the completion step counts a job once, also when
// it is retried (after the usage write failed, or on the next day); failed and canceled jobs are never
// counted; the store reads a tenant's range and nothing of another organization or mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { DynamoUsageStore } from '../../../functions/adapters/dynamodb/usage-store.ts';
import type { Clock } from '../../../functions/core/clock.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Mode } from '../../../functions/core/jobs/job-types.ts';
import type { UsageStore } from '../../../functions/core/usage/usage-store.ts';
import { type LifecyclePorts, recordLifecycle } from '../../../functions/core/workflows/job-lifecycle.ts';
import { sweepPending } from '../../../functions/core/workflows/outbox.ts';
import type { JobEvents } from '../../../functions/core/workflows/step-runtime.ts';
import { type LocalDynamo, startJobsAndUsage } from '../../support/dynalite.ts';
import { fakeMediaStore } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let jobs: DynamoJobStore;
let usage: DynamoUsageStore;
let counter = 0;

function newJob(orgId: string, mode: Mode, jobType = 'frontage_detection'): Job {
  counter += 1;
  return {
    jobId: `0193a0b2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    orgId,
    mode,
    jobType,
    status: 'processing',
    createdAt: '2026-02-01T23:58:00.000Z',
    updatedAt: '2026-02-01T23:58:00.000Z',
    progress: { percent: 40, stage: 'rendering' },
    input: {},
  };
}

const stepJob = (j: Job) => ({
  job_id: j.jobId,
  org_id: j.orgId,
  mode: j.mode,
  job_type: j.jobType,
  webhook_url: null,
});
const refOf = (j: Job) => ({ tenant: { orgId: j.orgId, mode: j.mode }, jobId: j.jobId, jobType: j.jobType });
const clockAt = (iso: string): Clock => ({ now: () => new Date(iso) });
const noEvents: JobEvents = { publish: async () => {} };

function ports(clock: Clock, usageStore: UsageStore = usage): LifecyclePorts {
  return { jobs, usage: usageStore, events: noEvents, clock, media: fakeMediaStore() };
}

const complete = (j: Job, clock: Clock, usageStore?: UsageStore, output: Record<string, unknown> = {}) =>
  recordLifecycle({ action: 'completed', job: stepJob(j), output }, ports(clock, usageStore));

beforeAll(async () => {
  ({ dynamo, jobs, usage } = await startJobsAndUsage());
});

afterAll(() => dynamo.close());

describe('usage metering at completion', () => {
  it('counts a completed job once, however often its completion step runs', async () => {
    const j = newJob('org-once', 'live');
    await jobs.create(j);
    expect(await complete(j, clockAt('2026-02-01T23:59:00.000Z'))).toEqual({ recorded: true });
    // The step retried (Step Functions redelivers it), the second time after midnight.
    expect(await complete(j, clockAt('2026-02-02T00:00:05.000Z'))).toEqual({ recorded: false });
    expect(await complete(j, clockAt('2026-02-02T00:00:09.000Z'))).toEqual({ recorded: false });
    const items = await usage.list({ orgId: 'org-once', mode: 'live' }, '2026-01-01', '2026-03-01');
    expect(items).toEqual([
      { date: '2026-02-01', jobId: j.jobId, jobType: 'frontage_detection', unit: 'job', units: 1 },
    ]);
  });

  it('records the usage through the sweeper when the completion was written but its usage write failed', async () => {
    const j = newJob('org-retry', 'live');
    await jobs.create(j);
    let failures = 0;
    const failingOnce: UsageStore = {
      record: async () => {
        failures += 1;
        throw new Error('ProvisionedThroughputExceededException');
      },
      list: (...args) => usage.list(...args),
    };
    // The completion is recorded with its outbox; the usage stays there until a relay records it.
    expect(await complete(j, clockAt('2026-02-01T23:59:30.000Z'), failingOnce)).toEqual({ recorded: true });
    expect(failures).toBe(1);
    const stored = await jobs.get(refOf(j).tenant, j.jobId);
    expect(stored?.status).toBe('completed');
    expect(stored?.outbox?.usage).toEqual({ unit: 'job', units: 1 });

    expect(await complete(j, clockAt('2026-02-02T00:00:02.000Z'))).toEqual({ recorded: false });
    // The outbox sweeper relays the leftover usage (after the writer's grace period).
    await sweepPending(
      {
        jobs,
        usage,
        events: noEvents,
        starter: { start: async () => {} },
        clock: clockAt('2026-02-02T00:05:00.000Z'),
      },
      { graceSeconds: 60, startDeadlineSeconds: 900 },
    );
    expect(await complete(j, clockAt('2026-02-02T00:00:04.000Z'))).toEqual({ recorded: false });
    const items = await usage.list({ orgId: 'org-retry', mode: 'live' }, '2026-01-01', '2026-03-01');
    // Dated by the job's completion time, not by the retry's clock; the outbox is gone.
    expect(items.map((i) => [i.date, i.jobId])).toEqual([['2026-02-01', j.jobId]]);
    expect((await jobs.get(refOf(j).tenant, j.jobId))?.outbox).toBeUndefined();
  });

  it('never counts a failed or canceled job, even when a late completion step runs', async () => {
    const failed = newJob('org-unbilled', 'live');
    const canceled = newJob('org-unbilled', 'live');
    await jobs.create(failed);
    await jobs.create(canceled);
    const now = '2026-02-01T12:00:00.000Z';
    expect(
      await jobs.fail(refOf(failed), { code: 'ADDRESS_NOT_FOUND', message: 'nowhere' }, now),
    ).toBeDefined();
    expect(await jobs.cancel(refOf(canceled), now)).toBeDefined();
    expect(await complete(failed, clockAt(now))).toEqual({ recorded: false });
    expect(await complete(canceled, clockAt(now))).toEqual({ recorded: false });
    expect(await usage.list({ orgId: 'org-unbilled', mode: 'live' }, '2026-01-01', '2026-03-01')).toEqual([]);
  });

  it("bills a video kind per started second of its output's duration_seconds", async () => {
    const j = newJob('org-video', 'live', 'markup_v2_video');
    await jobs.create(j);
    await recordLifecycle(
      {
        action: 'completed',
        job: stepJob(j),
        output: { duration_seconds: 7.2 },
        billing: { unit: 'video_second', outputField: 'duration_seconds' },
      },
      ports(clockAt('2026-02-03T08:00:00.000Z')),
    );
    const [item] = await usage.list({ orgId: 'org-video', mode: 'live' }, '2026-02-03', '2026-02-03');
    expect(item).toMatchObject({ jobType: 'markup_v2_video', unit: 'video_second', units: 8 });
  });

  it("counts a job's own renditions, and none of those a kit's manifest shows for its children", async () => {
    const withRenditions = {
      image: { s3_key: 'a.jpg', renditions: { portal: { s3_key: 'p.jpg' }, web: [{ s3_key: 'w.webp' }] } },
    };
    const own = newJob('org-renditions', 'live', 'markup_v2');
    const kit = newJob('org-renditions', 'live', 'listing_kit');
    await jobs.create(own);
    await jobs.create(kit);
    const at = clockAt('2026-02-04T08:00:00.000Z');
    await complete(own, at, usage, withRenditions);
    await recordLifecycle(
      {
        action: 'completed',
        job: stepJob(kit),
        output: { manifest: [withRenditions] },
        billing: { unit: 'job', renditions: false },
      },
      ports(at),
    );
    const items = await usage.list({ orgId: 'org-renditions', mode: 'live' }, '2026-02-04', '2026-02-04');
    const byType = Object.fromEntries(items.map((item) => [item.jobType, item]));
    expect(byType.markup_v2).toMatchObject({ units: 1, renditions: { portal: 1, web: 1 } });
    expect(byType.listing_kit).toMatchObject({ units: 1 });
    expect(byType.listing_kit?.renditions ?? {}).toEqual({});
  });
});

describe('usage store ranges', () => {
  it("reads exactly the tenant's days from `from` to `to`, both included", async () => {
    const record = (orgId: string, mode: Mode, jobId: string, completedAt: string) =>
      usage.record({
        tenant: { orgId, mode },
        jobId,
        jobType: 'markup_v2',
        unit: 'job',
        units: 1,
        completedAt,
      });
    await record('org-range', 'live', 'a', '2026-03-09T23:59:59.999Z');
    await record('org-range', 'live', 'b', '2026-03-10T00:00:00.000Z');
    await record('org-range', 'live', 'c', '2026-03-12T23:59:59.999Z');
    await record('org-range', 'live', 'd', '2026-03-13T00:00:00.000Z');
    await record('org-range', 'test', 'e', '2026-03-11T10:00:00.000Z');
    await record('org-range-2', 'live', 'f', '2026-03-11T10:00:00.000Z');
    expect(await record('org-range', 'live', 'b', '2026-03-10T00:00:00.000Z')).toBe(false);
    const items = await usage.list({ orgId: 'org-range', mode: 'live' }, '2026-03-10', '2026-03-12');
    expect(items.map((i) => i.jobId)).toEqual(['b', 'c']);
  });
});
