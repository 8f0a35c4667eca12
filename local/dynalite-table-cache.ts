// dynalite reads a table's description from LevelDB on every request it serves (db/index.js getTable): a
// GetItem, a PutItem or an admission write first waits for a LevelDB read on libuv's thread pool, then
// parses the description's JSON, before it touches the item. Only CreateTable, UpdateTable and DeleteTable
// (and dynalite's clean-up of a description it cannot decode) write descriptions, all through the same
// table store. `installTableDescriptionCache` keeps each description's JSON text in memory, written through
// on every put and dropped on every delete or batch, so a request reads it without the pool.
// Which object a read gets:
// - Item requests (GetItem, PutItem, UpdateItem, DeleteItem, Query, Scan and their batches) only read the
//   description. They share one object per text, frozen, so none can change what another sees; parsing
//   the text again for each of them cost the emulator about 20 µs a request.
// - Every other read (DescribeTable, UpdateTable, DeleteTable, tags, TTL) gets an object of its own, parsed
//   from the text as LevelDB's JSON encoding did: UpdateTable and DeleteTable change the description they
//   read before they write it.
// dynalite's item actions call `store.getTable(name, callback)`; the others pass `false` as a second
// argument (no status check). That is how the two are told apart.
import { patchDynaliteStores } from './dynalite-stores.ts';

type Callback<T> = (error: Error | null | undefined, value?: T) => void;

/** The part of dynalite's table store (`store.tableDb`) the cache wraps. */
export interface DynaliteTableDb {
  get(key: string, callback: Callback<unknown>): void;
  put(key: string, value: unknown, callback?: Callback<void>): void;
  del(key: string, callback?: Callback<void>): void;
  batch(operations: readonly { key: string }[], callback?: Callback<void>): void;
}

export interface CachedTableDb extends DynaliteTableDb {
  /** How many reads the cache sent on to LevelDB (tests). */
  readonly misses: () => number;
  /** How many reads it answered with a shared object (tests). */
  readonly sharedReads: () => number;
  /**
   * Runs `read`; a description it reads synchronously from the cache is the shared, frozen object of its
   * text instead of one of its own.
   */
  readonly sharing: <T>(read: () => T) => T;
}

/** `value` and everything in it, frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Wraps a table store in place with the description cache (see the file's head). The cache holds a key's
 * text only while no write to it is out: a read that misses goes to LevelDB, and fills the cache only if
 * no write to that key (or batch) began or was out while it was; a put fills it when it ends, if no other
 * write to the key or batch was out while it was. Writes that overlap leave the key to LevelDB's next read.
 */
