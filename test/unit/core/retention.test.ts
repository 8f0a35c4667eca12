// Retention: delete_after's durations and bounds, the order of precedence of a job's expiry, what an
// expired job keeps, and the sweep against dynalite's job store (due jobs only, running ones wait, other
// jobs untouched, a second sweep changes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobStore } from '../../../functions/adapters/dynamodb/job-store.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import {
  deleteAfterSeconds,
  durationSeconds,
  expiredError,
  mediaExpiresAt,
} from '../../../functions/core/jobs/retention.ts';
import { jobMediaPrefix } from '../../../functions/core/media/media-store.ts';
import { sweepExpired } from '../../../functions/core/workflows/retention.ts';
import { createJobsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fakeMediaStore, jobRecord, TEST_RETENTION } from '../../support/fakes.ts';

describe('delete_after', () => {
  it.each([
    ['PT1H', 3600],
    ['P30D', 30 * 86_400],
    ['P2W', 14 * 86_400],
    ['P1DT2H3M4S', 86_400 + 7200 + 180 + 4],
    ['PT90M', 5400],
    ['PT0.5S', 0.5],
  ])('reads %s as %d s', (text, seconds) => expect(durationSeconds(text)).toBe(seconds));

  it.each(['P', 'PT', 'P1Y', 'P1M', '1H', 'PT1H ', 'P1DT', '-PT1H', 'P1W2D'])('refuses %j', (text) =>
    expect(durationSeconds(text)).toBeUndefined(),
  );

  it('is a 400 naming the field outside the stage bounds', () => {
    for (const text of ['PT59M', 'P731D', 'P1Y']) {
      let error: ApiError | undefined;
      try {
        deleteAfterSeconds(text, TEST_RETENTION);
      } catch (e) {
        error = e as ApiError;
      }
      expect(error?.code, text).toBe('VALIDATION_ERROR');
      expect(error?.details?.[0]?.path).toBe('delete_after');
    }
    expect(deleteAfterSeconds('P730D', TEST_RETENTION)).toBe(730 * 86_400);
  });
});

describe('a job’s expiry', () => {
  const created = '2026-03-01T00:00:00.000Z';
  const at = (days: number) => new Date(Date.parse(created) + days * 86_400_000).toISOString();
  it('takes delete_after, then the kit’s, then the organization’s, then its plan’s, then the stage’s', () => {
    const policy = TEST_RETENTION;
    expect(
      mediaExpiresAt(created, { deleteAfter: 'P2D', inherited: at(9), organizationDays: 5 }, policy),
    ).toBe(at(2));
    expect(mediaExpiresAt(created, { inherited: at(9), organizationDays: 5 }, policy)).toBe(at(9));
    expect(mediaExpiresAt(created, { organizationDays: 5, plan: 'starter' }, policy)).toBe(at(5));
    expect(mediaExpiresAt(created, { plan: 'starter' }, policy)).toBe(at(30));
    expect(mediaExpiresAt(created, { plan: 'unknown-plan' }, policy)).toBe(at(90));
    expect(mediaExpiresAt(created, {}, policy)).toBe(at(90));
  });
});

describe('what an expired job keeps of its error', () => {
  it('the code, not the message (which may quote a URL)', () => {
    const error = expiredError({
      code: 'IMAGE_FETCH_FAILED',
      message: 'https://example.com/jo.jpg answered 404',
    });
    expect(error?.code).toBe('IMAGE_FETCH_FAILED');
    expect(error?.message).not.toContain('example.com');
    expect(expiredError(undefined)).toBeUndefined();
  });
});

