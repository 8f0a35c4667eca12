// Against dynalite (the local DynamoDB), with the real adapters: a job's, a usage record's, an event's, an
// audit record's and an API key's office are stored and read back; listings by office (jobs, with the
// other filters and paging; events; audit records) hold that office's alone; the offices' list is
// replaced only at the version read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import { DynamoAuditLog } from '../../../functions/adapters/dynamodb/audit-log.ts';
import { DynamoEventLog } from '../../../functions/adapters/dynamodb/event-log.ts';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import { DynamoOfficeStore } from '../../../functions/adapters/dynamodb/office-store.ts';
import { DynamoUsageStore } from '../../../functions/adapters/dynamodb/usage-store.ts';
import { newAuditId } from '../../../functions/core/audit/audit-log.ts';
import { KeyAdmin } from '../../../functions/core/auth/key-admin.ts';
import { systemClock } from '../../../functions/core/clock.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { runningJobsOf } from '../../../functions/core/use-cases/jobs.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import {
  createAccountsTable,
  createJobsTable,
  createKeyTable,
  type LocalDynamo,
  startDynalite,
} from '../../support/dynalite.ts';
import { jobRecord } from '../../support/fakes.ts';

const tenant: Tenant = { orgId: 'acme', mode: 'live' };
const A = 'off_aaaaaaaaaaaaaaaaaaaa';
const B = 'off_bbbbbbbbbbbbbbbbbbbb';
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  await createAccountsTable(dynamo.client);
  await createKeyTable(dynamo.client, 'events', 'pk', 'sk');
  await createKeyTable(dynamo.client, 'usage', 'pk', 'sk');
});

afterAll(() => dynamo.close());

const ids = (jobs: readonly Job[]) => jobs.map((j) => j.jobId);

describe('jobs of an office', () => {
  it('stores the office, and lists by office alone or with status, newest first, paging as before', async () => {
    const store = new DynamoJobStore(dynamo.db, 'jobs');
    const ofA = Array.from({ length: 5 }, (_, i) =>
      jobRecord(i % 2 === 0 ? 'completed' : 'processing', { officeId: A }),
    );
    const others = [
      jobRecord('completed', { officeId: B }),
      jobRecord('processing'),
      jobRecord('queued', { officeId: A, orgId: 'globex' }),
    ];
    // Interleaved, so an office's jobs are spread across the tenant's pages.
    for (const j of [others[0]!, ofA[0]!, others[1]!, ...ofA.slice(1), others[2]!]) await store.create(j);
    expect((await store.get(tenant, ofA[0]!.jobId))?.officeId).toBe(A);
    expect((await store.get(tenant, others[1]!.jobId))?.officeId).toBeUndefined();

    const newestFirst = ids(ofA).reverse();
    const first = await store.list(tenant, { officeId: A, limit: 3, offset: 0 });
    expect(ids(first.jobs)).toEqual(newestFirst.slice(0, 3));
    expect(first.hasMore).toBe(true);
    const second = await store.list(tenant, { officeId: A, limit: 3, offset: 3 });
    expect(ids(second.jobs)).toEqual(newestFirst.slice(3));
    expect(second.hasMore).toBe(false);
    const processing = await store.list(tenant, { officeId: A, status: 'processing', limit: 10, offset: 0 });
    expect(ids(processing.jobs)).toEqual(ids(ofA.filter((j) => j.status === 'processing')).reverse());
    expect(ids((await store.list(tenant, { officeId: B, limit: 10, offset: 0 })).jobs)).toEqual([
      others[0]!.jobId,
    ]);
    // What a delete of the office asks: its queued and processing jobs (another org's are not counted).
    expect(await runningJobsOf(store, tenant, A)).toBe(2);
    expect(await runningJobsOf(store, tenant, B)).toBe(0);
  });

  it("lists the jobs of several offices (a dashboard member's) in full pages, and nothing for none", async () => {
    const store = new DynamoJobStore(dynamo.db, 'jobs');
    const mine = { orgId: 'initech' };
    const C = 'off_cccccccccccccccccccc';
    const jobs = [
      jobRecord('completed', { ...mine, officeId: A }),
      jobRecord('completed', { ...mine, officeId: C }),
      jobRecord('completed', { ...mine }),
      jobRecord('completed', { ...mine, officeId: B }),
      jobRecord('processing', { ...mine, officeId: A }),
      jobRecord('completed', { ...mine, officeId: C }),
      jobRecord('completed', { ...mine, officeId: B }),
    ];
    for (const j of jobs) await store.create(j);
    const initech = { orgId: 'initech', mode: tenant.mode };
    const ofAandB = ids(jobs.filter((j) => j.officeId === A || j.officeId === B)).reverse();
    const first = await store.list(initech, { officeIds: [A, B], limit: 3, offset: 0 });
    expect(ids(first.jobs)).toEqual(ofAandB.slice(0, 3));
    expect(first.hasMore).toBe(true);
    const rest = await store.list(initech, { officeIds: [A, B], limit: 3, offset: 3 });
    expect(ids(rest.jobs)).toEqual(ofAandB.slice(3));
    expect(rest.hasMore).toBe(false);
    expect(
      ids((await store.list(initech, { officeIds: [A, B], status: 'processing', limit: 5, offset: 0 })).jobs),
    ).toEqual([jobs[4]!.jobId]);
    expect(await store.list(initech, { officeIds: [], limit: 5, offset: 0 })).toEqual({
      jobs: [],
      hasMore: false,
    });
  });
});

