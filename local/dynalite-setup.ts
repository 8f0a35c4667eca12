// Everything the local stack changes in dynalite, in the order it is put in place, before the thread makes
// its server: the emulator's worker (emulator-worker.ts) and the tests' dynalite (test/support/dynalite.ts)
// run the same emulator.
import { installIndexWriteUnits } from './dynalite-index-units.ts';
import { installParseTemplates } from './dynalite-parsers.ts';
import { installSyncItemReads } from './dynalite-sync-reads.ts';
import { installTableDescriptionCache } from './dynalite-table-cache.ts';

/**
 * Puts the local stack's changes to dynalite in place in this thread (each once); whether the memoizing
 * expression parser is among them (false: the installed dynalite is not the version it was generated for).
 */
export function prepareDynalite(): { readonly memoizingParser: boolean } {
  const memoizingParser = installParseTemplates();
  installTableDescriptionCache();
  installSyncItemReads();
  // Index writes in a write's consumed capacity, when asked for INDEXES (the cost benchmark asks).
  installIndexWriteUnits();
  return { memoizingParser };
}
