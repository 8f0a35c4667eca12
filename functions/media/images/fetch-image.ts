// Downloads an image a customer named by URL (brochure photos, logos, headshots; virtual staging's room
// photo), with the same server-side request forgery guard as webhooks: the URL is checked, its host is
// resolved and every address checked, and the connection is pinned to the checked address. Redirects
// are followed by hand, each hop checked the same way. The body is streamed under a byte cap and a
// deadline, its type is sniffed from the bytes (never the Content-Type header) and its pixel count and
// sides are read from the header as it streams in, before anything decodes it. Last, the decoder reads
// the whole file once, so a damaged or cut-short image is refused here and not in the step that uses it.
import * as http from 'node:http';
import * as https from 'node:https';
import sharp from 'sharp';
import { JobError } from '../../core/errors.ts';
import {
  type AddressLookup,
  checkUrlSyntax,
  pinnedLookup,
  resolveAndCheck,
} from '../../core/outbound/url-policy.ts';
import { IMAGE_CONTENT_TYPES, type ImageFormat, ImageHeaderScanner } from './image-header.ts';

export const IMAGE_FETCH_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  /**
   * The longest side: libvips decodes a PNG row by row, so 1x39,000,000 (under the pixel cap) took 22 s
   * and 39,000,000x1 4 s. A 40 MP photo is 7,746 px wide at 3:2 and 16,384 px at a 6.7:1 panorama.
   */
  maxSide: 16_384,
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
  readonly maxSide?: number;
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

/**
 * The job error codes of a customer image, the same on every job kind that downloads one (staging,
 * brochures): IMAGE_DOWNLOAD_FAILED when the file could not be had (HTTP error, deadline, over the byte
 * cap, a refused address or redirect), UNSUPPORTED_IMAGE when the file is not one the service can use
 * (not a JPEG, PNG or WebP, e.g. GIF, SVG or HEIC; damaged or cut short; over the pixel or side cap).
 * UNSUPPORTED_IMAGE is permanent: the same file fails again, and the message says what to send instead.
 */
export type ImageFetchErrorCode = 'IMAGE_DOWNLOAD_FAILED' | 'UNSUPPORTED_IMAGE';

/**
 * A download that failed, as the job shows it: the code, and a message naming the URL and the reason.
 * It is a JobError named by its code, so a step that lets it through fails the job with that code; no
 * kind maps it on its own (brochures once called every image failure IMAGE_DOWNLOAD_FAILED).
 */
export class ImageFetchError extends JobError {
  readonly code: ImageFetchErrorCode;
  readonly url: string;
  readonly reason: string;

