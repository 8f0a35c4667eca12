// How a picture of any shape fills a frame of another (a 3:2 drone photo in the 16:9 reveal video, a 4K
// still in a 1080x1920 story): cut to the frame's shape where the subject (the boundary and its labels,
// with a margin) fits inside the cut; otherwise the whole picture, fitted inside the frame, over a blurred
// and darkened continuation of itself. Never squashed, never cutting the subject.
import sharp, { type Sharp } from 'sharp';
import type { Point } from '../../domain/geo-types.ts';

export interface FrameFit {
  readonly kind: 'same' | 'crop' | 'extend';
  /** Normalized picture coordinates (0-1) to normalized frame coordinates. */
  toFrame(p: Point): Point;
}

/** A box in normalized picture coordinates (0-1), such as a label's bounds. */
export interface NormalizedBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A region of the picture in its own pixels. */
export interface PixelRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A fit, with the cut of the picture in pixels when it is a crop. */
export type FittedFrame = FrameFit & { readonly crop?: PixelRect };

export interface FrameFitOptions {
  /** Boxes that must stay in view whole, beside the subject's points (label boxes). */
  readonly boxes?: readonly NormalizedBox[];
  /**
   * false: never cut the picture; a picture of another shape is always shown whole over its continuation
   * (a portrait room photo in a landscape frame would otherwise lose half of itself).
   */
  readonly crop?: boolean;
}

/** Pixels decoded once and shared by several frames, so no frame pays for its own decode. */
export interface RawPicture {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 2 | 3 | 4;
}

/** The subject's box as a share of the picture kept around it when cropping. */
const MARGIN = 0.04;

/**
 * The continuation is blurred at this fraction of the frame's size and scaled back up: the same soft
 * backdrop as a full-size blur, for a small part of its cost (blur cost grows with the radius).
 */
const BACKDROP_SHRINK = 8;

/**
 * The continuation's levels as a share of the picture's, every channel alike: a saturated colour is
 * darkened as much as a grey, so no part of the continuation is as bright as the picture it surrounds.
 */
const BACKDROP_LEVEL = 0.6;

/** The subject's extent with its margin, clamped to the picture; a centred point when there is none. */
function subjectExtent(subject: readonly Point[], boxes: readonly NormalizedBox[]) {
  const points = [
    ...subject,
    ...boxes.flatMap((b) => [
      { x: b.left, y: b.top },
      { x: b.left + b.width, y: b.top + b.height },
    ]),
  ];
  if (points.length === 0) return { left: 0.5, right: 0.5, top: 0.5, bottom: 0.5 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    left: Math.max(0, Math.min(...xs) - MARGIN),
    right: Math.min(1, Math.max(...xs) + MARGIN),
    top: Math.max(0, Math.min(...ys) - MARGIN),
    bottom: Math.min(1, Math.max(...ys) + MARGIN),
  };
}

/**
 * The fit of a `width` x `height` picture into a `frameWidth` x `frameHeight` frame, keeping `subject`
 * (normalized picture points) and `options.boxes` in view.
 */
export function frameFit(
  width: number,
  height: number,
  frameWidth: number,
  frameHeight: number,
  subject: readonly Point[],
  options: FrameFitOptions = {},
): FittedFrame {
  const aspect = width / height;
  const frameAspect = frameWidth / frameHeight;
  if (Math.abs(aspect / frameAspect - 1) < 0.01) return { kind: 'same', toFrame: (p) => p };
  let cut: PixelRect = { left: 0, top: 0, width, height };
  if (options.crop !== false) {
    const box = subjectExtent(subject, options.boxes ?? []);
    // The mapping is taken from the cut in whole pixels, so a point lands where the pixels show it.
    if (aspect > frameAspect) {
      // Wider than the frame: a full-height cut, as wide as the frame's shape allows, around the subject.
      const cutWidth = Math.round(frameAspect * height);
      const share = cutWidth / width;
      if (box.right - box.left <= share) {
        const centre = ((box.left + box.right) / 2) * width;
        const left = Math.round(Math.min(width - cutWidth, Math.max(0, centre - cutWidth / 2)));
        return {
          kind: 'crop',
          crop: { left, top: 0, width: cutWidth, height },
          toFrame: (p) => ({ x: (p.x * width - left) / cutWidth, y: p.y }),
        };
      }
      // Too wide for a cut of the frame's shape: the subject's own width (all of the picture's height),
      // shown over the continuation, so the subject is as large as the frame allows.
      const left = Math.floor(box.left * width);
      cut = { left, top: 0, width: Math.min(width - left, Math.ceil(box.right * width) - left), height };
    } else {
      const cutHeight = Math.round(width / frameAspect);
      const share = cutHeight / height;
      if (box.bottom - box.top <= share) {
        const centre = ((box.top + box.bottom) / 2) * height;
        const top = Math.round(Math.min(height - cutHeight, Math.max(0, centre - cutHeight / 2)));
        return {
          kind: 'crop',
          crop: { left: 0, top, width, height: cutHeight },
          toFrame: (p) => ({ x: p.x, y: (p.y * height - top) / cutHeight }),
        };
      }
      const top = Math.floor(box.top * height);
      cut = { left: 0, top, width, height: Math.min(height - top, Math.ceil(box.bottom * height) - top) };
    }
  }
  // The cut (the whole picture, or the subject's span of it), as large as fits, centred.
  const scale = Math.min(frameWidth / cut.width, frameHeight / cut.height);
  const w = (cut.width * scale) / frameWidth;
  const h = (cut.height * scale) / frameHeight;
  const x0 = (1 - w) / 2;
  const y0 = (1 - h) / 2;
  const whole = cut.width === width && cut.height === height;
  return {
    kind: 'extend',
    ...(whole ? {} : { crop: cut }),
    toFrame: (p) => ({
      x: x0 + ((p.x * width - cut.left) / cut.width) * w,
      y: y0 + ((p.y * height - cut.top) / cut.height) * h,
    }),
  };
}

