// Opaque JSON a caller gave us (callback_metadata) must come back byte for byte: big integers keep their
// digits, `__proto__` keys survive, escapes and non-ASCII text stay as written. A parse/serialize round
// trip cannot promise that, so the caller's own text travels with the parsed value (a hidden symbol
// property that survives destructuring and passing around), is stored as is, and is spliced into the
// JSON we send back.

const RAW_JSON = Symbol.for('pms.rawJson');

type WithRaw = object & { [RAW_JSON]?: string };

/**
 * The caller texts met by the stringifyWithRawJson running now (JSON.stringify is synchronous, so at most
 * one runs at a time), or undefined outside one.
 */
let capturing: string[] | undefined;
let nonce = '';

/**
 * A value carrying its caller's text has this as its (hidden) toJSON: JSON.stringify calls it for that
 * value only, so stringifyWithRawJson finds the texts without walking the value or calling a replacer for
 * every member. Outside stringifyWithRawJson it returns the value itself, which JSON.stringify then writes
 * as usual.
 */
function rawJsonPlaceholder(this: WithRaw): unknown {
  const raw = this[RAW_JSON];
  if (capturing === undefined || raw === undefined) return this;
  // The placeholder is a JSON string whose NUL is escaped as \u0000: nothing a caller sends looks like it.
  // Made when the first carrier is met: most answers carry none.
  if (nonce === '') nonce = `\u0000raw-${Math.random().toString(36).slice(2)}-`;
  capturing.push(raw);
  return `${nonce}${capturing.length - 1}`;
}

/** Attaches the caller's JSON text to the value parsed from it; returns the value. */
export function withRawJson<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, RAW_JSON, { value: text, enumerable: false, configurable: true });
  Object.defineProperty(value, 'toJSON', {
    value: rawJsonPlaceholder,
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return value;
}

/** The JSON text the value was parsed from, when it has one. */
export function rawJsonOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as WithRaw)[RAW_JSON] : undefined;
}

/** JSON.stringify, except that a value carrying its caller's text is written as that text. */
export function stringifyWithRawJson(value: unknown): string {
  const outer = capturing;
  const raws: string[] = [];
  capturing = raws;
  if (outer === undefined) nonce = '';
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    capturing = outer;
  }
  if (raws.length === 0) return text;
  const quotedNonce = JSON.stringify(nonce).slice(1, -1);
  return text.replace(
    new RegExp(`"${escapeRegExp(quotedNonce)}(\\d+)"`, 'g'),
    (_m, i: string) => raws[Number(i)]!,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text of member `key` of the top-level JSON object `json` (the last one, as JSON.parse keeps the last
 * of duplicate keys), or undefined. `json` must be valid JSON (parse it first).
 */
export function rawMemberText(json: string, key: string): string | undefined {
  let i = skipSpace(json, 0);
  if (json[i] !== '{') return undefined;
  i = skipSpace(json, i + 1);
  let found: string | undefined;
  while (i < json.length && json[i] !== '}') {
    const keyEnd = endOfValue(json, i);
    const name = JSON.parse(json.slice(i, keyEnd)) as string;
    i = skipSpace(json, keyEnd);
    i = skipSpace(json, i + 1); // the colon
    const valueEnd = endOfValue(json, i);
    if (name === key) found = json.slice(i, valueEnd);
    i = skipSpace(json, valueEnd);
    if (json[i] === ',') i = skipSpace(json, i + 1);
  }
  return found;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  return i;
}

/** Index just past the JSON value starting at `from` (strings, numbers, literals, nested containers). */
function endOfValue(text: string, from: number): number {
  const first = text[from];
  if (first === '"') {
    let i = from + 1;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    return i + 1;
  }
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = from;
    do {
      const c = text[i];
      if (c === '"') {
        i = endOfValue(text, i);
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') depth -= 1;
      i += 1;
    } while (depth > 0);
    return i;
  }
  let i = from;
  while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i += 1;
  return i;
}
