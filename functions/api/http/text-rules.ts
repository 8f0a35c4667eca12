// Text the service takes: printable characters, tab and line breaks. A NUL, another C0 control (ESC, BEL,
// backspace…) or a UTF-16 surrogate without its pair would end up in images, PDFs, webhooks and logs, where
// it truncates, corrupts or hides what follows; such text is refused with a 400 naming the field, before any
// schema runs. callback_metadata is looked into too, keys and values: it is handed back in every job view
// and webhook body, where a receiver's JSON or text handling meets it. A video export's input_props are the
// caller's own JSON for the caller's own composition, passed on as given and never looked into.
import type { ErrorDetail } from '../../core/errors.ts';

/** Fields whose values are the caller's own JSON for the caller's own code, passed on as given. */
const OPAQUE_FIELDS = new Set(['input_props']);

/** At most this many fields are named; a body with more says so in the last. */
const MAX_DETAILS = 10;

// C0 controls but tab (U+0009), line feed (U+000A) and carriage return (U+000D); lone surrogates: a high
// one not followed by a low one, or a low one alone.
const BAD_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with a string, in words, or undefined when nothing is. */
export function badTextReason(text: string): string | undefined {
  const match = BAD_TEXT.exec(text);
  if (!match) return undefined;
  const code = match[0].charCodeAt(0);
  if (code === 0)
    return 'contains a NUL character (U+0000); text takes printable characters, tab and line breaks';
  if (code < 0x20)
    return `contains the control character ${hex(code)} at position ${match.index}; text takes printable characters, tab and line breaks`;
  return `contains an unpaired UTF-16 surrogate (${hex(code)}) at position ${match.index}: send the text as valid Unicode`;
}

/** Where a value sits: its key and its container's place, turned into a path only when a field is named. */
interface Place {
  readonly parent: Place | undefined;
  readonly key: string | number;
}

function pathOf(place: Place | undefined): string {
  const keys: Array<string | number> = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys
    .reverse()
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

/**
 * Every string of a parsed JSON body with a character the service refuses, by field (at most ten). The walk
 * keeps its own stack and builds a path only for a field it names: a body nested millions deep (which
 * JSON.parse takes) must neither overflow the call stack nor build a path per level.
 */
export function badTextDetails(body: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const pending: Array<[value: unknown, place: Place | undefined]> = [[body, undefined]];
  while (pending.length > 0 && details.length <= MAX_DETAILS) {
    const [value, place] = pending.pop()!;
    if (typeof value === 'string') {
      const reason = badTextReason(value);
      if (reason) details.push({ path: pathOf(place) || '(body)', message: reason });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], { parent: place, key: i }]);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (!place && OPAQUE_FIELDS.has(key)) continue;
        const reason = badTextReason(key);
        if (reason) details.push({ path: pathOf({ parent: place, key }), message: `its name ${reason}` });
        else pending.push([item, { parent: place, key }]);
      }
    }
  }
  if (details.length > MAX_DETAILS) {
    details.length = MAX_DETAILS;
    details.push({ path: '(body)', message: 'more fields hold characters the service refuses' });
  }
  return details;
}
