// What every remote source adapter (cadastre, geocoder) is made with, and the one GET budget it opens per
// operation (one lot lookup, one address): the stage's URL rules, the source's key read from its secret,
// and the source row's own time limit.
import type { AddressLookup, StageUrlRules } from '../../../core/outbound/url-policy.ts';
import { type SourceGet, type SourceGetLimits, sourceGet } from './source-get.ts';
import { SourceError } from './source-types.ts';

export interface SourceAdapterOptions {
  readonly rules: StageUrlRules;
  /** The value of the source's `apiKey.secret`, when its row names one. */
  readonly apiKey?: string;
  /** Injected in tests. */
  readonly lookup?: AddressLookup;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Tighter (or looser) bounds than the defaults below; the row's timeoutMs still wins for time. */
  readonly limits?: Partial<SourceGetLimits>;
}

/** The part of a source row the GET needs. */
interface RemoteRow {
  readonly name: string;
  readonly apiKey?: { readonly secret: string; readonly param: string } | undefined;
  readonly timeoutMs?: number | undefined;
}

/**
 * Lots and address answers are small: a few hundred kilobytes for the lots around a point. A few
 * megabytes is room for a dense block; anything larger is not the answer asked for.
 */
const VECTOR_LIMITS: Partial<SourceGetLimits> = { maxBytes: 8 * 1024 * 1024, maxRequests: 12 };

/** Checks at construction that a row naming a key was given one, so the first request cannot go keyless. */
export function checkKey(row: RemoteRow, options: SourceAdapterOptions): void {
  if (row.apiKey && !options.apiKey)
    throw new Error(
      `source ${row.name} names the secret '${row.apiKey.secret}' for its key, but no key value was given`,
    );
}

export interface Operation {
  readonly get: SourceGet;
  /** Text from the service (an error message it sent) with the key's value taken out, for messages. */
  readonly redact: (text: string) => string;
}

/** A fresh GET budget for one operation against `row`. */
export function openOperation(row: RemoteRow, options: SourceAdapterOptions): Operation {
  const key = row.apiKey ? options.apiKey : undefined;
  const redact = (text: string) => (key ? text.replaceAll(key, '***') : text);
  const get = sourceGet({
    source: row.name,
    allowHttp: options.rules.allowHttp,
    allowLoopback: options.rules.allowLoopback,
    ...(row.apiKey && options.apiKey ? { apiKey: { value: options.apiKey, param: row.apiKey.param } } : {}),
    limits: {
      ...VECTOR_LIMITS,
      ...options.limits,
      ...(row.timeoutMs !== undefined ? { timeoutMs: row.timeoutMs } : {}),
    },
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return { get, redact };
}

/** The body of an answer as JSON, or a SourceError saying what came instead. */
export function parseJson(source: string, bytes: Buffer, what: string): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // What came is described, never echoed: a page may repeat the request's URL and its key.
    const start = text.trimStart();
    const came = start === '' ? 'an empty body' : start.startsWith('<') ? 'HTML or XML' : 'text';
    throw new SourceError(
      source,
      'bad-answer',
      `${what} was ${came}, not JSON; check that the source's url points at the service itself`,
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
