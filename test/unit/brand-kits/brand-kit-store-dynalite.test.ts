// The brand kit store against dynalite (the local DynamoDB), on the accounts table with its by_org index:
// a tenant's kits page newest first with a kit id as the cursor, never showing another organization's or
// the other mode's (nor the organization's API keys, which share the index); a change written against a
// version that moved on is refused; a delete of a missing kit answers false.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoBrandKitStore } from '../../../functions/adapters/dynamodb/brand-kit-store.ts';
import type { BrandKitRecord } from '../../../functions/core/brand-kits/brand-kits.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { createAccountsTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let store: DynamoBrandKitStore;
const ACME: Tenant = { orgId: 'acme', mode: 'live' };

const kit = (id: string, minute: number, version = 1): BrandKitRecord => {
  const at = `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  return { id, version, settings: { name: id }, created_at: at, updated_at: at };
};

beforeAll(async () => {
  dynamo = await startDynalite();
  await createAccountsTable(dynamo.client);
  store = new DynamoBrandKitStore(dynamo.db, 'accounts');
});

afterAll(() => dynamo.close());

describe('brand kit store', () => {
  it('pages a tenant’s kits newest first, and only that tenant’s', async () => {
    for (const [i, id] of ['bk_a', 'bk_b', 'bk_c', 'bk_d', 'bk_e'].entries())
      await store.create(ACME, kit(id, i));
    await store.create({ orgId: 'other', mode: 'live' }, kit('bk_x', 30));
    await store.create({ orgId: 'acme', mode: 'test' }, kit('bk_y', 31));
    // An API key of the same organization shares the by_org index (org_key ORG#acme): never listed.
    await dynamo.db.send(
      new PutCommand({
        TableName: 'accounts',
        Item: { pk: 'KEY#hash', org_key: 'ORG#acme', created_at: '2026-03-01T11:00:00.000Z' },
      }),
    );

    const first = await store.list(ACME, { limit: 2 });
    expect([first.kits.map((k) => k.id), first.hasMore]).toEqual([['bk_e', 'bk_d'], true]);
    const second = await store.list(ACME, { limit: 2, startingAfter: 'bk_d' });
    expect([second.kits.map((k) => k.id), second.hasMore]).toEqual([['bk_c', 'bk_b'], true]);
    const last = await store.list(ACME, { limit: 2, startingAfter: 'bk_b' });
    expect([last.kits.map((k) => k.id), last.hasMore]).toEqual([['bk_a'], false]);
    expect(await store.get({ orgId: 'other', mode: 'live' }, 'bk_a')).toBeUndefined();
    expect(await store.get({ orgId: 'acme', mode: 'test' }, 'bk_a')).toBeUndefined();
  });

  it('writes a change only over the version it read', async () => {
    await store.create(ACME, kit('bk_v', 40));
    expect(await store.replace(ACME, { ...kit('bk_v', 40, 2), settings: { name: 'two' } }, 1)).toBe(true);
    expect(await store.replace(ACME, { ...kit('bk_v', 40, 2), settings: { name: 'late' } }, 1)).toBe(false);
    expect(await store.get(ACME, 'bk_v')).toMatchObject({ version: 2, settings: { name: 'two' } });
    expect(await store.delete(ACME, 'bk_v')).toBe(true);
    expect(await store.delete(ACME, 'bk_v')).toBe(false);
    expect(await store.replace(ACME, kit('bk_v', 40, 3), 2)).toBe(false);
  });
});
