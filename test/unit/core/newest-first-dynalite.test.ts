// The newest-first listing the event log and the audit log share (adapters/dynamodb/newest-first.ts),
// against dynalite: a sparse filter reads ahead past DynamoDB's per-call limit and still answers the
// newest matches, a cursor continues without a gap or a repeat, the range's ends are included, a reserved
// word is a filter attribute like any other, and a range that ends before it starts is empty.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestFirstPage } from '../../../functions/adapters/dynamodb/newest-first.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
const PK = 'T#acme#live';
const COUNT = 450;
const sk = (i: number) => `E#${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'items', 'pk', 'sk');
  const items = Array.from({ length: COUNT }, (_, i) => ({
    pk: PK,
    sk: sk(i),
    // `type` is a DynamoDB reserved word; every 50th item is the rare kind.
    type: i % 50 === 7 ? 'rare' : 'common',
    job_id: `job-${i % 3}`,
    ...(i % 2 === 0 ? { flagged: true } : {}),
  }));
  for (let i = 0; i < items.length; i += 25) {
    await dynamo.db.send(
      new BatchWriteCommand({
        RequestItems: { items: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
});

afterAll(() => dynamo.close());

const base = { tableName: 'items', pk: PK, lower: 'E#', upper: 'E$' };
const sks = (items: Record<string, unknown>[]) => items.map((item) => item.sk);

describe('newestFirstPage', () => {
  it('answers the newest matches of a sparse filter, reading past one call’s limit', async () => {
    // Rare items: 7, 57, …, 407 (9 of them); the newest three lie 43-143 items below the top.
    const first = await newestFirstPage(dynamo.db, { ...base, equal: { type: 'rare' }, limit: 3 });
    expect(sks(first.items)).toEqual([sk(407), sk(357), sk(307)]);
    expect(first.hasMore).toBe(true);
    const next = await newestFirstPage(dynamo.db, {
      ...base,
      equal: { type: 'rare' },
      limit: 10,
      startAfter: sk(307),
    });
    expect(sks(next.items)).toEqual([257, 207, 157, 107, 57, 7].map(sk));
    expect(next.hasMore).toBe(false);
  });

  it('pages an unfiltered listing by its cursor with no gap and no repeat', async () => {
    const seen: unknown[] = [];
    let startAfter: string | undefined;
    for (;;) {
      const page = await newestFirstPage(dynamo.db, { ...base, equal: {}, limit: 100, startAfter });
      seen.push(...sks(page.items));
      if (!page.hasMore) break;
      startAfter = String(page.items.at(-1)?.sk);
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => sk(COUNT - 1 - i)));
  });

  it('takes equalities together with conditions of its own, and skips an undefined value', async () => {
    const page = await newestFirstPage(dynamo.db, {
      ...base,
      equal: { job_id: 'job-1', type: undefined },
      conditions: ['attribute_exists(flagged)'],
      limit: 4,
    });
    // job-1 and even: i ≡ 1 (mod 3) and i ≡ 0 (mod 2), so i ≡ 4 (mod 6): 448, 442, 436, 430.
    expect(sks(page.items)).toEqual([448, 442, 436, 430].map(sk));
    expect(page.hasMore).toBe(true);
  });

  it('includes both ends of the range, and a range that ends before it starts is empty', async () => {
    const inRange = await newestFirstPage(dynamo.db, {
      ...base,
      lower: sk(10),
      upper: sk(12),
      equal: {},
      limit: 10,
    });
    expect(sks(inRange.items)).toEqual([sk(12), sk(11), sk(10)]);
    expect(inRange.hasMore).toBe(false);
    const reversed = await newestFirstPage(dynamo.db, {
      ...base,
      lower: sk(12),
      upper: sk(10),
      equal: {},
      limit: 10,
    });
    expect(reversed).toEqual({ items: [], hasMore: false });
  });
});
