// Changes to the organization itself, each recorded in the audit log once it is made: its webhook signing
// secret rotated, its settings (media retention, the staging watermark) changed. They hold in both modes,
// so each is recorded in both (recordOrganizationAudit). Used by the dashboard and the keys CLI alike.
import { type AuditContext, type AuditPorts, changed, recordOrganizationAudit } from '../audit/audit-log.ts';
import type { KeyAdmin } from '../auth/key-admin.ts';
import type { RetentionPolicy } from '../jobs/retention.ts';
import {
  getOrganizationSettings,
  type OrganizationSettings,
  type OrganizationSettingsStore,
  updateOrganizationSettings,
} from './organization-settings.ts';

/**
 * Rotates the organization's signing secret; the record says it changed (the secrets redacted). The
 * rotation answers the new secret first and the one it replaces next (still signing for the overlap), so
 * the record's before comes from that answer, not from a read of its own.
 */
export async function rotateOrganizationWebhookSecret(
  admin: Pick<KeyAdmin, 'rotateWebhookSecret'>,
  audit: AuditPorts,
  context: AuditContext,
  orgId: string,
) {
  const secrets = await admin.rotateWebhookSecret(orgId);
  const [after, before] = secrets;
  await recordOrganizationAudit(audit, orgId, context, {
    action: 'organization.webhook_secret_rotated',
    changes: {
      before: { secret: before?.secret ?? null, created_at: before?.created_at ?? null },
      after: { secret: after!.secret, created_at: after!.created_at },
    },
  });
  return secrets;
}

/** Changes settings as updateOrganizationSettings does; records the fields that changed, if any did. */
export async function updateOrganizationSettingsAudited(
  store: OrganizationSettingsStore,
  audit: AuditPorts,
  context: AuditContext,
  orgId: string,
  patch: Parameters<typeof updateOrganizationSettings>[2],
  retention?: RetentionPolicy,
): Promise<OrganizationSettings> {
  const before = await getOrganizationSettings(store, orgId);
  const after = await updateOrganizationSettings(store, orgId, patch, retention);
  const changes = changed({ ...before }, { ...after });
  if (changes)
    await recordOrganizationAudit(audit, orgId, context, {
      action: 'organization.settings_updated',
      changes,
    });
  return after;
}
