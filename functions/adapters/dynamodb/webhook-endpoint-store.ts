// The webhook endpoints' DynamoDB adapter: one item of the accounts table per organization and mode,
//   pk = WHEP#<org>#<mode>   endpoints (list, secrets included), endpoints_version
// beside the organization's own webhook secrets (same table, same encryption at rest). One consistent
// GetItem gives the delivery function every endpoint of an event's tenant; writes replace the list
// conditionally on its version, so two changes never interleave.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { WebhookEndpoint, WebhookEndpointStore } from '../../core/webhooks/endpoints.ts';

export const endpointsPk = (tenant: Tenant) => `WHEP#${tenant.orgId}#${tenant.mode}`;

export class DynamoWebhookEndpointStore implements WebhookEndpointStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(tenant: Tenant): Promise<{ endpoints: WebhookEndpoint[]; version: number }> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: endpointsPk(tenant) },
        ProjectionExpression: 'endpoints, endpoints_version',
        ConsistentRead: true,
      }),
    );
    return {
      endpoints: (Item?.endpoints as WebhookEndpoint[] | undefined) ?? [],
      version: (Item?.endpoints_version as number | undefined) ?? 0,
    };
  }

  async replace(tenant: Tenant, version: number, next: readonly WebhookEndpoint[]): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: endpointsPk(tenant) },
          UpdateExpression: 'SET endpoints = :next, endpoints_version = :v1',
          ConditionExpression: 'attribute_not_exists(endpoints_version) OR endpoints_version = :v',
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