/** The picture as an opaque pipeline: a transparent one is flattened on black, as its JPEG would show. */
function open(picture: Buffer | RawPicture): Sharp {
  const pipeline = Buffer.isBuffer(picture)
    ? sharp(picture)
    : sharp(picture.data, {
        raw: { width: picture.width, height: picture.height, channels: picture.channels },
      });
  return pipeline.flatten({ background: '#000000' });
}

/**
 * The picture fitted into the frame as `fit` says, as a pipeline of the frame's size that only needs its
 * encoder (`.jpeg()`, `.webp()`, …). `picture` is an encoded file or pixels already decoded.
 */
export async function framePicture(
  picture: Buffer | RawPicture,
  fit: FittedFrame,
  frameWidth: number,
  frameHeight: number,
): Promise<Sharp> {
  if (fit.kind === 'same') return open(picture).resize(frameWidth, frameHeight);
  if (fit.kind === 'crop') return open(picture).extract(fit.crop!).resize(frameWidth, frameHeight);
  // The part of the picture shown: the whole, or the subject's span of it.
  const region = fit.crop
    ? { left: fit.crop.left, top: fit.crop.top, width: fit.crop.width, height: fit.crop.height }
    : undefined;
  const size = await pictureSize(picture);
  const topLeft = fit.toFrame({ x: (region?.left ?? 0) / size.width, y: (region?.top ?? 0) / size.height });
  const bottomRight = fit.toFrame({
    x: region ? (region.left + region.width) / size.width : 1,
    y: region ? (region.top + region.height) / size.height : 1,
  });
  const shown = () => (region ? open(picture).extract(region) : open(picture));
  const left = Math.round(topLeft.x * frameWidth);
  const top = Math.round(topLeft.y * frameHeight);
  const smallWidth = Math.max(1, Math.round(frameWidth / BACKDROP_SHRINK));
  const smallHeight = Math.max(1, Math.round(frameHeight / BACKDROP_SHRINK));
  const [inner, small] = await Promise.all([
    shown()
      .resize(Math.round(bottomRight.x * frameWidth) - left, Math.round(bottomRight.y * frameHeight) - top, {
        fit: 'fill',
      })
      .raw()
      .toBuffer({ resolveWithObject: true }),
    // The continuation: the picture filling the frame, blurred well past recognition and darkened, so the
    // real picture reads as the picture.
    shown()
      .resize(smallWidth, smallHeight, { fit: 'cover' })
      .blur(Math.max(8, frameHeight / 40) / BACKDROP_SHRINK)
      .linear(BACKDROP_LEVEL, 0)
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const backdrop = await sharp(small.data, { raw: small.info })
    .resize(frameWidth, frameHeight, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(backdrop.data, { raw: backdrop.info }).composite([
    { input: inner.data, raw: inner.info, left, top },
  ]);
}

async function pictureSize(picture: Buffer | RawPicture): Promise<{ width: number; height: number }> {
  if (!Buffer.isBuffer(picture)) return picture;
  const meta = await sharp(picture).metadata();
  return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

/** The picture fitted into the frame as `fit` says, as a JPEG of the frame's size. */
export async function fitPicture(
  picture: Buffer | RawPicture,
  fit: FittedFrame,
  frameWidth: number,
  frameHeight: number,
  quality: number,
): Promise<Buffer> {
  return (await framePicture(picture, fit, frameWidth, frameHeight)).jpeg({ quality }).toBuffer();
}
