// The idempotency table's records erased by id (IdempotencyRecords): Powertools' kept answers and the
// creation claims beside them share the table and its key, `id`.
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyRecords } from '../../core/jobs/creation-claims.ts';

export class DynamoIdempotencyRecords implements IdempotencyRecords {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async erase(recordIds: readonly string[]): Promise<void> {
    // A delete of an item that is not there succeeds: erasing twice, or after the TTL, is no error.
    await Promise.all(
      recordIds.map((id) => this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { id } }))),
    );
  }
}
