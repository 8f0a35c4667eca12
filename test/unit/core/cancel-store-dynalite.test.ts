// Against dynalite (the local DynamoDB): a canceled job refuses every later transition a running step or
// the execution-ended rule could attempt, and is listed under status=canceled; Powertools' DynamoDB
// persistence layer keeps Idempotency-Key records on dynalite (which ignores
// ReturnValuesOnConditionCheckFailure, so Powertools falls back to reading the record).
import type { AddressInfo } from 'node:net';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdempotent } from '../../../functions/api/http/idempotency.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import { DynamoJobStore, JOB_INDEXES } from '../../../functions/core/jobs/job-store.ts';
import type { JobStatus } from '../../../functions/core/jobs/job-types.ts';

const server = dynalite({ createTableMs: 0 });
let client: DynamoDBClient;
let store: DynamoJobStore;
const tenant = { orgId: 'acme', mode: 'live' as const };
let counter = 0;

function job(status: JobStatus): Job {
  counter += 1;
  return {
    jobId: `0193a0b2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    orgId: tenant.orgId,
    mode: tenant.mode,
    jobType: 'frontage_detection',
    status,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    progress: { percent: status === 'processing' ? 40 : 0, stage: status },
    input: {},
  };
}

const refOf = (j: Job) => ({ tenant, jobId: j.jobId, jobType: j.jobType });
const NOW = '2026-02-01T10:01:00.000Z';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const indexes = Object.values(JOB_INDEXES);
  await client.send(
    new CreateTableCommand({
      TableName: 'jobs',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        ...indexes.map((i) => ({ AttributeName: i.partitionKey, AttributeType: 'S' as const })),
      ],
      GlobalSecondaryIndexes: indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: 'sk', KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      })),
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await client.send(
    new CreateTableCommand({
      TableName: 'idempotency',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  store = new DynamoJobStore(
    DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    'jobs',
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('job store: canceled is final', () => {
  it.each(['queued', 'processing'] as const)(
    'cancels a %s job, and then refuses every other transition',
    async (status) => {
      const j = job(status);
      await store.create(j);
      expect(await store.cancel(refOf(j), NOW)).toBe(true);
      expect(await store.markProcessing(refOf(j), { percent: 5, stage: 'started' }, NOW)).toBe(false);
      expect(await store.setProgress(refOf(j), { percent: 90, stage: 'rendering' }, NOW)).toBe(false);
      expect(await store.complete(refOf(j), { done: true }, NOW)).toBe(false);
      expect(await store.fail(refOf(j), { code: 'WORKFLOW_ABORTED', message: 'stopped' }, NOW)).toBe(false);
      expect(await store.cancel(refOf(j), NOW)).toBe(false);
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
    expect(await store.cancel(refOf(j), NOW)).toBe(false);
    expect((await store.get(tenant, j.jobId))?.status).toBe(status);
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
