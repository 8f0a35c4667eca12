// dynalite makes its store (LevelDB, and the table, item and index stores over it) in its db module's
// `create`, once per server. The local stack changes what each store does by wrapping that function
// (dynalite-table-cache.ts, dynalite-sync-reads.ts), once per thread: dynalite's modules are loaded once
// per thread, while the modules that wrap it may be loaded again (a test runner's isolation), so what has
// been wrapped is kept on the global object.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A store as dynalite's `create` makes it: read only what a patch checks the shape of. */
export type DynaliteStore = Record<string, unknown>;

const PATCHED = Symbol.for('property-media.dynalite-stores');
const holder = globalThis as { [PATCHED]?: Set<string> };
if (!holder[PATCHED]) holder[PATCHED] = new Set();
const patched: Set<string> = holder[PATCHED];

/**
 * Has `patch` see every store dynalite makes afterwards in this thread, once per `name` however often
 * the calling module is loaded; false, and nothing changed, when dynalite's db module has no `create`.
 */
export function patchDynaliteStores(name: string, patch: (store: DynaliteStore) => void): boolean {
  if (patched.has(name)) return true;
  const db = require('dynalite/db') as { create?: (options?: object) => DynaliteStore };
  const create = db.create;
  if (typeof create !== 'function') return false;
  patched.add(name);
  db.create = (options) => {
    const store = create(options);
    patch(store);
    return store;
  };
  return true;
}
