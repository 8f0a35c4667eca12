// Resampling a picture through a plane map: each output pixel's centre is mapped into the source by a
// homography and sampled bilinearly (pixel centres at +0.5). Outside the source the output is either a
// fill colour (a caller's orthophoto that does not cover the frame) or the nearest edge pixel (a satellite
// mosaic fetched with a margin, where the edge is ground the next tile would have shown).
import type { Homography } from '../../domain/geometry/homography.ts';

interface RawPicture {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  /** 1 (grey) or 3-4 (RGB, RGBA): the output is RGB. */
  readonly channels: number;
}

interface WarpTarget {
  readonly width: number;
  readonly height: number;
  /** Outside the source: this RGB, or 'clamp' to the nearest edge pixel. */
  readonly outside: readonly [number, number, number] | 'clamp';
}

const CHANNELS = 3;

export function warpBilinear(source: RawPicture, outToSource: Homography, target: WarpTarget): Buffer {
  const { width, height, outside } = target;
  const out = Buffer.alloc(width * height * CHANNELS);
  const [a, b, c, d, e, f, g, h, k] = outToSource;
  const channels = source.channels;
  const src = source.data;
  const stride = source.width * channels;
  const maxX = source.width - 1;
  const maxY = source.height - 1;
  const fill = outside === 'clamp' ? undefined : outside;
  for (let j = 0; j < height; j += 1) {
    const py = j + 0.5;
    // Homogeneous coordinates of the row's first pixel centre and their steps along the row.
    let X = a * 0.5 + b * py + c;
    let Y = d * 0.5 + e * py + f;
    let W = g * 0.5 + h * py + k;
    let o = j * width * CHANNELS;
    for (let i = 0; i < width; i += 1) {
      const sx = X / W - 0.5;
      const sy = Y / W - 0.5;
      X += a;
      Y += d;
      W += g;
      if (fill && !(sx >= -0.5 && sy >= -0.5 && sx <= maxX + 0.5 && sy <= maxY + 0.5)) {
        out[o] = fill[0];
        out[o + 1] = fill[1];
        out[o + 2] = fill[2];
        o += CHANNELS;
        continue;
      }
      const cx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
      const cy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
      // The last top-left index of a 2x2 neighbourhood, so the far edge interpolates with weight 1.
      const ix = cx >= maxX ? Math.max(0, maxX - 1) : Math.floor(cx);
      const iy = cy >= maxY ? Math.max(0, maxY - 1) : Math.floor(cy);
      const fx = cx - ix;
      const fy = cy - iy;
      const ix1 = Math.min(ix + 1, maxX);
      const iy1 = Math.min(iy + 1, maxY);
      const p00 = iy * stride + ix * channels;
      const p01 = iy * stride + ix1 * channels;
      const p10 = iy1 * stride + ix * channels;
      const p11 = iy1 * stride + ix1 * channels;
      for (let ch = 0; ch < CHANNELS; ch += 1) {
        const s = channels >= 3 ? ch : 0;
        const top = src[p00 + s]! + (src[p01 + s]! - src[p00 + s]!) * fx;
        const bottom = src[p10 + s]! + (src[p11 + s]! - src[p10 + s]!) * fx;
        out[o + ch] = Math.round(top + (bottom - top) * fy);
      }
      o += CHANNELS;
    }
  }
  return out;
}
