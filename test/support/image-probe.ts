// Pixel access for tests that check what an image shows: decode once, read RGB at (x, y), and measure
// regions (mean colour, mean difference from another image of the same size).
import sharp from 'sharp';

export interface Pixels {
  readonly width: number;
  readonly height: number;
  rgb(x: number, y: number): [number, number, number];
}

export async function decode(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    rgb(x, y) {
      const xi = Math.min(info.width - 1, Math.max(0, Math.round(x)));
      const yi = Math.min(info.height - 1, Math.max(0, Math.round(y)));
      const i = (yi * info.width + xi) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

export async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

export const luminance = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;

/** Mean absolute per-channel difference of two images over sample points. */
export function meanDifference(a: Pixels, b: Pixels, points: readonly { x: number; y: number }[]): number {
  let sum = 0;
  for (const p of points) {
    const pa = a.rgb(p.x, p.y);
    const pb = b.rgb(p.x, p.y);
    sum += (Math.abs(pa[0] - pb[0]) + Math.abs(pa[1] - pb[1]) + Math.abs(pa[2] - pb[2])) / 3;
  }
  return sum / points.length;
}

/** Mean luminance over sample points. */
export function meanLuminance(image: Pixels, points: readonly { x: number; y: number }[]): number {
  return points.reduce((s, p) => s + luminance(image.rgb(p.x, p.y)), 0) / points.length;
}

/** A rectangle by its corners (image pixels; rounded to whole pixels) or as sharp's extract region. */
export type PixelRect =
  | { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }
  | { readonly left: number; readonly top: number; readonly width: number; readonly height: number };

/** Mean absolute per-channel (RGB) difference of two same-size images over a rectangle. */
export async function meanRegionDifference(a: Buffer, b: Buffer, rect: PixelRect): Promise<number> {
  const region =
    'x0' in rect
      ? {
          left: Math.round(rect.x0),
          top: Math.round(rect.y0),
          width: Math.round(rect.x1 - rect.x0),
          height: Math.round(rect.y1 - rect.y0),
        }
      : rect;
  const [ra, rb] = await Promise.all(
    [a, b].map((image) => sharp(image).extract(region).removeAlpha().raw().toBuffer()),
  );
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}
