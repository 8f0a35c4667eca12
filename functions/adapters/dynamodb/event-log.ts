// The event log's DynamoDB adapter (the events table): one item per event,
//   pk = T#<org>#<mode>   sk = E#<event id>
// Event ids are time-ordered (core/ids.ts), so a tenant's events are one Query, newest first, and a
// created-at range is a range of sort keys. Each delivery attempt is appended to the item's `attempts`;
// `failed_targets` and `delivered_targets` (string sets) say which receivers are still failing (a
// receiver's latest attempt failed) and which have the event. `expires_at` is the table's TTL.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { eventIdFloor, uuidv7Time } from '../../core/ids.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type {
  DeliveryAttemptRecord,
  EventListFilter,
  EventLog,
  StoredEvent,
} from '../../core/webhooks/event-log.ts';
import type { WebhookMessage } from '../../core/webhooks/events.ts';
import { newestFirstPage } from './newest-first.ts';

export const EVENTS_TTL_ATTRIBUTE = 'expires_at';

const tenantKey = (t: Tenant) => `T#${t.orgId}#${t.mode}`;
const eventKey = (eventId: string) => `E#${eventId}`;

function fromItem(item: Record<string, unknown>): StoredEvent {
  return {
    message: item.message as WebhookMessage,
    attempts: (item.attempts as DeliveryAttemptRecord[] | undefined) ?? [],
    failedTargets: [...((item.failed_targets as Set<string> | undefined) ?? [])],
    deliveredTargets: [...((item.delivered_targets as Set<string> | undefined) ?? [])],
  };
}

export class DynamoEventLog implements EventLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(tenant: Tenant, message: WebhookMessage, expiresAtSeconds: number): Promise<void> {
    const { attempt: _attempt, not_before: _notBefore, target: _target, replay: _replay, ...event } = message;
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk: tenantKey(tenant),
            sk: eventKey(message.event_id),
            event_id: message.event_id,
            type: message.type,
            created_at: message.created_at,
            job_id: message.job?.job_id,
            ...(message.office_id === undefined ? {} : { office_id: message.office_id }),
            message: event,
            attempts: [],
            [EVENTS_TTL_ATTRIBUTE]: expiresAtSeconds,
          },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async get(tenant: Tenant, eventId: string): Promise<StoredEvent | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(tenant), sk: eventKey(eventId) },
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  async list(tenant: Tenant, filter: EventListFilter): Promise<{ events: StoredEvent[]; hasMore: boolean }> {
    // A range that ends before it starts holds no event. The API refuses such a range before it gets here
    // (webhook-schemas.ts); any other caller gets nothing.
    const { items, hasMore } = await newestFirstPage(this.db, {
      tableName: this.tableName,
      pk: tenantKey(tenant),
      lower: filter.createdFrom ? eventKey(eventIdFloor(Date.parse(filter.createdFrom))) : 'E#',
      // Every id made in the last millisecond of the range sorts below the next millisecond's floor.
      upper: filter.createdTo ? eventKey(eventIdFloor(Date.parse(filter.createdTo) + 1)) : 'E$',
      equal: { type: filter.type, job_id: filter.jobId, office_id: filter.officeId },
      conditions: filter.failedOnly ? ['attribute_exists(failed_targets)'] : [],
      limit: filter.limit,
      startAfter: filter.startingAfter ? eventKey(filter.startingAfter) : undefined,
    });
    return { events: items.map(fromItem), hasMore };
  }

  async recordAttempt(tenant: Tenant, eventId: string, attempt: DeliveryAttemptRecord): Promise<void> {
    const target = new Set([attempt.target]);
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(tenant), sk: eventKey(eventId) },
          UpdateExpression: attempt.delivered
            ? 'SET attempts = list_append(if_not_exists(attempts, :none), :attempt) ADD delivered_targets :t DELETE failed_targets :t'
            : 'SET attempts = list_append(if_not_exists(attempts, :none), :attempt) ADD failed_targets :t',
          // Only on a recorded event: an attempt of an event the log never had (or has let expire) is not kept.
          ConditionExpression: 'attribute_exists(sk)',
          ExpressionAttributeValues: { ':attempt': [attempt], ':none': [], ':t': target },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }

  /** The last resend to each receiver is an attribute of the event: `resent#<receiver>` = ISO time. */
  async claimResend(
    tenant: Tenant,
    eventId: string,
    targets: readonly string[],
    now: Date,
    minGapMs: number,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number }> {
    const names = Object.fromEntries(targets.map((t, i) => [`#r${i}`, `resent#${t}`]));
    const key = { pk: tenantKey(tenant), sk: eventKey(eventId) };
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: `SET ${targets.map((_, i) => `#r${i} = :now`).join(', ')}`,
          ConditionExpression: [
            'attribute_exists(sk)',
            ...targets.map((_, i) => `(attribute_not_exists(#r${i}) OR #r${i} <= :cutoff)`),
          ].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ':now': now.toISOString(),
            ':cutoff': new Date(now.getTime() - minGapMs).toISOString(),
          },
        }),
      );
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
      );
      const last = Math.max(0, ...targets.map((t) => Date.parse(String(Item?.[`resent#${t}`] ?? '')) || 0));
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((last + minGapMs - now.getTime()) / 1000)),
      };
    }
  }

  /**
   * A job's events all come after its creation: the query starts at the job id's time (a UUIDv7) and
   * reads the tenant's later events, keeping the job's by a filter; each is then deleted.
   */
  async eraseJob(tenant: Tenant, jobId: string): Promise<number> {
    let erased = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk >= :from',
          FilterExpression: 'job_id = :job',
          ExpressionAttributeValues: {
            ':pk': tenantKey(tenant),
            ':from': eventKey(eventIdFloor(uuidv7Time(jobId))),
            ':job': jobId,
          },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        await this.db.send(
          new DeleteCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: item.sk } }),
        );
        erased += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return erased;
  }
}
