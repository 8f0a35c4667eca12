// The accounts port: organizations, their API keys (with each key's limits, daily count and rate bucket)
// and webhook secrets. Its DynamoDB adapter is functions/adapters/dynamodb/account-store.ts.
import type { Mode } from '../jobs/job-types.ts';
import type { RateDecision } from '../limits/rate-limiter.ts';
import type { ApiScope } from './scopes.ts';

export type KeyStatus = 'active' | 'revoked';

export interface ApiKeyRecord {
  readonly keyId: string;
  readonly orgId: string;
  readonly mode: Mode;
  readonly name: string;
  readonly status: KeyStatus;
  readonly hint: string;
  readonly createdAt: string;
  readonly lastUsedAt?: string;
  readonly revokedAt?: string;
  readonly requestsPerMinute: number;
  readonly requestsPerDay?: number;
  /** What the key may do (scopes.ts); absent on a key made before keys carried scopes: every scope. */
  readonly scopes?: readonly ApiScope[];
  /** The one office the key acts for (offices.ts); absent: the whole organization. */
  readonly officeId?: string;
  /** UTC day (YYYY-MM-DD) the day counter belongs to. */
  readonly day?: string;
  readonly dayCount?: number;
  /**
   * The organization's plan and media retention, copied onto the key (and kept in step by the store
   * whenever the organization's are written), so a job submission needs no read of the organization.
   * Absent on a key made before the copy existed: read the organization then.
   */
  readonly organization?: OrganizationCopy;
}

/** What a key carries of its organization: what a job submission needs (job limit, expiry). */
export interface OrganizationCopy {
  readonly plan?: string;
  readonly mediaRetentionDays?: number;
}

export interface OrganizationRecord {
  readonly orgId: string;
  readonly createdAt: string;
  readonly plan?: string;
  readonly requestsPerMinute?: number;
  readonly requestsPerDay?: number;
  /** Draw a "Virtually staged" label on staged photos (organization settings; absent means off). */
  readonly stagingWatermark?: boolean;
  /** Days job media and inputs are kept (absent: the plan's default, else the stage's). */
  readonly mediaRetentionDays?: number;
  /**
   * Counts the writes of the plan and retention (set by the store): a key's copy of them is only ever
   * replaced by a newer one, so two changes racing leave every key with the last.
   */
  readonly settingsVersion?: number;
}

/** The organization settings the store keeps (each one its own attribute, so updates never collide). */
export interface OrganizationSettingsPatch {
  readonly stagingWatermark?: boolean;
  readonly mediaRetentionDays?: number;
}

/** A webhook signing secret of an organization; a rotated-out one keeps signing until it expires. */
export interface WebhookSecret {
  readonly secret: string;
  readonly created_at: string;
  readonly expires_at?: string;
}

export type AdmissionOutcome =
  | { readonly kind: 'admitted'; readonly key: ApiKeyRecord; readonly rate: RateDecision }
  | { readonly kind: 'rate-limited'; readonly key: ApiKeyRecord; readonly rate: RateDecision }
  | { readonly kind: 'unknown-or-revoked' }
  | { readonly kind: 'quota-exceeded'; readonly key: ApiKeyRecord };

/** The per-minute limit that applies to a key (live keys carry their own; test keys share the stage's). */
export type RateLimitOf = (key: ApiKeyRecord) => number;

export interface NewApiKey {
  readonly keyHash: string;
  readonly keyId: string;
  readonly orgId: string;
  readonly mode: Mode;
  readonly name: string;
  readonly hint: string;
  readonly createdAt: string;
  readonly requestsPerMinute: number;
  readonly requestsPerDay?: number;
  /** What the key may do; absent: every scope (as a key made before scopes). */
  readonly scopes?: readonly ApiScope[];
  /** The one office the key acts for; absent: the whole organization (as a key made before offices). */
  readonly officeId?: string;
  /** The organization as read when the key is made: its plan and retention are copied onto the key. */
  readonly organization?: Pick<OrganizationRecord, 'plan' | 'mediaRetentionDays' | 'settingsVersion'>;
}

/** The port authentication, key administration and webhook signing work through. */
export interface AccountStore {
  admit(keyHash: string, now: Date, limitOf: RateLimitOf): Promise<AdmissionOutcome>;
  /**
   * The key this container last admitted under this hash, when its next admission looks set to succeed
   * (active, quota and rate bucket not used up as last seen); undefined otherwise. A guess from memory,
   * never a decision: only admit() decides.
   */
  expectedKey(keyHash: string, now: Date, limitOf: RateLimitOf): ApiKeyRecord | undefined;
  createKey(params: NewApiKey): Promise<ApiKeyRecord>;
  listKeys(orgId: string): Promise<Array<ApiKeyRecord & { readonly storageKey: string }>>;
  /**
   * Moves every key still listed the old way (made before the store's current key index) to the current
   * one, all organizations at once; how many it moved. listKeys moves an organization's keys as it lists
   * them; this is for an operator after an upgrade (`npm run keys -- move-keys`).
   */
  moveKeysToKeyIndex(): Promise<number>;
  revokeKey(storageKey: string, now: string): Promise<boolean>;
  setKeyLimits(
    storageKey: string,
    requestsPerMinute: number,
    requestsPerDay: number | undefined,
  ): Promise<void>;
  getOrganization(orgId: string): Promise<OrganizationRecord | undefined>;
  /**
   * Gives a key made before keys carried their organization's plan and retention its copy (read from the
   * organization now); a key with a copy as new or newer keeps its own. Whether the key got it.
   */
  copyOrganizationToKey(keyHash: string, orgId: string): Promise<boolean>;
  /** Writes the organization's limits and plan, and copies its plan and retention onto its keys. */
  putOrganization(org: OrganizationRecord): Promise<void>;
  /**
   * Sets the given settings of an existing organization (a new retention copied onto its keys);
   * undefined when there is no such organization.
   */
  updateOrganizationSettings(
    orgId: string,
    patch: OrganizationSettingsPatch,
  ): Promise<OrganizationRecord | undefined>;
  getWebhookSecrets(orgId: string): Promise<{ secrets: WebhookSecret[]; version: number }>;
  replaceWebhookSecrets(orgId: string, version: number, next: readonly WebhookSecret[]): Promise<boolean>;
}
