// Downloads an image a customer named by URL (brochure photos, logos, headshots; virtual staging's room
// photo) through the one pinned GET under the customer-image policy: the URL is checked, its host is
// resolved and every address checked, and the connection is pinned to the checked address. Redirects
// are followed by hand, each hop checked the same way. The body is streamed under a byte cap and a
// deadline, its type is sniffed from the bytes (never the Content-Type header) and its pixel count and
// sides are read from the header as it streams in, before anything decodes it. Last, the decoder reads
// the whole file once, so a damaged or cut-short image is refused here and not in the step that uses it.
import sharp from 'sharp';
import { JobError } from '../../core/errors.ts';
import { boundedDownload } from '../../core/outbound/download-slots.ts';
import { PinnedGetError, type PinnedGetFailure, pinnedGet } from '../../core/outbound/pinned-get.ts';
import {
  customerImagePolicy,
  type OutboundPolicy,
  type StageUrlRules,
} from '../../core/outbound/url-policy.ts';
import { inspectTiff, TiffProblem } from '../imagery/caller/tiff-structure.ts';
import {
  type AnyImageFormat,
  IMAGE_CONTENT_TYPES,
  type ImageFormat,
  ImageHeaderScanner,
} from './image-header.ts';

/** The pixel limits of a customer image; the byte cap, deadline and redirects are the customer-image policy's. */
const IMAGE_FETCH_LIMITS = {
  maxPixels: 40_000_000,
  /**
   * The longest side: libvips decodes a PNG row by row, so a one-pixel-thin image under the pixel cap
   * decodes for seconds (docs/benchmarks.md). A 40 MP photo is 7,746 px wide at 3:2 and 16,384 px at a
   * 6.7:1 panorama.
   */
  maxSide: 16_384,
} as const;

/**
 * A caller's aerial imagery (orthophotos, drone photos) may be larger: a 20 MP drone JPEG is 8-15 MB and an
 * orthophoto export a few tens; a GeoTIFF may be tiled, and its tiles are counted before anything decodes.
 */
export const IMAGERY_FETCH_LIMITS = {
  maxBytes: 100 * 1024 * 1024,
  maxPixels: 120_000_000,
  maxSide: 20_000,
  maxBlocks: 65_536,
} as const;

/**
 * The stage's rules (plain http and loopback: the offline local stack only); the rest overrides the
 * customer-image policy (20 MB, 20 s for every hop and the body, 3 redirects) and the pixel limits.
 */
export interface ImageFetchPolicy
  extends StageUrlRules,
    Partial<Pick<OutboundPolicy, 'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'lookup'>> {
  readonly maxPixels?: number;
  readonly maxSide?: number;
}

export interface FetchedImage<F extends AnyImageFormat = ImageFormat> {
  /** The URL as requested (not the final hop of a redirect). */
  readonly url: string;
  readonly bytes: Buffer;
  readonly format: F;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
}

/** Port: what slide and staging steps call; built once per entry from fetchImage and a policy. */
export type ImageFetcher = (url: string) => Promise<FetchedImage>;
/** Port: a caller's aerial imagery (JPEG, PNG, WebP or TIFF, within IMAGERY_FETCH_LIMITS). */
export type ImageryFetcher = (url: string) => Promise<FetchedImage<AnyImageFormat>>;

const PHOTO_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp'];
const FORMAT_NAMES: Readonly<Record<AnyImageFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  tiff: 'TIFF',
};
const IMAGERY_FORMATS: readonly AnyImageFormat[] = ['jpeg', 'png', 'webp', 'tiff'];

/**
 * The job error codes of a customer image, the same on every job kind that downloads one (staging,
 * brochures): IMAGE_DOWNLOAD_FAILED when the file could not be had (HTTP error, deadline, over the byte
 * cap, a refused address or redirect), UNSUPPORTED_IMAGE when the file is not one the service can use
 * (not a JPEG, PNG or WebP, e.g. GIF, SVG or HEIC; damaged or cut short; over the pixel or side cap).
 * UNSUPPORTED_IMAGE is permanent: the same file fails again, and the message says what to send instead.
 */
type ImageFetchErrorCode = 'IMAGE_DOWNLOAD_FAILED' | 'UNSUPPORTED_IMAGE';

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

/**
 * An image already in hand (one of the job's own stored media, read by its key): the checks a download
 * gets (a JPEG, PNG or WebP within the pixel limits that decodes), named by the URL it stands for.
 */
export async function imageFromBytes(url: string, bytes: Buffer): Promise<FetchedImage> {
  return (await checkedBytes(url, bytes, PHOTO_FORMATS, IMAGE_FETCH_LIMITS)) as FetchedImage;
}

