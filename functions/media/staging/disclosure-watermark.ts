// The optional watermark (organization setting or request option): a small "Virtually staged" label in
// the bottom-left corner, scaled to the image, drawn after staging and re-encoded in the input format.
// The text is drawn as path outlines of the label font (DejaVu Sans Bold, shipped beside the bundle):
// Lambda has no system fonts for an SVG <text> to find.
import sharp from 'sharp';
import { type LabelFont, labelFont } from '../markup/label-font.ts';
import { encodeAs } from './offline-stager.ts';
import type { StagingImageFormat } from './stager.ts';

const DEFAULT_WATERMARK_TEXT = 'Virtually staged';

/** Where the label's box goes on a width × height image (tests compare pixels inside it). */
export function watermarkBox(
  width: number,
  height: number,
  text = DEFAULT_WATERMARK_TEXT,
  font: LabelFont = labelFont(),
): { x: number; y: number; width: number; height: number; size: number } {
  const size = Math.max(12, Math.round(Math.min(height, width * 0.75) * 0.028));
  const boxW = Math.round(font.advance(text, size) + size);
  const boxH = Math.round(size * 1.6);
  return {
    x: size,
    y: Math.round(height - size * 2.6),
    width: Math.min(boxW, width - size),
    height: boxH,
    size,
  };
}

export async function applyWatermark(
  image: Buffer,
  format: StagingImageFormat,
  text = DEFAULT_WATERMARK_TEXT,
): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const oriented = (meta.orientation ?? 1) >= 5;
  const w = (oriented ? meta.height : meta.width) ?? 0;
  const h = (oriented ? meta.width : meta.height) ?? 0;
  const font = labelFont();
  const safe = [...text]
    .filter((ch) => font.covers(ch))
    .join('')
    .slice(0, 60);
  const box = watermarkBox(w, h, safe, font);
  const baseline = box.y + box.height / 2 + (font.capHeight * box.size) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="${(box.size * 0.3).toFixed(1)}" fill="rgba(0,0,0,0.55)"/><path d="${font.path(safe, box.x + box.size / 2, baseline, box.size)}" fill="#fff"/></svg>`;
  return encodeAs(
    sharp(image)
      .rotate()
      .composite([{ input: Buffer.from(svg) }]),
    format,
  );
}
