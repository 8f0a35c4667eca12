// The store round trips of a job submission, against dynalite with the stage's own adapters and wiring
// (stageAdapters: the account store, the job store, the fair-share slots and the starter's limitOf): the
// admission write answers the key with its organization's plan and retention (copied onto the key, and
// copied again whenever they change), so a submit reads no organization and takes its slot before its one
// put — admission, slot, job: three round trips whether the job starts or waits. A key made before keys
// carried the copy still submits right, reading the organization. Counted on the adapters' own client.
import type { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AwsClients } from '../../../functions/adapters/aws-clients.ts';
import type { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import type { ApiKeyRecord } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import { KeyAdmin, type RateSettings } from '../../../functions/core/auth/key-admin.ts';
import { uuidv7 } from '../../../functions/core/ids.ts';
import { WAITING_STAGE } from '../../../functions/core/limits/job-slots.ts';
import { type JobPorts, submitJob } from '../../../functions/core/use-cases/jobs.ts';
import {
  getOrganizationSettings,
  updateOrganizationSettings,
} from '../../../functions/core/use-cases/organization-settings.ts';
import { CLAIM_GRACE_MS } from '../../../functions/core/workflows/fair-share.ts';
import { type StageAdapters, stageAdapters } from '../../../functions/wiring/stage-adapters.ts';
import type { StageEnv } from '../../../functions/wiring/stage-env.ts';
import {
  createAccountsTable,
  createJobsTable,
  type LocalDynamo,
  startDynalite,
} from '../../support/dynalite.ts';
import { fakeJobPorts, fixedClock, TEST_RETENTION } from '../../support/fakes.ts';

const NOW = '2026-03-01T00:00:00.000Z';
const DAY_MS = 86_400_000;
const RATES: RateSettings = {
  testPerMinute: 1000,
  liveDefault: { requestsPerMinute: 1000 },
  plans: { starter: { requestsPerMinute: 1000 }, growth: { requestsPerMinute: 1000 } },
};
/** Live: 1 job at once without a plan, 2 on starter, 3 on growth. TEST_RETENTION: starter 30 days. */
const CONCURRENCY = { test: 1, liveDefault: 1, plans: { starter: 2, growth: 3 }, exemptJobTypes: [] };

let dynamo: LocalDynamo;
let db: DynamoDBDocumentClient;
/** Every DynamoDB call made through the adapters' client. */
let calls: string[] = [];
/** Runs before each call (a test holds one back with it). */
let beforeCall: ((input: { UpdateExpression?: string }) => Promise<void>) | undefined;
let table = 0;
let adapters: StageAdapters;
let accounts: DynamoAccountStore;
let admin: KeyAdmin;
/** Executions started (StartExecution's names). */
let started: string[];

beforeAll(async () => {
  dynamo = await startDynalite();
  db = DynamoDBDocumentClient.from(dynamo.client, { marshallOptions: { removeUndefinedValues: true } });
  db.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName));
      await beforeCall?.(args.input as { UpdateExpression?: string });
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
});

afterAll(() => dynamo.close());

beforeEach(async () => {
  beforeCall = undefined;
  table += 1;
  await createAccountsTable(dynamo.client, `accounts${table}`);
  await createJobsTable(dynamo.client, `jobs${table}`);
  started = [];
  const sfn = {
    send: async (command: { input: { name: string } }) => {
      started.push(command.input.name);
      return {};
    },
  } as unknown as SFNClient;
  const env = {
    jobsTable: `jobs${table}`,
    accountsTable: `accounts${table}`,
    jobConcurrency: CONCURRENCY,
    stateMachineArn: (jobType: string) => `arn:aws:states:local:000000000000:stateMachine:${jobType}`,
  } as unknown as StageEnv;
  adapters = stageAdapters(env, { dynamo: db, sfn } as unknown as AwsClients);
  accounts = adapters.accounts as DynamoAccountStore;
  admin = new KeyAdmin(accounts, RATES, fixedClock(NOW));
});

/** The admission write of a request with this key, as the API makes it: the key as it answers. */
async function admitted(key: string): Promise<ApiKeyRecord> {
  const outcome = await accounts.admit(hashApiKey(key), new Date(), () => 1000);
  if (outcome.kind !== 'admitted') throw new Error(`not admitted: ${outcome.kind}`);
  return outcome.key;
}

/** A POST's submit as the API route makes it (functions/api/submit-job.ts), with the admitted key. */
function submit(key: ApiKeyRecord, creationClaim?: JobPorts['creationClaim']) {
  return submitJob(
    fakeJobPorts({
      jobs: adapters.jobs,
      starter: adapters.starter,
      clock: { now: () => new Date() },
      // What a submit without the key's copy reads (functions/wiring/job-ports.ts).
      organizationSettings: (orgId) => getOrganizationSettings(adapters.accounts, orgId),
      retention: TEST_RETENTION,
      ...(key.organization ? { organization: key.organization } : {}),
      ...(creationClaim ? { creationClaim } : {}),
    }),
    { tenant: { orgId: key.orgId, mode: key.mode }, jobType: 'frontage_detection', input: {} },
  );
}

