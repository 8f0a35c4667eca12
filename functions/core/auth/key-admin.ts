// Administration of organizations and API keys: the use cases behind bin/keys.ts and the local stack's
// development keys. The plaintext of a key exists only in the result of create/rotate.
import type { Clock } from '../clock.ts';
import { randomBase62 } from '../ids.ts';
import type { Mode } from '../jobs/job-types.ts';
import { OFFICE_ID } from '../offices/offices.ts';
import { listWebhookSecrets, rotateWebhookSecret, signingSecrets } from '../webhooks/webhook-secrets.ts';
import type { AccountStore, ApiKeyRecord, OrganizationRecord, WebhookSecret } from './account-store.ts';
import { generateApiKey, hashApiKey, keyHint } from './api-key.ts';
import { parseScopes } from './scopes.ts';

export interface RateSettings {
  readonly testPerMinute: number;
  readonly liveDefault: { readonly requestsPerMinute: number; readonly requestsPerDay?: number };
  readonly plans: Readonly<
    Record<string, { readonly requestsPerMinute: number; readonly requestsPerDay?: number }>
  >;
}

export interface CreatedKey {
  readonly key: string;
  readonly record: ApiKeyRecord;
}

export type KeyListing = Omit<ApiKeyRecord, 'day' | 'dayCount'>;

const ORG_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;

export class KeyAdmin {
  constructor(
    private readonly accounts: AccountStore,
    private readonly rates: RateSettings,
    private readonly clock: Clock,
  ) {}

  private static checkOrg(orgId: string) {
    if (!ORG_ID.test(orgId)) {
      throw new Error(
        `Organization id '${orgId}' is invalid: use 2-63 lower-case letters, digits, '-' or '_'.`,
      );
    }
  }

  private async organization(orgId: string): Promise<OrganizationRecord> {
    KeyAdmin.checkOrg(orgId);
    const existing = await this.accounts.getOrganization(orgId);
    if (existing) return existing;
    const created: OrganizationRecord = { orgId, createdAt: this.clock.now().toISOString() };
    await this.accounts.putOrganization(created);
    return created;
  }

  private limitsFor(mode: Mode, org: { requestsPerMinute?: number; requestsPerDay?: number }) {
    if (mode === 'test') return { requestsPerMinute: this.rates.testPerMinute, requestsPerDay: undefined };
    return {
      requestsPerMinute: org.requestsPerMinute ?? this.rates.liveDefault.requestsPerMinute,
      requestsPerDay:
        org.requestsPerMinute !== undefined ? org.requestsPerDay : this.rates.liveDefault.requestsPerDay,
    };
  }

  /**
   * A new key of the organization (made with its first key). `scopes`: what the key may do (scopes.ts);
   * an unknown one is an error naming it; without them the key has every scope, as keys made before
   * scopes have. `officeId`: the one office it acts for (the caller checks the office exists in `mode`);
   * without it, the whole organization.
   */
  async createKey(
    orgId: string,
    mode: Mode,
    name: string,
    scopes?: readonly string[],
    officeId?: string,
  ): Promise<CreatedKey> {
    const checked = scopes === undefined ? undefined : parseScopes(scopes);
    if (officeId !== undefined && !OFFICE_ID.test(officeId))
      throw new Error(`Office id '${officeId}' is invalid: offices' ids look like off_….`);
    const org = await this.organization(orgId);
    const key = generateApiKey(mode);
    const record = await this.accounts.createKey({
      keyHash: hashApiKey(key),
      keyId: `key_${randomBase62(16)}`,
      orgId,
      mode,
      name,
      hint: keyHint(key),
      createdAt: this.clock.now().toISOString(),
      ...this.limitsFor(mode, org),
      ...(checked ? { scopes: checked } : {}),
      ...(officeId === undefined ? {} : { officeId }),
      // Its plan and retention ride on the key from the start (the store keeps them in step after).
      organization: org,
    });
    return { key, record };
  }

  async listKeys(orgId: string): Promise<KeyListing[]> {
    KeyAdmin.checkOrg(orgId);
    const keys = await this.accounts.listKeys(orgId);
    return keys.map(({ storageKey: _s, day: _d, dayCount: _c, ...listing }) => listing);
  }

  private async findKey(orgId: string, keyId: string) {
    const keys = await this.accounts.listKeys(orgId);
    const found = keys.find((k) => k.keyId === keyId);
    if (!found) throw new Error(`Organization '${orgId}' has no key '${keyId}'.`);
    return found;
  }

  async revokeKey(orgId: string, keyId: string): Promise<void> {
    const key = await this.findKey(orgId, keyId);
    if (!(await this.accounts.revokeKey(key.storageKey, this.clock.now().toISOString()))) {
      throw new Error(`Key '${keyId}' is already revoked.`);
    }
  }

  /** A new key with the same mode, name, scopes and office; the old one is revoked at once. */
  async rotateKey(orgId: string, keyId: string): Promise<CreatedKey> {
    const old = await this.findKey(orgId, keyId);
    if (old.status !== 'active') throw new Error(`Key '${keyId}' is revoked; create a new key instead.`);
    const created = await this.createKey(orgId, old.mode, old.name, old.scopes, old.officeId);
    await this.accounts.revokeKey(old.storageKey, this.clock.now().toISOString());
    return created;
  }

  /** Sets the organization's live limits and applies them to its live keys. */
  async setLimits(
    orgId: string,
    requestsPerMinute: number,
    requestsPerDay?: number,
    plan?: string,
  ): Promise<void> {
    if (!Number.isInteger(requestsPerMinute) || requestsPerMinute < 1) {
      throw new Error(`Rate limit must be a positive integer, got ${requestsPerMinute}.`);
    }
    if (requestsPerDay !== undefined && (!Number.isInteger(requestsPerDay) || requestsPerDay < 1)) {
      throw new Error(`Daily quota must be a positive integer, got ${requestsPerDay}.`);
    }
    const org = await this.organization(orgId);
    await this.accounts.putOrganization({ ...org, plan, requestsPerMinute, requestsPerDay });
    for (const key of await this.accounts.listKeys(orgId)) {
      if (key.mode === 'live')
        await this.accounts.setKeyLimits(key.storageKey, requestsPerMinute, requestsPerDay);
    }
  }

  /** The organization's active webhook signing secrets, newest first (one is created if none exist). */
  async webhookSecrets(orgId: string): Promise<WebhookSecret[]> {
    await this.organization(orgId);
    await signingSecrets(this.accounts, orgId, this.clock.now());
    return listWebhookSecrets(this.accounts, orgId, this.clock.now());
  }

  /** A new signing secret; the previous one keeps signing alongside it for 24 hours. */
  async rotateWebhookSecret(orgId: string): Promise<WebhookSecret[]> {
    await this.organization(orgId);
    return rotateWebhookSecret(this.accounts, orgId, this.clock.now());
  }

  async setPlan(orgId: string, plan: string): Promise<void> {
    const limits = this.rates.plans[plan];
    if (!limits)
      throw new Error(`Unknown plan '${plan}': expected one of ${Object.keys(this.rates.plans).join(', ')}.`);
    await this.setLimits(orgId, limits.requestsPerMinute, limits.requestsPerDay, plan);
  }
}
