// The rendition engine for stills: one finished picture (a 4K markup still, a 3:2 drone photo, a 1920x1080
// frame) turned into the files a listing needs beside it: `portal` (the portals' JPEG, from the caller's
// text-free twin: portal.ts), `web` (WebP and AVIF at srcset widths) and the social shapes (1080x1080,
// 1080x1350, 1080x1920) cut around the subject or shown whole over a blurred continuation of themselves
// (markup/frame-fit.ts, the same fit as the reveal video's). The picture is decoded once; every web and
// social file is made from those pixels, and the encoders run side by side.
import { availableParallelism } from 'node:os';
import sharp, { type AvifOptions, type OutputInfo, type WebpOptions } from 'sharp';
import { SOCIAL_SHAPES } from '../../core/schemas/renditions.ts';
import type { Point } from '../../domain/geo-types.ts';
import {
  type FittedFrame,
  frameFit,
  framePicture,
  type NormalizedBox,
  type RawPicture,
} from '../markup/frame-fit.ts';
import {
  CONTENT_TYPES,
  decodeUpright,
  type EncodedImage,
  type FrameMapping,
  type ImageFormat,
  mappingOf,
  RenditionError,
  uprightSize,
} from './encoded-image.ts';
import { type PortalImage, type PortalMetadata, portalImage } from './portal.ts';

export type { NormalizedBox } from '../markup/frame-fit.ts';
export type { EncodedImage, FrameMapping, ImageFormat } from './encoded-image.ts';
export { RenditionError, toFrame } from './encoded-image.ts';
export type { PortalImage, PortalMetadata } from './portal.ts';
export { PORTAL_LIMITS, portalPlan } from './portal.ts';

// sharp defaults to one libvips thread on glibc (against heap fragmentation in long-lived servers); a
// rendition run is one burst of encodes, worth every core the function has.
sharp.concurrency(availableParallelism());

/** The social frames, in pixels (the request schema's shapes). */
export const SOCIAL_FRAMES = SOCIAL_SHAPES;

export type SocialRenditionName = keyof typeof SOCIAL_FRAMES;
export type StillRenditionName = 'portal' | 'web' | SocialRenditionName;

export const STILL_RENDITION_NAMES: readonly StillRenditionName[] = [
  'portal',
  'web',
  'social_square',
  'social_portrait',
  'social_story',
];

/** The `web` widths, widest first; widths wider than the picture are left out (never enlarged). */
export const WEB_WIDTHS = [2048, 1024, 400] as const;

/**
 * Encoder settings. AVIF and WebP at their fastest effort: each step up costs several times the time
 * (AVIF) or a good share more (WebP) for a few percent of size, and the whole run has a one-second budget
 * on two cores. Qualities are sharp's defaults for each format, its usual points for photos; AVIF with
 * 4:2:0 chroma like the JPEGs, smaller and quicker than 4:4:4 for photos.
 */
const WEBP: WebpOptions = { quality: 80, effort: 0 };
const AVIF: AvifOptions = { quality: 50, effort: 0, chromaSubsampling: '4:2:0' };
const SOCIAL_JPEG_QUALITY = 88;

/** What must stay in view, in normalized picture coordinates (0-1). */
export interface StillSubject {
  /** E.g. the property boundary's vertices. */
  readonly points: readonly Point[];
  /** E.g. the label boxes drawn on the picture. */
  readonly boxes?: readonly NormalizedBox[];
}

export interface StillRenditionsRequest {
  /** The finished picture, JPEG or PNG. */
  readonly picture: Buffer;
  /** The same picture without its labels; required for `portal`. */
  readonly textFree?: Buffer;
  readonly subject: StillSubject;
  /** Written into the `portal` file only; every other file carries no metadata. */
  readonly metadata?: PortalMetadata;
  readonly renditions: readonly StillRenditionName[];
}

/** A social file, with how the picture was fitted to its shape and where picture points land in it. */
export interface FittedImage extends EncodedImage {
  readonly format: 'jpeg';
  /**
   * crop: cut to the frame's shape around the subject; extend: the whole picture over a blurred,
   * darkened continuation of itself; same: the picture already has the frame's shape.
   */
  readonly fit: FittedFrame['kind'];
  /** Picture coordinates (0-1) to coordinates in this file (0-1). */
  readonly mapping: FrameMapping;
}

/** The `web` files, one list per format, widest first: each list is a `srcset`. */
export interface WebImages {
  readonly avif: readonly EncodedImage[];
  readonly webp: readonly EncodedImage[];
}

