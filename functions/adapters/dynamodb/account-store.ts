// The accounts store's DynamoDB adapter (the table's layout and the admission write: account-table.ts).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  paginateQuery,
  paginateScan,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type {
  AccountStore,
  AdmissionOutcome,
  ApiKeyRecord,
  NewApiKey,
  OrganizationRecord,
  OrganizationSettingsPatch,
  RateLimitOf,
  WebhookSecret,
} from '../../core/auth/account-store.ts';
import {
  admitted,
  bucketState,
  type RatePlan,
  ratePlan,
  refused as refusedDecision,
} from '../../core/limits/rate-limiter.ts';
import {
  ACCOUNT_INDEXES,
  admissionWrite,
  type KeyItem,
  keyFromItem,
  keyPk,
  orgFromItem,
  orgPk,
  RATE_TAT,
} from './account-table.ts';

/** Snapshots a container keeps (one per key it has seen); past this, it starts again from empty. */
const MAX_SNAPSHOTS = 10_000;

interface KeySnapshot {
  readonly record: ApiKeyRecord;
  readonly tat?: number;
}

function snapshotOf(item: Record<string, unknown>): KeySnapshot {
  const tat = item[RATE_TAT];
  return { record: keyFromItem(item), tat: typeof tat === 'number' ? tat : undefined };
}

/** Whether the key's daily quota is used up on `today` (YYYY-MM-DD), as the record says. */
function quotaUsedUp(record: ApiKeyRecord, today: string): boolean {
  return (
    record.day === today &&
    record.requestsPerDay !== undefined &&
    (record.dayCount ?? 0) >= record.requestsPerDay
  );
}

