// Per-key fixed one-minute windows on atomic conditional counters: the increment only happens while the
// count is under the limit, so N concurrent requests against a limit of L let exactly min(N, L) through.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix seconds at which the current window ends. */
  readonly resetAt: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

const WINDOW_SECONDS = 60;

export class RateLimiter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async consume(keyId: string, limit: number, now: Date): Promise<RateDecision> {
    const nowSeconds = now.getTime() / 1000;
    const window = Math.floor(nowSeconds / WINDOW_SECONDS);
    const resetAt = (window + 1) * WINDOW_SECONDS;
    const retryAfterSeconds = Math.max(1, Math.ceil(resetAt - nowSeconds));
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `M#${keyId}#${window}` },
          UpdateExpression: 'ADD #n :one SET expires_at = :expires',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
          ExpressionAttributeNames: { '#n': 'request_count' },
          // Counters expire through the table's TTL a few minutes after their window.
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': resetAt + 300 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const count = Number(result.Attributes?.request_count ?? limit);
      return { allowed: true, limit, remaining: Math.max(0, limit - count), resetAt, retryAfterSeconds };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return { allowed: false, limit, remaining: 0, resetAt, retryAfterSeconds };
    }
  }
}
