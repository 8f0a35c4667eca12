// An organization's own imagery sources' DynamoDB adapter: one item of the accounts table per organization
// and mode,
//   pk = IMGSRC#<org>#<mode>   sources (list, keys included), sources_version
// beside its webhook endpoints and secrets (same table, same encryption at rest). One consistent GetItem
// gives a job every source of its tenant; writes replace the list conditionally on its version, so two
// changes never interleave.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImagerySourceRecord, ImagerySourceStore } from '../../core/imagery-sources/imagery-sources.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';

export const imagerySourcesPk = (tenant: Tenant) => `IMGSRC#${tenant.orgId}#${tenant.mode}`;

export class DynamoImagerySourceStore implements ImagerySourceStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(tenant: Tenant): Promise<{ sources: ImagerySourceRecord[]; version: number }> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: imagerySourcesPk(tenant) },
        ProjectionExpression: 'sources, sources_version',
        ConsistentRead: true,
      }),
    );
    return {
      sources: (Item?.sources as ImagerySourceRecord[] | undefined) ?? [],
      version: (Item?.sources_version as number | undefined) ?? 0,
    };
  }

  async replace(tenant: Tenant, version: number, next: readonly ImagerySourceRecord[]): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: imagerySourcesPk(tenant) },
          UpdateExpression: 'SET sources = :next, sources_version = :v1',
          ConditionExpression: 'attribute_not_exists(sources_version) OR sources_version = :v',
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
