// The local stack's dynalite keeps its tables' descriptions in memory (local/dynalite-table-cache.ts). A
// request must still see exactly what LevelDB holds: a new description as soon as CreateTable, UpdateTable
// or DeleteTable has written it, never one a write overtook while it was read, and an object of its own.
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cacheTableDescriptions,
  type DynaliteTableDb,
  lastCachedTableDb,
} from '../../../local/dynalite-table-cache.ts';
import { whenTableActive } from '../../../local/table-active.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

type Callback = (error?: Error | null, value?: never) => void;

/**
 * A LevelDB-like store whose operations end only when the test says: each call waits in `pending` until
 * `finish` ends it, so the test orders reads and writes as the thread pool might.
 */
function heldStore({ readAtCall = false } = {}) {
  const data = new Map<string, string>();
  const pending: { op: string; key: string; run: () => void }[] = [];
  let reads = 0;
  const store: DynaliteTableDb = {
    get(key, callback: Callback) {
      reads += 1;
      // readAtCall: LevelDB read the value at once, and its answer comes later.
      const atCall = data.get(key);
      pending.push({
        op: 'get',
        key,
        run: () => {
          const text = readAtCall ? atCall : data.get(key);
          if (text === undefined) {
            const error = new Error('NotFound');
            error.name = 'NotFoundError';
            callback(error);
          } else callback(null, JSON.parse(text));
        },
      });
    },
    put(key, value, callback?: Callback) {
      const text = JSON.stringify(value);
      pending.push({
        op: 'put',
        key,
        run: () => {
          if (key === 'fails') return callback?.(new Error('disk full'));
          data.set(key, text);
          callback?.(null);
        },
      });
    },
    del(key, callback?: Callback) {
      pending.push({
        op: 'del',
        key,
        run: () => {
          data.delete(key);
          callback?.(null);
        },
      });
    },
    batch(operations, callback?: Callback) {
      pending.push({
        op: 'batch',
        key: '',
        run: () => {
          for (const { key } of operations) data.delete(key);
          callback?.(null);
        },
      });
    },
  };
  /** Ends the oldest pending operation of this kind (and key). */
  const finish = (op: string, key?: string) => {
    const at = pending.findIndex((p) => p.op === op && (key === undefined || p.key === key));
    if (at < 0) throw new Error(`no pending ${op} ${key ?? ''}`);
    pending.splice(at, 1)[0]!.run();
  };
  const finishAll = () => {
    while (pending.length > 0) pending.shift()!.run();
  };
  return { store, data, finish, finishAll, reads: () => reads, pending };
}

/** Reads `key` through the cache, ending any LevelDB read it makes. */
async function read(
  cached: DynaliteTableDb,
  held: ReturnType<typeof heldStore>,
  key: string,
): Promise<unknown> {
  const answer = new Promise((resolve, reject) =>
    cached.get(key, (error, value) => (error ? reject(error) : resolve(value))),
  );
  if (held.pending.some((p) => p.op === 'get')) held.finish('get', key);
  return answer;
}

