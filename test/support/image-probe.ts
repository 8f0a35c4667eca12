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