/** A key item's copy of its organization's plan and retention (account-table.ts). */
function copyOf(org: Pick<OrganizationRecord, 'plan' | 'mediaRetentionDays' | 'settingsVersion'>) {
  return {
    org_plan: org.plan ?? null,
    org_retention_days: org.mediaRetentionDays ?? null,
    org_version: org.settingsVersion ?? 0,
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

export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** What this container's last write of each key left: the next request's write is planned from it. */
  private readonly snapshots = new Map<string, KeySnapshot>();
  /**
   * Each key's idle-form write in flight from this container. Requests that find the bucket idle while
   * one is in flight wait for it and take the bucket in use from what it left, rather than racing it with
   * a second idle-form write (which fails) or an in-use write that lands first (which fails too).
   */
  private readonly idleWrites = new Map<string, Promise<unknown>>();

  expectedKey(keyHash: string, now: Date, limitOf: RateLimitOf): ApiKeyRecord | undefined {
    const snapshot = this.snapshots.get(keyHash);
    if (!snapshot) return undefined;
    const { record } = snapshot;
    const quotaUsed = quotaUsedUp(record, now.toISOString().slice(0, 10));
    const full = bucketState(snapshot.tat, ratePlan(limitOf(record), now.getTime())) === 'full';
    return quotaUsed || full ? undefined : record;
  }

  /**
   * Authenticates a key hash, counts the request against the key's daily quota, stamps last_used_at and
   * takes one request from the key's rate bucket (rate-limiter.ts) in one conditional UpdateItem. Which
   * of the four forms of that write applies (same day or a new one; bucket in use or idle) is planned from
   * the snapshot the key's last write in this container left; a wrong plan (another container moved the
   * key, a new day, changed limits) fails its condition, and one consistent read re-plans it. A refusal —
   * revoked, quota used up, bucket full — is only ever decided on such a read, so revocation and limit
   * changes take effect on the next request. Refused requests count against nothing.
   */
  async admit(keyHash: string, now: Date, limitOf: RateLimitOf): Promise<AdmissionOutcome> {
    const today = now.toISOString().slice(0, 10);
    const key = { pk: keyPk(keyHash) };
    let snapshot = this.snapshots.get(keyHash);
    let fresh = false;
    let triedInUse = false;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (!snapshot) {
        const { Item } = await this.db.send(
          new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
        );
        if (Item?.status !== 'active') {
          this.snapshots.delete(keyHash);
          return { kind: 'unknown-or-revoked' };
        }
        snapshot = snapshotOf(Item);
        fresh = true;
      }
      const { record } = snapshot;
      const plan = ratePlan(limitOf(record), now.getTime());
      const sameDay = record.day === today;
      const quotaUsed = quotaUsedUp(record, today);
      const bucket = bucketState(snapshot.tat, plan);
      if (quotaUsed || bucket === 'full') {
        if (!fresh) {
          snapshot = undefined;
          continue;
        }
        return quotaUsed
          ? { kind: 'quota-exceeded', key: record }
          : { kind: 'rate-limited', key: record, rate: refusedDecision(snapshot.tat!, plan) };
      }
      const inFlight = bucket === 'idle' ? this.idleWrites.get(keyHash) : undefined;
      if (inFlight) {
        // Another request of this container is taking the idle bucket into use: plan from what it left.
        await inFlight;
        snapshot = this.snapshots.get(keyHash);
        fresh = false;
        continue;
      }
      const write = this.countAndTake(key, record, plan, sameDay, bucket === 'in-use', today);
      if (bucket === 'in-use') {
        // The write will add an interval: concurrent requests of this container plan from the tat it will
        // leave, so one whose clock reads a little later does not take the bucket for idle meanwhile.
        this.remember(keyHash, { record, tat: snapshot.tat! + plan.interval });
      } else {
        const settled = write.then(
          () => undefined,
          () => undefined,
        );
        this.idleWrites.set(keyHash, settled);
        void settled.then(() => {
          if (this.idleWrites.get(keyHash) === settled) this.idleWrites.delete(keyHash);
        });
      }
      const written = await write;
      if (written) {
        this.remember(keyHash, written);
        return { kind: 'admitted', key: written.record, rate: admitted(written.tat!, plan) };
      }
      fresh = false;
      if (bucket === 'idle' && !triedInUse) {
        // An idle bucket's write fails mostly because another container just took the bucket into use:
        // try that form at once rather than reading first.
        triedInUse = true;
        snapshot = { record, tat: plan.nowMs };
        continue;
      }
      snapshot = undefined;
    }
    throw new Error('API key admission did not settle after 5 attempts');
  }

  /**
   * Keeps what a write left (or, for an in-use write in flight, will leave) as the key's snapshot, unless a later write of
   * this container already left a bucket further on (responses to concurrent writes arrive in any order).
   */
  private remember(keyHash: string, next: KeySnapshot): void {
    const held = this.snapshots.get(keyHash);
    if (held && (held.tat ?? 0) > (next.tat ?? 0) && held.record.day === next.record.day) return;
    if (!held && this.snapshots.size >= MAX_SNAPSHOTS) this.snapshots.clear();
    this.snapshots.set(keyHash, next);
  }

  /** The admission write in the form planned; undefined when its condition did not hold. */
  private async countAndTake(
    key: Record<string, string>,
    record: ApiKeyRecord,
    plan: RatePlan,
    sameDay: boolean,
    bucketInUse: boolean,
    today: string,
  ): Promise<KeySnapshot | undefined> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand(
          admissionWrite(this.tableName, key, record.requestsPerMinute, plan, {
            sameDay,
            bucketInUse,
            today,
          }),
        ),
      );
      return snapshotOf(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async createKey(params: NewApiKey): Promise<ApiKeyRecord> {
    const item: KeyItem = {
      pk: keyPk(params.keyHash),
      key_org: orgPk(params.orgId),
      key_id: params.keyId,
      org_id: params.orgId,
      mode: params.mode,
      name: params.name,
      status: 'active',
      hint: params.hint,
      created_at: params.createdAt,
      rate_per_minute: params.requestsPerMinute,
      daily_quota: params.requestsPerDay,
      ...(params.scopes ? { scopes: [...params.scopes] } : {}),
      ...(params.officeId ? { office_id: params.officeId } : {}),
      ...(params.organization ? copyOf(params.organization) : {}),
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

  /**
   * Keys of an organization, oldest first, with the hash-bearing partition key kept private. They are
   * listed from keys_by_org (keys only) and read whole, consistently; keys made before that index are
   * listed from by_org and moved to keys_by_org on the way (moveToKeyIndex).
   */
  async listKeys(orgId: string): Promise<Array<ApiKeyRecord & { readonly storageKey: string }>> {
    const org = orgPk(orgId);
    const { byOrg, keysByOrg } = ACCOUNT_INDEXES;
    const items = new Map<string, Record<string, unknown>>();
    for (const item of await this.queryIndex(byOrg.name, byOrg.partitionKey, org))
      if (String(item.pk).startsWith('KEY#')) items.set(String(item.pk), item);
    const legacy = [...items.keys()];
    const listed = (await this.queryIndex(keysByOrg.name, keysByOrg.partitionKey, org))
      .map((entry) => String(entry.pk))
      .filter((pk) => !items.has(pk));
    // Read in batches of a few at a time: an organization has a handful of keys, a large one hundreds.
    for (let i = 0; i < listed.length; i += 16) {
      const read = await Promise.all(
        listed.slice(i, i + 16).map(async (pk) => {
          const { Item } = await this.db.send(
            new GetCommand({ TableName: this.tableName, Key: { pk }, ConsistentRead: true }),
          );
          return Item;
        }),
      );
      // A key deleted since the index listed it is gone.
      for (const item of read) if (item) items.set(String(item.pk), item);
    }
    for (const pk of legacy) await this.moveToKeyIndex(pk, org);
    return [...items.values()]
      .map((item) => ({ ...keyFromItem(item), storageKey: String(item.pk) }))
      .sort((a, b) =>
        a.createdAt === b.createdAt
          ? a.storageKey.localeCompare(b.storageKey)
          : a.createdAt.localeCompare(b.createdAt),
      );
  }

  /** Every item an index holds under one partition value (all pages). */
  private async queryIndex(
    indexName: string,
    partitionKey: string,
    value: string,
  ): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for await (const page of paginateQuery(
      { client: this.db },
      {
        TableName: this.tableName,
        IndexName: indexName,
        KeyConditionExpression: '#p = :v',
        ExpressionAttributeNames: { '#p': partitionKey },
        ExpressionAttributeValues: { ':v': value },
      },
    ))
      out.push(...(page.Items ?? []));
    return out;
  }

  /**
   * Every key made before keys_by_org (a scan of the table for key items with org_key), moved to it as
   * listKeys moves an organization's.
   */
  async moveKeysToKeyIndex(): Promise<number> {
    let moved = 0;
    for await (const page of paginateScan(
      { client: this.db },
      {
        TableName: this.tableName,
        FilterExpression: 'begins_with(pk, :key) AND attribute_exists(org_key)',
        ProjectionExpression: 'pk, org_key',
        ExpressionAttributeValues: { ':key': 'KEY#' },
      },
    ))
      for (const item of page.Items ?? [])
        if (await this.moveToKeyIndex(String(item.pk), String(item.org_key))) moved += 1;
    return moved;
  }

  /**
   * Moves a key made before keys_by_org from by_org to it (key_org for org_key), so its per-request writes
   * no longer write by_org; whether it did. Idempotent: a key already moved, or gone, is left as it is.
   */
  async moveToKeyIndex(storageKey: string, org: string): Promise<boolean> {
    return !(await refused(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: storageKey },
          UpdateExpression: 'SET key_org = :org REMOVE org_key',
          ConditionExpression: 'org_key = :org',
          ExpressionAttributeValues: { ':org': org },
        }),
      ),
    ));
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
    if (patch.mediaRetentionDays !== undefined) {
      sets.push(
        'media_retention_days = :rd',
        'settings_version = if_not_exists(settings_version, :zero) + :one',
      );
      values[':rd'] = patch.mediaRetentionDays;
      values[':zero'] = 0;
      values[':one'] = 1;
    }
    if (sets.length === 0) return this.getOrganization(orgId);
    let org: OrganizationRecord;
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
      org = orgFromItem(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
    if (patch.mediaRetentionDays !== undefined) await this.copyToKeys(org);
    return org;
  }

  async putOrganization(org: OrganizationRecord): Promise<void> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: orgPk(org.orgId) },
        UpdateExpression:
          'SET org_id = :id, created_at = if_not_exists(created_at, :created), rate_per_minute = :m, daily_quota = :d, #plan = :plan, settings_version = if_not_exists(settings_version, :zero) + :one',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':id': org.orgId,
          ':created': org.createdAt,
          ':m': org.requestsPerMinute ?? null,
          ':d': org.requestsPerDay ?? null,
          ':plan': org.plan ?? null,
          ':zero': 0,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await this.copyToKeys(orgFromItem(Attributes!));
  }

  /**
   * Copies the organization's plan and retention onto each of its keys (what a submission reads from the
   * admission write), unless a key already has a copy as new or newer: two changes racing leave the last.
   * The keys are listed from the by_org index (eventually consistent): a key made while the plan changes
   * may keep the copy it was made with, as it keeps the rate limits copied with it (KeyAdmin.createKey);
   * setting the plan or retention again copies it. A copy that fails part-way (a crash) is finished the
   * same way: every write here is idempotent.
   */
  private async copyToKeys(org: OrganizationRecord): Promise<void> {
    for (const key of await this.listKeys(org.orgId)) await this.copyToKey(key.storageKey, org);
  }

  async copyOrganizationToKey(keyHash: string, orgId: string): Promise<boolean> {
    const org = await this.getOrganization(orgId);
    return org !== undefined && (await this.copyToKey(keyPk(keyHash), org));
  }

  /** Copies onto one key item, unless it has a copy as new or newer (or is gone); whether it did. */
  private async copyToKey(storageKey: string, org: OrganizationRecord): Promise<boolean> {
    const copy = copyOf(org);
    return !(await refused(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: storageKey },
          UpdateExpression: 'SET org_plan = :plan, org_retention_days = :days, org_version = :v',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(org_version) OR org_version < :v)',
          ExpressionAttributeValues: {
            ':plan': copy.org_plan,
            ':days': copy.org_retention_days,
            ':v': copy.org_version,
          },
        }),
      ),
    ));
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
