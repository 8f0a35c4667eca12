// An organization's offices' DynamoDB adapter: one item of the accounts table per organization and mode,
//   pk = OFFICES#<org>#<mode>   offices (list), offices_version
// beside its webhook endpoints and imagery sources. One consistent GetItem gives a submit its office (and
// the office's retention); writes replace the list conditionally on its version, so two changes never
// interleave.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { OfficeRecord, OfficeStore } from '../../core/offices/offices.ts';

export const officesPk = (tenant: Tenant) => `OFFICES#${tenant.orgId}#${tenant.mode}`;

export class DynamoOfficeStore implements OfficeStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(tenant: Tenant): Promise<{ offices: OfficeRecord[]; version: number }> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: officesPk(tenant) },
        ProjectionExpression: 'offices, offices_version',
        ConsistentRead: true,
      }),
    );
    return {
      offices: (Item?.offices as OfficeRecord[] | undefined) ?? [],
      version: (Item?.offices_version as number | undefined) ?? 0,
    };
  }

  async replace(tenant: Tenant, version: number, next: readonly OfficeRecord[]): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: officesPk(tenant) },
          UpdateExpression: 'SET offices = :next, offices_version = :v1',
          ConditionExpression: 'attribute_not_exists(offices_version) OR offices_version = :v',
          ExpressionAttributeValues: { ':next': next, ':v': version, ':v1': version + 1 },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
