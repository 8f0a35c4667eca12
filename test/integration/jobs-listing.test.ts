// GET /v1/jobs: newest first, every filter, paging facts, query validation, and isolation between
// organizations and between test and live. Jobs are seeded in the store so every status is present (and
// so jobs made for a kit exist without a kit having run).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { toItem } from '../../functions/adapters/dynamodb/job-table.ts';
import { uuidv7 } from '../../functions/core/ids.ts';
import type { Job } from '../../functions/core/jobs/job.ts';
import { JOB_STATUSES, type Mode } from '../../functions/core/jobs/job-types.ts';
import { JOB_TYPES } from '../../functions/jobs/registry.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let keys: Record<Mode, string>;
let otherOrgKey: string;
const seeded: Job[] = [];

function seedJob(orgId: string, mode: Mode, index: number): Job {
  const created = new Date(Date.UTC(2026, 0, 1, 0, 0, index));
  const status = JOB_STATUSES[index % JOB_STATUSES.length]!;
  return {
    jobId: uuidv7(created.getTime()),
    orgId,
    mode,
    jobType: JOB_TYPES[Math.floor(index / 4) % JOB_TYPES.length]!,
    status,
    createdAt: created.toISOString(),
    updatedAt: created.toISOString(),
    progress: { percent: status === 'completed' ? 100 : 0, stage: status },
    input: { address: `${index} Seed Street, Sydney NSW 2000` },
    ...(status === 'failed' ? { error: { code: 'ADDRESS_NOT_FOUND', message: 'seeded' } } : {}),
  };
}

/**
 * Writes a fixture job. A queued one is written as if its execution had started and were waiting to run:
 * not pending, or the outbox sweeper would start it (and, its creation being long past, fail it). It is
 * written so in one put: written pending and then changed, the sweeper could take it in between.
 */
async function seed(job: Job): Promise<void> {
  if (job.status !== 'queued') return stack.jobs.create(job);
  const { pending_key: _key, pending_at: _at, ...item } = toItem(job);
  await db.send(
    new PutCommand({
      TableName: stack.info.tables.jobs,
      Item: item,
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: stack.info.endpoints.dynamodb,
    region: stack.info.region,
    credentials: storeCredentials(stack.dataDir),
  }),
);

beforeAll(async () => {
  const org = await newOrganization(stack);
  keys = { test: await org.key('test'), live: await org.key('live') };
  for (let i = 0; i < 23; i += 1) {
    const job = seedJob(org.orgId, 'live', i);
    await seed(job);
    seeded.push(job);
  }
  await seed(seedJob(org.orgId, 'test', 99));
  const other = await newOrganization(stack);
  otherOrgKey = await other.key('live');
  await seed(seedJob(other.orgId, 'live', 5));
});

const newestFirst = () => [...seeded].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

async function list(query: string, key = keys.live) {
  return call<Json>(stack.url, 'GET', `/v1/jobs${query}`, { key });
}

describe('GET /v1/jobs', () => {
  it('lists newest first with paging facts', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const ids = res.body.data.jobs.map((j: Json) => j.job_id);
    expect(ids).toEqual(newestFirst().map((j) => j.jobId));
    expect(res.body.data.pagination).toEqual({
      limit: 50,
      offset: 0,
      count: 23,
      has_more: false,
      next_offset: null,
    });
  });

  it('pages with limit and offset until has_more is false', async () => {
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const res = await list(`?limit=10&offset=${offset}`);
      const page = res.body.data;
      seen.push(...page.jobs.map((j: Json) => j.job_id));
      if (!page.pagination.has_more) {
        expect(page.pagination.next_offset).toBeNull();
        break;
      }
      expect(page.pagination.next_offset).toBe(offset + 10);
      offset = page.pagination.next_offset;
    }
    expect(seen).toEqual(newestFirst().map((j) => j.jobId));
  });

  it.each(JOB_STATUSES)('filters by status=%s', async (status) => {
    const res = await list(`?status=${status}`);
    expect(res.body.data.jobs.map((j: Json) => j.job_id)).toEqual(
      newestFirst()
        .filter((j) => j.status === status)
        .map((j) => j.jobId),
    );
  });

  it.each(JOB_TYPES)('filters by job_type=%s', async (jobType) => {
    const res = await list(`?job_type=${jobType}`);
    expect(res.body.data.jobs.map((j: Json) => j.job_id)).toEqual(
      newestFirst()
        .filter((j) => j.jobType === jobType)
        .map((j) => j.jobId),
    );
  });

  it('combines status and job_type with paging', async () => {
    const expected = newestFirst().filter(
      (j) => j.jobType === 'frontage_detection' && j.status === 'completed',
    );
    const res = await list('?job_type=frontage_detection&status=completed&limit=1&offset=1');
    expect(res.body.data.jobs.map((j: Json) => j.job_id)).toEqual(expected.slice(1, 2).map((j) => j.jobId));
    expect(res.body.data.pagination.has_more).toBe(expected.length > 2);
  });

  it('shows each job with the documented fields', async () => {
    const res = await list('?status=failed&limit=1');
    const job = res.body.data.jobs[0];
    expect(Object.keys(job).sort()).toEqual(
      [
        'callback_metadata',
        'completed_at',
        'created_at',
        'error',
        'input',
        'job_id',
        'job_type',
        'kit_job_id',
        'office_id',
        'media_expired',
        'media_expires_at',
        'mode',
        'output',
        'parent_job_id',
        'progress',
        'started_at',
        'status',
        'updated_at',
        'webhook_url',
        'webhook',
      ].sort(),
    );
    expect(job.error).toEqual({ code: 'ADDRESS_NOT_FOUND', message: 'seeded' });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['status=done', 'status'],
    ['job_type=video', 'job_type'],
    ['kit_job_id=nope', 'kit_job_id'],
    ['colour=red', 'colour'],
    ['limit=5&limit=6', 'limit'],
  ])('rejects %s with VALIDATION_ERROR naming %s', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: Json) => d.path)).toContain(field);
  });
});

