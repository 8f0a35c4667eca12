// The outbox against dynalite, with faults injected between the writes of a job's completion: the
// status (with its outbox), the final event, the usage record and the outbox's removal. Whatever write
// fails, or if the process dies after any of them, the sweeper finishes the rest: exactly one usage
// record, the final event sent at least once and always under the same event id, nothing left pending.
// Also: a job written but never started is started by the sweeper, and failed (with its final event)
// once its start deadline has passed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { DynamoUsageStore } from '../../../functions/adapters/dynamodb/usage-store.ts';
import type { Clock } from '../../../functions/core/clock.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobStore } from '../../../functions/core/jobs/job-store.ts';
import type { UsageStore } from '../../../functions/core/usage/usage-store.ts';
import { type LifecyclePorts, recordLifecycle } from '../../../functions/core/workflows/job-lifecycle.ts';
import { type SweepPorts, sweepPending } from '../../../functions/core/workflows/outbox.ts';
import type { JobEvents } from '../../../functions/core/workflows/step-runtime.ts';
import type { WorkflowStarter } from '../../../functions/core/workflows/workflow-starter.ts';
import { type LocalDynamo, startJobsAndUsage } from '../../support/dynalite.ts';
import { fakeMediaStore } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let jobs: DynamoJobStore;
let usage: DynamoUsageStore;
let counter = 0;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

interface Sent {
  readonly type: string;
  readonly jobId: string;
  readonly eventId: string | undefined;
  readonly status: string;
}

function recorder() {
  const sent: Sent[] = [];
  const events: JobEvents = {
    publish: async (type, job, status, _progress, _now, eventId) => {
      sent.push({ type, jobId: job.job_id, eventId, status });
    },
  };
  return { sent, events };
}

