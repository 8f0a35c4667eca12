// dynalite reads every item (a GetItem's, and an UpdateItem's or a conditional PutItem's item before the
// write) with LevelDB's asynchronous `get`: a job for libuv's thread pool, one thread's wake-up to read a
// few kilobytes LevelDB holds in memory, and another to hand the value back. That hop cost about 20 µs of
// CPU a read, ten times the read itself, and on a busy machine it let the pool's thread take the core from
// the emulator's thread. `installSyncItemReads` has the stores dynalite makes afterwards read with
// abstract-level's `getSync` (classic-level and memory-level both have it): the same value LevelDB's `get`
// would give, read on the emulator's thread, handed to dynalite's callback in a later turn as before.
// Whatever `getSync` cannot do (a store still opening or closed, an encoding it cannot decode) goes to
// dynalite's own `get`, which answers it as it did. Writes, deletes and batches stay asynchronous: they
// keep LevelDB's ordering and durability as they were.
import { patchDynaliteStores } from './dynalite-stores.ts';

type Callback = (error: Error | null, value?: unknown) => void;

/** The part of dynalite's LevelDB (`store.db`, with dynalite's callback wrappers) this reads through. */
export interface DynaliteLevel {
  status?: string;
  get(key: string, callback?: Callback): unknown;
  getSync?(key: string): unknown;
}

/**
 * Reads by `getSync`, and reads sent on to the store's own `get`, in this thread (tests). Kept on the
 * global object: the wrapper counting may come from another load of this module (dynalite-stores.ts).
 */
const COUNTS = Symbol.for('property-media.dynalite-sync-reads.counts');
const holder = globalThis as { [COUNTS]?: { sync: number; fallback: number } };
if (!holder[COUNTS]) holder[COUNTS] = { sync: 0, fallback: 0 };
const counts = holder[COUNTS];
export const syncReadCounts = (): Readonly<typeof counts> => ({ ...counts });

/** Wraps `level.get` in place (see the file's head); a second call changes nothing. */
export function readItemsSynchronously(level: DynaliteLevel): void {
  const getSync = level.getSync;
  if (typeof getSync !== 'function' || (level.get as { syncReads?: true }).syncReads) return;
  const get = level.get.bind(level);
  const wrapped = (key: string, callback?: Callback): unknown => {
    // Only callback reads: a caller that wants the promise gets LevelDB's own.
    if (typeof callback !== 'function' || level.status !== 'open') return fallback(key, callback);
    let value: unknown;
    try {
      value = getSync.call(level, key);
    } catch {
      return fallback(key, callback);
    }
    counts.sync += 1;
    setImmediate(callback, null, value);
    return undefined;
  };
  const fallback = (key: string, callback?: Callback): unknown => {
    counts.fallback += 1;
    return get(key, callback);
  };
  level.get = Object.assign(wrapped, { syncReads: true as const });
}

/**
 * Has every dynalite store made afterwards in this thread read items synchronously; false, and nothing
 * changed, when dynalite's db module cannot be wrapped.
 */
export function installSyncItemReads(): boolean {
  return patchDynaliteStores('sync-item-reads', (store) => {
    const level = store.db as Partial<DynaliteLevel> | undefined;
    if (typeof level?.get === 'function') readItemsSynchronously(level as DynaliteLevel);
  });
}
