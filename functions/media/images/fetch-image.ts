// Downloads an image a customer named by URL (brochure photos, logos, headshots; virtual staging's room
// photo), with the same server-side request forgery guard as webhooks: the URL is checked, its host is
// resolved and every address checked, and the connection is pinned to the checked address. Redirects
// are followed by hand, each hop checked the same way. The body is streamed under a byte cap and a
// deadline, its type is sniffed from the bytes (never the Content-Type header) and its pixel count is
// read from the header before anything decodes it.
import * as http from 'node:http';
import * as https from 'node:https';
import sharp from 'sharp';
import {
  type AddressLookup,
  checkUrlSyntax,
  pinnedLookup,
  resolveAndCheck,
} from '../../core/webhooks/ssrf-guard.ts';
import { IMAGE_CONTENT_TYPES, type ImageFormat, readImageSize, sniffFormat } from './image-header.ts';

export const IMAGE_FETCH_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  timeoutMs: 20_000,
  maxRedirects: 3,
} as const;

export interface ImageFetchPolicy {
  /** Plain http: the offline local stack only. */
  readonly allowHttp: boolean;
  /** Loopback hosts: the offline local stack only. */
  readonly allowLoopback: boolean;
  /** The whole download (every hop and the body) must finish within this; default 20 s. */
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly maxPixels?: number;
  readonly maxRedirects?: number;
  /** Injected in tests; defaults to the system resolver. */
  readonly lookup?: AddressLookup;
}

export interface FetchedImage {
  /** The URL as requested (not the final hop of a redirect). */
  readonly url: string;
  readonly bytes: Buffer;
  readonly format: ImageFormat;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
}

/** Port: what slide and staging steps call; built once per entry from fetchImage and a policy. */
export type ImageFetcher = (url: string) => Promise<FetchedImage>;

/** Why a download failed, for logs and metrics; the job shows the one code and the message. */
export type ImageFetchFailure =
  | 'refused'
  | 'http'
  | 'timeout'
  | 'network'
  | 'too_large'
  | 'unsupported_image';

/**
 * A download that failed, as the job shows it: code IMAGE_DOWNLOAD_FAILED (issue 12: a broken or
 * non-image URL fails the job with it) and a message naming the URL and the reason.
 */
export class ImageFetchError extends Error {
  readonly code = 'IMAGE_DOWNLOAD_FAILED';
  readonly failure: ImageFetchFailure;
  readonly url: string;
  readonly reason: string;

  constructor(failure: ImageFetchFailure, url: string, reason: string) {
    super(`Could not use the image at ${url}: ${reason}`);
    this.name = 'ImageFetchError';
    this.failure = failure;
    this.url = url;
    this.reason = reason;
  }
}

export function imageFetcher(policy: ImageFetchPolicy): ImageFetcher {
  return (url) => fetchImage(url, policy);
}

export async function fetchImage(url: string, policy: ImageFetchPolicy): Promise<FetchedImage> {
  const timeoutMs = policy.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  const maxRedirects = policy.maxRedirects ?? IMAGE_FETCH_LIMITS.maxRedirects;
  const fail = (reason: string, failure: ImageFetchFailure) => new ImageFetchError(failure, url, reason);

  let target = url;
  for (let hop = 0; ; hop += 1) {
    const syntax = checkUrlSyntax(target, policy);
    if (!syntax.ok)
      throw fail(
        hop === 0 ? syntax.reason : `it redirects to ${target}, refused: ${syntax.reason}`,
        'refused',
      );
    const host = syntax.url.hostname.replace(/^\[|\]$/g, '');
    const resolved = await resolveAndCheck(host, {
      allowLoopback: policy.allowLoopback,
      ...(policy.lookup ? { lookup: policy.lookup } : {}),
    });
    if (!resolved.ok) {
      throw fail(
        hop === 0 ? resolved.reason : `it redirects to ${target}, refused: ${resolved.reason}`,
        'refused',
      );
    }
    const outcome = await download(syntax.url, resolved.address, resolved.family, deadline, policy, fail);
    if (outcome.kind === 'image') return { url, ...outcome.image };
    if (hop >= maxRedirects) throw fail(`more than ${maxRedirects} redirects`, 'http');
    target = new URL(outcome.location, syntax.url).toString();
  }
}

type Outcome = { kind: 'redirect'; location: string } | { kind: 'image'; image: Omit<FetchedImage, 'url'> };

