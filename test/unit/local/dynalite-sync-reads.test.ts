// The local stack's dynalite reads items with LevelDB's getSync instead of a trip through libuv's thread
// pool (local/dynalite-sync-reads.ts). A request must see what it saw before: the item last written, none
// where none is, a conditional write refused on what is stored; and a read getSync cannot make must still
// be answered, by LevelDB's own get.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type DynaliteLevel,
  readItemsSynchronously,
  syncReadCounts,
} from '../../../local/dynalite-sync-reads.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

const tempDir = tempDirs('pms-sync-reads-');

describe.each([
  ['on disk (classic-level, as the local stack runs it)', true],
  ['in memory (memory-level)', false],
])('dynalite %s', (_name, onDisk) => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startDynalite(onDisk ? { path: tempDir() } : {});
    await createKeyTable(dynamo.client, 'items');
  });
  afterAll(() => dynamo.close());

  it('reads each item synchronously, as last written', async () => {
    const before = syncReadCounts();
    expect(await dynamo.db.send(new GetCommand({ TableName: 'items', Key: { pk: 'a' } }))).not.toHaveProperty(
      'Item',
    );
    for (const n of [1, 2, 3]) {
      await dynamo.db.send(new PutCommand({ TableName: 'items', Item: { pk: 'a', n } }));
      const { Item } = await dynamo.db.send(
        new GetCommand({ TableName: 'items', Key: { pk: 'a' }, ConsistentRead: true }),
      );
      expect(Item).toEqual({ pk: 'a', n });
    }
    const after = syncReadCounts();
    // Four GetItems, and each PutItem's read of the item it replaces.
    expect(after.sync - before.sync).toBeGreaterThanOrEqual(7);
    expect(after.fallback).toBe(before.fallback);
  });

  it('decides conditions on the stored item', async () => {
    await dynamo.db.send(new PutCommand({ TableName: 'items', Item: { pk: 'c', n: 1 } }));
    const bump = (expected: number) =>
      dynamo.db.send(
        new UpdateCommand({
          TableName: 'items',
          Key: { pk: 'c' },
          UpdateExpression: 'SET n = n + :one',
          ConditionExpression: 'n = :n',
          ExpressionAttributeValues: { ':one': 1, ':n': expected },
          ReturnValues: 'ALL_NEW',
        }),
      );
    expect((await bump(1)).Attributes).toEqual({ pk: 'c', n: 2 });
    await expect(bump(1)).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    // Sixteen racing increments of the same item: each reads what the one before it wrote.
    await Promise.all(
      Array.from({ length: 16 }, () =>
        dynamo.db.send(
          new UpdateCommand({
            TableName: 'items',
            Key: { pk: 'c' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        ),
      ),
    );
    const { Item } = await dynamo.db.send(new GetCommand({ TableName: 'items', Key: { pk: 'c' } }));
    expect(Item).toEqual({ pk: 'c', n: 18 });
  });
});

describe('readItemsSynchronously', () => {
  /** A store whose own get answers 'async:<key>', and whose getSync answers 'sync:<key>' or throws. */
  function level(status: string, getSync?: (key: string) => unknown) {
    const calls: string[] = [];
    const store: DynaliteLevel = {
      status,
      get(key, callback) {
        calls.push(`get ${key}`);
        if (!callback) return Promise.resolve(`async:${key}`);
        setImmediate(callback, null, `async:${key}`);
        return undefined;
      },
      ...(getSync ? { getSync } : {}),
    };
    readItemsSynchronously(store);
    const read = (key: string) =>
      new Promise((resolve, reject) => store.get(key, (e, v) => (e ? reject(e) : resolve(v))));
    return { store, calls, read };
  }

  it('answers from getSync, in a later turn', async () => {
    const { store, calls, read } = level('open', (key) => `sync:${key}`);
    let answered = false;
    const value = read('k').then((v) => {
      answered = true;
      return v;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(await value).toBe('sync:k');
    expect(calls).toEqual([]);
    // A caller that asks for a promise gets the store's own get.
    expect(await store.get('p')).toBe('async:p');
    expect(calls).toEqual(['get p']);
  });

  it('sends what getSync cannot read to the store’s own get', async () => {
    const refusing = level('open', () => {
      throw Object.assign(new Error('Could not decode value'), { code: 'LEVEL_DECODE_ERROR' });
    });
    expect(await refusing.read('k')).toBe('async:k');
    expect(refusing.calls).toEqual(['get k']);
    const opening = level('opening', (key) => `sync:${key}`);
    expect(await opening.read('k')).toBe('async:k');
    const without = level('open');
    expect(await without.read('k')).toBe('async:k');
  });

  it('counts in one place however often this module is loaded', async () => {
    // Unit files share their worker's modules, and some evaluate them afresh (test/support/fresh-modules.ts):
    // a store wrapped by one load of the module is counted by another.
    const path = '../../../local/dynalite-sync-reads.ts';
    const first = (await import(path)) as typeof import('../../../local/dynalite-sync-reads.ts');
    vi.resetModules();
    const second = (await import(path)) as typeof import('../../../local/dynalite-sync-reads.ts');
    expect(second).not.toBe(first);
    const store: DynaliteLevel = { status: 'open', get: () => undefined, getSync: (key) => key };
    first.readItemsSynchronously(store);
    const before = second.syncReadCounts().sync;
    await new Promise((resolve) => store.get('k', resolve));
    expect(second.syncReadCounts().sync).toBe(before + 1);
  });

  it('wraps a store once', async () => {
    const { store, read } = level('open', (key) => `sync:${key}`);
    const wrapped = store.get;
    readItemsSynchronously(store);
    expect(store.get).toBe(wrapped);
    expect(await read('k')).toBe('sync:k');
  });
});
