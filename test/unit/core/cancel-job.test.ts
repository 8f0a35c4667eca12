// cancelJob with fake ports: which statuses can be canceled, the order of mark → stop → tell, the
// repeated cancel, races with the job's own end and a stop that fails.
import { describe, expect, it, vi } from 'vitest';
import { executionArnOf } from '../../../functions/adapters/step-functions/workflows.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobRef } from '../../../functions/core/jobs/job-store.ts';
import type { JobStatus } from '../../../functions/core/jobs/job-types.ts';
import { logger } from '../../../functions/core/observability.ts';
import { type CancelPorts, cancelJob, STOP_BUDGET_MS } from '../../../functions/core/use-cases/cancel-job.ts';
import { fakeJobStore } from '../../support/fakes.ts';

const JOB_ID = '0193a0b2-0000-7000-8000-000000000001';
const tenant = { orgId: 'acme', mode: 'live' as const };
const NOW = new Date('2026-02-01T10:00:00.000Z');

function job(status: JobStatus, extra: Partial<Job> = {}): Job {
  return {
    jobId: JOB_ID,
    orgId: tenant.orgId,
    mode: tenant.mode,
    jobType: 'markup_v2_video',
    status,
    createdAt: '2026-02-01T09:59:00.000Z',
    updatedAt: '2026-02-01T09:59:00.000Z',
    progress: { percent: 40, stage: 'rendering' },
    input: {},
    ...extra,
  };
}

function harness(initial: Job, options: { raceTo?: JobStatus; stopFails?: boolean } = {}) {
  let current = initial;
  const log: string[] = [];
  const jobs = fakeJobStore({
    get: async (t, id) =>
      t.orgId === current.orgId && t.mode === current.mode && id === current.jobId ? current : undefined,
    cancel: async (ref: JobRef, now: string) => {
      if (options.raceTo) current = { ...current, status: options.raceTo };
      if (current.status !== 'queued' && current.status !== 'processing') return undefined;
      log.push(`cancel ${ref.jobType}`);
      current = {
        ...current,
        status: 'canceled',
        completedAt: now,
        updatedAt: now,
        outbox: { event_id: 'evt_1', event_type: 'job.canceled', created_at: now },
      };
      return current;
    },
    // A job without kit children (the cascade is tested in kit-jobs.test.ts).
    listByKit: async () => [],
    clearOutbox: async (_ref: JobRef, eventId: string) => {
      log.push(`clear ${eventId}`);
      current = { ...current, outbox: undefined };
      return true;
    },
  });
  const deps: CancelPorts = {
    jobs,
    signer: { sign: async (key) => ({ url: `https://signed/${key}`, expiresAt: 'later' }) },
    clock: { now: () => NOW },
    stopper: {
      stop: async (jobType, name, cause, stopOptions) => {
        log.push(`stop ${jobType} ${name}`);
        expect(cause).toMatch(/cancel/i);
        // Bounded: the job is canceled whatever the stop does, and the caller must get its answer.
        expect(stopOptions?.timeoutMs).toBe(STOP_BUDGET_MS);
        if (options.stopFails) throw new Error('throttled');
      },
    },
    events: {
      publish: async (type, eventJob, status) => {
        log.push(`event ${type} ${status} ${eventJob.job_id}`);
      },
    },
  };
  return { deps, log, current: () => current };
}

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('cancelJob', () => {
  it.each(['queued', 'processing'] as const)(
    'cancels a %s job: marks it, stops the execution, tells the webhook',
    async (status) => {
      const h = harness(job(status, { webhookUrl: 'https://example.com/hook' }));
      const view = await cancelJob(h.deps, tenant, JOB_ID);
      expect(view.status).toBe('canceled');
      expect(view.completed_at).toBe(NOW.toISOString());
      expect(h.log).toEqual([
        'cancel markup_v2_video',
        `stop markup_v2_video ${JOB_ID}`,
        `event job.canceled canceled ${JOB_ID}`,
        'clear evt_1',
      ]);
    },
  );

  it('sends the event of a job without a webhook_url too (the event log and the webhook endpoints get it)', async () => {
    const h = harness(job('queued'));
    await cancelJob(h.deps, tenant, JOB_ID);
    expect(h.log.filter((l) => l.startsWith('event'))).toEqual([`event job.canceled canceled ${JOB_ID}`]);
  });

  it('answers a canceled job again without stopping or telling anything twice', async () => {
    const h = harness(job('canceled', { webhookUrl: 'https://example.com/hook' }));
    expect((await cancelJob(h.deps, tenant, JOB_ID)).status).toBe('canceled');
    expect(h.log).toEqual([]);
  });

  it.each(['completed', 'failed'] as const)(
    'refuses a %s job with 409 JOB_NOT_CANCELABLE naming the status',
    async (status) => {
      const h = harness(job(status));
      const error = await thrown(cancelJob(h.deps, tenant, JOB_ID));
      expect(error.code).toBe('JOB_NOT_CANCELABLE');
      expect(error.status).toBe(409);
      expect(error.message).toContain(status);
      expect(h.log).toEqual([]);
    },
  );

  it('is a 409 when the job completes between the read and the cancel', async () => {
    const h = harness(job('processing'), { raceTo: 'completed' });
    const error = await thrown(cancelJob(h.deps, tenant, JOB_ID));
    expect(error.code).toBe('JOB_NOT_CANCELABLE');
    expect(error.message).toContain('completed');
    expect(h.log).toEqual([]);
  });

  it('keeps the job canceled when the stop request fails', async () => {
    const h = harness(job('processing'), { stopFails: true });
    const messages: unknown[] = [];
    const logged = vi.spyOn(logger, 'error').mockImplementation((...args) => void messages.push(args[0]));
    try {
      expect((await cancelJob(h.deps, tenant, JOB_ID)).status).toBe('canceled');
    } finally {
      logged.mockRestore();
    }
    expect(h.current().status).toBe('canceled');
    expect(messages).toContain('execution not stopped');
  });

  it('is a 404 for another tenant, an unknown id and a malformed id', async () => {
    const h = harness(job('processing'));
    for (const [t, id] of [
      [{ orgId: 'globex', mode: 'live' as const }, JOB_ID],
      [{ orgId: 'acme', mode: 'test' as const }, JOB_ID],
      [tenant, '0193a0b2-0000-7000-8000-000000000002'],
      [tenant, 'nope'],
    ] as const) {
      expect((await thrown(cancelJob(h.deps, t, id))).code).toBe('NOT_FOUND');
    }
    expect(h.current().status).toBe('processing');
  });
});

describe('executionArnOf', () => {
  it('names the execution beside its state machine', () => {
    expect(
      executionArnOf('arn:aws:states:ap-southeast-2:123456789012:stateMachine:MarkupVideo-AbC', JOB_ID),
    ).toBe(`arn:aws:states:ap-southeast-2:123456789012:execution:MarkupVideo-AbC:${JOB_ID}`);
    expect(executionArnOf('arn:aws-cn:states:cn-north-1:1:stateMachine:M', 'x')).toBe(
      'arn:aws-cn:states:cn-north-1:1:execution:M:x',
    );
    expect(() => executionArnOf('arn:aws:lambda:x:1:function:f', 'x')).toThrow(/state machine/);
  });
});
