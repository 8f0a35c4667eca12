// The audit log's DynamoDB adapter, in the events table beside the event log (it has the key shape and a
// TTL already): one item per record,
//   pk = A#<org>#<mode>   sk = A#<audit id>
// Audit ids are time-ordered (aud_ + UUIDv7), so a tenant's records are one Query, newest first, and a time
// range is a range of sort keys. `expires_at` (the table's TTL) is a year on. Items are only ever put, once
// (attribute_not_exists): this adapter has no update and no delete.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AuditFilter,
  type AuditLog,
  type AuditRecord,
  auditIdFloor,
} from '../../core/audit/audit-log.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { EVENTS_TTL_ATTRIBUTE } from './event-log.ts';
import { newestFirstPage } from './newest-first.ts';

/** Every audit item's partition key starts so (the events table's resource policy denies changing them). */
export const AUDIT_PARTITION_PREFIX = 'A#';
const tenantKey = (t: Tenant) => `${AUDIT_PARTITION_PREFIX}${t.orgId}#${t.mode}`;
const auditKey = (auditId: string) => `A#${auditId}`;

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
    const { items, hasMore } = await newestFirstPage(this.db, {
      tableName: this.tableName,
      pk: tenantKey(tenant),
      lower: filter.from ? auditKey(auditIdFloor(Date.parse(filter.from))) : 'A#aud_',
      upper: filter.to ? auditKey(auditIdFloor(Date.parse(filter.to) + 1)) : 'A#aud`',
      equal: {
        action: filter.action,
        actor_id: filter.actor,
        target_id: filter.targetId,
        office_id: filter.officeId,
      },
      limit: filter.limit,
      startAfter: filter.startingAfter ? auditKey(filter.startingAfter) : undefined,
    });
    return { records: items.map((item) => item.record as AuditRecord), hasMore };
  }
}