/**
 * One request: admission, then the submit; the store calls it made. (The container has admitted the key
 * before — see warm() — so admission is its one write, as in the steady state the API benchmark counts.)
 */
async function post(key: string) {
  calls = [];
  const record = await admitted(key);
  const { job_id } = await submit(record);
  const job = (await adapters.jobs.get({ orgId: record.orgId, mode: record.mode }, job_id))!;
  return { job, calls: calls.slice(0, -1) };
}

/** A first request in this container: its admission reads the key once (a snapshot after that). */
const warm = (key: string) => admitted(key);

const expiryDays = (job: { createdAt: string; mediaExpiresAt?: string }) =>
  Math.round((Date.parse(job.mediaExpiresAt!) - Date.parse(job.createdAt)) / DAY_MS);

describe('a job submission', () => {
  it('is three round trips (admission, slot, job) whether the job starts or waits; no organization read', async () => {
    await admin.setPlan('acme', 'starter');
    const { key } = await admin.createKey('acme', 'live', 'k');
    await warm(key);
    const posts = [await post(key), await post(key), await post(key)];
    for (const p of posts)
      expect(p.calls).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'PutItemCommand']);
    // starter: two at once; the third waits queued (not refused, not failed) and was never started.
    expect(started).toEqual([posts[0]!.job.jobId, posts[1]!.job.jobId]);
    expect(posts.map((p) => p.job.progress.stage)).toEqual(['queued', 'queued', WAITING_STAGE]);
    expect(posts.map((p) => p.job.status)).toEqual(['queued', 'queued', 'queued']);
    // The plan's retention (starter: 30 days), from the key's copy.
    expect(posts.map((p) => expiryDays(p.job))).toEqual([30, 30, 30]);
    // The waiting job starts when a slot comes back (the first job canceled, its execution ended).
    const tenant = { orgId: 'acme', mode: 'live' as const };
    const first = posts[0]!.job;
    await adapters.jobs.cancel({ tenant, jobId: first.jobId, jobType: first.jobType }, NOW);
    await adapters.starter.executionEnded(tenant, first.jobId);
    expect(started).toContain(posts[2]!.job.jobId);
  });

  it('follows a change of plan or retention on the next request of every key of the organization', async () => {
    await admin.setPlan('acme', 'starter');
    const live = (await admin.createKey('acme', 'live', 'live')).key;
    const test = (await admin.createKey('acme', 'test', 'test')).key;
    expect((await admitted(live)).organization).toEqual({ plan: 'starter' });
    await admin.setPlan('acme', 'growth');
    expect((await admitted(live)).organization?.plan).toBe('growth');
    expect((await admitted(test)).organization?.plan).toBe('growth');
    // growth: three at once.
    for (let i = 0; i < 4; i += 1) await post(live);
    expect(started).toHaveLength(3);
    // A retention of the organization's own (the dashboard, the keys CLI) is on the keys too.
    await updateOrganizationSettings(accounts, 'acme', { mediaRetentionDays: 7 }, TEST_RETENTION);
    expect((await admitted(test)).organization).toEqual({ plan: 'growth', mediaRetentionDays: 7 });
    const { job, calls: made } = await post(test);
    expect(expiryDays(job)).toBe(7);
    // Test keys share one limit (1): this one starts, with no read either.
    expect(made).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'PutItemCommand']);
    // set-limits keeps no plan: the keys' copies drop it too.
    await admin.setLimits('acme', 500);
    expect((await admitted(live)).organization).toEqual({ mediaRetentionDays: 7 });
  });

  it('never lets an older copy replace a newer one (two changes racing)', async () => {
    await admin.setPlan('acme', 'starter');
    const { key } = await admin.createKey('acme', 'live', 'k');
    // The first change writes the organization, then its copy to the key is held back...
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      beforeCall = async (input) => {
        if (!input.UpdateExpression?.startsWith('SET org_plan')) return;
        beforeCall = undefined;
        const go = new Promise<void>((release) => {
          held = release;
        });
        resolve();
        await go;
      };
    });
    const first = updateOrganizationSettings(accounts, 'acme', { mediaRetentionDays: 5 }, TEST_RETENTION);
    await holding;
    // ...while a second one is written and copied whole; then the first's copy lands, late.
    await updateOrganizationSettings(accounts, 'acme', { mediaRetentionDays: 9 }, TEST_RETENTION);
    held();
    await first;
    expect((await accounts.getOrganization('acme'))!.mediaRetentionDays).toBe(9);
    expect((await admitted(key)).organization).toEqual({ plan: 'starter', mediaRetentionDays: 9 });
  });

  it('reads the organization for a key made before keys carried its plan and retention, and is still right', async () => {
    await admin.setPlan('acme', 'starter');
    await accounts.createKey({
      keyHash: hashApiKey('svc_live_legacy'),
      keyId: 'key_legacy',
      orgId: 'acme',
      mode: 'live',
      name: 'old',
      hint: 'gacy',
      createdAt: NOW,
      requestsPerMinute: 1000,
    });
    expect((await warm('svc_live_legacy')).organization).toBeUndefined();
    const posts = [
      await post('svc_live_legacy'),
      await post('svc_live_legacy'),
      await post('svc_live_legacy'),
    ];
    // Two reads of the organization (retention, limit) besides admission, slot and job.
    expect(posts[0]!.calls).toEqual([
      'UpdateItemCommand',
      'GetItemCommand',
      'GetItemCommand',
      'UpdateItemCommand',
      'PutItemCommand',
    ]);
    expect(posts.map((p) => p.job.progress.stage)).toEqual(['queued', 'queued', WAITING_STAGE]);
    expect(posts.map((p) => expiryDays(p.job))).toEqual([30, 30, 30]);
    // Setting the plan again gives the old key its copy.
    await admin.setPlan('acme', 'starter');
    expect((await admitted('svc_live_legacy')).organization).toEqual({ plan: 'starter' });
  });

  it('gives a key made before keys carried the copy its copy on request, never over a newer one', async () => {
    await admin.setPlan('acme', 'growth');
    await updateOrganizationSettings(accounts, 'acme', { mediaRetentionDays: 12 }, TEST_RETENTION);
    const hash = hashApiKey('svc_live_legacy2');
    await accounts.createKey({
      keyHash: hash,
      keyId: 'key_legacy2',
      orgId: 'acme',
      mode: 'live',
      name: 'old',
      hint: 'acy2',
      createdAt: NOW,
      requestsPerMinute: 1000,
    });
    expect((await warm('svc_live_legacy2')).organization).toBeUndefined();
    expect(await accounts.copyOrganizationToKey(hash, 'acme')).toBe(true);
    expect((await admitted('svc_live_legacy2')).organization).toEqual({
      plan: 'growth',
      mediaRetentionDays: 12,
    });
    // Now a submit is three round trips (admission, slot, job), as with a new key, and as right.
    const { job, calls: made } = await post('svc_live_legacy2');
    expect(made).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'PutItemCommand']);
    expect(expiryDays(job)).toBe(12);
    // The copy it has is as new as the organization's: not written again.
    expect(await accounts.copyOrganizationToKey(hash, 'acme')).toBe(false);
    // No organization, no copy.
    expect(await accounts.copyOrganizationToKey(hash, 'nobody')).toBe(false);
  });
});

