// Admission of a request (key check, daily quota, rate bucket in one write) against dynalite, the local
// DynamoDB: exact under concurrency, no burst at a minute boundary, one round trip in the steady state,
// and every refusal decided on a fresh read (so a second container, a revocation or a new limit is seen
// on the next request).
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import type { AdmissionOutcome } from '../../../functions/core/auth/account-store.ts';
import { bucketState, IDLE_SLACK_MS, ratePlan } from '../../../functions/core/limits/rate-limiter.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let db: DynamoDBDocumentClient;
let calls = 0;
let keys = 0;

/** A new store: what a new Lambda container starts with (no snapshots). */
const container = () => new DynamoAccountStore(db, 'accounts');

async function newKey(store: DynamoAccountStore, perMinute: number, perDay?: number): Promise<string> {
  keys += 1;
  const hash = `hash-${keys}`;
  await store.createKey({
    keyHash: hash,
    keyId: `key_${keys}`,
    orgId: 'acme',
    mode: 'live',
    name: 'test',
    hint: 'abcd',
    createdAt: '2026-03-01T00:00:00.000Z',
    requestsPerMinute: perMinute,
    requestsPerDay: perDay,
  });
  return hash;
}

const perMinute = (store: DynamoAccountStore, hash: string, at: Date) =>
  store.admit(hash, at, (key) => key.requestsPerMinute);
/** Revokes the key behind the store's back, as the admin CLI or another container would. */
const revoke = (hash: string) =>
  db.send(
    new UpdateCommand({
      TableName: 'accounts',
      Key: { pk: `KEY#${hash}` },
      UpdateExpression: 'SET #s = :r',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':r': 'revoked' },
    }),
  );
const allowed = (outcomes: AdmissionOutcome[]) => outcomes.filter((o) => o.kind === 'admitted');

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'accounts');
  db = DynamoDBDocumentClient.from(dynamo.client);
  db.middlewareStack.add(
    (next) => async (args) => {
      calls += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
});

afterAll(() => dynamo.close());

