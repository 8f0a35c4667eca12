// The local DynamoDB counts index writes as DynamoDB bills them (local/dynalite-index-units.ts). The
// expected units are worked out here by hand from DynamoDB's rules for secondary indexes: an item that
// enters or leaves an index is one write of its entry, an index key that changes is two, a projected
// attribute that changes is one, and a change the index does not project is none; one unit per KB.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import { admissionWrite, keyPk } from '../../../functions/adapters/dynamodb/account-table.ts';
import { ratePlan } from '../../../functions/core/limits/rate-limiter.ts';
import {
  indexWriteUnits,
  type TableIndexes,
  unchangedIndexEntries,
} from '../../../local/dynalite-index-units.ts';
import {
  createAccountsTable,
  createKeyTable,
  type LocalDynamo,
  startDynalite,
} from '../../support/dynalite.ts';

const S = (s: string) => ({ S: s });
const table: TableIndexes = { KeySchema: [{ AttributeName: 'pk' }] };
const all = {
  IndexName: 'all',
  KeySchema: [{ AttributeName: 'g' }],
  Projection: { ProjectionType: 'ALL' as const },
};
const keysOnly = {
  IndexName: 'keys',
  KeySchema: [{ AttributeName: 'g' }],
  Projection: { ProjectionType: 'KEYS_ONLY' as const },
};
/** The test indexes' key schema, as CreateTable takes it. */
const byG = [{ AttributeName: 'g', KeyType: 'HASH' as const }];
const include = {
  IndexName: 'include',
  KeySchema: [{ AttributeName: 'g' }],
  Projection: { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: ['name'] },
};

describe('index write units of one write', () => {
  const item = { pk: S('a'), g: S('org'), name: S('n'), count: { N: '1' } };

  it('is one write when an item enters an index, one when it leaves, none when it is in neither', () => {
    for (const index of [all, keysOnly, include]) {
      expect(indexWriteUnits(index, table, undefined, item)).toBe(1);
      expect(indexWriteUnits(index, table, item, undefined)).toBe(1);
      const { g: _g, ...outside } = item;
      expect(indexWriteUnits(index, table, outside, { ...outside, count: { N: '2' } })).toBe(0);
      // An index key attribute removed: the item leaves the index.
      expect(indexWriteUnits(index, table, item, outside)).toBe(1);
    }
  });

  it('is two writes when the index key changes', () => {
    for (const index of [all, keysOnly, include])
      expect(indexWriteUnits(index, table, item, { ...item, g: S('other') })).toBe(2);
  });

  it('writes an index only when an attribute it projects changes', () => {
    const counted = { ...item, count: { N: '2' } };
    expect(indexWriteUnits(all, table, item, counted)).toBe(1);
    expect(indexWriteUnits(keysOnly, table, item, counted)).toBe(0);
    expect(indexWriteUnits(include, table, item, counted)).toBe(0);
    const renamed = { ...item, name: S('m') };
    expect(indexWriteUnits(include, table, item, renamed)).toBe(1);
    expect(indexWriteUnits(keysOnly, table, item, renamed)).toBe(0);
    expect(indexWriteUnits(all, table, item, item)).toBe(0);
    // The same item with its attributes, and a map's members, in another order: nothing changed. A list
    // in another order, a member more or a number written otherwise is a change.
    const nested = { ...item, doc: { M: { a: S('1'), b: { L: [S('x'), { N: '2' }] } } } };
    const reordered = Object.fromEntries(Object.entries(nested).reverse());
    reordered.doc = { M: { b: { L: [S('x'), { N: '2' }] }, a: S('1') } };
    expect(indexWriteUnits(all, table, nested, reordered)).toBe(0);
    for (const doc of [
      { M: { a: S('1'), b: { L: [{ N: '2' }, S('x')] } } },
      { M: { a: S('1'), b: { L: [S('x'), { N: '2' }] }, c: S('') } },
      { M: { a: S('1'), b: { L: [S('x'), { N: '2.0' }] } } },
    ])
      expect(indexWriteUnits(all, table, nested, { ...nested, doc })).toBe(1);
  });

  it('counts one unit per KB of the entry, rounded up', () => {
    // 'name' (4) + 1,500 bytes, with pk, g and their values: over 1 KB, under 2.
    const big = { ...item, name: S('x'.repeat(1500)) };
    expect(indexWriteUnits(all, table, undefined, big)).toBe(2);
    expect(indexWriteUnits(include, table, undefined, big)).toBe(2);
    expect(indexWriteUnits(keysOnly, table, undefined, big)).toBe(1);
    // Changed: the larger of the two entries.
    expect(indexWriteUnits(all, table, item, big)).toBe(2);
    // A new key: the old entry deleted (1) and the new one put (2).
    expect(indexWriteUnits(all, table, item, { ...big, g: S('other') })).toBe(3);
  });
});

