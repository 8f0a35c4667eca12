// Changes to the organization itself are audited (core/use-cases/organization-changes.ts): a webhook
// signing secret rotation and a settings change each leave one record in each mode, naming the actor and
// the organization, with the secrets redacted and only the fields that changed; an unchanged setting
// leaves none.
import { describe, expect, it } from 'vitest';
import type { OrganizationRecord } from '../../../functions/core/auth/account-store.ts';
import {
  rotateOrganizationWebhookSecret,
  updateOrganizationSettingsAudited,
} from '../../../functions/core/use-cases/organization-changes.ts';
import { fixedClock, memoryAuditLog } from '../../support/fakes.ts';

const context = {
  actor: { type: 'member' as const, id: 'member-1' },
  sourceIp: '203.0.113.9',
  requestId: 'req_1',
};
const retention = { defaultDays: 30, planDays: {}, minSeconds: 60, maxDays: 365 };

function settingsStore(initial: Partial<OrganizationRecord> = {}) {
  let org: OrganizationRecord = { orgId: 'acme', createdAt: '2026-01-01T00:00:00.000Z', ...initial };
  return {
    getOrganization: async () => org,
    updateOrganizationSettings: async (_orgId: string, patch: Partial<OrganizationRecord>) => {
      org = { ...org, ...patch };
      return org;
    },
  };
}

describe('organization changes in the audit log', () => {
  it('records a webhook secret rotation in both modes, the secrets redacted', async () => {
    const auditLog = memoryAuditLog();
    const secrets = [{ secret: 'whsec_old', created_at: '2026-01-01T00:00:00.000Z' }];
    const admin = {
      rotateWebhookSecret: async () => [
        { secret: 'whsec_new', created_at: '2026-01-02T03:04:05.000Z' },
        { ...secrets[0]!, expires_at: '2026-01-03T03:04:05.000Z' },
      ],
    };
    const rotated = await rotateOrganizationWebhookSecret(
      admin,
      { auditLog, clock: fixedClock() },
      context,
      'acme',
    );
    expect(rotated[0]!.secret).toBe('whsec_new');
    const records = auditLog.records.map((r) => r.record);
    expect(records.map((r) => r.mode).sort()).toEqual(['live', 'test']);
    for (const record of records)
      expect(record).toMatchObject({
        orgId: 'acme',
        action: 'organization.webhook_secret_rotated',
        target: { type: 'organization', id: 'acme' },
        actor: context.actor,
        sourceIp: '203.0.113.9',
        requestId: 'req_1',
        changes: {
          before: { secret: '[redacted]', created_at: '2026-01-01T00:00:00.000Z' },
          after: { secret: '[redacted]', created_at: '2026-01-02T03:04:05.000Z' },
        },
      });
    expect(JSON.stringify(records)).not.toMatch(/whsec_/);
  });

  it('records the settings that changed, before and after, and nothing when none did', async () => {
    const auditLog = memoryAuditLog();
    const store = settingsStore({ stagingWatermark: true });
    const ports = { auditLog, clock: fixedClock() };
    const setDays = (days: number) =>
      updateOrganizationSettingsAudited(
        store,
        ports,
        context,
        'acme',
        { mediaRetentionDays: days },
        retention,
      );
    const after = await setDays(14);
    expect(after).toMatchObject({ mediaRetentionDays: 14, stagingWatermark: true });
    const records = auditLog.records.map((r) => r.record);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      action: 'organization.settings_updated',
      target: { type: 'organization', id: 'acme' },
      changes: { before: {}, after: { mediaRetentionDays: 14 } },
    });
    await setDays(14);
    expect(auditLog.records).toHaveLength(2);
  });

  it('records nothing when the change is refused', async () => {
    const auditLog = memoryAuditLog();
    await expect(
      updateOrganizationSettingsAudited(
        settingsStore(),
        { auditLog, clock: fixedClock() },
        context,
        'acme',
        { mediaRetentionDays: 9999 },
        retention,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(auditLog.records).toEqual([]);
  });
});