/** Aerial imagery already in hand: the checks `fetchImagery` gives a download (TIFF too, its limits). */
export function imageryFromBytes(url: string, bytes: Buffer): Promise<FetchedImage<AnyImageFormat>> {
  return checkedBytes(url, bytes, IMAGERY_FORMATS, IMAGERY_FETCH_LIMITS);
}

async function checkedBytes(
  url: string,
  bytes: Buffer,
  formats: readonly AnyImageFormat[],
  limits: { readonly maxPixels: number; readonly maxSide: number },
): Promise<FetchedImage<AnyImageFormat>> {
  const fail = (reason: string, code: ImageFetchErrorCode = 'UNSUPPORTED_IMAGE') =>
    new ImageFetchError(code, url, reason);
  const header = new ImageHeaderScanner();
  header.push(bytes);
  const format = header.format;
  if (format === undefined || format === 'unknown' || !formats.includes(format))
    throw fail(notAnImage(undefined, acceptedNames(formats), format));
  if (format === 'tiff') return { url, ...(await verifyTiff(bytes, limits, fail)) };
  return { url, ...(await verify(bytes, format, limits, fail)) };
}

/** "JPEG, PNG or WebP": the formats a check accepts, as its messages name them. */
function acceptedNames(formats: readonly AnyImageFormat[]): string {
  return formats
    .map((f) => FORMAT_NAMES[f])
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
}

export function imageFetcher(policy: ImageFetchPolicy): ImageFetcher {
  return (url) => fetchImage(url, policy);
}

export function imageryFetcher(policy: ImageFetchPolicy): ImageryFetcher {
  return (url) => fetchImagery(url, policy);
}

export function fetchImage(url: string, policy: ImageFetchPolicy): Promise<FetchedImage> {
  return fetchAny(url, policy, PHOTO_FORMATS) as Promise<FetchedImage>;
}

/** A caller's aerial imagery: TIFF too, and IMAGERY_FETCH_LIMITS unless the policy says otherwise. */
export function fetchImagery(url: string, policy: ImageFetchPolicy): Promise<FetchedImage<AnyImageFormat>> {
  return fetchAny(
    url,
    {
      maxBytes: IMAGERY_FETCH_LIMITS.maxBytes,
      maxPixels: IMAGERY_FETCH_LIMITS.maxPixels,
      maxSide: IMAGERY_FETCH_LIMITS.maxSide,
      ...policy,
    },
    IMAGERY_FORMATS,
  );
}

async function fetchAny(
  url: string,
  policy: ImageFetchPolicy,
  formats: readonly AnyImageFormat[],
): Promise<FetchedImage<AnyImageFormat>> {
  const outbound: OutboundPolicy = { ...customerImagePolicy(policy), ...policy };
  const limits = {
    maxPixels: policy.maxPixels ?? IMAGE_FETCH_LIMITS.maxPixels,
    maxSide: policy.maxSide ?? IMAGE_FETCH_LIMITS.maxSide,
  };
  const accepted = acceptedNames(formats);
  const fail = (reason: string, code: ImageFetchErrorCode = 'IMAGE_DOWNLOAD_FAILED') =>
    new ImageFetchError(code, url, reason);

  // The type is sniffed from the bytes and the pixel size read from the header as they stream in, so
  // a file that is not an image, or too large an image, stops the download there.
  const header = new ImageHeaderScanner();
  let response: { bytes: Buffer; contentType: string | undefined };
  try {
    // At most DOWNLOADS_PER_ORGANIZATION of the step's organization at once in this process.
    response = await boundedDownload(() =>
      pinnedGet(url, outbound, {
        headers: { accept: formats.map((f) => IMAGE_CONTENT_TYPES[f]).join(', ') },
        onChunk: (chunk, headers) => {
          if (header.done) return;
          header.push(chunk);
          if (
            header.format === 'unknown' ||
            (header.format !== undefined && !formats.includes(header.format))
          )
            throw fail(notAnImage(headers['content-type'], accepted, header.format), 'UNSUPPORTED_IMAGE');
          if (header.size) {
            const problem = sizeProblem(header.size.width, header.size.height, limits);
            if (problem) throw fail(problem, 'UNSUPPORTED_IMAGE');
          }
        },
      }),
    );
  } catch (error) {
    if (error instanceof PinnedGetError) throw fail(downloadProblem(error.failure));
    throw error;
  }
  const format = header.format;
  if (format === undefined || format === 'unknown' || !formats.includes(format)) {
    throw fail(notAnImage(response.contentType, accepted, format), 'UNSUPPORTED_IMAGE');
  }
  if (format === 'tiff') return { url, ...(await verifyTiff(response.bytes, limits, fail)) };
  if (!header.size) {
    throw fail(
      `the ${format.toUpperCase()} file ends before its header gives the pixel size (a cut-short or damaged image)`,
      'UNSUPPORTED_IMAGE',
    );
  }
  return { url, ...(await verify(response.bytes, format, limits, fail)) };
}