describe('dynalite answering ReturnConsumedCapacity INDEXES', () => {
  let dynamo: LocalDynamo;
  let client: DynamoDBClient;
  beforeAll(async () => {
    dynamo = await startDynalite();
    client = dynamo.client;
    await createKeyTable(client, 'indexed', 'pk', undefined, {
      attributes: ['g'],
      global: [
        { ...all, KeySchema: byG },
        { ...keysOnly, KeySchema: byG },
      ],
    });
    await createAccountsTable(client, 'accounts');
  });
  afterAll(() => dynamo.close());

  const write = { TableName: 'indexed', ReturnConsumedCapacity: 'INDEXES' as const };

  it('adds each index written to the write, by index, and leaves TOTAL as the table alone', async () => {
    const put = await dynamo.db.send(new PutCommand({ ...write, Item: { pk: 'a', g: 'org', count: 1 } }));
    expect(put.ConsumedCapacity).toMatchObject({
      CapacityUnits: 3,
      Table: { CapacityUnits: 1 },
      GlobalSecondaryIndexes: { all: { CapacityUnits: 1 }, keys: { CapacityUnits: 1 } },
    });
    const counted = await dynamo.db.send(
      new UpdateCommand({
        ...write,
        Key: { pk: 'a' },
        UpdateExpression: 'SET #c = #c + :one',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    expect(counted.ConsumedCapacity).toEqual({
      CapacityUnits: 2,
      TableName: 'indexed',
      Table: { CapacityUnits: 1 },
      GlobalSecondaryIndexes: { all: { CapacityUnits: 1 } },
    });
    const total = await client.send(
      new PutItemCommand({
        TableName: 'indexed',
        Item: { pk: S('b'), g: S('org') },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(total.ConsumedCapacity).toEqual({ CapacityUnits: 1, TableName: 'indexed' });
    const deleted = await dynamo.db.send(new DeleteCommand({ ...write, Key: { pk: 'a' } }));
    expect(deleted.ConsumedCapacity).toMatchObject({
      CapacityUnits: 3,
      GlobalSecondaryIndexes: { all: { CapacityUnits: 1 }, keys: { CapacityUnits: 1 } },
    });
  });

  it("writes no index for an API request's admission, unless its key is from before keys_by_org", async () => {
    const store = new DynamoAccountStore(dynamo.db, 'accounts');
    await store.createKey({
      keyHash: 'new-key',
      keyId: 'key_new',
      orgId: 'acme',
      mode: 'live',
      name: 'new',
      hint: 'nk',
      createdAt: '2026-11-01T00:00:00.000Z',
      requestsPerMinute: 600,
    });
    // A key as createKey wrote it before keys_by_org: org_key, so in by_org, which projects everything.
    await dynamo.db.send(
      new PutCommand({
        TableName: 'accounts',
        Item: {
          pk: keyPk('old-key'),
          org_key: 'ORG#acme',
          key_id: 'key_old',
          org_id: 'acme',
          mode: 'live',
          name: 'old',
          status: 'active',
          hint: 'ok',
          created_at: '2026-10-01T00:00:00.000Z',
          rate_per_minute: 600,
        },
      }),
    );
    const now = Date.parse('2026-11-30T01:00:00.000Z');
    const admit = (hash: string) =>
      dynamo.db.send(
        new UpdateCommand({
          ...admissionWrite('accounts', { pk: keyPk(hash) }, 600, ratePlan(600, now), {
            sameDay: false,
            bucketInUse: false,
            today: '2026-11-30',
          }),
          ReturnConsumedCapacity: 'INDEXES',
        }),
      );
    expect((await admit('new-key')).ConsumedCapacity).toEqual({
      CapacityUnits: 1,
      TableName: 'accounts',
      Table: { CapacityUnits: 1 },
    });
    expect((await admit('old-key')).ConsumedCapacity).toMatchObject({
      CapacityUnits: 2,
      GlobalSecondaryIndexes: { by_org: { CapacityUnits: 1 } },
    });
  });
});

describe('dynalite writing only the index entries a write changed', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startDynalite();
    await createKeyTable(dynamo.client, 'entries', 'pk', 'sk', {
      attributes: ['g', 'at'],
      global: [
        { ...all, KeySchema: byG },
        { ...keysOnly, KeySchema: byG },
        { ...include, KeySchema: byG },
      ],
      local: [
        {
          IndexName: 'local',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    });
  });
  afterAll(() => dynamo.close());

  const set = (values: Record<string, unknown>, remove: string[] = []) =>
    dynamo.db.send(
      new UpdateCommand({
        TableName: 'entries',
        Key: { pk: 'p', sk: 's' },
        UpdateExpression: [
          `SET ${Object.keys(values)
            .map((name) => `#${name} = :${name}`)
            .join(', ')}`,
          ...(remove.length > 0 ? [`REMOVE ${remove.map((name) => `#${name}`).join(', ')}`] : []),
        ].join(' '),
        ExpressionAttributeNames: Object.fromEntries(
          [...Object.keys(values), ...remove].map((name) => [`#${name}`, name]),
        ),
        ExpressionAttributeValues: Object.fromEntries(
          Object.entries(values).map(([name, value]) => [`:${name}`, value]),
        ),
      }),
    );
  /** What an index answers for g (or, for the local index, for pk). */
  const query = async (index: string, g = 'org') => {
    const local = index === 'local';
    const { Items } = await dynamo.db.send(
      new QueryCommand({
        TableName: 'entries',
        IndexName: index,
        KeyConditionExpression: local ? 'pk = :v' : 'g = :v',
        ExpressionAttributeValues: { ':v': local ? 'p' : g },
      }),
    );
    return Items;
  };
  const unchanged = async (write: () => Promise<unknown>) => {
    const before = unchangedIndexEntries();
    await write();
    return unchangedIndexEntries() - before;
  };

  it('leaves an entry alone when nothing it projects changed, and answers as before', async () => {
    expect(await unchanged(() => set({ g: 'org', at: 't1', name: 'a', count: 1 }))).toBe(0);
    // Only count changes: the keys index, the include index (name) and the local index keep their entries.
    expect(await unchanged(() => set({ count: 2 }))).toBe(3);
    expect(await query('all')).toEqual([{ pk: 'p', sk: 's', g: 'org', at: 't1', name: 'a', count: 2 }]);
    expect(await query('keys')).toEqual([{ pk: 'p', sk: 's', g: 'org' }]);
    expect(await query('include')).toEqual([{ pk: 'p', sk: 's', g: 'org', name: 'a' }]);
    expect(await query('local')).toEqual([{ pk: 'p', sk: 's', at: 't1' }]);
  });

  it('writes an entry whose projected attribute or key changed, and moves it when its key changed', async () => {
    await set({ g: 'org', at: 't1', name: 'a', count: 1 });
    // name is projected by the include index only.
    expect(await unchanged(() => set({ name: 'b' }))).toBe(2);
    expect(await query('include')).toEqual([{ pk: 'p', sk: 's', g: 'org', name: 'b' }]);
    // A new g moves the item in every global index; the local index keeps its entry.
    expect(await unchanged(() => set({ g: 'other' }))).toBe(1);
    for (const index of ['all', 'keys', 'include']) {
      expect(await query(index, 'org')).toEqual([]);
      expect((await query(index, 'other'))?.length).toBe(1);
    }
    // A new range key of the local index moves its entry.
    await set({ at: 't2' });
    expect(await query('local')).toEqual([{ pk: 'p', sk: 's', at: 't2' }]);
  });

  it('removes an entry when its key attribute goes, and every entry with the item', async () => {
    await set({ g: 'org', at: 't1', name: 'a' });
    await set({ count: 3 }, ['g']);
    for (const index of ['all', 'keys', 'include']) expect(await query(index)).toEqual([]);
    expect(await query('local')).toEqual([{ pk: 'p', sk: 's', at: 't1' }]);
    await set({ g: 'org' });
    expect(await query('keys')).toEqual([{ pk: 'p', sk: 's', g: 'org' }]);
    await dynamo.db.send(new DeleteCommand({ TableName: 'entries', Key: { pk: 'p', sk: 's' } }));
    for (const index of ['all', 'keys', 'include', 'local']) expect(await query(index)).toEqual([]);
  });
});
