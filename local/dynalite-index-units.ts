// DynamoDB bills a write to a table with secondary indexes for the index entries it writes too; dynalite
// reports only the table's own units. `installIndexWriteUnits` has dynalite answer a write made with
// ReturnConsumedCapacity INDEXES as DynamoDB does ("Provisioned throughput considerations for global
// secondary indexes"): the units of each index entry written, by index, included in CapacityUnits. Per
// index, with the entry being what the index projects (its keys and the table's, plus NonKeyAttributes, or
// the whole item for ALL):
// - an item that enters the index: one write of the new entry;
// - an item that leaves it (deleted, or an index key attribute removed): one write of the old entry;
// - an index key attribute changed: both;
// - the key the same and a projected attribute changed: one write, the larger entry;
// - nothing the index projects changed: no write.
// Each write is one unit per KB of its entry, rounded up (dynalite's size rule, as for the table).
// The cost benchmark's counting pass-through (bench/counting-emulators.ts) asks for INDEXES; other callers
// do not, and pay nothing for it.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;

interface KeySchemaElement {
  readonly AttributeName: string;
}
interface IndexDescription {
  readonly IndexName: string;
  readonly KeySchema: readonly KeySchemaElement[];
  readonly Projection: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
}
/** The part of a table's description (as dynalite keeps it) the units are computed from. */
export interface TableIndexes {
  readonly KeySchema: readonly KeySchemaElement[];
  readonly GlobalSecondaryIndexes?: readonly IndexDescription[];
  readonly LocalSecondaryIndexes?: readonly IndexDescription[];
}

interface DynaliteDb {
  itemSize: (item: Item) => number;
  addConsumedCapacity: (data: ConsumedRequest, isRead: boolean, a?: Item, b?: Item) => Consumed | undefined;
  updateIndexes: (
    store: unknown,
    table: TableIndexes,
    before: Item | undefined,
    after: Item | undefined,
    callback: (error?: unknown) => void,
  ) => void;
}
interface ConsumedRequest {
  readonly TableName: string;
  readonly ReturnConsumedCapacity?: string;
}
interface Consumed {
  CapacityUnits: number;
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits: number }>;
  LocalSecondaryIndexes?: Record<string, { CapacityUnits: number }>;
}

const db = (): DynaliteDb => require('dynalite/db') as DynaliteDb;

/** The index entry of `item` (what the index projects), or undefined when the item is not in the index. */
function entryOf(index: IndexDescription, table: TableIndexes, item: Item | undefined): Item | undefined {
  if (!item) return undefined;
  const indexKeys = index.KeySchema.map((k) => k.AttributeName);
  if (!indexKeys.every((name) => item[name] !== undefined)) return undefined;
  if (index.Projection.ProjectionType === 'ALL') return item;
  const entry: Item = {};
  for (const name of [
    ...indexKeys,
    ...table.KeySchema.map((k) => k.AttributeName),
    ...(index.Projection.NonKeyAttributes ?? []),
  ])
    if (item[name] !== undefined) entry[name] = item[name]!;
  return entry;
}

const unitsOf = (entry: Item) => Math.ceil(db().itemSize(entry) / 1024);

/**
 * Whether two attribute values (or entries) are the same: their JSON with object keys sorted. dynalite's
 * items are plain objects of either prototype (parsed from LevelDB, or built by its own clone).
 */
function same(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
        : v,
    );
  return canonical(a) === canonical(b);
}

/** The write units of one index for a write that turned `before` into `after` (either may be absent). */
export function indexWriteUnits(
  index: IndexDescription,
  table: TableIndexes,
  before: Item | undefined,
  after: Item | undefined,
): number {
  const old = entryOf(index, table, before);
  const next = entryOf(index, table, after);
  if (!old && !next) return 0;
  if (!old) return unitsOf(next!);
  if (!next) return unitsOf(old);
  const keyChanged = index.KeySchema.some((k) => !same(old[k.AttributeName], next[k.AttributeName]));
  if (keyChanged) return unitsOf(old) + unitsOf(next);
  if (same(old, next)) return 0;
  return Math.max(unitsOf(old), unitsOf(next));
}

/** Per index name, the write units of a write on `table` (indexes that wrote nothing are left out). */
function unitsByIndex(
  indexes: readonly IndexDescription[] | undefined,
  table: TableIndexes,
  before: Item | undefined,
  after: Item | undefined,
): Record<string, { CapacityUnits: number }> | undefined {
  const out: Record<string, { CapacityUnits: number }> = {};
  for (const index of indexes ?? []) {
    const units = indexWriteUnits(index, table, before, after);
    if (units > 0) out[index.IndexName] = { CapacityUnits: units };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const INSTALLED = Symbol.for('property-media.dynalite-index-units');
const globalSlot = globalThis as { [INSTALLED]?: true };

/**
 * Has dynalite (in this thread) count index writes in a write's consumed capacity when it is asked for
 * INDEXES; false, and nothing changed, when its modules are not of the expected shape.
 */
export function installIndexWriteUnits(): boolean {
  if (globalSlot[INSTALLED]) return true;
  const dynalite = db();
  const { addConsumedCapacity, updateIndexes } = dynalite;
  if (
    typeof addConsumedCapacity !== 'function' ||
    typeof updateIndexes !== 'function' ||
    typeof dynalite.itemSize !== 'function'
  )
    return false;
  globalSlot[INSTALLED] = true;
  // A write (PutItem, UpdateItem, DeleteItem, each of a batch) makes its consumed capacity, then at once,
  // in the same turn, hands the table's description and the item before and after to updateIndexes: the
  // units of the indexes are added there, to the capacity the write answers with.
  let answering: Consumed | undefined;
  dynalite.addConsumedCapacity = (data, isRead, before, after) => {
    const consumed = addConsumedCapacity(data, isRead, before, after);
    answering = !isRead && data.ReturnConsumedCapacity === 'INDEXES' ? consumed : undefined;
    return consumed;
  };
  dynalite.updateIndexes = (store, table, before, after, callback) => {
    const consumed = answering;
    answering = undefined;
    if (consumed) {
      const global = unitsByIndex(table.GlobalSecondaryIndexes, table, before, after);
      const local = unitsByIndex(table.LocalSecondaryIndexes, table, before, after);
      for (const units of [global, local])
        for (const { CapacityUnits } of Object.values(units ?? {})) consumed.CapacityUnits += CapacityUnits;
      if (global) consumed.GlobalSecondaryIndexes = global;
      if (local) consumed.LocalSecondaryIndexes = local;
    }
    return updateIndexes(store, table, before, after, callback);
  };
  return true;
}