export interface StillRenditions {
  readonly portal?: PortalImage;
  readonly web?: WebImages;
  readonly social_square?: FittedImage;
  readonly social_portrait?: FittedImage;
  readonly social_story?: FittedImage;
}

function encoded(format: ImageFormat, data: Buffer, info: OutputInfo): EncodedImage {
  return {
    format,
    contentType: CONTENT_TYPES[format],
    width: info.width,
    height: info.height,
    bytes: data.length,
    data,
  };
}

const open = (p: RawPicture) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

/** The web widths for a picture `width` px wide: those it reaches, or its own width when it reaches none. */
export function webWidths(width: number): number[] {
  const fitting = WEB_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [width];
}

/**
 * The `web` files. Each width is scaled from the next wider one (far fewer pixels to read than the whole
 * picture), and both formats of a width are encoded as soon as its pixels are ready.
 */
function webImages(pixels: RawPicture): Promise<WebImages> {
  const sizes: Array<Promise<RawPicture>> = [];
  let previous = Promise.resolve(pixels);
  for (const width of webWidths(pixels.width)) {
    const height = Math.max(1, Math.round((width * pixels.height) / pixels.width));
    previous = previous.then(async (from) => {
      if (from.width === width) return from;
      const { data, info } = await open(from).resize(width, height, { fit: 'fill' }).raw().toBuffer({
        resolveWithObject: true,
      });
      return { data, width: info.width, height: info.height, channels: info.channels };
    });
    sizes.push(previous);
  }
  const encode = (format: 'avif' | 'webp') =>
    Promise.all(
      sizes.map(async (size) => {
        const pipeline = open(await size);
        const coded = format === 'avif' ? pipeline.avif(AVIF) : pipeline.webp(WEBP);
        const { data, info } = await coded.toBuffer({ resolveWithObject: true });
        return encoded(format, data, info);
      }),
    );
  return Promise.all([encode('avif'), encode('webp')]).then(([avif, webp]) => ({ avif, webp }));
}

async function socialImage(
  pixels: RawPicture,
  name: SocialRenditionName,
  subject: StillSubject,
): Promise<FittedImage> {
  const { width, height } = SOCIAL_FRAMES[name];
  const fit = frameFit(pixels.width, pixels.height, width, height, subject.points, {
    boxes: subject.boxes ?? [],
  });
  const framed = await framePicture(pixels, fit, width, height);
  const { data, info } = await framed
    .jpeg({ quality: SOCIAL_JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { ...encoded('jpeg', data, info), format: 'jpeg', fit: fit.kind, mapping: mappingOf(fit) };
}

/**
 * The wanted renditions of one finished picture. Throws a RenditionError before any work when `portal` is
 * wanted without a text-free source, or a name is not a still rendition; and when the text-free source is
 * not the picture's twin or too small for the portals.
 */
export async function stillRenditions(request: StillRenditionsRequest): Promise<StillRenditions> {
  const wanted = new Set(request.renditions);
  for (const name of wanted)
    if (!STILL_RENDITION_NAMES.includes(name))
      throw new RenditionError(
        String(name),
        `not a rendition of a still (one of ${STILL_RENDITION_NAMES.join(', ')}).`,
      );
  if (wanted.has('portal') && !request.textFree)
    throw new RenditionError(
      'portal',
      'needs the text-free source (the same picture without its labels, as `textFree`): the portals refuse photos with text on them.',
    );
  const socials = (Object.keys(SOCIAL_FRAMES) as SocialRenditionName[]).filter((n) => wanted.has(n));
  const pixels = wanted.has('web') || socials.length > 0 ? decodeUpright(request.picture) : undefined;
  // Every piece of work is started here and awaited together, so each runs as soon as its input is ready.
  const work: Array<Promise<[keyof StillRenditions, unknown]>> = [];
  if (wanted.has('web')) work.push(pixels!.then(webImages).then((web) => ['web', web]));
  for (const name of socials)
    work.push(pixels!.then((p) => socialImage(p, name, request.subject)).then((image) => [name, image]));
  if (wanted.has('portal')) {
    // The text-free source is decoded beside the picture, not after it.
    const textFree = decodeUpright(request.textFree!);
    const pictureSize = pixels ?? uprightSize(request.picture);
    work.push(
      Promise.all([textFree, pictureSize])
        // Only the points: the label boxes are not on the text-free twin, so they need not stay in view.
        .then(([source, size]) => portalImage(source, size, request.subject.points, request.metadata ?? {}))
        .then((image) => ['portal', image]),
    );
  }
  return Object.fromEntries(await Promise.all(work)) as StillRenditions;
}