export function cacheTableDescriptions(tableDb: DynaliteTableDb): CachedTableDb {
  if ((tableDb as Partial<CachedTableDb>).misses) return tableDb as CachedTableDb; // wrapped already
  const get = tableDb.get.bind(tableDb);
  const put = tableDb.put.bind(tableDb);
  const del = tableDb.del.bind(tableDb);
  const batch = tableDb.batch.bind(tableDb);
  /** Each description's JSON text, as LevelDB holds it. */
  const texts = new Map<string, string>();
  /** Each key's writes so far, and those still out. */
  const writes = new Map<string, { begun: number; out: number }>();
  /** Batches so far, and those still out (a batch may write any key). */
  const batches = { begun: 0, out: 0 };
  let misses = 0;
  /** Each key's shared object and the text it was parsed from. */
  const shared = new Map<string, { text: string; value: unknown }>();
  let sharingRead = false;
  let sharedReads = 0;
  const sharedOf = (key: string, text: string) => {
    sharedReads += 1;
    const entry = shared.get(key);
    if (entry?.text === text) return entry.value;
    const value = deepFreeze(JSON.parse(text) as unknown);
    shared.set(key, { text, value });
    return value;
  };

  const writesOf = (key: string) => {
    const entry = writes.get(key) ?? { begun: 0, out: 0 };
    writes.set(key, entry);
    return entry;
  };
  /** A write to `key` begins: its cached text goes. Returns the write's number and its end. */
  const begin = (key: string) => {
    texts.delete(key);
    const entry = writesOf(key);
    const alone = entry.out === 0;
    entry.begun += 1;
    entry.out += 1;
    const number = entry.begun;
    const batchesBegun = batches.begun;
    return {
      /** Whether the write ended with no other write to the key or batch out while it was. */
      last: () => {
        entry.out -= 1;
        // Alone when it began and none begun since: none is out now.
        return alone && entry.begun === number && batches.out === 0 && batches.begun === batchesBegun;
      },
    };
  };

  const wrapped = tableDb as CachedTableDb;
  wrapped.get = (key, callback) => {
    const text = texts.get(key);
    if (text !== undefined) {
      const value = sharingRead ? sharedOf(key, text) : undefined;
      // Asynchronous, as every LevelDB answer is (dynalite's callers expect it).
      setImmediate(() => callback(null, value ?? JSON.parse(text)));
      return;
    }
    misses += 1;
    const entry = writesOf(key);
    const quiet = entry.out === 0 && batches.out === 0;
    const begun = entry.begun;
    const batchesBegun = batches.begun;
    get(key, (error, value) => {
      if (
        !error &&
        value !== undefined &&
        // Quiet when it began and none begun since: none is out now.
        quiet &&
        entry.begun === begun &&
        batches.begun === batchesBegun
      )
        texts.set(key, JSON.stringify(value));
      callback(error, value);
    });
  };
  wrapped.put = (key, value, callback) => {
    const write = begin(key);
    // The text LevelDB stores (its JSON encoding), taken now: the caller may change `value` afterwards.
    const text = JSON.stringify(value);
    put(key, value, (error) => {
      if (write.last() && !error) texts.set(key, text);
      callback?.(error);
    });
  };
  wrapped.del = (key, callback) => {
    const write = begin(key);
    del(key, (error) => {
      write.last();
      callback?.(error);
    });
  };
  wrapped.batch = (operations, callback) => {
    texts.clear();
    batches.begun += 1;
    batches.out += 1;
    batch(operations, (error) => {
      batches.out -= 1;
      callback?.(error);
    });
  };
  Object.defineProperty(wrapped, 'misses', { value: () => misses });
  Object.defineProperty(wrapped, 'sharedReads', { value: () => sharedReads });
  Object.defineProperty(wrapped, 'sharing', {
    value: <T>(read: () => T): T => {
      sharingRead = true;
      try {
        return read();
      } finally {
        sharingRead = false;
      }
    },
  });
  return wrapped;
}

/**
 * The table store of the last dynalite store made with the cache, kept on the global object: the cache is
 * put in place once per thread (dynalite-stores.ts), while this module may be loaded again (tests).
 */
const LAST_CACHED = Symbol.for('property-media.dynalite-table-cache.last');
const globalSlot = globalThis as { [LAST_CACHED]?: CachedTableDb };

/** The table store of the last dynalite store made in this thread with the cache in place (tests). */
export const lastCachedTableDb = (): CachedTableDb | undefined => globalSlot[LAST_CACHED];

type GetTable = (name: string, checkStatus: unknown, callback?: unknown) => unknown;

/**
 * Has every dynalite store made afterwards in this thread cache its table descriptions; false, and
 * nothing changed, when dynalite's db module cannot be wrapped. A store whose table store is not of the
 * expected shape is left as it is.
 */
export function installTableDescriptionCache(): boolean {
  return patchDynaliteStores('table-description-cache', (store) => {
    const tableDb = store.tableDb as Partial<DynaliteTableDb> | undefined;
    if (
      typeof tableDb?.get !== 'function' ||
      typeof tableDb.put !== 'function' ||
      typeof tableDb.del !== 'function' ||
      typeof tableDb.batch !== 'function'
    )
      return;
    const cached = cacheTableDescriptions(tableDb as DynaliteTableDb);
    globalSlot[LAST_CACHED] = cached;
    const getTable = store.getTable as GetTable | undefined;
    // An item action's read (name and callback only) shares the description; see the file's head.
    if (typeof getTable === 'function')
      store.getTable = ((name, checkStatus, callback) =>
        typeof checkStatus === 'function'
          ? cached.sharing(() => getTable(name, checkStatus))
          : getTable(name, checkStatus, callback)) satisfies GetTable;
  });
}
