// The local stack's dynalite parses conditions with a parser generated from its own grammar with results
// caching (local/dynalite-parsers.ts). It must give exactly what dynalite's own parser gives: the same
// expression tree or the same error, and the same bookkeeping of used names and values, for the service's
// own conditions, hand-made edge cases and every condition in dynalite's own tests. So must the templates
// over it and over dynalite's update parser (withTemplates), request after request: values of the kind the
// template was made with, of another kind, and ones a check refuses by their content.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { admissionWrite } from '../../../functions/adapters/dynamodb/account-table.ts';
import { ratePlan } from '../../../functions/core/limits/rate-limiter.ts';
import {
  dynaliteConditionParser,
  installMemoizingConditionParser,
  installParseTemplates,
  memoizingConditionParser,
  withTemplates,
} from '../../../local/dynalite-parsers.ts';

const require = createRequire(import.meta.url);
const { expressions } = JSON.parse(
  readFileSync(new URL('./fixtures/condition-expressions.json', import.meta.url), 'utf8'),
) as { expressions: string[] };

type Parser = { parse(input: string, options?: object): unknown };

/** A fresh copy of dynalite's own parser module, whatever another test put in place in this process. */
function originalParser(module = 'dynalite/db/conditionParser'): Parser {
  const path = require.resolve(module);
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
        : variant === 1
          ? { N: String(10 - i) }
          : variant === 5
            ? // Strings again, of other content (attribute_type reads its operand's).
              { S: `${m[0].slice(1)}!` }
            : // Numbers in the order they appear (a BETWEEN's bounds in order), from another start each time.
              { N: String(variant * 100 + i) },
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

type ContextOf = (expression: string, variant: number, isKeyCondition: boolean) => ReturnType<typeof context>;

/** What a parser makes of an expression: its tree or error, and the names and values left unused. */
function outcome(
  parser: Parser,
  expression: string,
  variant: number,
  isKeyCondition: boolean,
  contextOf: ContextOf = context,
) {
  const ctx = contextOf(expression, variant, isKeyCondition);
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
    expect(original.parse).not.toBe(memoizing.parse);
    // Wrapped by the templates, which parse with it (below).
    expect(installParseTemplates()).toBe(true);
    const nested = '((((a = :a))))';
    expect(() =>
      dynaliteConditionParser().parse(nested, { context: context(nested, 0, false) }),
    ).not.toThrow();
  });
});

/** dynalite's update expressions: the service's own and hand-made edge cases, refusals among them. */
const updateExpressions = [
  'SET a = :v',
  'SET #n = :v, b = :w',
  'SET a = a + :n',
  'SET a = :n - a',
  'SET a = if_not_exists(a, :v)',
  'SET l = list_append(l, :l)',
  'SET l = list_append(:n, l)',
  'REMOVE a, b.c[1]',
  'ADD c :n',
  'ADD c :s',
  'DELETE s :ss',
  'SET a = :v REMOVE b ADD c :n',
  'SET a = :v, a = :w',
  'SET a.b = :v, a = :w',
  'SET a[0] = :v, a.b = :w',
  'SET a = :v SET b = :w',
  'SET #missing = :v',
  'SET a = :missing',
  'SET status = :v',
  'SET a = unknownfn(:v)',
  'SET a = :v + :w',
  'SET #a.#b[2] = :v',
  'SET',
  ...[true, false].flatMap((sameDay) =>
    [true, false].map(
      (bucketInUse) =>
        admissionWrite('t', { pk: 'k' }, 60, ratePlan(60, 0), { sameDay, bucketInUse, today: '2026-11-30' })
          .UpdateExpression!,
    ),
  ),
];

/** The same context as `context`, with ':missing' and '#missing' left undefined. */
function updateContext(expression: string, variant: number) {
  return context(expression.replace(/[#:]missing/g, ''), variant, false);
}

describe("dynalite's expressions parsed once per kind of request (withTemplates)", () => {
  // Values of one kind (numbers, in order), then of the same kind out of order (a BETWEEN then refused),
  // then strings, then strings of other content: each request must get what dynalite's own parser gives
  // it, from a template or not.
  const variants = [2, 3, 1, 0, 0, 5, 4];

  /** Runs every expression with every kind of values through dynalite's parser and a templated one. */
  function sameAsDynalite(
    original: Parser,
    wrapped: Parser,
    expressions: readonly string[],
    contextOf: ContextOf,
    keyConditions: readonly boolean[],
  ) {
    const templated = { parse: withTemplates(wrapped.parse) };
    for (const expression of expressions)
      for (const isKeyCondition of keyConditions)
        for (const variant of variants)
          expect(
            outcome(templated, expression, variant, isKeyCondition, contextOf),
            `${expression} (values ${variant}, key condition ${isKeyCondition})`,
          ).toStrictEqual(outcome(original, expression, variant, isKeyCondition, contextOf));
  }

  it('gives what dynalite gives for every condition of the corpus, request after request', () => {
    sameAsDynalite(originalParser(), memoizingConditionParser(), expressions, context, [false, true]);
  });

  it('gives what dynalite gives for update expressions, refusals included', () => {
    const original = originalParser('dynalite/db/updateParser');
    sameAsDynalite(original, original, updateExpressions, (e, v) => updateContext(e, v), [false]);
  });

  it("keeps the bookkeeping of a request's update and condition, as dynalite's validation parses them", () => {
    const update = { parse: withTemplates(originalParser('dynalite/db/updateParser').parse) };
    const condition = { parse: withTemplates(memoizingConditionParser().parse) };
    const own = { update: originalParser('dynalite/db/updateParser'), condition: originalParser() };
    for (let request = 0; request < 6; request += 1) {
      const now = 1_796_000_000_000 + request * 7;
      const write = admissionWrite('t', { pk: 'k' }, 60, ratePlan(60, now), {
        sameDay: request % 2 === 0,
        bucketInUse: request % 3 !== 0,
        today: '2026-11-30',
      });
      // One value the expressions never use: dynalite refuses the request by this bookkeeping.
      const values = { ...(write.ExpressionAttributeValues as Record<string, unknown>), ':spare': 1 };
      const contextOf = () => {
        const attrVals = Object.fromEntries(
          Object.entries(values).map(([k, v]) => [
            k,
            typeof v === 'number' ? { N: String(v) } : { S: String(v) },
          ]),
        );
        return {
          attrNames: write.ExpressionAttributeNames,
          attrVals,
          unusedAttrNames: Object.fromEntries(
            Object.keys(write.ExpressionAttributeNames!).map((k) => [k, true]),
          ),
          unusedAttrVals: Object.fromEntries(Object.keys(attrVals).map((k) => [k, true])),
          isReserved,
          compare,
        };
      };
      const parseBoth = (parsers: { update: Parser; condition: Parser }) => {
        const ctx = contextOf();
        const trees = [
          parsers.update.parse(write.UpdateExpression!, { context: ctx }),
          parsers.condition.parse(write.ConditionExpression!, { context: ctx }),
        ];
        return { trees, unusedNames: ctx.unusedAttrNames, unusedValues: ctx.unusedAttrVals };
      };
      const want = parseBoth(own);
      expect(parseBoth({ update, condition }), `request ${request}`).toStrictEqual(want);
      expect(want.unusedValues).toEqual({ ':spare': true });
    }
  });
});
