// Fair share of jobs in flight, against dynalite (the local stack's DynamoDB) with the real job store and
// slot adapter: the order waiting jobs start in, the limit holding under concurrent takers, a slot given
// back on every way out of an execution (completed, failed, canceled, timed out, aborted), by the sweeper
// when an end event never came, and by restart recovery, so no slot stays taken.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DynamoJobSlots } from '../../../functions/adapters/dynamodb/job-slots.ts';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import {
  fairOrder,
  type JobConcurrencyLimits,
  limitFor,
  WAITING_STAGE,
} from '../../../functions/core/limits/job-slots.ts';
import { failEndedExecution } from '../../../functions/core/workflows/execution-ended.ts';
import { FairShare } from '../../../functions/core/workflows/fair-share.ts';
import { recordLifecycle } from '../../../functions/core/workflows/job-lifecycle.ts';
import { sweepPending } from '../../../functions/core/workflows/outbox.ts';
import type { JobEvents } from '../../../functions/core/workflows/step-runtime.ts';
import {
  type WorkflowStarter,
  workflowInputFor,
} from '../../../functions/core/workflows/workflow-starter.ts';
import { recoverUnfinishedJobs } from '../../../local/recovery.ts';
import { createJobsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fakeMediaStore, fixedClock } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let table = 0;
let jobs: DynamoJobStore;
let slots: DynamoJobSlots;
/** Executions the fair share really started (the Step Functions side), by job id. */
let started: string[];
let fairShare: FairShare;

const NOW = '2026-02-01T10:00:00.000Z';
const clock = fixedClock('2026-02-01T10:05:00.000Z');
const noEvents: JobEvents = { publish: async () => {} };
const recordingStarter: WorkflowStarter = {
  start: async (_type, name) => {
    started.push(name);
  },
};

let sequence = 0;
/** A queued job of `orgId` created `seconds` after NOW (ids are time-ordered like uuidv7). */
function queuedJob(orgId: string, seconds: number, extra: Partial<Job> = {}): Job {
  sequence += 1;
  const createdAt = new Date(Date.parse(NOW) + seconds * 1000).toISOString();
  const time = (Date.parse(createdAt) * 16 + (sequence % 16)).toString(16).padStart(12, '0');
  return {
    jobId: `${time.slice(0, 8)}-${time.slice(8, 12)}-7000-8000-${String(sequence).padStart(12, '0')}`,
    orgId,
    mode: 'live',
    jobType: 'frontage_detection',
    status: 'queued',
    createdAt,
    updatedAt: createdAt,
    progress: { percent: 0, stage: 'queued' },
    input: {},
    ...extra,
  };
}

const tenantOf = (job: Job): Tenant => ({ orgId: job.orgId, mode: job.mode });
const refOf = (job: Job) => ({ tenant: tenantOf(job), jobId: job.jobId, jobType: job.jobType });

async function submit(job: Job): Promise<void> {
  await jobs.create(job);
  await fairShare.start(job.jobType, job.jobId, workflowInputFor(job, undefined));
}

async function holders(orgId: string): Promise<string[]> {
  const holding = (await slots.list()).find((h) => h.tenant.orgId === orgId);
  return [...(holding?.holders ?? [])].sort();
}

function endedEvent(job: Job, status: string) {
  return { detail: { status, name: job.jobId, input: JSON.stringify(workflowInputFor(job, undefined)) } };
}

const endedPorts = () => ({ jobs, media: fakeMediaStore(), events: noEvents, clock, fairShare });
/** The lifecycle step's ports: the same, with a usage store that only accepts the record. */
const lifecyclePorts = () => ({ ...endedPorts(), usage: { record: async () => {} } as never });

beforeAll(async () => {
  dynamo = await startDynalite();
});

afterAll(() => dynamo.close());

beforeEach(async () => {
  // A fresh table per test: slot items of one test never meet another's.
  table += 1;
  await createJobsTable(dynamo.client, `jobs${table}`);
  jobs = new DynamoJobStore(dynamo.db, `jobs${table}`);
  slots = new DynamoJobSlots(dynamo.db, `jobs${table}`);
  started = [];
  fairShare = new FairShare(recordingStarter, {
    jobs,
    slots,
    clock,
    limitOf: async () => 1,
    exemptJobTypes: ['listing_kit'],
  });
});

describe('the fair order', () => {
  it('takes organizations in turn, oldest first within each, the one with the oldest job first', () => {
    const a = [0, 1, 2, 3].map((s) => queuedJob('org-a', s));
    const b = [5, 6].map((s) => queuedJob('org-b', s));
    const c = [4].map((s) => queuedJob('org-c', s));
    const order = fairOrder([...b, ...a.slice().reverse(), ...c]).map((j) => j.jobId);
    expect(order).toEqual([a[0], c[0], b[0], a[1], b[1], a[2], a[3]].map((j) => j!.jobId));
  });

  it('limits by mode and plan', () => {
    const limits: JobConcurrencyLimits = {
      test: 2,
      liveDefault: 5,
      plans: { growth: 20 },
      exemptJobTypes: [],
    };
    expect(limitFor(limits, { orgId: 'x', mode: 'test' }, 'growth')).toBe(2);
    expect(limitFor(limits, { orgId: 'x', mode: 'live' }, 'growth')).toBe(20);
    expect(limitFor(limits, { orgId: 'x', mode: 'live' }, 'unknown')).toBe(5);
    expect(limitFor(limits, { orgId: 'x', mode: 'live' }, undefined)).toBe(5);
  });
});