describe('the retention sweep', () => {
  let dynamo: LocalDynamo;
  let store: DynamoJobStore;
  beforeAll(async () => {
    dynamo = await startDynalite();
    await createJobsTable(dynamo.client);
    store = new DynamoJobStore(dynamo.db, 'jobs');
  });
  afterAll(() => dynamo.close());

  it('expires due finished jobs only; a running one waits; a second sweep changes nothing', async () => {
    const now = new Date('2026-03-10T00:00:00.000Z');
    const media = fakeMediaStore();
    const tenant = { orgId: 'acme', mode: 'live' as const };
    const input = { address: '1 Secret St', agent: { agent_email: 'jo@example.com' } };
    const due = jobRecord('completed', {
      input,
      output: { image: { s3_key: 'x', content_type: 'image/jpeg', size_bytes: 1 }, bearing: 10 },
      callbackMetadata: { crm: 'lead-7' },
      webhookUrl: 'https://hooks.example.com/x',
      mediaExpiresAt: '2026-03-09T23:59:59.000Z',
    });
    const running = jobRecord('processing', { input, mediaExpiresAt: '2026-03-09T00:00:00.000Z' });
    const later = jobRecord('completed', { input, mediaExpiresAt: '2026-03-10T00:00:01.000Z' });
    for (const job of [due, running, later]) {
      await store.create(job);
      await media.put(`${jobMediaPrefix(tenant, job.jobId)}a.jpg`, Buffer.from('a'), 'image/jpeg');
    }
    const ports = { jobs: store, media, clock: { now: () => now } };
    const report = await sweepExpired(ports);
    expect(report).toMatchObject({ expired: 1, waiting: 1, objectsDeleted: 1, errors: 0 });
    const expired = (await store.get(tenant, due.jobId))!;
    expect(expired).toMatchObject({
      status: 'completed',
      mediaExpired: true,
      input: {},
    });
    expect(expired.output).toBeUndefined();
    expect(expired.callbackMetadata).toBeUndefined();
    expect(expired.webhookUrl).toBeUndefined();
    expect(expired.mediaExpiresAt).toBeUndefined();
    expect([...media.objects.keys()].some((k) => k.includes(due.jobId))).toBe(false);
    // The running job and the one not yet due keep everything.
    for (const kept of [running, later]) {
      expect((await store.get(tenant, kept.jobId))?.input).toEqual(input);
      expect([...media.objects.keys()].some((k) => k.includes(kept.jobId))).toBe(true);
    }
    expect(await sweepExpired(ports)).toMatchObject({ expired: 0, waiting: 1, objectsDeleted: 0 });
  });

  it("empties a deleted job's prefix again on every pass until its window closes, then forgets it", async () => {
    const media = fakeMediaStore();
    const tenant = { orgId: 'purging', mode: 'live' as const };
    const ref = { tenant, jobId: jobRecord('canceled').jobId, jobType: 'markup_v2_video' as const };
    let now = new Date('2026-03-10T00:00:00.000Z');
    const ports = { jobs: store, media, clock: { now: () => now } };
    await store.addPurge(ref, now.toISOString(), '2026-03-10T00:16:00.000Z');
    // A step still running writes after the deletion: the next passes remove it.
    await media.put(`${jobMediaPrefix(tenant, ref.jobId)}late.jpg`, Buffer.from('late'), 'image/jpeg');
    now = new Date('2026-03-10T00:00:05.000Z');
    expect(await sweepExpired(ports)).toMatchObject({ purged: 1, objectsDeleted: 1 });
    await media.put(`${jobMediaPrefix(tenant, ref.jobId)}later.jpg`, Buffer.from('later'), 'image/jpeg');
    now = new Date('2026-03-10T00:10:00.000Z');
    expect(await sweepExpired(ports)).toMatchObject({ purged: 1, objectsDeleted: 1 });
    expect(media.objects.size).toBe(0);
    now = new Date('2026-03-10T00:17:00.000Z');
    expect(await sweepExpired(ports)).toMatchObject({ purged: 1 });
    // The window closed: the purge is gone, and it was never a job of the tenant.
    expect(await sweepExpired(ports)).toMatchObject({ purged: 0 });
    expect((await store.list(tenant, { limit: 10, offset: 0 })).jobs).toEqual([]);
  });
});