function download(
  url: URL,
  address: string,
  family: 4 | 6,
  deadline: number,
  policy: ImageFetchPolicy,
  fail: (reason: string, failure: ImageFetchFailure) => ImageFetchError,
): Promise<Outcome> {
  const maxBytes = policy.maxBytes ?? IMAGE_FETCH_LIMITS.maxBytes;
  const maxPixels = policy.maxPixels ?? IMAGE_FETCH_LIMITS.maxPixels;
  const remaining = deadline - Date.now();
  if (remaining <= 0)
    return Promise.reject(
      fail(`no complete response within ${policy.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs} ms`, 'timeout'),
    );
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<Outcome>((resolve, reject) => {
    let settled = false;
    const finish = (error: ImageFetchError | undefined, outcome?: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(outcome!);
    };
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: 'image/jpeg, image/png, image/webp', 'user-agent': 'property-media-service' },
        lookup: pinnedLookup(address, family),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          response.resume();
          const location = response.headers.location;
          if (!location) return finish(fail(`HTTP ${status} redirect without a Location header`, 'http'));
          return finish(undefined, { kind: 'redirect', location });
        }
        if (status !== 200) {
          response.resume();
          return finish(fail(`the server answered HTTP ${status}`, 'http'));
        }
        const declared = Number(response.headers['content-length']);
        if (declared > maxBytes)
          return finish(
            fail(`it is ${declared} bytes, more than the ${limitText(maxBytes)} limit`, 'too_large'),
          );

        const chunks: Buffer[] = [];
        let received = 0;
        let format: ImageFormat | undefined;
        let sized = false;
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          received += chunk.length;
          if (received > maxBytes)
            return finish(fail(`it is larger than the ${limitText(maxBytes)} limit`, 'too_large'));
          if (format && sized) return;
          const head = chunks.length === 1 ? chunk : Buffer.concat(chunks);
          if (!format) {
            const sniffed = sniffFormat(head);
            if (sniffed === 'unknown')
              return finish(fail(notAnImage(response.headers['content-type']), 'unsupported_image'));
            format = sniffed;
          }
          if (format) {
            const size = readImageSize(format, head);
            if (size) {
              sized = true;
              const problem = sizeProblem(size.width, size.height, maxPixels);
              if (problem) return finish(fail(problem, 'unsupported_image'));
            }
          }
        });
        response.on('error', (error) => finish(fail(`the connection broke: ${error.message}`, 'network')));
        response.on('end', () => {
          if (settled) return;
          if (!response.complete)
            return finish(fail('the connection closed before the whole image arrived', 'network'));
          const bytes = Buffer.concat(chunks);
          const sniffed = sniffFormat(bytes);
          if (sniffed === undefined || sniffed === 'unknown') {
            return finish(fail(notAnImage(response.headers['content-type']), 'unsupported_image'));
          }
          void verify(bytes, sniffed, maxPixels).then(
            (image) => finish(undefined, { kind: 'image', image }),
            (error: unknown) =>
              finish(error instanceof ImageFetchError ? error : fail(String(error), 'unsupported_image')),
          );
        });
      },
    );
    const timer = setTimeout(
      () =>
        finish(
          fail(
            `no complete response within ${policy.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs} ms`,
            'timeout',
          ),
        ),
      remaining,
    );
    request.on('error', (error) => finish(fail(`the request failed: ${error.message}`, 'network')));
    request.end();

    // The header told us the size; the decoder confirms the file really is that image.
    async function verify(
      bytes: Buffer,
      sniffed: ImageFormat,
      limit: number,
    ): Promise<Omit<FetchedImage, 'url'>> {
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
      try {
        meta = await sharp(bytes, { limitInputPixels: limit }).metadata();
      } catch (error) {
        throw fail(
          `it is not a readable ${sniffed.toUpperCase()} image (${(error as Error).message})`,
          'unsupported_image',
        );
      }
      const problem = sizeProblem(meta.width ?? 0, meta.height ?? 0, limit);
      if (problem) throw fail(problem, 'unsupported_image');
      return {
        bytes,
        format: sniffed,
        contentType: IMAGE_CONTENT_TYPES[sniffed],
        width: meta.width!,
        height: meta.height!,
      };
    }
  });
}

function sizeProblem(width: number, height: number, maxPixels: number): string | undefined {
  if (width < 1 || height < 1) return 'its header declares no valid pixel size (a damaged image)';
  if (width * height > maxPixels) {
    return `it is ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} MP), more than the ${maxPixels / 1e6} MP limit`;
  }
  return undefined;
}

function notAnImage(contentType: string | undefined): string {
  return `it is not a JPEG, PNG or WebP image (the server called it ${contentType ?? 'nothing'})`;
}

function limitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
