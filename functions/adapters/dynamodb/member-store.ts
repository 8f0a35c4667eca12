// An organization's dashboard members' DynamoDB adapter: one item of the accounts table per organization,
//   pk = MEMBERS#<org>   members (list), members_version
// One consistent GetItem gives a dashboard request its member (so a removed member's next request is
// refused); writes replace the list conditionally on its version, so two changes never interleave and
// the last-owner rule holds against concurrent changes.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRecord, MemberStore } from '../../core/members/members.ts';

export const membersPk = (orgId: string) => `MEMBERS#${orgId}`;

export class DynamoMemberStore implements MemberStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(orgId: string): Promise<{ members: MemberRecord[]; version: number }> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: membersPk(orgId) },
        ProjectionExpression: 'members, members_version',
        ConsistentRead: true,
      }),
    );
    return {
      members: (Item?.members as MemberRecord[] | undefined) ?? [],
      version: (Item?.members_version as number | undefined) ?? 0,
    };
  }

  async replace(orgId: string, version: number, next: readonly MemberRecord[]): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: membersPk(orgId) },
          UpdateExpression: 'SET members = :next, members_version = :v1',
          ConditionExpression: 'attribute_not_exists(members_version) OR members_version = :v',
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