describe('the table description cache, against a store whose operations end when the test says', () => {
  it('reads LevelDB once, then answers each read with an object of its own', async () => {
    const held = heldStore();
    held.data.set('t', JSON.stringify({ TableName: 't', TableStatus: 'ACTIVE', Indexes: [1] }));
    const cached = cacheTableDescriptions(held.store);
    type Table = { Indexes: number[]; TableStatus: string };
    // The first answer is LevelDB's, the next ones the cache's: each may be changed by its reader.
    for (let i = 0; i < 3; i++) {
      const table = (await read(cached, held, 't')) as Table;
      expect(table).toEqual({ TableName: 't', TableStatus: 'ACTIVE', Indexes: [1] });
      table.TableStatus = 'UPDATING';
      table.Indexes.push(2);
    }
    expect(held.reads()).toBe(1);
  });

  it('hands the reads made while sharing one frozen object per text, and every other read its own', async () => {
    const held = heldStore();
    held.data.set('t', JSON.stringify({ TableName: 't', KeySchema: [{ AttributeName: 'pk' }] }));
    const cached = cacheTableDescriptions(held.store);
    await read(cached, held, 't'); // LevelDB's answer fills the cache
    const shared = () =>
      new Promise((resolve) => cached.sharing(() => cached.get('t', (_e, value) => resolve(value))));
    const first = (await shared()) as { KeySchema: { AttributeName: string }[] };
    expect(await shared()).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.KeySchema[0])).toBe(true);
    expect(cached.sharedReads()).toBe(2);
    // Outside `sharing`, an object of its own, which its reader may change.
    const own = (await read(cached, held, 't')) as typeof first;
    expect(own).toEqual(first);
    expect(own).not.toBe(first);
    own.KeySchema.push({ AttributeName: 'sk' });
    expect(first.KeySchema).toHaveLength(1);
    // A new description is a new shared object; a read that misses the cache is LevelDB's, unshared.
    cached.put('t', { TableName: 't', KeySchema: [{ AttributeName: 'id' }] }, () => {});
    held.finish('put', 't');
    expect(await shared()).toEqual({ TableName: 't', KeySchema: [{ AttributeName: 'id' }] });
    cached.del('t', () => {});
    held.finish('del', 't');
    held.data.set('t', JSON.stringify({ TableName: 't' }));
    const missed = new Promise((resolve) =>
      cached.sharing(() => cached.get('t', (_e, value) => resolve(value))),
    );
    held.finish('get', 't');
    expect(Object.isFrozen(await missed)).toBe(false);
    expect(held.reads()).toBe(2);
  });

  it('answers a read after a put with the put value, taken when the put was made', async () => {
    const held = heldStore();
    const cached = cacheTableDescriptions(held.store);
    const table = { TableName: 't', TableStatus: 'CREATING' };
    cached.put('t', table, () => {});
    table.TableStatus = 'changed after the put';
    held.finish('put', 't');
    expect(await read(cached, held, 't')).toEqual({ TableName: 't', TableStatus: 'CREATING' });
    expect(held.reads()).toBe(0);
  });

  it('does not keep what a read saw when a write to the key began while it was out', async () => {
    const held = heldStore();
    held.data.set('t', JSON.stringify({ v: 'old' }));
    const cached = cacheTableDescriptions(held.store);
    const answer = new Promise((resolve) => cached.get('t', (_e, v) => resolve(v)));
    cached.put('t', { v: 'new' });
    held.finish('get', 't'); // LevelDB answered before the put was applied
    expect(await answer).toEqual({ v: 'old' });
    // While the put is out, reads go to LevelDB; after it, the cache has the put's value.
    const during = read(cached, held, 't');
    expect(await during).toEqual({ v: 'old' });
    held.finish('put', 't');
    expect(await read(cached, held, 't')).toEqual({ v: 'new' });
    expect(held.reads()).toBe(2);
  });

  it('does not keep what a read saw when a write began and ended while it was out', async () => {
    const held = heldStore({ readAtCall: true });
    held.data.set('t', JSON.stringify({ v: 'old' }));
    const cached = cacheTableDescriptions(held.store);
    const answer = new Promise((resolve) => cached.get('t', (_e, v) => resolve(v)));
    cached.put('t', { v: 'new' });
    held.finish('put', 't');
    held.finish('get', 't');
    expect(await answer).toEqual({ v: 'old' });
    expect(await read(cached, held, 't')).toEqual({ v: 'new' });
  });

  it('does not keep what a read saw when it began while a write was out', async () => {
    const held = heldStore({ readAtCall: true });
    held.data.set('t', JSON.stringify({ v: 'old' }));
    const cached = cacheTableDescriptions(held.store);
    cached.put('t', { v: 'new' });
    const answer = new Promise((resolve) => cached.get('t', (_e, v) => resolve(v)));
    // The read saw the old value, and its answer comes after the put's.
    held.finish('put', 't');
    held.finish('get', 't');
    expect(await answer).toEqual({ v: 'old' });
    expect(await read(cached, held, 't')).toEqual({ v: 'new' });
  });

  it('leaves overlapping puts to LevelDB, whichever ends first', async () => {
    const held = heldStore();
    const cached = cacheTableDescriptions(held.store);
    cached.put('t', { v: 1 });
    cached.put('t', { v: 2 });
    held.finish('put', 't'); // v: 1 lands …
    held.pending.reverse();
    held.finish('put', 't'); // … then v: 2; the other order is the same to the cache
    const reads = held.reads();
    expect(await read(cached, held, 't')).toEqual({ v: 2 });
    expect(held.reads()).toBe(reads + 1);
    expect(await read(cached, held, 't')).toEqual({ v: 2 });
    expect(held.reads()).toBe(reads + 1);
  });

  it('forgets a key whose put failed, and one deleted, so LevelDB answers the next read', async () => {
    const held = heldStore();
    held.data.set('fails', JSON.stringify({ v: 'stored' }));
    const cached = cacheTableDescriptions(held.store);
    expect(await read(cached, held, 'fails')).toEqual({ v: 'stored' });
    const failed = new Promise((resolve) => cached.put('fails', { v: 'lost' }, resolve));
    held.finish('put', 'fails');
    expect(String(await failed)).toContain('disk full');
    expect(await read(cached, held, 'fails')).toEqual({ v: 'stored' });

    cached.del('fails', () => {});
    held.finish('del', 'fails');
    await expect(read(cached, held, 'fails')).rejects.toThrow('NotFound');
  });

  it('empties itself for a batch, and keeps nothing a read saw while it was out', async () => {
    const held = heldStore();
    held.data.set('a', JSON.stringify({ v: 'a' }));
    const cached = cacheTableDescriptions(held.store);
    expect(await read(cached, held, 'a')).toEqual({ v: 'a' });
    cached.batch([{ key: 'a' }]);
    const during = read(cached, held, 'a');
    expect(await during).toEqual({ v: 'a' });
    held.finish('batch');
    await expect(read(cached, held, 'a')).rejects.toThrow('NotFound');
    expect(cached.misses()).toBe(3);
  });

  it('answers asynchronously, as LevelDB does', async () => {
    const held = heldStore();
    held.data.set('t', JSON.stringify({ v: 1 }));
    const cached = cacheTableDescriptions(held.store);
    await read(cached, held, 't');
    let answered = false;
    const done = new Promise<void>((resolve) =>
      cached.get('t', () => {
        answered = true;
        resolve();
      }),
    );
    expect(answered).toBe(false);
    await done;
    expect(answered).toBe(true);
  });
});