describe('request admission (rate bucket and daily quota on the key item)', () => {
  it('lets exactly the limit through out of 100 concurrent requests', async () => {
    const store = container();
    const hash = await newKey(store, 10);
    const now = new Date('2026-03-01T10:00:30.000Z');
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => perMinute(store, hash, now)));
    const ok = allowed(outcomes);
    expect(ok).toHaveLength(10);
    expect(outcomes.filter((o) => o.kind === 'rate-limited')).toHaveLength(90);
    expect(ok.map((o) => (o.kind === 'admitted' ? o.rate.remaining : -1)).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('allows no second burst across a minute boundary (10/min: not 20 in 2 s)', async () => {
    const store = container();
    const hash = await newKey(store, 10);
    let admittedCount = 0;
    for (let i = 0; i < 20; i += 1) {
      const at = new Date(Date.parse('2026-03-01T10:00:59.000Z') + i * 100);
      if ((await perMinute(store, hash, at)).kind === 'admitted') admittedCount += 1;
    }
    expect(admittedCount).toBe(10);
  });

  it('admits again at the steady rate and says when', async () => {
    const store = container();
    const hash = await newKey(store, 10);
    const start = Date.parse('2026-03-01T11:00:00.000Z');
    for (let i = 0; i < 10; i += 1) await perMinute(store, hash, new Date(start));
    const denied = await perMinute(store, hash, new Date(start + 1000));
    expect(denied.kind).toBe('rate-limited');
    if (denied.kind === 'rate-limited') expect(denied.rate.retryAfterSeconds).toBe(5); // one every 6 s
    expect((await perMinute(store, hash, new Date(start + 6000))).kind).toBe('admitted');
    expect((await perMinute(store, hash, new Date(start + 6500))).kind).toBe('rate-limited');
    const later = await Promise.all(
      Array.from({ length: 12 }, () => perMinute(store, hash, new Date(start + 130_000))),
    );
    expect(allowed(later)).toHaveLength(10);
  });

  it('takes one round trip per request in the steady state, idle bucket or busy', async () => {
    const store = container();
    const hash = await newKey(store, 1_000_000);
    const start = Date.parse('2026-03-01T12:00:00.000Z');
    await perMinute(store, hash, new Date(start)); // the container's first sight of the key: read + write
    calls = 0;
    // A bucket refilled between requests (the usual case below the limit), then requests in one instant.
    for (let i = 1; i <= 20; i += 1) await perMinute(store, hash, new Date(start + i * 1000));
    for (let i = 0; i < 20; i += 1) await perMinute(store, hash, new Date(start + 30_000));
    expect(calls).toBe(40);
  });

  it('loses no race between concurrent requests of one container that find the bucket idle', async () => {
    // A limit high enough that every request finds the bucket idle or barely in use (1 ms an interval):
    // requests in flight together must not each write the idle form and fail all but one.
    const store = container();
    const hash = await newKey(store, 1_000_000);
    const start = Date.parse('2026-03-01T13:00:00.000Z');
    await perMinute(store, hash, new Date(start));
    calls = 0;
    for (let wave = 1; wave <= 5; wave += 1) {
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, () => perMinute(store, hash, new Date(start + wave * 1000))),
      );
      expect(allowed(outcomes)).toHaveLength(16);
    }
    expect(calls).toBe(5 * 16);
  });

  it('loses no race when concurrent requests read the clock on either side of the bucket going idle', async () => {
    // At 1 ms an interval, a bucket whose tat is 5 ms ahead, then 16 requests in flight reading the clock
    // 0-15 ms on: the later ones would take the bucket for idle, though the writes of the earlier ones
    // in flight keep it in use. Neither form may race the other into a failed write and a second trip.
    const store = container();
    const hash = await newKey(store, 1_000_000);
    const start = Date.parse('2026-03-01T14:00:00.000Z');
    let burstCalls = 0;
    for (let wave = 1; wave <= 5; wave += 1) {
      const t = start + wave * 1000;
      await perMinute(store, hash, new Date(t + 4)); // the bucket's tat: t + 5
      calls = 0;
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, (_, i) => perMinute(store, hash, new Date(t + i))),
      );
      burstCalls += calls;
      expect(allowed(outcomes)).toHaveLength(16);
    }
    expect(burstCalls).toBe(5 * 16);
  });

  it('lets at most a thousandth of the limit (or one) more through after a gap shorter than the slack', () => {
    // The bucket's arithmetic (rate-limiter.ts) as the two write forms apply it: a burst in one instant,
    // `gap` ms after the bucket's tat. Exact GCRA admits the limit; a tat carried on from up to
    // IDLE_SLACK_MS behind now may admit ceil(gap / interval) more, and past the slack exactly the limit.
    const burst = (limit: number, gap: number) => {
      const now = 1_000_000_000;
      let tat = now - gap;
      let admittedCount = 0;
      for (;;) {
        const plan = ratePlan(limit, now);
        const state = bucketState(tat, plan);
        if (state === 'full') return admittedCount;
        tat = (state === 'idle' ? now : tat) + plan.interval;
        admittedCount += 1;
      }
    };
    for (const limit of [1, 10, 600, 6_000, 60_000, 1_000_000]) {
      for (const gap of [0, 1, 5, 30, 59, 60, 61, 200]) {
        const extra = burst(limit, gap) - limit;
        expect(extra, `${limit}/min after ${gap} ms`).toBeGreaterThanOrEqual(0);
        expect(extra, `${limit}/min after ${gap} ms`).toBeLessThanOrEqual(
          Math.max(1, Math.ceil(limit / 1000)),
        );
        if (gap > IDLE_SLACK_MS) expect(extra, `${limit}/min after ${gap} ms`).toBe(0);
      }
    }
  });

  it('counts the daily quota exactly, refused requests not counted, and starts again the next day', async () => {
    const store = container();
    const hash = await newKey(store, 100, 5);
    const day = new Date('2026-03-02T09:00:00.000Z');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => perMinute(store, hash, day)));
    expect(allowed(outcomes)).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === 'quota-exceeded')).toHaveLength(3);
    const { Item } = await db.send(new GetCommand({ TableName: 'accounts', Key: { pk: `KEY#${hash}` } }));
    expect(Item?.day_count).toBe(5);
    expect((await perMinute(store, hash, new Date('2026-03-03T00:00:01.000Z'))).kind).toBe('admitted');
  });

  it('sees another container, a revocation and a raised limit on the next request', async () => {
    const a = container();
    const b = container();
    const hash = await newKey(a, 2);
    const at = new Date('2026-03-04T10:00:00.000Z');
    expect((await perMinute(a, hash, at)).kind).toBe('admitted');
    expect((await perMinute(b, hash, at)).kind).toBe('admitted');
    // a's snapshot says one left; the key's bucket is full: a's write fails and its read refuses.
    expect((await perMinute(a, hash, at)).kind).toBe('rate-limited');
    const later = new Date(at.getTime() + 20_000);
    expect((await perMinute(a, hash, later)).kind).toBe('rate-limited'); // 2/min: next one at +30 s
    await db.send(
      new UpdateCommand({
        TableName: 'accounts',
        Key: { pk: `KEY#${hash}` },
        UpdateExpression: 'SET rate_per_minute = :m',
        ExpressionAttributeValues: { ':m': 4 },
      }),
    );
    expect((await perMinute(a, hash, later)).kind).toBe('admitted'); // 4/min: one every 15 s
    await revoke(hash);
    expect((await perMinute(a, hash, later)).kind).toBe('unknown-or-revoked');
    expect((await perMinute(container(), 'no-such-hash', at)).kind).toBe('unknown-or-revoked');
  });

  it('expects a key it admitted, until its bucket or quota is used up or it is refused', async () => {
    const store = container();
    const hash = await newKey(store, 2, 3);
    const at = new Date('2026-03-05T10:00:00.000Z');
    const expected = (when: Date) => store.expectedKey(hash, when, (key) => key.requestsPerMinute);
    expect(expected(at)).toBeUndefined(); // never admitted in this container
    expect((await perMinute(store, hash, at)).kind).toBe('admitted');
    expect(expected(at)).toMatchObject({ orgId: 'acme', mode: 'live', keyId: expect.any(String) });
    expect((await perMinute(store, hash, at)).kind).toBe('admitted');
    expect(expected(at)).toBeUndefined(); // 2/min: the bucket is full
    const later = new Date(at.getTime() + 60_000);
    expect(expected(later)).toBeDefined();
    expect((await perMinute(store, hash, later)).kind).toBe('admitted');
    expect(expected(new Date(later.getTime() + 60_000))).toBeUndefined(); // 3 a day: used up
    await revoke(hash);
    const nextDay = new Date(at.getTime() + 86_400_000);
    expect(expected(nextDay)).toBeDefined(); // a guess from memory: only admission decides
    expect((await perMinute(store, hash, nextDay)).kind).toBe('unknown-or-revoked');
    expect(expected(nextDay)).toBeUndefined();
  });
});
