// Brand kits' DynamoDB adapter: one item of the accounts table per kit,
//   pk = BRANDKIT#<org>#<mode>#<kit id>   kit (the record), version
//   org_key = BRANDKIT#<org>#<mode>, created_at   (the by_org index: a tenant's kits, newest first)
// beside the organization's other settings (webhook endpoints, imagery sources). The tenant is part of
// every key, so a kit is only ever found through its own organization and mode. Changes are conditional
// on the version read, so two never interleave.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { BrandKitRecord, BrandKitStore } from '../../core/brand-kits/brand-kits.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { ACCOUNT_INDEXES } from './account-table.ts';

const tenantKey = (tenant: Tenant) => `BRANDKIT#${tenant.orgId}#${tenant.mode}`;
export const brandKitPk = (tenant: Tenant, id: string) => `${tenantKey(tenant)}#${id}`;

const itemOf = (tenant: Tenant, kit: BrandKitRecord) => ({
  pk: brandKitPk(tenant, kit.id),
  org_key: tenantKey(tenant),
  created_at: kit.created_at,
  version: kit.version,
  kit,
});

async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export class DynamoBrandKitStore implements BrandKitStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(tenant: Tenant, id: string): Promise<BrandKitRecord | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: brandKitPk(tenant, id) },
        ConsistentRead: true,
      }),
    );
    return Item?.kit as BrandKitRecord | undefined;
  }

  async list(
    tenant: Tenant,
    page: { readonly limit: number; readonly startingAfter?: string },
  ): Promise<{ kits: BrandKitRecord[]; hasMore: boolean }> {
    const after = page.startingAfter ? await this.get(tenant, page.startingAfter) : undefined;
    const kits: BrandKitRecord[] = [];
    let startKey: Record<string, unknown> | undefined = after
      ? { pk: brandKitPk(tenant, after.id), org_key: tenantKey(tenant), created_at: after.created_at }
      : undefined;
    // One more than the page, to know whether there is another.
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: ACCOUNT_INDEXES.byOrg.name,
          KeyConditionExpression: 'org_key = :o',
          ExpressionAttributeValues: { ':o': tenantKey(tenant) },
          ScanIndexForward: false,
          Limit: page.limit + 1 - kits.length,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of result.Items ?? []) kits.push(item.kit as BrandKitRecord);
      startKey = result.LastEvaluatedKey;
    } while (startKey && kits.length <= page.limit);
    return { kits: kits.slice(0, page.limit), hasMore: kits.length > page.limit };
  }

  async create(tenant: Tenant, kit: BrandKitRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: itemOf(tenant, kit),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  replace(tenant: Tenant, kit: BrandKitRecord, previousVersion: number): Promise<boolean> {
    return conditional(
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: itemOf(tenant, kit),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': previousVersion },
        }),
      ),
    );
  }

  delete(tenant: Tenant, id: string): Promise<boolean> {
    return conditional(
      this.db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { pk: brandKitPk(tenant, id) },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
  }
}
