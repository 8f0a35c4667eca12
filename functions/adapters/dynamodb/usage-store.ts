// The usage store's DynamoDB adapter. Usage records: one item per completed job, written once. The key is derived from the job alone (its
// tenant, its completion date and its id), so a retried completion step writes the same key and the
// conditional put refuses the second copy: a job is counted exactly once.
//   pk = T#<org>#<mode>   sk = D#<YYYY-MM-DD completion date, UTC>#J#<job id>
// A date range of one tenant is one Query (sk BETWEEN); the use case sums the items per day and type.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { JobType, Tenant } from '../../core/jobs/job-types.ts';
import type { BillingUnit, RenditionCounts } from '../../core/usage/billing.ts';
import {
  type UsageItem,
  type UsageRecord,
  type UsageStore,
  usageDate,
} from '../../core/usage/usage-store.ts';

const tenantKey = (t: Tenant) => `T#${t.orgId}#${t.mode}`;
const dayKey = (date: string, jobId: string) => `D#${date}#J#${jobId}`;

export class DynamoUsageStore implements UsageStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(usage: UsageRecord): Promise<boolean> {
    const date = usageDate(usage.completedAt);
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: tenantKey(usage.tenant),
            sk: dayKey(date, usage.jobId),
            job_id: usage.jobId,
            job_type: usage.jobType,
            unit: usage.unit,
            units: usage.units,
            ...(usage.renditions ? { renditions: usage.renditions } : {}),
            ...(usage.officeId ? { office_id: usage.officeId } : {}),
            completed_at: usage.completedAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async list(tenant: Tenant, from: string, to: string): Promise<UsageItem[]> {
    const items: UsageItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          // '~' sorts after every job id character: the whole of the `to` day is inside the range.
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': tenantKey(tenant), ':from': `D#${from}#`, ':to': `D#${to}#~` },
          ProjectionExpression: 'sk, job_id, job_type, #unit, units, renditions, office_id',
          ExpressionAttributeNames: { '#unit': 'unit' },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        items.push({
          date: String(item.sk).slice(2, 12),
          jobId: item.job_id as string,
          jobType: item.job_type as JobType,
          unit: item.unit as BillingUnit,
          units: item.units as number,
          ...(item.renditions ? { renditions: item.renditions as RenditionCounts } : {}),
          ...(typeof item.office_id === 'string' ? { officeId: item.office_id } : {}),
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }
}
