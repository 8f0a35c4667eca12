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
// By the same rule dynalite writes an index entry only when the write changed it (`writeIndexes`); it used
// to write every entry of the item again on every write.

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
  getIndexActions: (
    indexes: readonly IndexDescription[],
    before: Item | undefined,
    after: Item | undefined,
    table: TableIndexes,
  ) => {
    puts: Array<{ index: string; key: string; item: Item }>;
    deletes: Array<{ index: string; key: string }>;
  };
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

let dynaliteDb: DynaliteDb | undefined;
/** dynalite's db module, required once (every write of the local DynamoDB comes through here). */
const db = (): DynaliteDb => {
  dynaliteDb ??= require('dynalite/db') as DynaliteDb;
  return dynaliteDb;
};

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
 * Whether two attribute values (or entries) are the same: equal strings, numbers and booleans, arrays of
 * the same values in order, objects with the same keys (in any order) and values. dynalite's items are
 * plain objects of either prototype (parsed from LevelDB, or built by its own clone), with no undefined.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!same(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys)
    if (!Object.hasOwn(b, key) || !same((a as Item)[key], (b as Item)[key])) return false;
  return true;
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
const COUNTERS = Symbol.for('property-media.dynalite-index-units.counters');
const globalSlot = globalThis as { [INSTALLED]?: true; [COUNTERS]?: { unchangedEntries: number } };
// On the global object, as the installation: dynalite's modules outlive this one's reloads (tests).
globalSlot[COUNTERS] ??= { unchangedEntries: 0 };
const counters = globalSlot[COUNTERS];

/** How many index entries this thread's dynalite left alone because a write changed nothing in them. */
export const unchangedIndexEntries = (): number => counters.unchangedEntries;

/**
 * Has dynalite (in this thread) count index writes in a write's consumed capacity when it is asked for
 * INDEXES, and write only the index entries a write changed; false, and nothing changed, when its modules
 * are not of the expected shape.
 */
export function installIndexWriteUnits(): boolean {
  if (globalSlot[INSTALLED]) return true;
  const dynalite = db();
  const { addConsumedCapacity } = dynalite;
  if (
    typeof addConsumedCapacity !== 'function' ||
    typeof dynalite.updateIndexes !== 'function' ||
    typeof dynalite.getIndexActions !== 'function' ||
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
    return writeIndexes(store, table, before, after, callback);
  };
  return true;
}

interface IndexStore {
  getIndexDb: (
    type: 'Local' | 'Global',
    tableName: string,
    indexName: string,
  ) => {
    put: (key: string, value: unknown, callback: (error?: unknown) => void) => void;
    del: (key: string, callback: (error?: unknown) => void) => void;
  };
}

/**
 * dynalite's updateIndexes, except that an index entry nothing changed is not written again. dynalite puts
 * every index entry of the item on every write; DynamoDB writes none when the index's key and projection
 * are unchanged (the rule above). The admission write of every API request changes its key's last use and
 * rate bucket, none of which the key index projects: one LevelDB write fewer a request. Entries of ALL
 * indexes are written whenever the write happened (their entry is the item).
 */
function writeIndexes(
  store: unknown,
  table: TableIndexes & { readonly TableName?: string },
  before: Item | undefined,
  after: Item | undefined,
  callback: (error?: unknown) => void,
): void {
  if (!before && !after) {
    callback();
    return;
  }
  const indexStore = store as IndexStore;
  const deletes: Task[] = [];
  const puts: Task[] = [];
  const kinds = [
    ['Local', table.LocalSecondaryIndexes],
    ['Global', table.GlobalSecondaryIndexes],
  ] as const;
  for (const [kind, indexes] of kinds) {
    if (!indexes?.length) continue;
    const actions = db().getIndexActions(indexes, before, after, table);
    for (const action of actions.deletes) {
      const indexDb = indexStore.getIndexDb(kind, table.TableName!, action.index);
      deletes.push((done) => indexDb.del(action.key, done));
    }
    for (const action of actions.puts) {
      const index = indexes.find((i) => i.IndexName === action.index)!;
      // An entry whose key changed differs in that key, so it is never the same as the old one.
      if (index.Projection.ProjectionType !== 'ALL') {
        const old = entryOf(index, table, before);
        if (old && same(old, entryOf(index, table, after))) {
          counters.unchangedEntries += 1;
          continue;
        }
      }
      const indexDb = indexStore.getIndexDb(kind, table.TableName!, action.index);
      puts.push((done) => indexDb.put(action.key, action.item, done));
    }
  }
  // As dynalite, with the same async.parallel: the old entries go first, then the new ones, each set at once.
  const { parallel } = dynaliteAsync();
  parallel(deletes, (error) => (error ? callback(error) : parallel(puts, callback)));
}

type Task = (done: (error?: unknown) => void) => void;
let asyncModule: { parallel: (tasks: Task[], callback: (error?: unknown) => void) => void } | undefined;
/** The `async` package as dynalite loads it (its updateIndexes runs each set of index writes with it). */
const dynaliteAsync = () => {
  asyncModule ??= createRequire(require.resolve('dynalite/db'))('async') as typeof asyncModule;
  return asyncModule!;
};
