// Each image slot of a slide gets its own file, cropped to the slot's aspect ratio by content (sharp's
// attention strategy keeps the most salient region: the house, not the sky) and never stretched.
// Slots are prepared at twice the slide's pixels so the A4 PDF prints them at 300 dpi or better; a
// source too small for that keeps its own resolution rather than being blown up.
import sharp from 'sharp';
import type { ImageSlot } from './slide-builder.ts';

/** Slide pixels to print pixels: 1920 px x 2 across 297 mm is 328 dpi. */
export const PRINT_SCALE = 2;

export interface PreparedImage {
  readonly name: string;
  readonly bytes: Buffer;
  readonly contentType: 'image/jpeg' | 'image/png';
  readonly width: number;
  readonly height: number;
}

/** The pixel size for a slot: its aspect ratio exactly, at most PRINT_SCALE times, never above what the source has. */
function slotPixels(
  slot: { w: number; h: number },
  source: { width: number; height: number },
  scale = PRINT_SCALE,
): { width: number; height: number } {
  const factor = Math.min(scale, source.width / slot.w, source.height / slot.h);
  const f = Math.max(factor, Math.min(1, scale)); // at least the slide's own pixels (upscaling a small photo beats a hole)
  return { width: Math.max(1, Math.round(slot.w * f)), height: Math.max(1, Math.round(slot.h * f)) };
}

export async function prepareSlotImage(
  slot: ImageSlot,
  source: Buffer,
  scale = PRINT_SCALE,
): Promise<PreparedImage> {
  // rotate() applies the EXIF orientation first: phone photos are often stored sideways.
  const oriented = await sharp(source, { limitInputPixels: 40_000_000 })
    .rotate()
    .toBuffer({ resolveWithObject: true });
  const size = slotPixels(slot, oriented.info, scale);
  if (slot.source.kind === 'logo') {
    // A logo is never cropped: fitted whole, transparency kept.
    const bytes = await sharp(oriented.data)
      .resize(size.width, size.height, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer();
    return { name: slot.name, bytes, contentType: 'image/png', ...size };
  }
  const bytes = await sharp(oriented.data)
    .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#FFFFFF' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
  return { name: slot.name, bytes, contentType: 'image/jpeg', ...size };
}
