// Use cases of an organization's settings: what the keys CLI sets, what job submissions read, and what
// a dashboard can show and toggle. A setting never stored reads as its default.
import type { AccountStore, OrganizationRecord, OrganizationSettingsPatch } from '../auth/account-store.ts';
import { ApiError, apiErrors } from '../errors.ts';
import { organizationRetentionDays, type RetentionPolicy } from '../jobs/retention.ts';

export interface OrganizationSettings {
  /**
   * Draw a "Virtually staged" label in the corner of staged photos (virtual_staging). A request's
   * `options.watermark` overrides it for that job.
   */
  readonly stagingWatermark: boolean;
  /** Days job media and inputs are kept; absent: the plan's default, else the stage's (retention.ts). */
  readonly mediaRetentionDays?: number;
  /** The organization's plan (`keys set-plan`): its retention default. */
  readonly plan?: string;
}

const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = { stagingWatermark: false };

/** The store calls these use cases make (the AccountStore, or a fake in tests). */
export type OrganizationSettingsStore = Pick<AccountStore, 'getOrganization' | 'updateOrganizationSettings'>;

/** Reads an organization's settings at submission time (the port job submissions get). */
export type OrganizationSettingsReader = (orgId: string) => Promise<OrganizationSettings>;

/** The organization's settings with defaults filled in (an unknown organization has the defaults). */
export async function getOrganizationSettings(
  store: OrganizationSettingsStore,
  orgId: string,
): Promise<OrganizationSettings> {
  const org = await store.getOrganization(orgId);
  return settingsOf(org);
}

function settingsOf(org: OrganizationRecord | undefined): OrganizationSettings {
  return {
    stagingWatermark: org?.stagingWatermark ?? DEFAULT_ORGANIZATION_SETTINGS.stagingWatermark,
    ...(org?.mediaRetentionDays === undefined ? {} : { mediaRetentionDays: org.mediaRetentionDays }),
    ...(org?.plan === undefined ? {} : { plan: org.plan }),
  };
}

/**
 * Changes the given settings and returns all of them. 404 NOT_FOUND when the organization does not
 * exist (organizations are created with their first key), 400 VALIDATION_ERROR for a value of the
 * wrong type (callers may pass parsed JSON).
 */
export async function updateOrganizationSettings(
  store: OrganizationSettingsStore,
  orgId: string,
  patch: Partial<Omit<OrganizationSettings, 'plan'>>,
  /** The stage's bounds, needed to set media retention. */
  retention?: RetentionPolicy,
): Promise<OrganizationSettings> {
  const checked: { stagingWatermark?: boolean; mediaRetentionDays?: number } = {};
  if (patch.stagingWatermark !== undefined) {
    if (typeof patch.stagingWatermark !== 'boolean') {
      throw apiErrors.validation([{ path: 'stagingWatermark', message: 'must be true or false' }]);
    }
    checked.stagingWatermark = patch.stagingWatermark;
  }
  if (patch.mediaRetentionDays !== undefined) {
    if (!retention) throw new Error('Setting media retention needs the stage retention policy.');
    checked.mediaRetentionDays = organizationRetentionDays(patch.mediaRetentionDays, retention);
  }
  const org = await store.updateOrganizationSettings(orgId, checked satisfies OrganizationSettingsPatch);
  if (!org) {
    throw new ApiError(
      'NOT_FOUND',
      `No organization '${orgId}' exists; an organization is created with its first API key.`,
    );
  }
  return settingsOf(org);
}
