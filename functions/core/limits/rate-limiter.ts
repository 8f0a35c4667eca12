// Per-key rate limit as a token bucket in its GCRA form (the generic cell rate algorithm): one number
// per key, the theoretical arrival time `tat` (ms). A limit of L per minute admits a burst of L, then one
// request every 60/L s; there is no window edge, so no double burst at a minute boundary.
//
// Every admission adds one interval to `tat` with a single conditional UpdateItem (DynamoDB arithmetic
// is atomic), so N concurrent requests against a full bucket of L let exactly min(N, L) through — no
// read-modify-write race and no transactions (dynalite, the local DynamoDB, has none).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix seconds at which the bucket is full again (every request of the limit available). */
  readonly resetAt: number;
  /** Whole seconds until the next request is admitted (at least 1). */
  readonly retryAfterSeconds: number;
}

const WINDOW_MS = 60_000;
/** Counters expire through the table's TTL this long after the bucket is full again. */
const EXPIRY_SLACK_SECONDS = 300;

export class RateLimiter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async consume(keyId: string, limit: number, now: Date): Promise<RateDecision> {
    const nowMs = now.getTime();
    // Rounded up: never admits more than the limit in any 60 s.
    const interval = Math.ceil(WINDOW_MS / limit);
    // One more request fits while tat is at most this.
    const latest = nowMs + (limit - 1) * interval;
    const key = { pk: `G#${keyId}` };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // A bucket in use (tat in [now, latest]): the request takes one interval.
      const advanced = await this.update(
        key,
        'SET #t = #t + :i, expires_at = :exp',
        '#t BETWEEN :now AND :latest',
        {
          ':i': interval,
          ':now': nowMs,
          ':latest': latest,
          ':exp': Math.ceil((latest + interval) / 1000) + EXPIRY_SLACK_SECONDS,
        },
      );
      if (advanced !== undefined) return this.admitted(advanced, nowMs, limit, interval);
      // An idle bucket (no tat, or one in the past): full, this request takes the first interval.
      const first = await this.update(
        key,
        'SET #t = :first, expires_at = :exp',
        'attribute_not_exists(#t) OR #t < :now',
        {
          ':first': nowMs + interval,
          ':now': nowMs,
          ':exp': Math.ceil((nowMs + interval) / 1000) + EXPIRY_SLACK_SECONDS,
        },
      );
      if (first !== undefined) return this.admitted(first, nowMs, limit, interval);
      // Neither matched: the bucket is empty (tat > latest), unless a concurrent request moved tat from
      // the past to the present between the two writes; a consistent read tells which.
      const item = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
      );
      const tat = Number(item.Item?.tat ?? 0);
      if (tat > latest) {
        return {
          allowed: false,
          limit,
          remaining: 0,
          resetAt: Math.ceil(tat / 1000),
          retryAfterSeconds: Math.max(1, Math.ceil((tat - latest) / 1000)),
        };
      }
    }
    throw new Error(`Rate limit state of key ${keyId} kept changing under contention`);
  }

  private admitted(tat: number, nowMs: number, limit: number, interval: number): RateDecision {
    const remaining = Math.max(0, Math.min(limit, Math.floor((nowMs + limit * interval - tat) / interval)));
    return {
      allowed: true,
      limit,
      remaining,
      resetAt: Math.ceil(tat / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((tat - nowMs - (limit - 1) * interval) / 1000)),
    };
  }

  /** The new tat, or undefined when the condition did not hold. */
  private async update(
    key: Record<string, string>,
    expression: string,
    condition: string,
    values: Record<string, number>,
  ): Promise<number | undefined> {
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#t': 'tat' },
          ExpressionAttributeValues: values,
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.tat);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
