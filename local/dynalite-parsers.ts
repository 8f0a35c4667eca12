// dynalite parses every ConditionExpression, KeyConditionExpression and FilterExpression with a PEG parser
// that backtracks without memory: parsing the API's admission write (a condition with two parenthesised
// groups) was a large share of what the write cost the emulator's thread, and a nested group far more. The
// same grammar generated with results caching (generated/dynalite-condition-parser.cjs) parses it several
// times faster with the same results (docs/benchmarks.md). On top of it, `withTemplates` parses each
// condition and update expression once per kind of request and hands later requests a copy of the tree
// with their own values. Both are put in place where dynalite runs, before its first request, and only
// over the exact parser they were made for: another dynalite keeps its own parsing.
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

/** dynalite's own update-expression parser module. */
export function dynaliteUpdateParser(): PegParser {
  return require('dynalite/db/updateParser') as PegParser;
}

let templatesInstalled = false;

/**
 * Has dynalite (in this thread) parse each condition and update expression once per kind of request
 * (`withTemplates`), over the memoizing condition parser; false, and nothing changed, when the installed
 * dynalite is not the version whose parsers' checks `withTemplates` was written for.
 */
export function installParseTemplates(): boolean {
  if (templatesInstalled) return true;
  if (!installMemoizingConditionParser()) return false;
  for (const parser of [dynaliteConditionParser(), dynaliteUpdateParser()])
    parser.parse = withTemplates(parser.parse.bind(parser));
  templatesInstalled = true;
  return true;
}

/** What dynalite hands a parser (validations/index.js): the request's names and values, and bookkeeping. */
interface ParseContext {
  readonly attrNames?: Record<string, string>;
  readonly attrVals?: Record<string, object>;
  unusedAttrNames: Record<string, boolean>;
  unusedAttrVals: Record<string, boolean>;
  readonly isKeyCondition?: boolean;
  readonly compare: (comparison: string, a: unknown, b: unknown) => boolean;
}

/** One expression parsed once, for requests that give it names and values of the same kinds. */
interface Template {
  /** A private copy of the first parse's tree; its value operands are that request's own objects. */
  readonly tree: unknown;
  /** Each value object in `tree`, by its placeholder (":v"). */
  readonly placeholders: ReadonlyMap<object, string>;
  readonly usedNames: readonly string[];
  readonly usedValues: readonly string[];
}

const MAX_TEMPLATES = 1_000;
const VALUE_TYPES = ['S', 'N', 'B', 'NULL', 'BOOL', 'SS', 'NS', 'BS', 'L', 'M'] as const;

/** A value's type as dynalite's parsers tell it (their getImmediateType). */
function valueType(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  return VALUE_TYPES.find((t) => (value as Record<string, unknown>)[t] != null) ?? '';
}

/**
 * dynalite parses every expression of every request again; the local stack sends the same few expressions
 * over and over with new values (the API's admission write: a condition and an update expression, about
 * 130 µs of a write's time in the emulator). This parses each expression once per set of names and kinds
 * of values, and gives later requests a copy of the tree with their own values in it, with the same
 * bookkeeping of used names and values. Nothing a parse checks is skipped: the parsers' checks depend on
 * the expression, the names and the values' types, which make up the template's key, except two that read
 * values themselves: a BETWEEN's bounds are compared again on every copy (and the expression parsed again
 * when they are out of order, for dynalite's own message), and a condition with attribute_type is always
 * parsed. A parse that fails (thrown or answered with a message) is never kept.
 */
export function withTemplates(parse: PegParser['parse']): PegParser['parse'] {
  const templates = new Map<string, Template>();
  return (input, options) => {
    const context = (options as { context?: ParseContext } | undefined)?.context;
    if (!context || /attribute_type/i.test(input)) return parse(input, options);
    const key = templateKey(input, context);
    const template = templates.get(key);
    if (template) {
      const tree = withValues(template, context);
      if (tree !== undefined) {
        for (const name of template.usedNames) delete context.unusedAttrNames[name];
        for (const value of template.usedValues) delete context.unusedAttrVals[value];
        return tree;
      }
    }
    // The parse learns what the expression uses on bookkeeping of its own, where nothing is used yet.
    const probe: ParseContext = {
      ...context,
      unusedAttrNames: allUnused(context.attrNames),
      unusedAttrVals: allUnused(context.attrVals),
    };
    try {
      const tree = parse(input, { ...(options as object), context: probe });
      if (!template && tree !== null && typeof tree === 'object') {
        const placeholders = new Map<object, string>();
        for (const [placeholder, value] of Object.entries(context.attrVals ?? {}))
          placeholders.set(value, placeholder);
        if (templates.size >= MAX_TEMPLATES) templates.clear();
        templates.set(key, {
          tree: copyTree(tree, new Map([...placeholders.keys()].map((v) => [v, v])), []),
          placeholders,
          usedNames: Object.keys(context.attrNames ?? {}).filter((n) => !(n in probe.unusedAttrNames)),
          usedValues: Object.keys(context.attrVals ?? {}).filter((v) => !(v in probe.unusedAttrVals)),
        });
      }
      return tree;
    } finally {
      for (const n of Object.keys(context.attrNames ?? {}))
        if (!(n in probe.unusedAttrNames)) delete context.unusedAttrNames[n];
      for (const v of Object.keys(context.attrVals ?? {}))
        if (!(v in probe.unusedAttrVals)) delete context.unusedAttrVals[v];
    }
  };
}

function templateKey(input: string, context: ParseContext): string {
  const values = context.attrVals ?? {};
  const kinds = Object.keys(values)
    .map((placeholder) => `${placeholder}:${valueType(values[placeholder])}`)
    .join(',');
  return `${context.isKeyCondition ? 'key' : ''}\u0000${input}\u0000${JSON.stringify(context.attrNames ?? null)}\u0000${kinds}`;
}

function allUnused(entries: Record<string, unknown> | undefined): Record<string, boolean> {
  const unused: Record<string, boolean> = {};
  for (const key of Object.keys(entries ?? {})) unused[key] = true;
  return unused;
}

/**
 * A copy of the template's tree with this request's values in place of the first one's; undefined when
 * a check that reads values would refuse them (a BETWEEN whose lower bound is above its upper one).
 */
function withValues(template: Template, context: ParseContext): unknown {
  const values = new Map<object, object>();
  for (const [first, placeholder] of template.placeholders) {
    const value = context.attrVals?.[placeholder];
    if (!value) return undefined;
    values.set(first, value);
  }
  const bounds: Array<readonly [unknown, unknown]> = [];
  const tree = copyTree(template.tree, values, bounds);
  for (const [lower, upper] of bounds)
    if (valueType(lower) && valueType(upper) && context.compare('GT', lower, upper)) return undefined;
  return tree;
}

/**
 * A deep copy of a parse tree (arrays and objects, null-prototype ones too) with each object of `values`
 * replaced by its value there; the bounds of every BETWEEN met are added to `bounds`.
 */
function copyTree(
  node: unknown,
  values: ReadonlyMap<object, object>,
  bounds: Array<readonly [unknown, unknown]>,
): unknown {
  if (node === null || typeof node !== 'object') return node;
  const value = values.get(node);
  if (value) return value;
  if (Array.isArray(node)) return node.map((n) => copyTree(n, values, bounds));
  const copy = Object.create(Object.getPrototypeOf(node)) as Record<string, unknown>;
  for (const [key, child] of Object.entries(node)) copy[key] = copyTree(child, values, bounds);
  if (copy.type === 'between' && Array.isArray(copy.args)) bounds.push([copy.args[1], copy.args[2]]);
  return copy;
}
