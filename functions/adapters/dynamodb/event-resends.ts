// The range resends' DynamoDB adapter, in the events table beside the tenant's events:
//   pk = T#<org>#<mode>   sk = RS#<resend id>   one resend: its request, plan, cursor and status (TTL'd)
//   pk = T#<org>#<mode>   sk = RESENDS          the tenant's running resends, one versioned list
// The list is read, pruned of resends gone stale, and written back on its version (a conditional put), so
// two requests racing for the last place cannot both take it. Neither key is in an event's range of sort
// keys (E#…), so listing events never meets them.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/jobs/job-types.ts';
import {
  type EventResend,
  type EventResendStore,
  RESEND_RETENTION_DAYS,
  type ResendStart,
} from '../../core/webhooks/event-resends.ts';
import { EVENTS_TTL_ATTRIBUTE } from './event-log.ts';

const tenantKey = (t: Tenant) => `T#${t.orgId}#${t.mode}`;
const resendKey = (id: string) => `RS#${id}`;
const RUNNING = 'RESENDS';

interface RunningEntry {
  readonly id: string;
  readonly fingerprint: string;
  readonly since: string;
}

export class DynamoEventResends implements EventResendStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async start(
    resend: EventResend,
    limit: number,
    now: Date,
    staleAfterSeconds: number,
  ): Promise<ResendStart> {
    const pk = tenantKey(resend.tenant);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { pk, sk: RUNNING }, ConsistentRead: true }),
      );
      const version = Number(Item?.version ?? 0);
      const cutoff = now.getTime() - staleAfterSeconds * 1000;
      const running = ((Item?.running as RunningEntry[] | undefined) ?? []).filter(
        (entry) => Date.parse(entry.since) > cutoff,
      );
      const same = running.find((entry) => entry.fingerprint === resend.fingerprint);
      if (same) {
        const found = await this.get(resend.tenant, same.id);
        if (found && found.status !== 'completed') return { kind: 'running', resend: found };
      }
      if (running.length >= limit) return { kind: 'full' };
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              pk,
              sk: RUNNING,
              version: version + 1,
              running: [
                ...running,
                { id: resend.id, fingerprint: resend.fingerprint, since: resend.created_at },
              ],
            },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':v': version } }),
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) continue;
        throw error;
      }
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            pk,
            sk: resendKey(resend.id),
            resend,
            [EVENTS_TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + RESEND_RETENTION_DAYS * 86_400,
          },
        }),
      );
      return { kind: 'started' };
    }
    throw new Error('The running resends kept changing underneath; retry.');
  }

  async get(tenant: Tenant, id: string): Promise<EventResend | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(tenant), sk: resendKey(id) },
        ConsistentRead: true,
      }),
    );
    return Item ? (Item.resend as EventResend) : undefined;
  }

  async advance(
    tenant: Tenant,
    id: string,
    move: {
      readonly from: number;
      readonly to: number;
      readonly queued: number;
      readonly completedAt?: string;
    },
  ): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(tenant), sk: resendKey(id) },
          UpdateExpression: `SET resend.#cursor = :to, resend.queued = resend.queued + :queued, resend.#status = :status${
            move.completedAt ? ', resend.completed_at = :done' : ''
          }`,
          ConditionExpression: 'resend.#cursor = :from',
          ExpressionAttributeNames: { '#cursor': 'cursor', '#status': 'status' },
          ExpressionAttributeValues: {
            ':from': move.from,
            ':to': move.to,
            ':queued': move.queued,
            ':status': move.completedAt ? 'completed' : 'sending',
            ...(move.completedAt ? { ':done': move.completedAt } : {}),
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
    if (move.completedAt) await this.release(tenant, id);
    return true;
  }

  /** Gives the tenant's place back (a completed resend). */
  private async release(tenant: Tenant, id: string): Promise<void> {
    const pk = tenantKey(tenant);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { pk, sk: RUNNING }, ConsistentRead: true }),
      );
      if (!Item) return;
      const running = (Item.running as RunningEntry[]).filter((entry) => entry.id !== id);
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { pk, sk: RUNNING, version: Number(Item.version) + 1, running },
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': Number(Item.version) },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    // The place is given back when it goes stale (RESEND_STALE_SECONDS) at the latest.
  }
}
