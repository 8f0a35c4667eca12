// DynamoDB persistence of organizations and their API keys (the "accounts" table).
//   API key:      pk = KEY#<sha256 of the key>   (org_key + created_at feed the by_org index)
//   Organization: pk = ORG#<org id>
// The key item also carries the key's rate limits (copied from its organization, so a request needs
// no second read) and its daily counter (so authenticating and counting the quota is one write).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Mode } from '../jobs/job-types.ts';

export const ACCOUNT_INDEXES = {
  byOrg: { name: 'by_org', partitionKey: 'org_key', sortKey: 'created_at' },
} as const;

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
  /** UTC day (YYYY-MM-DD) the day counter belongs to. */
  readonly day?: string;
  readonly dayCount?: number;
}

export interface OrganizationRecord {
  readonly orgId: string;
  readonly createdAt: string;
  readonly plan?: string;
  readonly requestsPerMinute?: number;
  readonly requestsPerDay?: number;
  /** Draw a "Virtually staged" label on staged photos (organization settings; absent means off). */
  readonly stagingWatermark?: boolean;
}

/** The organization settings the store keeps (each one its own attribute, so updates never collide). */
export interface OrganizationSettingsPatch {
  readonly stagingWatermark?: boolean;
}

/** A webhook signing secret of an organization; a rotated-out one keeps signing until it expires. */
export interface WebhookSecret {
  readonly secret: string;
  readonly created_at: string;
  readonly expires_at?: string;
}

export type AuthenticationOutcome =
  | { readonly kind: 'ok'; readonly key: ApiKeyRecord }
  | { readonly kind: 'unknown-or-revoked' }
  | { readonly kind: 'quota-exceeded'; readonly key: ApiKeyRecord };

interface KeyItem {
  pk: string;
  org_key: string;
  key_id: string;
  org_id: string;
  mode: Mode;
  name: string;
  status: KeyStatus;
  hint: string;
  created_at: string;
  last_used_at?: string;
  revoked_at?: string;
  rate_per_minute: number;
  daily_quota?: number;
  day?: string;
  day_count?: number;
}

const keyPk = (hash: string) => `KEY#${hash}`;
const orgPk = (orgId: string) => `ORG#${orgId}`;

function keyFromItem(item: Record<string, unknown>): ApiKeyRecord {
  const i = item as unknown as KeyItem;
  return {
    keyId: i.key_id,
    orgId: i.org_id,
    mode: i.mode,
    name: i.name,
    status: i.status,
    hint: i.hint,
    createdAt: i.created_at,
    lastUsedAt: i.last_used_at,
    revokedAt: i.revoked_at,
    requestsPerMinute: i.rate_per_minute,
    requestsPerDay: i.daily_quota,
    day: i.day,
    dayCount: i.day_count,
  };
}

function orgFromItem(Item: Record<string, unknown>): OrganizationRecord {
  return {
    orgId: String(Item.org_id),
    createdAt: String(Item.created_at),
    plan: (Item.plan as string | null) ?? undefined,
    requestsPerMinute: (Item.rate_per_minute as number | null) ?? undefined,
    requestsPerDay: (Item.daily_quota as number | null) ?? undefined,
    stagingWatermark: (Item.staging_watermark as boolean | null) ?? undefined,
  };
}

async function refused(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return true;
    throw error;
  }
}

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
}

/** The port authentication, key administration and webhook signing work through. */
export interface AccountStore {
  authenticate(keyHash: string, now: Date): Promise<AuthenticationOutcome>;
  createKey(params: NewApiKey): Promise<ApiKeyRecord>;
  listKeys(orgId: string): Promise<Array<ApiKeyRecord & { readonly storageKey: string }>>;
  revokeKey(storageKey: string, now: string): Promise<boolean>;
  setKeyLimits(
    storageKey: string,
    requestsPerMinute: number,
    requestsPerDay: number | undefined,
  ): Promise<void>;
  getOrganization(orgId: string): Promise<OrganizationRecord | undefined>;
  putOrganization(org: OrganizationRecord): Promise<void>;
  /** Sets the given settings of an existing organization; undefined when there is no such organization. */
  updateOrganizationSettings(
    orgId: string,
    patch: OrganizationSettingsPatch,
  ): Promise<OrganizationRecord | undefined>;
  getWebhookSecrets(orgId: string): Promise<{ secrets: WebhookSecret[]; version: number }>;
  replaceWebhookSecrets(orgId: string, version: number, next: readonly WebhookSecret[]): Promise<boolean>;
}

