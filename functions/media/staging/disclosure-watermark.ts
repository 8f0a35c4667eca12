// The optional per-organization watermark: a small "Virtually staged" label in the bottom-left corner,
// scaled to the image, drawn after staging and re-encoded in the input format.
import sharp from 'sharp';
import { encodeAs } from './offline-stager.ts';
import type { StagingImageFormat } from './stager.ts';

export const DEFAULT_WATERMARK_TEXT = 'Virtually staged';

export async function applyWatermark(
  image: Buffer,
  format: StagingImageFormat,
  text = DEFAULT_WATERMARK_TEXT,
): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const size = Math.max(12, Math.round(h * 0.028));
  const safe = text.replace(/[<>&"']/g, '').slice(0, 60);
  const boxW = Math.round(size * 0.62 * safe.length + size);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${size}" y="${h - size * 2.6}" width="${boxW}" height="${size * 1.6}" rx="${size * 0.3}" fill="rgba(0,0,0,0.55)"/><text x="${size * 1.5}" y="${h - size * 1.4}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#fff">${safe}</text></svg>`;
  return encodeAs(sharp(image).composite([{ input: Buffer.from(svg) }]), format);
}
