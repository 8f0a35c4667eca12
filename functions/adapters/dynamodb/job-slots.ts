// The job slots' DynamoDB adapter: one item per tenant in the jobs table, keyed pk = SLOTS and
// sk = T#<org>#<mode>, with the ids of the jobs holding its slots in a string set (`holders`). Taking a slot
// is one conditional update: add the job's id unless the set already has `limit` ids (or has this one);
// giving it back removes the id. Every container and the sweeper write the same item, so the limit holds
// across them (the README's "Fair share", docs/readme/hardening.md).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { JobSlots, SlotHolding } from '../../core/limits/job-slots.ts';
import { tenantKey } from './job-table.ts';

/** The partition of every tenant's slot item (few items: one per tenant that has had a job). */
const SLOTS_PK = 'SLOTS';

export class DynamoJobSlots implements JobSlots {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async acquire(tenant: Tenant, jobId: string, limit: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: SLOTS_PK, sk: tenantKey(tenant) },
          UpdateExpression: 'ADD holders :ids SET org_id = :org, #mode = :mode',
          ConditionExpression:
            'attribute_not_exists(holders) OR contains(holders, :id) OR size(holders) < :limit',
          ExpressionAttributeNames: { '#mode': 'mode' },
          ExpressionAttributeValues: {
            ':ids': new Set([jobId]),
            ':id': jobId,
            ':limit': limit,
            ':org': tenant.orgId,
            ':mode': tenant.mode,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async release(tenant: Tenant, jobId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: SLOTS_PK, sk: tenantKey(tenant) },
          UpdateExpression: 'DELETE holders :ids',
          // A tenant that never held a slot has no item: nothing to give back, and none is created.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':ids': new Set([jobId]) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async list(): Promise<SlotHolding[]> {
    const holdings: SlotHolding[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': SLOTS_PK },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const holders = item.holders as Set<string> | undefined;
        holdings.push({
          tenant: { orgId: String(item.org_id), mode: item.mode === 'live' ? 'live' : 'test' },
          holders: holders ? [...holders] : [],
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return holdings;
  }
}