export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Authenticates a key hash and counts the request against the key's daily quota in one conditional
   * write that also stamps last_used_at. The first request of a UTC day takes a second write to reset
   * the counter; only a refused key costs a third (a read, to tell revoked from over quota).
   */
  async authenticate(keyHash: string, now: Date): Promise<AuthenticationOutcome> {
    const today = now.toISOString().slice(0, 10);
    const key = { pk: keyPk(keyHash) };
    // One write on an active key: stamp last use and count the request; undefined when refused.
    const countOn = async (update: string, condition: string): Promise<ApiKeyRecord | undefined> => {
      try {
        const { Attributes } = await this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: key,
            UpdateExpression: update,
            ConditionExpression: `#status = :active AND ${condition}`,
            ExpressionAttributeNames: { '#status': 'status', '#day': 'day' },
            ExpressionAttributeValues: {
              ':now': now.toISOString(),
              ':one': 1,
              ':active': 'active',
              ':today': today,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return keyFromItem(Attributes!);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const counted =
        (await countOn(
          'SET last_used_at = :now ADD day_count :one',
          '#day = :today AND (attribute_not_exists(daily_quota) OR day_count < daily_quota)',
        )) ??
        (await countOn(
          'SET last_used_at = :now, #day = :today, day_count = :one',
          '(attribute_not_exists(#day) OR #day <> :today)',
        ));
      if (counted) return { kind: 'ok', key: counted };
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
      );
      if (Item?.status !== 'active') return { kind: 'unknown-or-revoked' };
      const record = keyFromItem(Item);
      if (
        record.day === today &&
        record.requestsPerDay !== undefined &&
        (record.dayCount ?? 0) >= record.requestsPerDay
      ) {
        return { kind: 'quota-exceeded', key: record };
      }
      // Another request rolled the day over between our two writes: go round once more.
    }
    throw new Error('API key authentication did not settle after 3 attempts');
  }

  async createKey(params: NewApiKey): Promise<ApiKeyRecord> {
    const item: KeyItem = {
      pk: keyPk(params.keyHash),
      org_key: orgPk(params.orgId),
      key_id: params.keyId,
      org_id: params.orgId,
      mode: params.mode,
      name: params.name,
      status: 'active',
      hint: params.hint,
      created_at: params.createdAt,
      rate_per_minute: params.requestsPerMinute,
      daily_quota: params.requestsPerDay,
    };
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return keyFromItem(item as unknown as Record<string, unknown>);
  }

  /** Keys of an organization, oldest first, with the hash-bearing partition key kept private. */
  async listKeys(orgId: string): Promise<Array<ApiKeyRecord & { readonly storageKey: string }>> {
    const out: Array<ApiKeyRecord & { storageKey: string }> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: ACCOUNT_INDEXES.byOrg.name,
          KeyConditionExpression: 'org_key = :o',
          ExpressionAttributeValues: { ':o': orgPk(orgId) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) out.push({ ...keyFromItem(item), storageKey: String(item.pk) });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }

  /** Resolves false when the key was not active. */
  async revokeKey(storageKey: string, now: string): Promise<boolean> {
    const wasRefused = await refused(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: storageKey },
          UpdateExpression: 'SET #status = :revoked, revoked_at = :now',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':active': 'active', ':now': now },
        }),
      ),
    );
    return !wasRefused;
  }

  async setKeyLimits(
    storageKey: string,
    requestsPerMinute: number,
    requestsPerDay: number | undefined,
  ): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: storageKey },
        UpdateExpression:
          requestsPerDay === undefined
            ? 'SET rate_per_minute = :m REMOVE daily_quota'
            : 'SET rate_per_minute = :m, daily_quota = :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues:
          requestsPerDay === undefined
            ? { ':m': requestsPerMinute }
            : { ':m': requestsPerMinute, ':d': requestsPerDay },
      }),
    );
  }

  async getOrganization(orgId: string): Promise<OrganizationRecord | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: orgPk(orgId) }, ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return orgFromItem(Item);
  }

  async updateOrganizationSettings(
    orgId: string,
    patch: OrganizationSettingsPatch,
  ): Promise<OrganizationRecord | undefined> {
    const sets: string[] = [];
    const values: Record<string, unknown> = {};
    if (patch.stagingWatermark !== undefined) {
      sets.push('staging_watermark = :sw');
      values[':sw'] = patch.stagingWatermark;
    }
    if (sets.length === 0) return this.getOrganization(orgId);
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: orgPk(orgId) },
          UpdateExpression: `SET ${sets.join(', ')}`,
          // Only an organization that exists (created with its first key): never a stray item.
          ConditionExpression: 'attribute_exists(created_at)',
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return orgFromItem(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async putOrganization(org: OrganizationRecord): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: orgPk(org.orgId) },
        UpdateExpression:
          'SET org_id = :id, created_at = if_not_exists(created_at, :created), rate_per_minute = :m, daily_quota = :d, #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':id': org.orgId,
          ':created': org.createdAt,
          ':m': org.requestsPerMinute ?? null,
          ':d': org.requestsPerDay ?? null,
          ':plan': org.plan ?? null,
        },
      }),
    );
  }

  /** The organization's webhook secrets and their version (for optimistic replacement). */
  async getWebhookSecrets(orgId: string): Promise<{ secrets: WebhookSecret[]; version: number }> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: orgPk(orgId) },
        ProjectionExpression: 'webhook_secrets, webhook_secrets_version',
        ConsistentRead: true,
      }),
    );
    return {
      secrets: (Item?.webhook_secrets as WebhookSecret[] | undefined) ?? [],
      version: (Item?.webhook_secrets_version as number | undefined) ?? 0,
    };
  }

  /** Replaces the secrets if they are still at `version` (so two rotations cannot interleave). */
  async replaceWebhookSecrets(
    orgId: string,
    version: number,
    next: readonly WebhookSecret[],
  ): Promise<boolean> {
    const wasRefused = await refused(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: orgPk(orgId) },
          UpdateExpression: 'SET webhook_secrets = :next, webhook_secrets_version = :v1, org_id = :id',
          ConditionExpression:
            'attribute_not_exists(webhook_secrets_version) OR webhook_secrets_version = :v',
          ExpressionAttributeValues: { ':next': next, ':id': orgId, ':v': version, ':v1': version + 1 },
        }),
      ),
    );
    return !wasRefused;
  }
}
