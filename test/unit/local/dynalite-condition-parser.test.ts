// The local stack's dynalite parses conditions with a parser generated from its own grammar with results
// caching (local/dynalite-parsers.ts). It must give exactly what dynalite's own parser gives: the same
// expression tree or the same error, and the same bookkeeping of used names and values, for the service's
// own conditions, hand-made edge cases and every condition in dynalite's own tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  dynaliteConditionParser,
  installMemoizingConditionParser,
  memoizingConditionParser,
} from '../../../local/dynalite-parsers.ts';

const require = createRequire(import.meta.url);
const { expressions } = JSON.parse(
  readFileSync(new URL('./fixtures/condition-expressions.json', import.meta.url), 'utf8'),
) as { expressions: string[] };

type Parser = { parse(input: string, options?: object): unknown };

/** A fresh copy of dynalite's own parser module, whatever another test put in place in this process. */
function originalParser(): Parser {
  const path = require.resolve('dynalite/db/conditionParser');
  const kept = require.cache[path];
  delete require.cache[path];
  try {
    return require(path) as Parser;
  } finally {
    // The copy stays ours: dynalite keeps (or later loads) its own.
    delete require.cache[path];
    if (kept) require.cache[path] = kept;
  }
}

const { compare } = require('dynalite/db') as { compare: unknown };
const isReserved = (name: string) => ['STATUS', 'DATA', 'NAME', 'SIZE'].includes(name.toUpperCase());

/** Names and values for every placeholder of `expression`, of the kind `variant` picks. */
function context(expression: string, variant: number, isKeyCondition: boolean) {
  const names = Object.fromEntries([...expression.matchAll(/#\w+/g)].map((m) => [m[0], `${m[0].slice(1)}x`]));
  const values = Object.fromEntries(
    [...expression.matchAll(/:\w+/g)].map((m, i) => [
      m[0],
      variant === 0
        ? { S: m[0] === ':t' ? 'S' : m[0] === ':m' ? 'M' : m[0].slice(1) }
        : { N: String(10 - i) },
    ]),
  );
  const unused = (o: object) => Object.fromEntries(Object.keys(o).map((k) => [k, true]));
  return {
    attrNames: names,
    attrVals: values,
    unusedAttrNames: unused(names),
    unusedAttrVals: unused(values),
    isReserved,
    compare,
    ...(isKeyCondition ? { isKeyCondition } : {}),
  };
}

function outcome(parser: Parser, expression: string, variant: number, isKeyCondition: boolean) {
  const ctx = context(expression, variant, isKeyCondition);
  let result: unknown;
  try {
    result = { value: parser.parse(expression, { context: ctx }) };
  } catch (error) {
    const e = error as Error;
    result = { error: e.name, message: e.message };
  }
  return { result, unusedNames: ctx.unusedAttrNames, unusedValues: ctx.unusedAttrVals };
}

describe("dynalite's condition parser, memoizing", () => {
  const original = originalParser();
  const memoizing = memoizingConditionParser();

  it('gives what dynalite gives, for every expression of the corpus', () => {
    expect(expressions.length).toBeGreaterThan(130);
    let errors = 0;
    for (const expression of expressions) {
      for (const variant of [0, 1]) {
        for (const isKeyCondition of [false, true]) {
          const want = outcome(original, expression, variant, isKeyCondition);
          const got = outcome(memoizing, expression, variant, isKeyCondition);
          expect(got, `${expression} (values ${variant}, key condition ${isKeyCondition})`).toEqual(want);
          // dynalite throws syntax errors and answers other refusals as a message in place of a tree.
          const result = want.result as { error?: string; value?: unknown };
          if (result.error || typeof result.value === 'string') errors += 1;
        }
      }
    }
    // The corpus exercises refusals too, not only valid conditions.
    expect(errors).toBeGreaterThan(40);
  });

  it('is put in place over the dynalite it was generated beside', () => {
    expect(installMemoizingConditionParser()).toBe(true);
    expect(dynaliteConditionParser().parse).toBe(memoizing.parse);
    expect(original.parse).not.toBe(memoizing.parse);
  });
});
