// What every imagery protocol adapter shares: its construction options (the stage's URL rules and the
// source's key, already read from its secret), one GET budget per frame, the check that an answer is a
// picture of the size asked for before a pixel of it is used, and requests run a few at a time that stop at
// the first failure (the frame is lost then; more would only spend the source's quota).
import sharp, { type Metadata } from 'sharp';
import type { AddressLookup, StageUrlRules } from '../../../core/outbound/url-policy.ts';
import type { RemoteImagerySourceConfig } from '../sources/source-config.ts';
import { redactUrl, type SourceAnswer, type SourceGet, sourceGet } from '../sources/source-get.ts';
import { SourceError, type SourceFailureKind } from '../sources/source-types.ts';

export interface ImageryAdapterOptions {
  /** Plain http and loopback addresses: the local stack's and the tests' fixture servers only. */
  readonly rules: StageUrlRules;
  /** The source's API key (config.apiKey names its secret and query parameter), already resolved. */
  readonly apiKey?: string;
  /** Injected in tests. */
  readonly lookup?: AddressLookup;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Requests one frame may make, retries included (each protocol has its default). */
  readonly maxRequests?: number;
  /** Requests in flight at once. Default 4. */
  readonly concurrency?: number;
}

export const DEFAULT_CONCURRENCY = 4;

/**
 * The largest side one request asks for, whatever the service allows, so one answer stays within the
 * 32 MB byte cap: a 4096 px square JPEG of aerial imagery is a few MB, the same PNG can pass 32 MB.
 */
export function requestSideLimit(png: boolean): number {
  return png ? 2048 : 4096;
}
/** 429 retries each request may add to a frame's budget. */
export const RETRY_ALLOWANCE = 8;

export interface AdapterContext {
  readonly source: string;
  readonly key: { readonly value: string; readonly param: string } | undefined;
  readonly options: ImageryAdapterOptions;
  readonly timeoutMs: number;
}

export function adapterContext(
  config: RemoteImagerySourceConfig,
  options: ImageryAdapterOptions,
): AdapterContext {
  if (config.apiKey && !options.apiKey)
    throw new Error(
      `imagery source ${config.name} needs its API key (secret ${config.apiKey.secret}); none was given`,
    );
  if (!config.apiKey && options.apiKey)
    throw new Error(
      `imagery source ${config.name} was given an API key but names no apiKey.param to send it in`,
    );
  return {
    source: config.name,
    key: config.apiKey && options.apiKey ? { value: options.apiKey, param: config.apiKey.param } : undefined,
    options,
    timeoutMs: config.timeoutMs ?? 15_000,
  };
}

/** The GETs of one frame: one deadline, one request count. */
export function frameGet(context: AdapterContext, maxRequests: number): SourceGet {
  const { options } = context;
  return sourceGet({
    source: context.source,
    allowHttp: options.rules.allowHttp,
    allowLoopback: options.rules.allowLoopback,
    ...(context.key ? { apiKey: context.key } : {}),
    limits: { timeoutMs: context.timeoutMs, maxRequests },
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}

/** A request as its failures name it: what was asked ("export of a 403×376 picture") and its URL, key redacted. */
export interface Asked {
  readonly what: string;
  readonly url: string;
}

export function asked(context: AdapterContext, what: string, url: string): Asked {
  return { what, url: redactUrl(url, context.key?.param) };
}

/** A failure of a request: what was asked, what went wrong, then where (URLs are long). */
export function requestFailure(
  context: AdapterContext,
  kind: SourceFailureKind,
  request: Asked,
  problem: string,
  status?: number,
): SourceError {
  return sourceFailure(context, kind, `${request.what} ${problem} (GET ${request.url})`, status);
}

/** A failure naming the source; should an answer have echoed the key, it is taken out here. */
export function sourceFailure(
  context: AdapterContext,
  kind: SourceFailureKind,
  message: string,
  status?: number,
): SourceError {
  const key = context.key?.value;
  return new SourceError(context.source, kind, key ? message.split(key).join('***') : message, status);
}

/** Text from a source's answer, fit for a message: on one line, and short. */
export function scrub(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** The start of a body that is not a picture, for the message ("HTML: <!DOCTYPE html>…"). */
export function describeBody(answer: SourceAnswer): string {
  const text = answer.bytes.subarray(0, 120).toString('utf8').replace(/\s+/g, ' ').trim();
  const printable = /^[\x20-\x7e\u00a0-\uffff]*$/.test(text);
  return `${answer.contentType ?? 'no content-type'}, ${answer.bytes.length} bytes${printable && text ? `: "${text}"` : ''}`;
}

const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);

/**
 * The picture in an answer as raw RGB (alpha flattened onto black, so a transparent "no data" answer is a
 * flat picture the blank check sees), after checking it decodes and is exactly `expected` in size: a
 * picture of another size would be placed on the wrong ground.
 */
export async function decodePicture(
  context: AdapterContext,
  answer: SourceAnswer,
  expected: { readonly width: number; readonly height: number },
  request: Asked,
): Promise<Buffer> {
  const notImage = () =>
    requestFailure(
      context,
      'bad-answer',
      request,
      `answered something that is not a picture (${describeBody(answer)})`,
    );
  let meta: Metadata;
  try {
    meta = await sharp(answer.bytes).metadata();
  } catch {
    throw notImage();
  }
  if (!meta.format || !PICTURE_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notImage();
  if (meta.width !== expected.width || meta.height !== expected.height)
    throw requestFailure(
      context,
      'bad-answer',
      request,
      `sent a ${meta.width}×${meta.height} picture where ${expected.width}×${expected.height} was asked; ` +
        'a picture of another size would be placed on the wrong ground',
    );
  try {
    const { data, info } = await sharp(answer.bytes, { limitInputPixels: false })
      .flatten({ background: '#000000' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || info.width !== expected.width || info.height !== expected.height)
      throw notImage();
    return data;
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw requestFailure(
      context,
      'bad-answer',
      request,
      `sent a ${meta.format} picture that does not decode`,
    );
  }
}

/** Copies a raw RGB piece into a mosaic at (left, top). */
export function paste(
  mosaic: Buffer,
  mosaicWidth: number,
  piece: Buffer,
  at: { readonly width: number; readonly height: number; readonly left: number; readonly top: number },
): void {
  const rowBytes = at.width * 3;
  for (let row = 0; row < at.height; row += 1) {
    piece.copy(mosaic, ((at.top + row) * mosaicWidth + at.left) * 3, row * rowBytes, (row + 1) * rowBytes);
  }
}

/**
 * `fn` over `items`, at most `limit` at once. The first failure stops new work and is what this rejects
 * with, once the requests already under way have ended (each within the frame's deadline): nothing of a
 * frame goes on after its fetch has failed.
 */
export async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
}
