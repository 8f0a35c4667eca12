// A request with an Idempotency-Key creates its job once, even when the process dies between writing the
// job and answering (Powertools' record then stays in progress and, once that expires, the retry runs
// again): the retry finds the job the first attempt claimed. Against dynalite, with the real job store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoCreationClaims } from '../../../functions/adapters/dynamodb/creation-claims.ts';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import { type JobPorts, submitJob } from '../../../functions/core/use-cases/jobs.ts';
import { createJobsTable, createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

import { TEST_RETENTION } from '../../support/fakes.ts';

let dynamo: LocalDynamo;
let jobs: DynamoJobStore;
let claims: DynamoCreationClaims;
const tenant = { orgId: 'org-claims', mode: 'live' as const };
const started: string[] = [];

function deps(key: string, body: unknown, at: number): JobPorts {
  const request = { method: 'POST', path: '/v1/property-frontage/detect', body };
  return {
    jobs,
    webhookPolicy: { allowHttp: false, allowLoopback: false },
    bundleHosts: [],
    signer: { sign: async (k) => ({ url: k, expiresAt: '' }) },
    starter: { start: async (_type, name) => void started.push(name) },
    clock: { now: () => new Date(at) },
    organizationSettings: async () => ({ stagingWatermark: false }),
    retention: TEST_RETENTION,
    creationClaim: (proposed) => claims.claim(tenant, key, request, proposed),
  };
}

const submit = (d: JobPorts, body: Record<string, unknown>) =>
  submitJob(d, { tenant, jobType: 'frontage_detection', input: body });

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  await createKeyTable(dynamo.client, 'idempotency', 'id');
  jobs = new DynamoJobStore(dynamo.db, 'jobs');
  claims = new DynamoCreationClaims(dynamo.db, 'idempotency');
});

afterAll(() => dynamo.close());

describe('job creation under an Idempotency-Key', () => {
  it('answers a retry with the job the first attempt wrote, and writes no second job', async () => {
    const body = { address: '10 Wattle Street, Ultimo NSW 2007' };
    const first = await submit(deps('key-1', body, Date.parse('2026-03-01T10:00:00Z')), body);
    const retry = await submit(deps('key-1', { ...body }, Date.parse('2026-03-01T10:05:00Z')), body);
    expect(retry.job_id).toBe(first.job_id);
    const page = await jobs.list(tenant, { limit: 10, offset: 0 });
    expect(page.jobs.map((j) => j.jobId)).toEqual([first.job_id]);
  });

  it('writes the claimed job on a retry when the first attempt died after its claim, before the job', async () => {
    const body = { address: '1 Martin Place, Sydney NSW 2000' };
    const request = { method: 'POST', path: '/v1/property-frontage/detect', body };
    // The first attempt: its claim landed, then the process died.
    const claimed = await claims.claim(tenant, 'key-2', request, {
      jobId: '01a20000-0000-7000-8000-0000000000c2',
      createdAt: '2026-03-01T11:00:00.000Z',
    });
    const retry = await submit(deps('key-2', body, Date.parse('2026-03-01T11:03:00Z')), body);
    expect(retry.job_id).toBe(claimed.jobId);
    const job = await jobs.get(tenant, claimed.jobId);
    expect(job).toMatchObject({ status: 'queued', createdAt: '2026-03-01T11:00:00.000Z' });
    expect(started).toContain(claimed.jobId);
  });

  it('makes a new job for the same key with another request (Powertools refuses that as a conflict first)', async () => {
    const a = await submit(deps('key-3', { address: 'A' }, Date.parse('2026-03-01T12:00:00Z')), {
      address: 'A',
    });
    const b = await submit(deps('key-3', { address: 'B' }, Date.parse('2026-03-01T12:00:01Z')), {
      address: 'B',
    });
    expect(b.job_id).not.toBe(a.job_id);
  });
});
