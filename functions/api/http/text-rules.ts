// Text the service takes: printable characters, tab and line breaks. A NUL, another C0 control (ESC, BEL,
// backspace…) or a UTF-16 surrogate without its pair would end up in images, PDFs, webhooks and logs, where
// it truncates, corrupts or hides what follows; such text is refused with a 400 naming the field, before any
// schema runs. Fields the service hands back untouched and never draws or logs (callback_metadata, a video
// export's input_props) are the caller's own JSON and are not looked into.
import type { ErrorDetail } from '../../core/errors.ts';

/** Fields whose values are the caller's own JSON, returned or passed on as given. */
const OPAQUE_FIELDS = new Set(['callback_metadata', 'input_props']);

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

function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** Every string of a parsed JSON body with a character the service refuses, by field (at most ten). */
export function badTextDetails(body: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const visit = (value: unknown, path: string): void => {
    if (details.length > MAX_DETAILS) return;
    if (typeof value === 'string') {
      const reason = badTextReason(value);
      if (reason) details.push({ path: path || '(body)', message: reason });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, joinPath(path, i));
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (path === '' && OPAQUE_FIELDS.has(key)) continue;
        const reason = badTextReason(key);
        if (reason) details.push({ path: joinPath(path, key), message: `its name ${reason}` });
        else visit(item, joinPath(path, key));
      }
    }
  };
  visit(body, '');
  if (details.length > MAX_DETAILS) {
    details.length = MAX_DETAILS;
    details.push({ path: '(body)', message: 'more fields hold characters the service refuses' });
  }
  return details;
}
