// An Idempotency-Key replayed after its job was deleted: the delete erases the key's records (Powertools'
// kept answer and the creation claim), so the replay makes a new job and answers it, never the deleted
// job's id as if it were still queued. Through the submit and delete routes' handlers as API Gateway calls
// them, over dynalite's jobs and idempotency tables and Powertools' own DynamoDB persistence layer.
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoCreationClaims } from '../../../functions/adapters/dynamodb/creation-claims.ts';
import { DynamoIdempotencyRecords } from '../../../functions/adapters/dynamodb/idempotency-records.ts';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import { createJobsTable, createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fakeJobPorts,
  fakeMediaStore,
  LIVE_KEY_RECORD,
  memoryAuditLog,
  memoryEventLog,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handlers are evaluated again, on this file's mock of their ports
const submit = (await import('../../../functions/api/submit-job.ts')).handler;
const jobControl = (await import('../../../functions/api/job-control.ts')).handler;

const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };
const tenant = { orgId: LIVE_KEY_RECORD.orgId, mode: LIVE_KEY_RECORD.mode };
let dynamo: LocalDynamo;
let jobs: DynamoJobStore;

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  await createKeyTable(dynamo.client, 'idempotency', 'id');
  jobs = new DynamoJobStore(dynamo.db, 'jobs');
  const media = fakeMediaStore();
  const clock = { now: () => new Date() };
  const jobPorts = fakeJobPorts({ jobs, signer: media, clock, starter: { start: async () => undefined } });
  world.ports = {
    audit: { auditLog: memoryAuditLog(), clock },
    accounts: fakeAccountStore({
      admit: async () => ({ kind: 'admitted', key: LIVE_KEY_RECORD, rate: RATE }),
    }),
    auth: { keyVariant: 'both', testRatePerMinute: 60 },
    creationClaims: new DynamoCreationClaims(dynamo.db, 'idempotency'),
    idempotency: new DynamoDBPersistenceLayer({ tableName: 'idempotency', awsSdkV3Client: dynamo.client }),
    jobs: jobPorts,
    delete: {
      jobs,
      signer: media,
      clock,
      stopper: { stop: async () => undefined },
      events: { publish: async () => undefined },
      media,
      eventLog: memoryEventLog(),
      idempotency: new DynamoIdempotencyRecords(dynamo.db, 'idempotency'),
    },
  };
});

afterAll(() => dynamo.close());

const context = { awsRequestId: 'r', getRemainingTimeInMillis: () => 30_000 } as Context;
const KEY_HEADER = { 'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef' };

let requests = 0;

async function call(event: APIGatewayProxyEvent, handler: typeof submit) {
  // Each request its own platform request id, as API Gateway gives (a replay is told apart by it).
  requests += 1;
  const requestContext = {
    ...event.requestContext,
    requestId: `c0ffee00-0000-4000-8000-${String(requests).padStart(12, '0')}`,
  };
  const res = (await handler({ ...event, requestContext }, context)) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
  };
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

const detect = (idempotencyKey: string) =>
  call(
    apiGatewayEvent({
      httpMethod: 'POST',
      path: '/v1/property-frontage/detect',
      resource: '/v1/property-frontage/detect',
      headers: { ...KEY_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ address: '10 Wattle Street, Ultimo NSW 2007' }),
    }),
    submit,
  );

const remove = (jobId: string) =>
  call(
    apiGatewayEvent({
      httpMethod: 'DELETE',
      path: `/v1/jobs/${jobId}`,
      resource: '/v1/jobs/{jobId}',
      headers: KEY_HEADER,
      pathParameters: { jobId },
    }),
    jobControl,
  );

describe('an Idempotency-Key after its job was deleted', () => {
  it('replays the job while it exists, and makes a new one once it is deleted', async () => {
    const first = await detect('order-7');
    expect(first.status).toBe(202);
    const jobId = first.body.data.job_id as string;
    const replay = await detect('order-7');
    expect(replay.body.data.job_id).toBe(jobId);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');

    expect((await remove(jobId)).status).toBe(200);
    expect(await jobs.get(tenant, jobId)).toBeUndefined();

    const after = await detect('order-7');
    expect(after.status).toBe(202);
    expect(after.headers['Idempotent-Replayed']).toBeUndefined();
    const newId = after.body.data.job_id as string;
    expect(newId).not.toBe(jobId);
    expect(await jobs.get(tenant, newId)).toMatchObject({ status: 'queued' });
    // The new job's key replays the new job.
    expect((await detect('order-7')).body.data.job_id).toBe(newId);
  });

  it('leaves another key’s records alone', async () => {
    const kept = (await detect('order-8')).body.data.job_id as string;
    const deleted = (await detect('order-9')).body.data.job_id as string;
    await remove(deleted);
    const replay = await detect('order-8');
    expect(replay.body.data.job_id).toBe(kept);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
  });
});