  constructor(code: ImageFetchErrorCode, url: string, reason: string) {
    super(code, `Could not use the image at ${url}: ${reason}`);
    this.code = code;
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
  const fail = (reason: string, code: ImageFetchErrorCode = 'IMAGE_DOWNLOAD_FAILED') =>
    new ImageFetchError(code, url, reason);

  let target = url;
  for (let hop = 0; ; hop += 1) {
    const syntax = checkUrlSyntax(target, policy);
    if (!syntax.ok)
      throw fail(hop === 0 ? syntax.reason : `it redirects to ${target}, refused: ${syntax.reason}`);
    const host = syntax.url.hostname.replace(/^\[|\]$/g, '');
    const resolved = await resolveAndCheck(host, {
      allowLoopback: policy.allowLoopback,
      ...(policy.lookup ? { lookup: policy.lookup } : {}),
    });
    if (!resolved.ok) {
      throw fail(hop === 0 ? resolved.reason : `it redirects to ${target}, refused: ${resolved.reason}`);
    }
    const outcome = await download(syntax.url, resolved.address, resolved.family, deadline, policy, fail);
    if (outcome.kind === 'image') return { url, ...outcome.image };
    if (hop >= maxRedirects) throw fail(`more than ${maxRedirects} redirects`);
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
  fail: (reason: string, code?: ImageFetchErrorCode) => ImageFetchError,
): Promise<Outcome> {
  const maxBytes = policy.maxBytes ?? IMAGE_FETCH_LIMITS.maxBytes;
  const limits = {
    maxPixels: policy.maxPixels ?? IMAGE_FETCH_LIMITS.maxPixels,
    maxSide: policy.maxSide ?? IMAGE_FETCH_LIMITS.maxSide,
  };
  const remaining = deadline - Date.now();
  if (remaining <= 0)
    return Promise.reject(
      fail(`no complete response within ${policy.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs} ms`),
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
          if (!location) return finish(fail(`HTTP ${status} redirect without a Location header`));
          return finish(undefined, { kind: 'redirect', location });
        }
        if (status !== 200) {
          response.resume();
          return finish(fail(`the server answered HTTP ${status}`));
        }
        const declared = Number(response.headers['content-length']);
        if (declared > maxBytes)
          return finish(fail(`it is ${declared} bytes, more than the ${limitText(maxBytes)} limit`));

        // The chunks are joined once, at the end; the header is read from each chunk as it arrives.
        const chunks: Buffer[] = [];
        let received = 0;
        const header = new ImageHeaderScanner();
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          received += chunk.length;
          if (received > maxBytes) return finish(fail(`it is larger than the ${limitText(maxBytes)} limit`));
          if (header.done) return;
          header.push(chunk);
          if (header.format === 'unknown')
            return finish(fail(notAnImage(response.headers['content-type']), 'UNSUPPORTED_IMAGE'));
          if (header.size) {
            const problem = sizeProblem(header.size.width, header.size.height, limits);
            if (problem) return finish(fail(problem, 'UNSUPPORTED_IMAGE'));
          }
        });
        response.on('error', (error) => finish(fail(`the connection broke: ${error.message}`)));
        response.on('end', () => {
          if (settled) return;
          if (!response.complete) return finish(fail('the connection closed before the whole image arrived'));
          const format = header.format;
          if (format === undefined || format === 'unknown') {
            return finish(fail(notAnImage(response.headers['content-type']), 'UNSUPPORTED_IMAGE'));
          }
          if (!header.size) {
            return finish(
              fail(
                `the ${format.toUpperCase()} file ends before its header gives the pixel size (a cut-short or damaged image)`,
                'UNSUPPORTED_IMAGE',
              ),
            );
          }
          void verify(Buffer.concat(chunks, received), format).then(
            (image) => finish(undefined, { kind: 'image', image }),
            (error: unknown) =>
              finish(error instanceof ImageFetchError ? error : fail(String(error), 'UNSUPPORTED_IMAGE')),
          );
        });
      },
    );
    const timer = setTimeout(
      () =>
        finish(fail(`no complete response within ${policy.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs} ms`)),
      remaining,
    );
    request.on('error', (error) => finish(fail(`the request failed: ${error.message}`)));
    request.end();

    // The header told us the size; the decoder confirms the file really is that image, and reads all of
    // it (shrinking on load, so a 40 MP JPEG costs about half a second): a cut-short or corrupt file fails
    // here as UNSUPPORTED_IMAGE instead of in the stager or the slide, where it was an internal error.
    // sharp's default failOn ('warning') is the one the steps decode with, so what passes here decodes there.
    async function verify(bytes: Buffer, sniffed: ImageFormat): Promise<Omit<FetchedImage, 'url'>> {
      const options = { limitInputPixels: limits.maxPixels };
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
      try {
        meta = await sharp(bytes, options).metadata();
      } catch (error) {
        throw fail(
          `it is not a readable ${sniffed.toUpperCase()} image (${(error as Error).message})`,
          'UNSUPPORTED_IMAGE',
        );
      }
      const problem = sizeProblem(meta.width ?? 0, meta.height ?? 0, limits);
      if (problem) throw fail(problem, 'UNSUPPORTED_IMAGE');
      try {
        await sharp(bytes, options).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
      } catch (error) {
        throw fail(
          `it is a damaged or cut-short ${sniffed.toUpperCase()} image (${firstLine((error as Error).message)})`,
          'UNSUPPORTED_IMAGE',
        );
      }
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

function sizeProblem(
  width: number,
  height: number,
  limits: { readonly maxPixels: number; readonly maxSide: number },
): string | undefined {
  if (width < 1 || height < 1) return 'its header declares no valid pixel size (a damaged image)';
  if (width * height > limits.maxPixels) {
    return `it is ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} MP), more than the ${limits.maxPixels / 1e6} MP limit`;
  }
  if (width > limits.maxSide || height > limits.maxSide) {
    return `it is ${width}x${height} pixels, longer than the ${limits.maxSide} px limit on either side`;
  }
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0]!.trim();
}

function notAnImage(contentType: string | undefined): string {
  return `it is not a JPEG, PNG or WebP image (the server called it ${contentType ?? 'nothing'})`;
}

function limitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