describe('dynalite with the table description cache', () => {
  let local: LocalDynamo;
  let client: DynamoDBClient;
  beforeAll(async () => {
    local = await startDynalite();
    client = local.client;
  });
  afterAll(() => local.close());

  const throughput = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };
  const create = async (name: string, key = 'pk') => {
    await client.send(
      new CreateTableCommand({
        TableName: name,
        KeySchema: [{ AttributeName: key, KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
        // Provisioned: dynalite's UpdateTable changes a table's throughput (not its indexes).
        ProvisionedThroughput: throughput,
      }),
    );
    await whenTableActive(client, name);
  };

  it('serves requests without reading the description from LevelDB again', async () => {
    await create('cached');
    const tableDb = lastCachedTableDb();
    expect(tableDb).toBeDefined();
    const before = tableDb!.misses();
    for (let i = 0; i < 20; i++) {
      await client.send(new PutItemCommand({ TableName: 'cached', Item: { pk: { S: `k${i}` } } }));
      await client.send(new GetItemCommand({ TableName: 'cached', Key: { pk: { S: `k${i}` } } }));
    }
    expect(tableDb!.misses()).toBe(before);
  });

  it('shares the description with item requests only, on a table with indexes', async () => {
    await createKeyTable(client, 'shared', 'pk', 'sk', {
      attributes: ['g'],
      global: [
        {
          IndexName: 'by_g',
          KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    });
    const tableDb = lastCachedTableDb()!;
    const before = tableDb.sharedReads();
    const key = (sk: string) => ({ pk: { S: 'p' }, sk: { S: sk } });
    await client.send(new PutItemCommand({ TableName: 'shared', Item: { ...key('a'), g: { S: 'x' } } }));
    await client.send(
      new UpdateItemCommand({
        TableName: 'shared',
        Key: key('a'),
        UpdateExpression: 'SET n = :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': { N: '1' } },
      }),
    );
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: { shared: [{ PutRequest: { Item: { ...key('b'), g: { S: 'x' } } } }] },
      }),
    );
    const batch = await client.send(
      new BatchGetItemCommand({ RequestItems: { shared: { Keys: [key('a'), key('b')] } } }),
    );
    expect(batch.Responses?.shared).toHaveLength(2);
    const byG = await client.send(
      new QueryCommand({
        TableName: 'shared',
        IndexName: 'by_g',
        KeyConditionExpression: 'g = :g',
        ExpressionAttributeValues: { ':g': { S: 'x' } },
      }),
    );
    expect(byG.Items?.map((i) => i.sk?.S).sort()).toEqual(['a', 'b']);
    expect((await client.send(new ScanCommand({ TableName: 'shared' }))).Count).toBe(2);
    await client.send(new DeleteItemCommand({ TableName: 'shared', Key: key('b') }));
    const got = await client.send(new GetItemCommand({ TableName: 'shared', Key: key('a') }));
    expect(got.Item).toEqual({ ...key('a'), g: { S: 'x' }, n: { N: '1' } });
    // Each request read the description, shared: once each, and a batch once more for each of its items
    // (dynalite runs a PutItem or GetItem for each): 1 + 1 + 2 + 3 + 1 + 1 + 1 + 1.
    expect(tableDb.sharedReads() - before).toBe(11);
    await client.send(new DescribeTableCommand({ TableName: 'shared' }));
    expect(tableDb.sharedReads() - before).toBe(11);
  });

  it('sees what UpdateTable writes, a table DeleteTable removes and one made again in its place', async () => {
    await create('changing');
    // dynalite writes the description twice: UPDATING at once, then ACTIVE with the new throughput, from
    // the object it wrote the first time.
    await client.send(
      new UpdateTableCommand({
        TableName: 'changing',
        ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 9 },
      }),
    );
    const updating = await client.send(new DescribeTableCommand({ TableName: 'changing' }));
    expect(updating.Table?.TableStatus).toBe('UPDATING');
    expect(updating.Table?.ProvisionedThroughput?.ReadCapacityUnits).toBe(5);
    await whenTableActive(client, 'changing');
    const described = await client.send(new DescribeTableCommand({ TableName: 'changing' }));
    expect(described.Table?.ProvisionedThroughput).toMatchObject({
      ReadCapacityUnits: 7,
      WriteCapacityUnits: 9,
    });

    await client.send(new DeleteTableCommand({ TableName: 'changing' }));
    await expect(
      client.send(new GetItemCommand({ TableName: 'changing', Key: { pk: { S: 'x' } } })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });

    // Gone when dynalite has ended the deletion (DELETING until then).
    await vi.waitFor(
      () =>
        expect(client.send(new DescribeTableCommand({ TableName: 'changing' }))).rejects.toMatchObject({
          name: 'ResourceNotFoundException',
        }),
      { timeout: 5_000, interval: 50 },
    );
    // Made again with another key: a request must be checked against the new key schema.
    await create('changing', 'id');
    await client.send(new PutItemCommand({ TableName: 'changing', Item: { id: { S: 'a' } } }));
    await expect(
      client.send(new PutItemCommand({ TableName: 'changing', Item: { pk: { S: 'a' } } })),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    const again = await client.send(new DescribeTableCommand({ TableName: 'changing' }));
    expect(again.Table?.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(again.Table?.ProvisionedThroughput?.ReadCapacityUnits).toBe(5);
  });
});
