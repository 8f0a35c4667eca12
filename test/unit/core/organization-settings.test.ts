// Organization settings against dynalite (the local DynamoDB): defaults for an organization that never
// set anything, updates that survive the key admin rewriting the organization's limits, and the errors a
// dashboard or the CLI gets for an unknown organization or a value of the wrong type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoAccountStore } from '../../../functions/adapters/dynamodb/account-store.ts';
import {
  getOrganizationSettings,
  updateOrganizationSettings,
} from '../../../functions/core/use-cases/organization-settings.ts';
import { type LocalDynamo, startAccountsStore } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let store: DynamoAccountStore;

beforeAll(async () => {
  ({ store, ...dynamo } = await startAccountsStore());
});

afterAll(() => dynamo.close());

describe('organization settings', () => {
  it('reads the defaults for an organization that set nothing, or does not exist', async () => {
    await store.putOrganization({ orgId: 'plain', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(await getOrganizationSettings(store, 'plain')).toEqual({ stagingWatermark: false });
    expect(await getOrganizationSettings(store, 'nobody')).toEqual({ stagingWatermark: false });
  });

  it('turns the staging watermark on and off, and keeps it when the limits are rewritten', async () => {
    await store.putOrganization({ orgId: 'agency', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(await updateOrganizationSettings(store, 'agency', { stagingWatermark: true })).toEqual({
      stagingWatermark: true,
    });
    expect(await getOrganizationSettings(store, 'agency')).toEqual({ stagingWatermark: true });
    // What KeyAdmin.setLimits/setPlan do: the setting is another attribute, left alone.
    const org = (await store.getOrganization('agency'))!;
    await store.putOrganization({ ...org, plan: 'growth', requestsPerMinute: 100, requestsPerDay: 10_000 });
    expect(await getOrganizationSettings(store, 'agency')).toEqual({
      stagingWatermark: true,
      plan: 'growth',
    });
    expect((await store.getOrganization('agency'))!.plan).toBe('growth');
    // An empty change reads the settings back.
    expect(await updateOrganizationSettings(store, 'agency', {})).toEqual({
      stagingWatermark: true,
      plan: 'growth',
    });
    await updateOrganizationSettings(store, 'agency', { stagingWatermark: false });
    expect(await getOrganizationSettings(store, 'agency')).toEqual({
      stagingWatermark: false,
      plan: 'growth',
    });
  });

  it('refuses an unknown organization with 404 and creates nothing', async () => {
    await expect(
      updateOrganizationSettings(store, 'ghost', { stagingWatermark: true }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: expect.stringContaining("'ghost'") });
    expect(await store.getOrganization('ghost')).toBeUndefined();
  });

  it('refuses a value that is not a boolean with 400 VALIDATION_ERROR', async () => {
    await store.putOrganization({ orgId: 'typo', createdAt: '2026-01-01T00:00:00.000Z' });
    await expect(
      updateOrganizationSettings(store, 'typo', { stagingWatermark: 'yes' as unknown as boolean }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(await getOrganizationSettings(store, 'typo')).toEqual({ stagingWatermark: false });
  });
});
