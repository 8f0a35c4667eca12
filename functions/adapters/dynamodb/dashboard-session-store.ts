// The dashboard session store's DynamoDB adapter: items of the accounts table, keyed by token digest.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DashboardSessionStore, StoredToken } from '../../core/auth/dashboard-sessions.ts';

const pkOf = (kind: 'sign-in' | 'session', hash: string) =>
  `${kind === 'sign-in' ? 'SIGNIN' : 'SESSION'}#${hash}`;

const storedToken = (item: Record<string, unknown>): StoredToken => ({
  orgId: String(item.org_id),
  ...(typeof item.member_id === 'string' ? { memberId: item.member_id } : {}),
  expiresAt: String(item.expires_at),
});

/** Sessions and sign-in tokens as items of the accounts table; `ttl` lets DynamoDB clear expired ones. */
export class DynamoDashboardSessionStore implements DashboardSessionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(kind: 'sign-in' | 'session', tokenHash: string, token: StoredToken): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: pkOf(kind, tokenHash),
          org_id: token.orgId,
          ...(token.memberId ? { member_id: token.memberId } : {}),
          expires_at: token.expiresAt,
          ttl: Math.ceil(Date.parse(token.expiresAt) / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(kind: 'session', tokenHash: string): Promise<StoredToken | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: pkOf(kind, tokenHash) }, ConsistentRead: true }),
    );
    return Item ? storedToken(Item) : undefined;
  }

  async take(kind: 'sign-in' | 'session', tokenHash: string): Promise<StoredToken | undefined> {
    try {
      const { Attributes } = await this.db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { pk: pkOf(kind, tokenHash) },
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? storedToken(Attributes) : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
