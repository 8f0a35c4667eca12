// How a picture of any shape fills a frame of another (a 3:2 drone photo in the 16:9 reveal video): cut to
// the frame's shape where the subject (the boundary and its labels, with a margin) fits inside the cut;
// otherwise the whole picture, fitted inside the frame, over a blurred and darkened continuation of
// itself. Never squashed, never cutting the subject.
import sharp from 'sharp';
import type { Point } from '../../domain/geo-types.ts';

export interface FrameFit {
  readonly kind: 'same' | 'crop' | 'extend';
  /** Normalized picture coordinates (0-1) to normalized frame coordinates. */
  toFrame(p: Point): Point;
}

/** The subject's box as a share of the picture kept around it when cropping. */
const MARGIN = 0.04;

/**
 * The fit of a `width` x `height` picture into a `frameWidth` x `frameHeight` frame, keeping `subject`
 * (normalized picture points) in view.
 */
export function frameFit(
  width: number,
  height: number,
  frameWidth: number,
  frameHeight: number,
  subject: readonly Point[],
): FrameFit & { readonly crop?: { left: number; top: number; width: number; height: number } } {
  const aspect = width / height;
  const frameAspect = frameWidth / frameHeight;
  if (Math.abs(aspect / frameAspect - 1) < 0.01) return { kind: 'same', toFrame: (p) => p };
  const xs = subject.map((p) => p.x);
  const ys = subject.map((p) => p.y);
  const box = subject.length
    ? {
        left: Math.max(0, Math.min(...xs) - MARGIN),
        right: Math.min(1, Math.max(...xs) + MARGIN),
        top: Math.max(0, Math.min(...ys) - MARGIN),
        bottom: Math.min(1, Math.max(...ys) + MARGIN),
      }
    : { left: 0.5, right: 0.5, top: 0.5, bottom: 0.5 };
  if (aspect > frameAspect) {
    // Wider than the frame: a full-height cut, as wide as the frame's shape allows, around the subject.
    const share = frameAspect / aspect;
    if (box.right - box.left <= share) {
      const centre = (box.left + box.right) / 2;
      const left = Math.min(1 - share, Math.max(0, centre - share / 2));
      return {
        kind: 'crop',
        crop: { left: Math.round(left * width), top: 0, width: Math.round(share * width), height },
        toFrame: (p) => ({ x: (p.x - left) / share, y: p.y }),
      };
    }
  } else {
    const share = aspect / frameAspect;
    if (box.bottom - box.top <= share) {
      const centre = (box.top + box.bottom) / 2;
      const top = Math.min(1 - share, Math.max(0, centre - share / 2));
      return {
        kind: 'crop',
        crop: { left: 0, top: Math.round(top * height), width, height: Math.round(share * height) },
        toFrame: (p) => ({ x: p.x, y: (p.y - top) / share }),
      };
    }
  }
  // The whole picture, as large as fits, centred.
  const scale = Math.min(frameWidth / width, frameHeight / height);
  const w = (width * scale) / frameWidth;
  const h = (height * scale) / frameHeight;
  const x0 = (1 - w) / 2;
  const y0 = (1 - h) / 2;
  return { kind: 'extend', toFrame: (p) => ({ x: x0 + p.x * w, y: y0 + p.y * h }) };
}

/** The picture fitted into the frame as `fit` says, as a JPEG of the frame's size. */
export async function fitPicture(
  picture: Buffer,
  fit: ReturnType<typeof frameFit>,
  frameWidth: number,
  frameHeight: number,
  quality: number,
): Promise<Buffer> {
  if (fit.kind === 'same') return sharp(picture).resize(frameWidth, frameHeight).jpeg({ quality }).toBuffer();
  if (fit.kind === 'crop')
    return sharp(picture).extract(fit.crop!).resize(frameWidth, frameHeight).jpeg({ quality }).toBuffer();
  const topLeft = fit.toFrame({ x: 0, y: 0 });
  const bottomRight = fit.toFrame({ x: 1, y: 1 });
  const left = Math.round(topLeft.x * frameWidth);
  const top = Math.round(topLeft.y * frameHeight);
  const inner = await sharp(picture)
    .resize(Math.round(bottomRight.x * frameWidth) - left, Math.round(bottomRight.y * frameHeight) - top, {
      fit: 'fill',
    })
    .toBuffer();
  // The continuation: the picture filling the frame, blurred well past recognition and darkened, so the
  // real picture reads as the picture.
  const backdrop = await sharp(picture)
    .resize(frameWidth, frameHeight, { fit: 'cover' })
    .blur(Math.max(8, frameHeight / 40))
    .modulate({ brightness: 0.6 })
    .toBuffer();
  return sharp(backdrop)
    .composite([{ input: inner, left, top }])
    .jpeg({ quality })
    .toBuffer();
}
