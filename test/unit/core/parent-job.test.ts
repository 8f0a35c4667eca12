import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import { ensureCompleted } from '../../../functions/core/use-cases/jobs.ts';

function job(status: Job['status'], error?: Job['error']): Job {
  return {
    jobId: '0193a0b2-0000-7000-8000-000000000001',
    orgId: 'org',
    mode: 'test',
    jobType: 'markup_v2',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    progress: { percent: 0, stage: status } as unknown as Job['progress'],
    input: {},
    ...(error ? { error } : {}),
  };
}

function thrown(fn: () => void): ApiError {
  try {
    fn();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('building on a parent job', () => {
  it('a failed parent is a final 409 PARENT_JOB_FAILED naming its error, not a retryable JOB_NOT_READY', () => {
    const error = thrown(() =>
      ensureCompleted(job('failed', { code: 'ADDRESS_NOT_FOUND', message: 'No such address.' })),
    );
    expect(error.code).toBe('PARENT_JOB_FAILED');
    expect(error.status).toBe(409);
    expect(error.message).toContain('ADDRESS_NOT_FOUND');
    expect(error.message).not.toMatch(/retry/);
  });

  it.each(['queued', 'processing'] as const)('a %s parent is 409 JOB_NOT_READY', (status) => {
    expect(thrown(() => ensureCompleted(job(status))).code).toBe('JOB_NOT_READY');
  });

  it('a completed parent passes', () => {
    expect(() => ensureCompleted(job('completed'))).not.toThrow();
  });
});
