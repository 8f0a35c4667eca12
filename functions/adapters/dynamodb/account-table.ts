// DynamoDB persistence of organizations and their API keys (the "accounts" table).
//   API key:      pk = KEY#<sha256 of the key>   (key_org + created_at feed the keys_by_org index; a key
//                 made before that index carries org_key instead, and is in by_org until it is listed)
//   Organization: pk = ORG#<org id>
// The key item also carries the key's rate limits (copied from its organization, so a request needs
// no second read), its daily counter and its rate bucket (so authenticating, counting the quota and
// rate limiting a request is one write). It carries its organization's plan and media retention too
// (org_plan, org_retention_days, with the organization's settings_version they were copied at in
// org_version): a job submission takes its job limit and its expiry from the admission write's answer
// instead of reading the organization. The store copies them to every key of the organization whenever
// it writes either (DynamoAccountStore.putOrganization / updateOrganizationSettings); a key without
// org_version (made before the copy existed) has none: its submissions read the organization until its
// first request in a container gives it the copy (DynamoAccountStore.copyOrganizationToKey). A key's
// scopes are a list attribute, written once when the key is made; a key without it has every scope.
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyRecord, KeyStatus, OrganizationRecord } from '../../core/auth/account-store.ts';
import { isApiScope } from '../../core/auth/scopes.ts';
import type { Mode } from '../../core/jobs/job-types.ts';
import type { RatePlan } from '../../core/limits/rate-limiter.ts';

export const ACCOUNT_INDEXES = {
  /** A tenant's brand kits (whole items), and the API keys made before keys_by_org. */
  byOrg: { name: 'by_org', partitionKey: 'org_key', sortKey: 'created_at' },
  /**
   * An organization's API keys, keys only. Every API request writes its key's item (last use, the day's
   * count, the rate bucket); an index that projected those attributes would be written with it, a second
   * billed write per request. This one changes only when a key is made or deleted.
   */
  keysByOrg: { name: 'keys_by_org', partitionKey: 'key_org', sortKey: 'created_at' },
} as const;

/** The key's rate bucket (its GCRA theoretical arrival time, ms): see rate-limiter.ts. */
export const RATE_TAT = 'rate_tat';

export interface KeyItem {
  pk: string;
  /** The keys_by_org index's partition: orgPk of the key's organization. */
  key_org?: string;
  /** Instead of key_org on a key made before keys_by_org, until it is listed (it is then moved). */
  org_key?: string;
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
  /** The key's scopes (a list: a string set cannot be empty); absent on keys made before scopes. */
  scopes?: string[];
  /** The one office the key acts for, written once when the key is made; absent: the whole organization. */
  office_id?: string;
  day?: string;
  day_count?: number;
  /** The organization's plan and media retention as copied at its settings_version org_version. */
  org_plan?: string | null;
  org_retention_days?: number | null;
  org_version?: number;
}

export const keyPk = (hash: string) => `KEY#${hash}`;
export const orgPk = (orgId: string) => `ORG#${orgId}`;

export function keyFromItem(item: Record<string, unknown>): ApiKeyRecord {
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
    // An unknown stored scope grants nothing (a newer stage's scope read by an older function).
    ...(Array.isArray(i.scopes) ? { scopes: i.scopes.filter(isApiScope) } : {}),
    ...(typeof i.office_id === 'string' ? { officeId: i.office_id } : {}),
    day: i.day,
    dayCount: i.day_count,
    ...(typeof i.org_version === 'number'
      ? {
          organization: {
            plan: i.org_plan ?? undefined,
            mediaRetentionDays: i.org_retention_days ?? undefined,
          },
        }
      : {}),
  };
}

export function orgFromItem(Item: Record<string, unknown>): OrganizationRecord {
  return {
    orgId: String(Item.org_id),
    createdAt: String(Item.created_at),
    plan: (Item.plan as string | null) ?? undefined,
    requestsPerMinute: (Item.rate_per_minute as number | null) ?? undefined,
    requestsPerDay: (Item.daily_quota as number | null) ?? undefined,
    stagingWatermark: (Item.staging_watermark as boolean | null) ?? undefined,
    mediaRetentionDays: (Item.media_retention_days as number | null) ?? undefined,
    settingsVersion: (Item.settings_version as number | null) ?? undefined,
  };
}

/**
 * The one write that admits a request (see DynamoAccountStore.admit), in one of its four forms: a request
 * on the key's current day or the first of a new one, into a bucket in use or an idle one. Exported so
 * the API benchmark measures the store call the API makes, expression for expression.
 */
export function admissionWrite(
  tableName: string,
  key: Record<string, string>,
  requestsPerMinute: number,
  plan: RatePlan,
  form: { readonly sameDay: boolean; readonly bucketInUse: boolean; readonly today: string },
): UpdateCommandInput {
  const set = ['last_used_at = :at'];
  const conditions = ['#status = :active', 'rate_per_minute = :rpm'];
  const values: Record<string, unknown> = {
    ':at': new Date(plan.nowMs).toISOString(),
    ':active': 'active',
    ':rpm': requestsPerMinute,
    ':one': 1,
    ':today': form.today,
    ':floor': plan.floor,
  };
  if (form.sameDay) {
    conditions.push('#day = :today', '(attribute_not_exists(daily_quota) OR day_count < daily_quota)');
  } else {
    set.push('#day = :today', 'day_count = :one');
    conditions.push('(attribute_not_exists(#day) OR #day <> :today)');
  }
  if (form.bucketInUse) {
    set.push('#t = #t + :interval');
    conditions.push('#t BETWEEN :floor AND :latest');
    values[':interval'] = plan.interval;
    values[':latest'] = plan.latest;
  } else {
    set.push('#t = :first');
    conditions.push('(attribute_not_exists(#t) OR #t < :floor)');
    values[':first'] = plan.nowMs + plan.interval;
  }
  return {
    TableName: tableName,
    Key: key,
    UpdateExpression: `SET ${set.join(', ')}${form.sameDay ? ' ADD day_count :one' : ''}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: { '#status': 'status', '#day': 'day', '#t': RATE_TAT },
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  };
}