function newJob(status: Job['status'], createdAt = T0, webhook = true): Job {
  counter += 1;
  const iso = new Date(createdAt).toISOString();
  return {
    jobId: `0193a0b2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    orgId: 'org-outbox',
    mode: 'live',
    jobType: 'markup_v2',
    status,
    createdAt: iso,
    updatedAt: iso,
    progress: { percent: status === 'queued' ? 0 : 40, stage: status },
    input: { address: '1 Test St' },
    webhookUrl: webhook ? 'https://example.com/hook' : undefined,
  };
}

const stepJob = (j: Job) => ({
  job_id: j.jobId,
  org_id: j.orgId,
  mode: j.mode,
  job_type: j.jobType,
  webhook_url: j.webhookUrl ?? null,
});
const tenant = { orgId: 'org-outbox', mode: 'live' as const };

/** Stores that fail the named write once. */
function faulty(fault: 'event' | 'usage' | 'clear' | undefined, events: JobEvents) {
  const failOnce = <T extends (...args: never[]) => Promise<unknown>>(name: typeof fault, fn: T): T =>
    (async (...args: never[]) => {
      if (fault === name) {
        fault = undefined;
        throw new Error(`injected ${name} failure`);
      }
      return fn(...args);
    }) as T;
  const store: JobStore = Object.create(jobs, {
    clearOutbox: { value: failOnce('clear', jobs.clearOutbox.bind(jobs)) },
  });
  const usageStore: UsageStore = {
    record: failOnce('usage', usage.record.bind(usage)),
    list: usage.list.bind(usage),
  };
  const publisher: JobEvents = { publish: failOnce('event', events.publish.bind(events)) };
  return { store, usageStore, publisher };
}

function lifecyclePorts(
  store: JobStore,
  usageStore: UsageStore,
  events: JobEvents,
  at: number,
): LifecyclePorts {
  return {
    jobs: store,
    usage: usageStore,
    events,
    clock: clockAt(at),
    media: fakeMediaStore(),
  };
}

function sweepPorts(events: JobEvents, starter: WorkflowStarter, at: number): SweepPorts {
  return { jobs, usage, events, starter, clock: clockAt(at) };
}

const noStarts: WorkflowStarter = {
  start: async () => {
    throw new Error('no start expected');
  },
};

async function usageOf(jobId: string) {
  return (await usage.list(tenant, '2026-01-01', '2026-12-31')).filter((u) => u.jobId === jobId);
}

beforeAll(async () => {
  ({ dynamo, jobs, usage } = await startJobsAndUsage());
});

afterAll(() => dynamo.close());

beforeEach(async () => {
  // Each test sweeps from a clean index: relay whatever an earlier test left on purpose.
  await sweepPending(sweepPorts(recorder().events, noStarts, T0 + 3_600_000), {
    graceSeconds: 0,
    startDeadlineSeconds: 1,
  });
});

describe('the outbox under faults between the writes of a completion', () => {
  it.each([
    ['nothing fails', undefined],
    ['the event fails after the status', 'event'],
    ['the usage fails after the event', 'usage'],
    ['the outbox removal fails after the usage', 'clear'],
  ] as const)('%s: one usage record, the final event under one id, nothing pending', async (_name, fault) => {
    const j = newJob('processing');
    await jobs.create(j);
    const { sent, events } = recorder();
    const f = faulty(fault, events);
    const result = await recordLifecycle(
      { action: 'completed', job: stepJob(j), output: { ok: true } },
      lifecyclePorts(f.store, f.usageStore, f.publisher, T0 + 1000),
    );
    expect(result).toEqual({ recorded: true });
    const afterWrite = await jobs.get(tenant, j.jobId);
    expect(afterWrite?.status).toBe('completed');
    const eventId = afterWrite?.outbox?.event_id ?? sent[0]?.eventId;
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);

    // Within the grace period the sweeper leaves the job to its writer; after it, it relays what is left.
    await sweepPending(sweepPorts(events, noStarts, T0 + 2000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });
    await sweepPending(sweepPorts(events, noStarts, T0 + 120_000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });
    await sweepPending(sweepPorts(events, noStarts, T0 + 240_000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });

    expect(await usageOf(j.jobId)).toHaveLength(1);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    // At least once; resends happen only when the removal of the outbox failed after the event went out.
    expect(sent.length).toBeLessThanOrEqual(fault === 'usage' || fault === 'clear' ? 2 : 1);
    expect(new Set(sent.map((s) => s.eventId))).toEqual(new Set([eventId]));
    expect(sent.every((s) => s.type === 'job.completed' && s.status === 'completed')).toBe(true);
    const final = await jobs.get(tenant, j.jobId);
    expect(final?.outbox).toBeUndefined();
    expect(final?.pendingSince).toBeUndefined();
  });

  it('a process that dies right after the status write: the sweeper sends the event and records the usage', async () => {
    const j = newJob('processing');
    await jobs.create(j);
    // The death: the transition is written and nothing after it runs.
    const written = await jobs.complete(
      { tenant, jobId: j.jobId, jobType: j.jobType },
      { ok: true },
      new Date(T0 + 1000).toISOString(),
      { unit: 'job', units: 1 },
    );
    expect(written?.outbox?.event_type).toBe('job.completed');
    const { sent, events } = recorder();
    const report = await sweepPending(sweepPorts(events, noStarts, T0 + 120_000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });
    expect(report.relayed).toBeGreaterThanOrEqual(1);
    expect(sent.filter((s) => s.jobId === j.jobId)).toEqual([
      { type: 'job.completed', jobId: j.jobId, eventId: written?.outbox?.event_id, status: 'completed' },
    ]);
    expect(await usageOf(j.jobId)).toHaveLength(1);
    // A second sweep finds nothing left.
    const again = recorder();
    await sweepPending(sweepPorts(again.events, noStarts, T0 + 240_000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });
    expect(again.sent.filter((s) => s.jobId === j.jobId)).toEqual([]);
    expect(await usageOf(j.jobId)).toHaveLength(1);
  });

  it('a retried completion step leaves what the first attempt left to the sweeper: one usage, one event id', async () => {
    const j = newJob('processing');
    await jobs.create(j);
    const { sent, events } = recorder();
    const f = faulty('usage', events);
    await recordLifecycle(
      { action: 'completed', job: stepJob(j), output: {} },
      lifecyclePorts(f.store, f.usageStore, f.publisher, T0 + 1000),
    );
    const retried = await recordLifecycle(
      { action: 'completed', job: stepJob(j), output: {} },
      lifecyclePorts(jobs, usage, events, T0 + 5000),
    );
    expect(retried).toEqual({ recorded: false });
    expect(await usageOf(j.jobId)).toHaveLength(0);
    await sweepPending(sweepPorts(events, noStarts, T0 + 120_000), {
      graceSeconds: 60,
      startDeadlineSeconds: 900,
    });
    expect(await usageOf(j.jobId)).toHaveLength(1);
    expect((await jobs.get(tenant, j.jobId))?.outbox).toBeUndefined();
    expect(new Set(sent.map((s) => s.eventId)).size).toBe(1);
  });

  it('a failed job without a webhook_url: its event (for the event log and the endpoints), no usage, nothing pending', async () => {
    const j = newJob('processing', T0, false);
    await jobs.create(j);
    const { sent, events } = recorder();
    await recordLifecycle(
      {
        action: 'failed',
        job: stepJob(j),
        error: { Error: 'JobError', Cause: '{"code":"X","message":"y"}' },
      },
      lifecyclePorts(jobs, usage, events, T0 + 1000),
    );
    const final = await jobs.get(tenant, j.jobId);
    expect(final?.status).toBe('failed');
    expect(final?.outbox).toBeUndefined();
    expect(sent).toEqual([expect.objectContaining({ type: 'job.failed', jobId: j.jobId, status: 'failed' })]);
    expect(await usageOf(j.jobId)).toEqual([]);
  });
});

describe('job creation', () => {
  it('counts a put the SDK retried after its first attempt landed as written; refuses another job under the id', async () => {
    const j = newJob('queued');
    await jobs.create(j);
    await expect(jobs.create(j)).resolves.toBeUndefined();
    await expect(jobs.create({ ...j, createdAt: new Date(T0 + 1).toISOString() })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    const stored = await jobs.get(tenant, j.jobId);
    expect(stored?.pendingSince).toBe(j.createdAt);
  });
});

describe('jobs written but never started', () => {
  it('are started by the sweeper after the grace period, then failed with their event past the deadline', async () => {
    const fresh = newJob('queued', T0);
    const stale = newJob('queued', T0);
    await jobs.create(fresh);
    await jobs.create(stale);
    const started: string[] = [];
    const starter: WorkflowStarter = {
      start: async (_type, name, input) => {
        expect(input.job.job_id).toBe(name);
        started.push(name);
      },
    };
    const { sent, events } = recorder();
    // Within the grace period: left alone.
    await sweepPending(sweepPorts(events, starter, T0 + 5000), {
      graceSeconds: 15,
      startDeadlineSeconds: 900,
    });
    expect(started).toEqual([]);
    // After it: started (idempotent by name), and still pending until the execution marks it processing.
    await sweepPending(sweepPorts(events, starter, T0 + 20_000), {
      graceSeconds: 15,
      startDeadlineSeconds: 900,
    });
    expect(started.sort()).toEqual([fresh.jobId, stale.jobId].sort());
    await jobs.markProcessing(
      { tenant, jobId: fresh.jobId, jobType: fresh.jobType },
      { percent: 5, stage: 'started' },
      new Date(T0 + 21_000).toISOString(),
    );
    expect((await jobs.get(tenant, fresh.jobId))?.pendingSince).toBeUndefined();
    // Past the start deadline the one that never ran ends failed, and its webhook hears it.
    started.length = 0;
    await sweepPending(sweepPorts(events, starter, T0 + 1_000_000), {
      graceSeconds: 15,
      startDeadlineSeconds: 900,
    });
    expect(started).toEqual([]);
    const failed = await jobs.get(tenant, stale.jobId);
    expect(failed?.status).toBe('failed');
    expect(failed?.error?.code).toBe('WORKFLOW_START_FAILED');
    expect(sent.filter((s) => s.jobId === stale.jobId).map((s) => s.type)).toEqual(['job.failed']);
    expect((await jobs.get(tenant, fresh.jobId))?.status).toBe('processing');
  });
});
