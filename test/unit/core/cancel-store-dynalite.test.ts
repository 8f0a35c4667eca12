// Against dynalite (the local DynamoDB): a canceled job refuses every later transition a running step or
// the execution-ended rule could attempt, and is listed under status=canceled; Powertools' DynamoDB
// persistence layer keeps Idempotency-Key records on dynalite (which ignores
// ReturnValuesOnConditionCheckFailure, so Powertools falls back to reading the record).
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import { runIdempotent } from '../../../functions/api/http/idempotency.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobStatus } from '../../../functions/core/jobs/job-types.ts';
import { createJobsTable, createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { jobRecord } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let client: DynamoDBClient;
let store: DynamoJobStore;
const tenant = { orgId: 'acme', mode: 'live' as const };

function job(status: JobStatus): Job {
  return jobRecord(status, { progress: { percent: status === 'processing' ? 40 : 0, stage: status } });
}

const refOf = (j: Job) => ({ tenant, jobId: j.jobId, jobType: j.jobType });
const NOW = '2026-02-01T10:01:00.000Z';

beforeAll(async () => {
  dynamo = await startDynalite();
  client = dynamo.client;
  await createJobsTable(client);
  await createKeyTable(client, 'idempotency', 'id');
  store = new DynamoJobStore(dynamo.db, 'jobs');
});

afterAll(() => dynamo.close());

describe('job store: canceled is final', () => {
  it.each(['queued', 'processing'] as const)(
    'cancels a %s job, and then refuses every other transition',
    async (status) => {
      const j = job(status);
      await store.create(j);
      expect(await store.cancel(refOf(j), NOW)).toMatchObject({ status: 'canceled' });
      expect(await store.markProcessing(refOf(j), { percent: 5, stage: 'started' }, NOW)).toBe(false);
      expect(await store.setProgress(refOf(j), { percent: 90, stage: 'rendering' }, NOW)).toBe(false);
      expect(await store.complete(refOf(j), { done: true }, NOW, undefined)).toBeUndefined();
      expect(
        await store.fail(refOf(j), { code: 'WORKFLOW_ABORTED', message: 'stopped' }, NOW),
      ).toBeUndefined();
      expect(await store.cancel(refOf(j), NOW)).toBeUndefined();
      const stored = await store.get(tenant, j.jobId);
      expect(stored).toMatchObject({ status: 'canceled', completedAt: NOW, progress: j.progress });
      expect(stored?.output).toBeUndefined();
      expect(stored?.error).toBeUndefined();
      const listed = await store.list(tenant, { status: 'canceled', limit: 100, offset: 0 });
      expect(listed.jobs.map((x) => x.jobId)).toContain(j.jobId);
      const byType = await store.list(tenant, {
        status: 'canceled',
        jobType: 'frontage_detection',
        limit: 100,
        offset: 0,
      });
      expect(byType.jobs.map((x) => x.jobId)).toContain(j.jobId);
      expect((await store.listUnfinished()).map((x) => x.jobId)).not.toContain(j.jobId);
    },
  );

  it.each(['completed', 'failed'] as const)('does not cancel a %s job', async (status) => {
    const j = job(status);
    await store.create(j);
    expect(await store.cancel(refOf(j), NOW)).toBeUndefined();
    expect((await store.get(tenant, j.jobId))?.status).toBe(status);
  });
});

describe('job store: progress', () => {
  it('moves forward only while processing; a waiting stage is written only while queued', async () => {
    const running = job('processing');
    await store.create(running);
    expect(await store.setProgress(refOf(running), { percent: 60, stage: 'rendering' }, NOW)).toBe(true);
    expect(await store.setProgress(refOf(running), { percent: 50, stage: 'back' }, NOW)).toBe(false);
    expect(await store.markWaiting(refOf(running), { percent: 0, stage: 'waiting' }, NOW)).toBe(false);
    expect((await store.get(tenant, running.jobId))?.progress).toEqual({ percent: 60, stage: 'rendering' });
    const queued = job('queued');
    await store.create(queued);
    expect(await store.setProgress(refOf(queued), { percent: 10, stage: 'early' }, NOW)).toBe(false);
    expect(await store.markWaiting(refOf(queued), { percent: 0, stage: 'waiting' }, NOW)).toBe(true);
    expect((await store.get(tenant, queued.jobId))?.progress).toEqual({ percent: 0, stage: 'waiting' });
  });
});

describe("Powertools' DynamoDB persistence layer on dynalite", () => {
  it('replays, refuses another request and keeps tenants apart', async () => {
    const persistence = new DynamoDBPersistenceLayer({ tableName: 'idempotency', awsSdkV3Client: client });
    const context = { getRemainingTimeInMillis: () => 30_000 } as Context;
    let runs = 0;
    const run = async () => ({ status: 202, data: { job_id: `job-${++runs}` } });
    const request = { method: 'POST', path: '/v1/property-frontage/detect', body: { address: 'a' } };
    const first = await runIdempotent(
      persistence,
      { tenant, key: 'k', request, requestId: 'r1', context },
      run,
    );
    const replay = await runIdempotent(
      persistence,
      { tenant, key: 'k', request, requestId: 'r2', context },
      run,
    );
    expect(replay).toEqual({ answer: first.answer, replayed: true });
    await expect(
      runIdempotent(
        persistence,
        { tenant, key: 'k', request: { ...request, body: { address: 'b' } }, requestId: 'r3', context },
        run,
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const other = await runIdempotent(
      persistence,
      { tenant: { orgId: 'globex', mode: 'live' }, key: 'k', request, requestId: 'r4', context },
      run,
    );
    expect(other.replayed).toBe(false);
    expect(runs).toBe(2);
  });
});
