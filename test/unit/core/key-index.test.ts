// An organization's API keys are listed from keys_by_org, an index of keys only, so that the write every
// API request makes to its key item (last use, the day's count, the rate bucket) writes no index entry.
// Keys made before that index carry org_key and sit in by_org with all their attributes: they must still
// be listed, and are moved to keys_by_org when they are. Checked against dynalite's own indexes.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import { ACCOUNT_INDEXES, keyPk } from '../../../functions/adapters/dynamodb/account-table.ts';
import { type LocalDynamo, startAccountsStore } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let store: DynamoAccountStore;

beforeAll(async () => {
  ({ store, ...dynamo } = await startAccountsStore());
});

afterAll(() => dynamo.close());

const newKey = (orgId: string, n: number, createdAt: string) =>
  store.createKey({
    keyHash: `${orgId}-hash-${n}`,
    keyId: `key_${orgId}_${n}`,
    orgId,
    mode: 'live',
    name: `key ${n}`,
    hint: `h${n}`,
    createdAt,
    requestsPerMinute: 600,
  });

/** What an index holds for one partition value, item by item. */
async function indexEntries(
  index: { name: string; partitionKey: string },
  value: string,
): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamo.db.send(
    new QueryCommand({
      TableName: 'accounts',
      IndexName: index.name,
      KeyConditionExpression: '#p = :v',
      ExpressionAttributeNames: { '#p': index.partitionKey },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
  return Items ?? [];
}

describe("an organization's keys and their index", () => {
  it('lists new keys whole, oldest first, and their admissions leave the index entry as it was', async () => {
    await newKey('acme', 2, '2026-11-02T00:00:00.000Z');
    await newKey('acme', 1, '2026-11-01T00:00:00.000Z');
    await newKey('other', 1, '2026-11-01T00:00:00.000Z');
    const entryBefore = await indexEntries(ACCOUNT_INDEXES.keysByOrg, 'ORG#acme');
    // Keys only: the table's and the index's keys, nothing that changes per request.
    expect(entryBefore.map((e) => Object.keys(e).sort())).toEqual([
      ['created_at', 'key_org', 'pk'],
      ['created_at', 'key_org', 'pk'],
    ]);
    expect(await indexEntries(ACCOUNT_INDEXES.byOrg, 'ORG#acme')).toEqual([]);

    const now = new Date('2026-11-03T10:00:00.000Z');
    for (let i = 0; i < 3; i++)
      expect((await store.admit('acme-hash-1', now, (k) => k.requestsPerMinute)).kind).toBe('admitted');

    const keys = await store.listKeys('acme');
    expect(keys.map((k) => k.keyId)).toEqual(['key_acme_1', 'key_acme_2']);
    // Read from the items themselves: what the admissions wrote is there.
    expect(keys[0]).toMatchObject({
      name: 'key 1',
      hint: 'h1',
      status: 'active',
      lastUsedAt: now.toISOString(),
      dayCount: 3,
      storageKey: keyPk('acme-hash-1'),
    });
    expect(await indexEntries(ACCOUNT_INDEXES.keysByOrg, 'ORG#acme')).toEqual(entryBefore);
  });

  it('lists keys made before keys_by_org, and moves each to it, once', async () => {
    // As createKey wrote a key before keys_by_org: org_key, in by_org with every attribute.
    for (const [n, createdAt] of [
      [1, '2026-10-01T00:00:00.000Z'],
      [3, '2026-10-03T00:00:00.000Z'],
    ] as const)
      await dynamo.db.send(
        new PutCommand({
          TableName: 'accounts',
          Item: {
            pk: keyPk(`old-hash-${n}`),
            org_key: 'ORG#old',
            key_id: `key_old_${n}`,
            org_id: 'old',
            mode: 'live',
            name: `old ${n}`,
            status: 'active',
            hint: `o${n}`,
            created_at: createdAt,
            rate_per_minute: 600,
          },
        }),
      );
    await newKey('old', 2, '2026-10-02T00:00:00.000Z');
    expect(await indexEntries(ACCOUNT_INDEXES.byOrg, 'ORG#old')).toHaveLength(2);

    const first = await store.listKeys('old');
    expect(first.map((k) => k.keyId)).toEqual(['key_old_1', 'key_old_2', 'key_old_3']);
    expect(first[0]).toMatchObject({ name: 'old 1', orgId: 'old', requestsPerMinute: 600 });

    // Moved: by_org no longer holds them, keys_by_org does, and a later listing is the same.
    expect(await indexEntries(ACCOUNT_INDEXES.byOrg, 'ORG#old')).toEqual([]);
    expect(await indexEntries(ACCOUNT_INDEXES.keysByOrg, 'ORG#old')).toHaveLength(3);
    expect(await store.listKeys('old')).toEqual(first);

    // Moving is idempotent, and never into another organization.
    await store.moveToKeyIndex(keyPk('old-hash-1'), 'ORG#old');
    await store.moveToKeyIndex(keyPk('old-hash-1'), 'ORG#acme');
    expect((await store.listKeys('old')).map((k) => k.keyId)).toEqual([
      'key_old_1',
      'key_old_2',
      'key_old_3',
    ]);
    expect((await store.listKeys('acme')).map((k) => k.keyId)).toEqual(['key_acme_1', 'key_acme_2']);
  });

  it("moves every organization's old keys at once, and nothing else", async () => {
    const oldKey = (orgId: string, n: number) =>
      dynamo.db.send(
        new PutCommand({
          TableName: 'accounts',
          Item: {
            pk: keyPk(`all-${orgId}-${n}`),
            org_key: `ORG#${orgId}`,
            key_id: `key_${orgId}_${n}`,
            org_id: orgId,
            mode: 'live',
            name: `old ${n}`,
            status: 'active',
            hint: `a${n}`,
            created_at: `2026-08-0${n}T00:00:00.000Z`,
            rate_per_minute: 600,
          },
        }),
      );
    await oldKey('north', 1);
    await oldKey('north', 2);
    await oldKey('south', 1);
    // A brand kit is in by_org too, and stays there.
    const kit = { pk: 'BRANDKIT#north#live#kit1', org_key: 'BRANDKIT#north#live', created_at: '2026-08-01' };
    await dynamo.db.send(new PutCommand({ TableName: 'accounts', Item: kit }));

    // Every key still in by_org, of every organization so far (earlier tests moved theirs).
    expect(await store.moveKeysToKeyIndex()).toBe(3);
    expect(await store.moveKeysToKeyIndex()).toBe(0);
    for (const org of ['ORG#north', 'ORG#south'])
      expect(await indexEntries(ACCOUNT_INDEXES.byOrg, org)).toEqual([]);
    expect(await indexEntries(ACCOUNT_INDEXES.keysByOrg, 'ORG#north')).toHaveLength(2);
    expect(await indexEntries(ACCOUNT_INDEXES.byOrg, 'BRANDKIT#north#live')).toEqual([kit]);
    expect((await store.listKeys('south')).map((k) => k.keyId)).toEqual(['key_south_1']);
  });

  it("copies an organization's settings onto keys old and new", async () => {
    await dynamo.db.send(
      new PutCommand({
        TableName: 'accounts',
        Item: {
          pk: keyPk('mixed-old'),
          org_key: 'ORG#mixed',
          key_id: 'key_mixed_old',
          org_id: 'mixed',
          mode: 'live',
          name: 'old',
          status: 'active',
          hint: 'mo',
          created_at: '2026-09-01T00:00:00.000Z',
          rate_per_minute: 600,
        },
      }),
    );
    await newKey('mixed', 1, '2026-09-02T00:00:00.000Z');
    await store.putOrganization({
      orgId: 'mixed',
      createdAt: '2026-09-01T00:00:00.000Z',
      plan: 'growth',
    });
    await store.updateOrganizationSettings('mixed', { mediaRetentionDays: 14 });
    const keys = await store.listKeys('mixed');
    expect(keys.map((k) => [k.keyId, k.organization])).toEqual([
      ['key_mixed_old', { plan: 'growth', mediaRetentionDays: 14 }],
      ['key_mixed_1', { plan: 'growth', mediaRetentionDays: 14 }],
    ]);
  });
});