describe('a job whose id an earlier attempt made', () => {
  it('is written before it takes its slot (the sweeper’s grace goes by a fresh id’s time)', async () => {
    await admin.setPlan('acme', 'starter');
    const { key } = await admin.createKey('acme', 'live', 'k');
    const record = await warm(key);
    // Two running; then the retry of a request whose first attempt (an hour ago) died after its claim.
    await submit(record);
    await submit(record);
    const hourAgo = Date.now() - 3_600_000;
    const earlier = { jobId: uuidv7(hourAgo), createdAt: new Date(hourAgo).toISOString() };
    calls = [];
    const { job_id } = await submit(record, async () => earlier);
    expect(job_id).toBe(earlier.jobId);
    // Is it there already? No: written, then (the organization read for its limit: the start of a written
    // job does not carry the key's plan) its slot tried, none free, then marked waiting.
    expect(calls).toEqual([
      'GetItemCommand',
      'PutItemCommand',
      'GetItemCommand',
      'UpdateItemCommand',
      'UpdateItemCommand',
    ]);
    const job = (await adapters.jobs.get({ orgId: 'acme', mode: 'live' }, job_id))!;
    expect(job.progress.stage).toBe(WAITING_STAGE);
    expect(started).not.toContain(job_id);
  });
});

describe('a slot taken before its job is written', () => {
  it('is left alone by the sweeper while young, given back once its submit has plainly failed', async () => {
    const tenant = { orgId: 'acme', mode: 'live' as const };
    const orphan = uuidv7(Date.now());
    // A submit took the slot, then failed before its put (or has not put yet).
    await adapters.slots.acquire(tenant, orphan, 1);
    expect(await adapters.starter.reconcile()).toMatchObject({ released: 0 });
    expect((await adapters.slots.list())[0]?.holders).toEqual([orphan]);
    const old = uuidv7(Date.now() - CLAIM_GRACE_MS - 1000);
    await adapters.slots.acquire(tenant, old, 2);
    expect(await adapters.starter.reconcile()).toMatchObject({ released: 1 });
    expect((await adapters.slots.list())[0]?.holders).toEqual([orphan]);
  });
});