describe('job slots (conditional writes)', () => {
  it('never lets more than the limit hold a slot, however many take one at once; taking again is free', async () => {
    const tenant: Tenant = { orgId: 'org-a', mode: 'live' };
    const ids = Array.from({ length: 12 }, (_, i) => `job-${i}`);
    const taken = await Promise.all(ids.map((id) => slots.acquire(tenant, id, 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    const holder = ids[taken.indexOf(true)]!;
    expect(await slots.acquire(tenant, holder, 3)).toBe(true);
    expect(await holders('org-a')).toHaveLength(3);
    await slots.release(tenant, holder);
    await slots.release(tenant, holder);
    expect(await holders('org-a')).toHaveLength(2);
    // Giving back a slot of a tenant that never had one creates nothing.
    await slots.release({ orgId: 'org-z', mode: 'live' }, 'job-0');
    expect((await slots.list()).map((h) => h.tenant.orgId)).toEqual(['org-a']);
  });
});

describe('fair share: a job beyond the limit waits queued', () => {
  it('starts the first, leaves the second queued as waiting_for_your_other_jobs (not refused, not failed)', async () => {
    const first = queuedJob('org-a', 0);
    const second = queuedJob('org-a', 1);
    await submit(first);
    await submit(second);
    expect(started).toEqual([first.jobId]);
    expect(await jobs.get(tenantOf(second), second.jobId)).toMatchObject({
      status: 'queued',
      progress: { percent: 0, stage: WAITING_STAGE },
    });
    // Another organization is not held up by this one's backlog.
    const other = queuedJob('org-b', 2);
    await submit(other);
    expect(started).toEqual([first.jobId, other.jobId]);
  });

  it('lets a kit (exempt) start without a slot: its children hold their own', async () => {
    await submit(queuedJob('org-a', 0));
    const kit = queuedJob('org-a', 1, { jobType: 'listing_kit' });
    await submit(kit);
    expect(started).toContain(kit.jobId);
    expect(await holders('org-a')).not.toContain(kit.jobId);
  });
});

describe('the slot comes back on every way out of an execution', () => {
  /** One job running, two waiting; `end` ends the running one's execution one way; the oldest waiter starts. */
  async function scenario(end: (running: Job) => Promise<void>, expected: Partial<Job>) {
    const running = queuedJob('org-a', 0);
    const next = queuedJob('org-a', 1);
    const last = queuedJob('org-a', 2);
    for (const job of [running, next, last]) await submit(job);
    expect(started).toEqual([running.jobId]);
    await jobs.markProcessing(refOf(running), { percent: 5, stage: 'started' }, NOW);
    await end(running);
    expect(await jobs.get(tenantOf(running), running.jobId)).toMatchObject(expected);
    expect(await holders('org-a')).toEqual([next.jobId]);
    expect(started).toEqual([running.jobId, next.jobId]);
    expect(await jobs.get(tenantOf(last), last.jobId)).toMatchObject({
      status: 'queued',
      progress: { stage: WAITING_STAGE },
    });
  }

  it('completed (the execution succeeds)', async () => {
    await scenario(
      async (job) => {
        const lifecycle = lifecyclePorts();
        await recordLifecycle(
          { action: 'completed', job: workflowInputFor(job, undefined).job, output: {} },
          lifecycle,
        );
        await failEndedExecution(endedEvent(job, 'SUCCEEDED'), endedPorts());
      },
      { status: 'completed' },
    );
  });

  it('failed (its Catch marks it failed, then the execution fails)', async () => {
    await scenario(
      async (job) => {
        await recordLifecycle(
          {
            action: 'failed',
            job: workflowInputFor(job, undefined).job,
            error: { Error: 'IMAGE_DOWNLOAD_FAILED', Cause: 'x' },
          },
          lifecyclePorts(),
        );
        await failEndedExecution(endedEvent(job, 'FAILED'), endedPorts());
      },
      { status: 'failed' },
    );
  });

  it('canceled (the job is canceled, its stopped execution ends aborted)', async () => {
    await scenario(
      async (job) => {
        await jobs.cancel(refOf(job), NOW);
        await failEndedExecution(endedEvent(job, 'ABORTED'), endedPorts());
      },
      { status: 'canceled' },
    );
  });

  it('timed out', async () => {
    await scenario((job) => failEndedExecution(endedEvent(job, 'TIMED_OUT'), endedPorts()).then(() => {}), {
      status: 'failed',
      error: expect.objectContaining({ code: 'WORKFLOW_TIMED_OUT' }),
    });
  });

  it('aborted by an operator', async () => {
    await scenario((job) => failEndedExecution(endedEvent(job, 'ABORTED'), endedPorts()).then(() => {}), {
      status: 'failed',
      error: expect.objectContaining({ code: 'WORKFLOW_ABORTED' }),
    });
  });

  it("a repeated end event gives back no other job's slot", async () => {
    await scenario((job) => failEndedExecution(endedEvent(job, 'TIMED_OUT'), endedPorts()).then(() => {}), {
      status: 'failed',
    });
    const [running] = started;
    const job = await jobs.get({ orgId: 'org-a', mode: 'live' }, running!);
    await failEndedExecution(endedEvent(job!, 'TIMED_OUT'), endedPorts());
    expect((await holders('org-a')).length).toBe(1);
  });
});

describe('the sweeper', () => {
  const sweepPorts = () => ({
    jobs,
    events: noEvents,
    usage: { record: async () => {} } as never,
    starter: fairShare,
    fairShare,
    clock: fixedClock('2026-02-01T12:00:00.000Z'),
  });

  it('gives back a slot whose end event never came, and starts the waiting job; never fails a job for waiting', async () => {
    const running = queuedJob('org-a', 0);
    const waiting = queuedJob('org-a', 1);
    await submit(running);
    await submit(waiting);
    await jobs.markProcessing(refOf(running), { percent: 5, stage: 'started' }, NOW);
    // Two hours later: well past the start deadline, and the end event was lost.
    await jobs.complete(refOf(running), {}, NOW, undefined);
    const report = await sweepPending(sweepPorts(), { graceSeconds: 15, startDeadlineSeconds: 3600 });
    expect(report).toMatchObject({ released: 1, failed: 0 });
    // Started again by the pending pass: harmless, an execution is named by its job id.
    expect([...new Set(started)]).toEqual([running.jobId, waiting.jobId]);
    expect(await holders('org-a')).toEqual([waiting.jobId]);
    expect((await jobs.get(tenantOf(waiting), waiting.jobId))?.status).toBe('queued');
  });

  it('starts waiting jobs organizations in turn, and leaves the rest waiting', async () => {
    fairShare = new FairShare(recordingStarter, {
      jobs,
      slots,
      clock,
      limitOf: async () => 2,
      exemptJobTypes: [],
    });
    const a = [0, 1, 2, 3].map((s) => queuedJob('org-a', s));
    const b = [4, 5].map((s) => queuedJob('org-b', s));
    for (const job of [...a, ...b]) await jobs.create(job);
    const report = await sweepPending(sweepPorts(), { graceSeconds: 15, startDeadlineSeconds: 86_400 });
    expect(started).toEqual([a[0], b[0], a[1], b[1]].map((j) => j!.jobId));
    expect(report).toMatchObject({ started: 4, waiting: 2, failed: 0 });
    expect(await holders('org-a')).toEqual([a[0]!.jobId, a[1]!.jobId].sort());
  });
});

describe('restart recovery', () => {
  it('gives back every slot of the previous run; running jobs take theirs again, waiting ones start in turn; none stays taken once all end', async () => {
    fairShare = new FairShare(recordingStarter, {
      jobs,
      slots,
      clock,
      limitOf: async () => 2,
      exemptJobTypes: [],
    });
    const a = [0, 1, 2, 3].map((s) => queuedJob('org-a', s));
    const b = [4].map((s) => queuedJob('org-b', s));
    for (const job of [...a, ...b]) await submit(job);
    await jobs.markProcessing(refOf(a[0]!), { percent: 5, stage: 'started' }, NOW);
    // a[1] held a slot but its job ended while the stack was down; a stale holder of a gone job too.
    await jobs.fail(refOf(a[1]!), { code: 'PROCESSING_FAILED', message: 'x' }, NOW);
    await slots.acquire({ orgId: 'org-b', mode: 'live' }, 'gone-job', 99);
    started = [];

    const report = await recoverUnfinishedJobs(jobs, fairShare, 3600, new Date('2026-02-01T10:10:00Z'));
    expect(report).toMatchObject({ resumed: 3, waiting: 1, interrupted: 0, slotsReleased: 4 });
    expect(started).toEqual([a[0]!.jobId, a[2]!.jobId, b[0]!.jobId]);
    expect(await holders('org-a')).toEqual([a[0]!.jobId, a[2]!.jobId].sort());
    expect(await holders('org-b')).toEqual([b[0]!.jobId]);

    // Every execution ends: the last waiting job runs, and then no slot is taken.
    for (const id of [a[0]!.jobId, a[2]!.jobId, b[0]!.jobId]) {
      const job = (await jobs.get({ orgId: id === b[0]!.jobId ? 'org-b' : 'org-a', mode: 'live' }, id))!;
      await failEndedExecution(endedEvent(job, 'TIMED_OUT'), endedPorts());
    }
    expect(started).toContain(a[3]!.jobId);
    const last = (await jobs.get(tenantOf(a[3]!), a[3]!.jobId))!;
    await failEndedExecution(endedEvent(last, 'TIMED_OUT'), endedPorts());
    expect((await slots.list()).flatMap((h) => h.holders)).toEqual([]);
  });
});
