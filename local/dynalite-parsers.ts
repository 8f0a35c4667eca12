// dynalite parses every ConditionExpression, KeyConditionExpression and FilterExpression with a PEG parser
// that backtracks without memory: parsing the API's admission write (a condition with two parenthesised
// groups) was a large share of what the write cost the emulator's thread, and a nested group far more. The
// same grammar generated with results caching (generated/dynalite-condition-parser.cjs) parses it several
// times faster with the same results (docs/benchmarks.md). Put in place where
// dynalite runs, before its first request, and only over the exact parser it was generated beside: another
// dynalite keeps its own parser.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** sha256 of dynalite 4.0.0's db/conditionParser.js, which the memoizing parser was generated beside. */
const DYNALITE_CONDITION_PARSER_SHA256 = '021488e54f1fb77f7594b8e0fd50b95317954100d85000e8a53904b90ce39973';

type PegParser = { parse(input: string, options?: object): unknown };

/** dynalite's own condition parser module (the object its validations call `parse` on). */
export function dynaliteConditionParser(): PegParser {
  return require('dynalite/db/conditionParser') as PegParser;
}

/** The memoizing parser, a module of its own (not the one installed in dynalite). */
export function memoizingConditionParser(): PegParser {
  return require('./generated/dynalite-condition-parser.cjs') as PegParser;
}

let installed: boolean | undefined;

/**
 * Has dynalite (in this thread) parse conditions with the memoizing parser; false, and dynalite's own
 * parser kept, when the installed dynalite's parser is not the one it was generated beside.
 */
export function installMemoizingConditionParser(): boolean {
  if (installed !== undefined) return installed;
  const own = createHash('sha256')
    .update(readFileSync(require.resolve('dynalite/db/conditionParser')))
    .digest('hex');
  installed = own === DYNALITE_CONDITION_PARSER_SHA256;
  if (installed) dynaliteConditionParser().parse = memoizingConditionParser().parse;
  return installed;
}