describe('usage, events, audit records and keys of an office', () => {
  it("keeps a usage record's office", async () => {
    const usage = new DynamoUsageStore(dynamo.db, 'usage');
    const base = { tenant, jobType: 'markup_v2', unit: 'job' as const, units: 1 };
    await usage.record({ ...base, jobId: 'j1', officeId: A, completedAt: '2026-05-01T10:00:00.000Z' });
    await usage.record({ ...base, jobId: 'j2', completedAt: '2026-05-01T11:00:00.000Z' });
    const items = await usage.list(tenant, '2026-05-01', '2026-05-01');
    expect(items.map((i) => [i.jobId, i.officeId])).toEqual([
      ['j1', A],
      ['j2', undefined],
    ]);
  });

  it("lists an office's events alone, and keeps the office on the event", async () => {
    const log = new DynamoEventLog(dynamo.db, 'events');
    const message = (n: number, officeId?: string): WebhookMessage => ({
      event_id: `evt_0193a0b2000070008000${String(n).padStart(10, '0')}`,
      type: 'job.completed',
      created_at: '2026-05-01T10:00:00.000Z',
      job: { job_id: `job-${n}`, org_id: 'acme', mode: 'live', job_type: 'markup_v2' },
      attempt: 1,
      ...(officeId ? { office_id: officeId } : {}),
    });
    for (const [n, office] of [
      [1, A],
      [2, B],
      [3, undefined],
      [4, A],
    ] as const)
      await log.record(tenant, message(n, office), 2_000_000_000);
    const listed = await log.list(tenant, { officeId: A, limit: 10 });
    expect(listed.events.map((e) => e.message.job?.job_id)).toEqual(['job-4', 'job-1']);
    expect(listed.events.every((e) => e.message.office_id === A)).toBe(true);
    expect((await log.list(tenant, { limit: 10 })).events).toHaveLength(4);
  });

  it("lists an office's audit records alone", async () => {
    const audit = new DynamoAuditLog(dynamo.db, 'events');
    const record = (officeId?: string) => ({
      auditId: newAuditId(),
      orgId: 'acme',
      mode: 'live' as const,
      at: '2026-05-01T10:00:00.000Z',
      actor: { type: 'api_key' as const, id: 'key_x' },
      action: 'office.updated' as const,
      target: { type: 'office' as const, id: officeId ?? 'org' },
      ...(officeId ? { officeId } : {}),
    });
    await audit.append(record(A), 2_000_000_000);
    await audit.append(record(B), 2_000_000_000);
    await audit.append(record(), 2_000_000_000);
    const listed = await audit.list(tenant, { officeId: B, limit: 10 });
    expect(listed.records.map((r) => r.officeId)).toEqual([B]);
  });

  it("keeps an API key's office, and lists it", async () => {
    const accounts = new DynamoAccountStore(dynamo.db, 'accounts');
    const made = await accounts.createKey({
      keyHash: 'hash-office',
      keyId: 'key_office',
      orgId: 'acme',
      mode: 'live',
      name: 'Bondi',
      hint: 'svc_live_…',
      createdAt: '2026-05-01T00:00:00.000Z',
      requestsPerMinute: 60,
      officeId: A,
    });
    expect(made.officeId).toBe(A);
    const listed = await accounts.listKeys('acme');
    expect(listed.find((k) => k.keyId === 'key_office')?.officeId).toBe(A);
  });

  it('makes a key of one office with the key admin (the keys CLI), and a rotation keeps its office', async () => {
    const accounts = new DynamoAccountStore(dynamo.db, 'accounts');
    const admin = new KeyAdmin(
      accounts,
      { testPerMinute: 10, liveDefault: { requestsPerMinute: 60 }, plans: {} },
      systemClock,
    );
    const made = await admin.createKey('globex', 'live', 'Bondi site', ['jobs:read'], A);
    expect(made.record).toMatchObject({ officeId: A, scopes: ['jobs:read'] });
    const rotated = await admin.rotateKey('globex', made.record.keyId);
    expect(rotated.record).toMatchObject({ officeId: A, scopes: ['jobs:read'] });
    await expect(admin.createKey('globex', 'live', 'x', undefined, 'bondi')).rejects.toThrow(/off_/);
  });

  it("replaces an organization's offices only at the version read", async () => {
    const offices = new DynamoOfficeStore(dynamo.db, 'accounts');
    const at = '2026-05-01T00:00:00.000Z';
    const office = {
      id: A,
      name: 'Bondi',
      external_ref: null,
      media_retention_days: 30,
      created_at: at,
      updated_at: at,
    };
    expect(await offices.list(tenant)).toEqual({ offices: [], version: 0 });
    expect(await offices.replace(tenant, 0, [office])).toBe(true);
    expect(await offices.replace(tenant, 0, [])).toBe(false);
    expect(await offices.list(tenant)).toEqual({ offices: [office], version: 1 });
    expect(await offices.list({ orgId: 'acme', mode: 'test' })).toEqual({ offices: [], version: 0 });
  });
});
