// The audit log's DynamoDB adapter, in the events table beside the event log (it has the key shape and a
// TTL already): one item per record,
//   pk = A#<org>#<mode>   sk = A#<audit id>
// Audit ids are time-ordered (aud_ + UUIDv7), so a tenant's records are one Query, newest first, and a time
// range is a range of sort keys. `expires_at` (the table's TTL) is a year on. Items are only ever put, once
// (attribute_not_exists): this adapter has no update and no delete.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  type AuditFilter,
  type AuditLog,
  type AuditRecord,
  auditIdFloor,
} from '../../core/audit/audit-log.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { EVENTS_TTL_ATTRIBUTE } from './event-log.ts';

/** Every audit item's partition key starts so (the events table's resource policy denies changing them). */
export const AUDIT_PARTITION_PREFIX = 'A#';
const tenantKey = (t: Tenant) => `${AUDIT_PARTITION_PREFIX}${t.orgId}#${t.mode}`;
const auditKey = (auditId: string) => `A#${auditId}`;
/** Queries read at most this many DynamoDB pages for one page of filtered records. */
const MAX_QUERY_PAGES = 20;

export class DynamoAuditLog implements AuditLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async append(record: AuditRecord, expiresAtSeconds: number): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: tenantKey(record),
            sk: auditKey(record.auditId),
            record,
            action: record.action,
            actor_id: record.actor.id,
            target_id: record.target.id,
            ...(record.officeId ? { office_id: record.officeId } : {}),
            [EVENTS_TTL_ATTRIBUTE]: expiresAtSeconds,
          },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    } catch (error) {
      // The same record again (a retried put whose first write landed): it is there, unchanged.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async list(tenant: Tenant, filter: AuditFilter): Promise<{ records: AuditRecord[]; hasMore: boolean }> {
    const lower = filter.from ? auditKey(auditIdFloor(Date.parse(filter.from))) : 'A#aud_';
    const upper = filter.to ? auditKey(auditIdFloor(Date.parse(filter.to) + 1)) : 'A#aud`';
    if (lower > upper) return { records: [], hasMore: false };
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':pk': tenantKey(tenant), ':lo': lower, ':hi': upper };
    const conditions: string[] = [];
    if (filter.action) {
      names['#action'] = 'action';
      values[':action'] = filter.action;
      conditions.push('#action = :action');
    }
    if (filter.actor) {
      values[':actor'] = filter.actor;
      conditions.push('actor_id = :actor');
    }
    if (filter.targetId) {
      values[':target'] = filter.targetId;
      conditions.push('target_id = :target');
    }
    if (filter.officeId) {
      values[':office'] = filter.officeId;
      conditions.push('office_id = :office');
    }
    const query: QueryCommandInput = {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: values,
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
      ScanIndexForward: false,
    };
    const wanted = filter.limit + 1;
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined = filter.startingAfter
      ? { pk: tenantKey(tenant), sk: auditKey(filter.startingAfter) }
      : undefined;
    for (let pages = 0; pages < MAX_QUERY_PAGES; pages += 1) {
      const page = await this.db.send(
        new QueryCommand({
          ...query,
          Limit: conditions.length > 0 ? 200 : wanted - items.length,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
      if (!startKey || items.length >= wanted) break;
    }
    return {
      records: items.slice(0, filter.limit).map((item) => item.record as AuditRecord),
      hasMore: items.length > filter.limit || (startKey !== undefined && items.length >= filter.limit),
    };
  }
}