describe('kit_job_id', () => {
  it("lists only the kit's children, of the caller's organization and mode, newest first", async () => {
    // Organizations of its own: the jobs above stay the only ones of theirs.
    const org = await newOrganization(stack);
    const stranger = await newOrganization(stack);
    const key = await org.key('live');
    const kitJobId = uuidv7(Date.UTC(2026, 1, 1));
    const children = [2, 3, 4].map((i) => ({ ...seedJob(org.orgId, 'live', i), kitJobId }));
    const others = [
      seedJob(org.orgId, 'live', 5),
      { ...seedJob(org.orgId, 'live', 6), kitJobId: uuidv7(Date.UTC(2026, 1, 2)) },
      { ...seedJob(org.orgId, 'test', 7), kitJobId },
      { ...seedJob(stranger.orgId, 'live', 8), kitJobId },
    ];
    for (const job of [...children, ...others]) await seed(job);

    const res = await list(`?kit_job_id=${kitJobId}`, key);
    expect(res.status).toBe(200);
    expect(res.body.data.jobs.map((j: Json) => j.job_id)).toEqual(
      [...children].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((j) => j.jobId),
    );
    expect(res.body.data.jobs.map((j: Json) => j.kit_job_id)).toEqual(children.map(() => kitJobId));
    const byStatus = await list(`?kit_job_id=${kitJobId}&status=${children[0]!.status}`, key);
    expect(byStatus.body.data.jobs.map((j: Json) => j.job_id)).toEqual([children[0]!.jobId]);
  });
});

describe('isolation', () => {
  it('never shows another mode or organization, in lists or by id', async () => {
    const testList = await list('', keys.test);
    expect(testList.body.data.jobs).toHaveLength(1);
    expect(testList.body.data.jobs[0].mode).toBe('test');
    const otherList = await list('', otherOrgKey);
    expect(otherList.body.data.jobs).toHaveLength(1);

    const liveJob = seeded[0]!.jobId;
    expect((await call(stack.url, 'GET', `/v1/jobs/${liveJob}`, { key: keys.live })).status).toBe(200);
    for (const key of [keys.test, otherOrgKey]) {
      const res = await call<Json>(stack.url, 'GET', `/v1/jobs/${liveJob}`, { key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});
