// The rate limiter against dynalite (the local DynamoDB): exact under concurrency, no burst at a
// minute boundary.
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../functions/core/limits/rate-limiter.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let limiter: RateLimiter;
let keys = 0;
function newKey(): string {
  keys += 1;
  return `key-${keys}`;
}

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'rates');
  limiter = new RateLimiter(DynamoDBDocumentClient.from(dynamo.client), 'rates');
});

afterAll(() => dynamo.close());

describe('rate limiter', () => {
  it('lets exactly the limit through out of 100 concurrent requests', async () => {
    const key = newKey();
    const now = new Date('2026-03-01T10:00:30.000Z');
    const decisions = await Promise.all(Array.from({ length: 100 }, () => limiter.consume(key, 10, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('allows no second burst across a minute boundary (10/min: not 20 in 2 s)', async () => {
    const key = newKey();
    let allowed = 0;
    for (let i = 0; i < 20; i += 1) {
      // 20 requests between 10:00:59.0 and 10:01:00.9
      const at = new Date(Date.parse('2026-03-01T10:00:59.000Z') + i * 100);
      if ((await limiter.consume(key, 10, at)).allowed) allowed += 1;
    }
    expect(allowed).toBe(10);
  });

  it('admits again at the steady rate and says when', async () => {
    const key = newKey();
    const start = Date.parse('2026-03-01T11:00:00.000Z');
    for (let i = 0; i < 10; i += 1) await limiter.consume(key, 10, new Date(start));
    const denied = await limiter.consume(key, 10, new Date(start + 1000));
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfterSeconds).toBe(5); // one request every 6 s
    expect((await limiter.consume(key, 10, new Date(start + 6000))).allowed).toBe(true);
    expect((await limiter.consume(key, 10, new Date(start + 6500))).allowed).toBe(false);
    // Idle for a minute: the whole burst is back.
    const later = await Promise.all(
      Array.from({ length: 12 }, () => limiter.consume(key, 10, new Date(start + 130_000))),
    );
    expect(later.filter((d) => d.allowed)).toHaveLength(10);
  });
});