/** Why a download failed, in the words of the job's IMAGE_DOWNLOAD_FAILED message. */
function downloadProblem(failure: PinnedGetFailure): string {
  switch (failure.kind) {
    case 'refused':
      return failure.hop === 0
        ? failure.reason
        : `it redirects to ${failure.target}, refused: ${failure.reason}`;
    case 'too-many-redirects':
      return `more than ${failure.maxRedirects} redirects`;
    case 'redirect-without-location':
      return `HTTP ${failure.status} redirect without a Location header`;
    case 'status':
      return `the server answered HTTP ${failure.status}`;
    case 'too-large':
      return failure.declared !== undefined
        ? `it is ${failure.declared} bytes, more than the ${limitText(failure.maxBytes)} limit`
        : `it is larger than the ${limitText(failure.maxBytes)} limit`;
    case 'timeout':
      return `no complete response within ${failure.timeoutMs} ms`;
    case 'connection-broke':
      return `the connection broke: ${failure.message}`;
    case 'cut-short':
      return 'the connection closed before the whole image arrived';
    case 'request-failed':
      return `the request failed: ${failure.message}`;
  }
}

/**
 * The header told us the size; the decoder confirms the file really is that image, and reads all of it
 * (shrinking on load, which keeps a 40 MP JPEG's cost down): a cut-short or corrupt file fails here
 * as UNSUPPORTED_IMAGE instead of in the stager or the slide, where it was an internal error. sharp's
 * default failOn ('warning') is the one the steps decode with, so what passes here decodes there.
 */
async function verify(
  bytes: Buffer,
  sniffed: ImageFormat,
  limits: { readonly maxPixels: number; readonly maxSide: number },
  fail: (reason: string, code?: ImageFetchErrorCode) => ImageFetchError,
): Promise<Omit<FetchedImage, 'url'>> {
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

/**
 * A caller's picture whose pixels the decoder cannot read when a step decodes them (a TIFF's are read
 * region by region, after its download was accepted on its directory alone): UNSUPPORTED_IMAGE saying so,
 * not an internal error. The same file fails the same way again, so it is the caller's to fix.
 */
export function undecodablePicture(what: string, error: unknown): JobError {
  const detail = firstLine(error instanceof Error ? error.message : String(error));
  return new JobError(
    'UNSUPPORTED_IMAGE',
    `The ${what}'s pixels cannot be decoded (${detail}): the file is damaged or cut short. Export it again and send the new file.`,
  );
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0]!.trim();
}

function notAnImage(
  contentType: string | undefined,
  accepted = 'JPEG, PNG or WebP',
  sniffed?: AnyImageFormat | 'unknown',
): string {
  const what = sniffed && sniffed !== 'unknown' ? `, it is a ${FORMAT_NAMES[sniffed]}` : '';
  return `it is not a ${accepted} image (the server called it ${contentType ?? 'nothing'}${what})`;
}

/**
 * A TIFF's directory is checked by hand before the decoder sees it (tiff-structure.ts: sizes, codecs,
 * tile counts, offsets inside the file), then the decoder reads its header. Its pixels are decoded later,
 * region by region, by the step that uses it.
 */
async function verifyTiff(
  bytes: Buffer,
  limits: { readonly maxPixels: number; readonly maxSide: number },
  fail: (reason: string, code?: ImageFetchErrorCode) => ImageFetchError,
): Promise<Omit<FetchedImage<'tiff'>, 'url'>> {
  try {
    const structure = inspectTiff(bytes, { ...limits, maxBlocks: IMAGERY_FETCH_LIMITS.maxBlocks });
    await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata();
    return {
      bytes,
      format: 'tiff',
      contentType: IMAGE_CONTENT_TYPES.tiff,
      width: structure.width,
      height: structure.height,
    };
  } catch (error) {
    const reason =
      error instanceof TiffProblem
        ? error.message
        : `it is not a readable TIFF image (${firstLine((error as Error).message)})`;
    throw fail(reason, 'UNSUPPORTED_IMAGE');
  }
}

function limitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
