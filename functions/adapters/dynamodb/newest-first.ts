// One page of a tenant's time-ordered items, newest first: the event log's and the audit log's listing.
// Both keep one item per record under the tenant's partition key with a time-ordered id in the sort key,
// so a time range is a range of sort keys, a cursor is the sort key to start after, and their filters are
// attribute equalities (plus conditions of their own) that DynamoDB applies after it has read a page.
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** At most this many DynamoDB pages are read for one page of filtered items. */
const MAX_QUERY_PAGES = 20;
/** A filtered page reads this many items a call: the filter runs after DynamoDB's limit. */
const FILTERED_READ = 200;

export interface NewestFirstQuery {
  readonly tableName: string;
  readonly pk: string;
  /** The sort keys' range, both ends included. */
  readonly lower: string;
  readonly upper: string;
  /** Attribute = value filters; an undefined value is no filter. */
  readonly equal: Readonly<Record<string, string | undefined>>;
  /** Further filter conditions that take no values (e.g. `attribute_exists(failed_targets)`). */
  readonly conditions?: readonly string[];
  readonly limit: number;
  /** The sort key of the item the page starts after (the caller's cursor). */
  readonly startAfter?: string;
}

/**
 * Up to `limit` items in sort-key order, newest first, and whether more match. Reads `limit + 1` to
 * know; a filtered page reads ahead in larger calls, at most MAX_QUERY_PAGES of them.
 */
export async function newestFirstPage(
  db: DynamoDBDocumentClient,
  q: NewestFirstQuery,
): Promise<{ items: Record<string, unknown>[]; hasMore: boolean }> {
  if (q.lower > q.upper) return { items: [], hasMore: false }; // DynamoDB would refuse the BETWEEN
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': q.pk, ':lo': q.lower, ':hi': q.upper };
  const conditions: string[] = [];
  // Every attribute goes through a name: some (`type`, `action`) are DynamoDB reserved words.
  for (const [i, [attribute, value]] of Object.entries(q.equal).entries()) {
    if (value === undefined) continue;
    names[`#f${i}`] = attribute;
    values[`:f${i}`] = value;
    conditions.push(`#f${i} = :f${i}`);
  }
  conditions.push(...(q.conditions ?? []));
  const query: QueryCommandInput = {
    TableName: q.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: values,
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ScanIndexForward: false,
  };
  const wanted = q.limit + 1;
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = q.startAfter
    ? { pk: q.pk, sk: q.startAfter }
    : undefined;
  for (let pages = 0; pages < MAX_QUERY_PAGES; pages += 1) {
    const page = await db.send(
      new QueryCommand({
        ...query,
        // Unfiltered, exactly what is wanted; filtered, a fuller read.
        Limit: conditions.length > 0 ? FILTERED_READ : wanted - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
    if (!startKey || items.length >= wanted) break;
  }
  return {
    items: items.slice(0, q.limit),
    // More match when more were read, or when the page cap stopped the read with items still unread.
    hasMore: items.length > q.limit || (startKey !== undefined && items.length >= q.limit),
  };
}
