// Opaque JSON a caller gave us (callback_metadata) must come back byte for byte: big integers keep their
// digits, `__proto__` keys survive, escapes and non-ASCII text stay as written. A parse/serialize round
// trip cannot promise that, so the caller's own text travels with the parsed value (a hidden symbol
// property that survives destructuring and passing around), is stored as is, and is spliced into the
// JSON we send back.

const RAW_JSON = Symbol.for('pms.rawJson');

type WithRaw = object & { [RAW_JSON]?: string };

/** Attaches the caller's JSON text to the value parsed from it; returns the value. */
export function withRawJson<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, RAW_JSON, { value: text, enumerable: false, configurable: true });
  return value;
}

/** The JSON text the value was parsed from, when it has one. */
export function rawJsonOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as WithRaw)[RAW_JSON] : undefined;
}

/** JSON.stringify, except that a value carrying its caller's text is written as that text. */
export function stringifyWithRawJson(value: unknown): string {
  // Most answers carry no caller text: plain JSON.stringify, without a replacer called for every value.
  if (!carriesRawJson(value, 0)) return JSON.stringify(value);
  const raws: string[] = [];
  const nonce = `\u0000raw-${Math.random().toString(36).slice(2)}-`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    const raw = rawJsonOf(v);
    if (raw === undefined) return v;
    raws.push(raw);
    return `${nonce}${raws.length - 1}`;
  });
  if (raws.length === 0) return text;
  // The placeholder is a JSON string whose NUL is escaped as \u0000: nothing a caller sends looks like it.
  const quotedNonce = JSON.stringify(nonce).slice(1, -1);
  return text.replace(
    new RegExp(`"${escapeRegExp(quotedNonce)}(\\d+)"`, 'g'),
    (_m, i: string) => raws[Number(i)]!,
  );
}

/**
 * Whether a value JSON.stringify would write, or one nested in it, carries its caller's text. Nesting
 * beyond 64 levels and toJSON methods are assumed to, which only costs the slower path.
 */
function carriesRawJson(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // A toJSON method (a Date, say) may return anything: left to the replacer, which sees what it returns.
  if (depth > 64 || (value as WithRaw)[RAW_JSON] !== undefined) return true;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return true;
  if (Array.isArray(value)) return value.some((item) => carriesRawJson(item, depth + 1));
  for (const key in value) {
    if (Object.hasOwn(value, key) && carriesRawJson((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
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
