// DynamoDB's Time to Live, as the local stack does it: dynalite has no TTL, so without this the event log
// (expires_at, webhooks.eventRetentionDays) and the accounts table's sign-in tokens and sessions (ttl) would
// keep every item for ever locally. Every table of the stateful template with a TimeToLiveSpecification is
// scanned on an interval and each item whose attribute (epoch seconds) has passed is deleted, as DynamoDB
// deletes expired items some time after they expire.
import { DeleteItemCommand, type DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { type CfnTemplate, resourcesOfType } from './synthesized-app.ts';

export interface TtlTable {
  /** The local table's name (its logical id). */
  readonly table: string;
  /** The TTL attribute: a number of epoch seconds. */
  readonly attribute: string;
  /** The key attributes (partition key, and sort key if any). */
  readonly keys: readonly string[];
}

/** The tables of a template that have TTL enabled, with their attribute and keys. */
export function ttlTables(template: CfnTemplate): TtlTable[] {
  return resourcesOfType(template, 'AWS::DynamoDB::Table').flatMap(([logicalId, resource]) => {
    const p = resource.Properties as {
      TimeToLiveSpecification?: { AttributeName?: string; Enabled?: boolean };
      KeySchema: Array<{ AttributeName: string }>;
    };
    const spec = p.TimeToLiveSpecification;
    if (!spec?.Enabled || !spec.AttributeName) return [];
    return [
      { table: logicalId, attribute: spec.AttributeName, keys: p.KeySchema.map((k) => k.AttributeName) },
    ];
  });
}

/** Deletes every item of the tables whose TTL attribute is at or before `nowSeconds`; resolves how many. */
export async function expireItems(
  dynamodb: DynamoDBClient,
  tables: readonly TtlTable[],
  nowSeconds: number,
): Promise<number> {
  let deleted = 0;
  for (const { table, attribute, keys } of tables) {
    const names = Object.fromEntries([attribute, ...keys].map((name, i) => [`#a${i}`, name]));
    const pages = paginateScan(
      { client: dynamodb },
      {
        TableName: table,
        FilterExpression: '#a0 <= :now',
        ProjectionExpression: keys.map((_, i) => `#a${i + 1}`).join(', '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':now': { N: String(nowSeconds) } },
      },
    );
    for await (const page of pages) {
      for (const key of page.Items ?? []) {
        await dynamodb.send(new DeleteItemCommand({ TableName: table, Key: key }));
        deleted += 1;
      }
    }
  }
  return deleted;
}

/** Runs expireItems on an interval, never twice at once. */
export class LocalTimeToLive {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tables: readonly TtlTable[],
    private readonly everySeconds: number,
  ) {}

  start(): void {
    if (this.tables.length === 0) return;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.running = expireItems(this.dynamodb, this.tables, Math.floor(Date.now() / 1000))
        .catch((error) => console.error(JSON.stringify({ component: 'ttl', error: String(error) })))
        .finally(() => {
          busy = false;
        });
    }, this.everySeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
