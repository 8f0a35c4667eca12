// What every still rendition shares: the encoded file as callers store and describe it, the mapping that
// places the subject in a fitted frame, the one decode a rendition run starts from, and its error.
import sharp from 'sharp';
import { JobError } from '../../core/errors.ts';
import type { Point } from '../../domain/geo-types.ts';
import type { FrameFit, RawPicture } from '../markup/frame-fit.ts';

export type ImageFormat = 'jpeg' | 'webp' | 'avif';

export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** One encoded file of a rendition, with what a caller needs to store it and to write `srcset`. */
export interface EncodedImage {
  readonly format: ImageFormat;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  /** The file's size in bytes (data.length). */
  readonly bytes: number;
  readonly data: Buffer;
}

/**
 * Normalized picture coordinates (0-1) to normalized frame coordinates: x' = offsetX + scaleX · x, and
 * the same for y. Plain numbers, so it can be stored beside the file; `toFrame` applies it.
 */
export interface FrameMapping {
  readonly scaleX: number;
  readonly scaleY: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

/** The mapping of a fit (every fit maps each axis linearly). */
export function mappingOf(fit: FrameFit): FrameMapping {
  const origin = fit.toFrame({ x: 0, y: 0 });
  const corner = fit.toFrame({ x: 1, y: 1 });
  return { scaleX: corner.x - origin.x, scaleY: corner.y - origin.y, offsetX: origin.x, offsetY: origin.y };
}

export function toFrame(mapping: FrameMapping, p: Point): Point {
  return { x: mapping.offsetX + mapping.scaleX * p.x, y: mapping.offsetY + mapping.scaleY * p.y };
}

/**
 * A rendition that cannot be made from what the caller gave (no text-free source for `portal`, a source
 * too small for the portals). A JobError named RENDITION_UNAVAILABLE: a step that lets it through fails
 * the job with that code and this message.
 */
export class RenditionError extends JobError {
  readonly rendition: string;

  constructor(rendition: string, message: string) {
    super('RENDITION_UNAVAILABLE', `${rendition}: ${message}`);
    this.rendition = rendition;
  }
}

/**
 * The file decoded once into upright 8-bit sRGB pixels: EXIF orientation applied (subject points are
 * given on the picture as it is seen), any embedded profile converted to sRGB, transparency flattened on
 * white (every rendition is opaque). Nothing of the file's metadata survives into the pixels.
 */
export async function decodeUpright(file: Buffer): Promise<RawPicture> {
  const { data, info } = await sharp(file)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The upright size of a file, from its header alone. */
export async function uprightSize(file: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}
