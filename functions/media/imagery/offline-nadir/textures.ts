// Texture pass of the offline nadir: per-pixel grain and mottling from periodic noise tiles, plus lawn-scale
// variation anchored to the ground, applied to the rasterized scene in JS (far cheaper than SVG filters at 4K).
import type { SiteModel } from '../../../domain/geo-types.ts';
import { mulberry32 } from '../../../domain/random.ts';
import { toLocalMetres } from '../../geo/local-metric.ts';
import type { NadirImageRequest } from '../../geo/types.ts';
import { DEG } from './palette.ts';

const TILE = 256;
let tiles: { vegetation: Float32Array; plain: Float32Array; coarse: Float32Array } | undefined;

/** Periodic value noise in [-1, 1] over a TILE×TILE tile, from a few octaves of smoothed lattice noise. */
function valueNoiseTile(seed: number, cells: readonly number[], weights: readonly number[]): Float32Array {
  const out = new Float32Array(TILE * TILE);
  const rand = mulberry32(seed);
  cells.forEach((cell, octave) => {
    const n = TILE / cell;
    const lattice = new Float32Array(n * n).map(() => rand() * 2 - 1);
    const w = weights[octave]!;
    for (let y = 0; y < TILE; y++) {
      const gy = y / cell;
      const y0 = Math.floor(gy);
      const fy = gy - y0;
      const sy = fy * fy * (3 - 2 * fy);
      const r0 = (y0 % n) * n;
      const r1 = ((y0 + 1) % n) * n;
      for (let x = 0; x < TILE; x++) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const fx = gx - x0;
        const sx = fx * fx * (3 - 2 * fx);
        const c0 = x0 % n;
        const c1 = (x0 + 1) % n;
        const top = lattice[r0 + c0]! + (lattice[r0 + c1]! - lattice[r0 + c0]!) * sx;
        const bottom = lattice[r1 + c0]! + (lattice[r1 + c1]! - lattice[r1 + c0]!) * sx;
        out[y * TILE + x] = out[y * TILE + x]! + (top + (bottom - top) * sy) * w;
      }
    }
  });
  return out;
}

/** Per-pixel grain plus fine mottling, pre-weighted for vegetation and for everything else. */
function noiseTiles() {
  if (!tiles) {
    const mid = valueNoiseTile(17, [2, 4, 8], [0.45, 0.35, 0.2]);
    const rand = mulberry32(5);
    const vegetation = new Float32Array(TILE * TILE);
    const plain = new Float32Array(TILE * TILE);
    for (let i = 0; i < TILE * TILE; i++) {
      const grain = rand() * 2 - 1;
      vegetation[i] = grain * 0.1 + mid[i]! * 0.18;
      plain[i] = grain * 0.045 + mid[i]! * 0.05;
    }
    tiles = { vegetation, plain, coarse: valueNoiseTile(91, [16, 32, 64], [0.3, 0.4, 0.3]) };
  }
  return tiles;
}

/** Maps output pixels to ground metres (local to the site origin), for ground-anchored texture. */
interface PixelToGround {
  readonly x0: number;
  readonly y0: number;
  /** Ground step per pixel right (dxX, dxY) and per pixel down (dyX, dyY). */
  readonly dxX: number;
  readonly dxY: number;
  readonly dyX: number;
  readonly dyY: number;
}

export function pixelToGround(request: NadirImageRequest, site: SiteModel): PixelToGround {
  const c = toLocalMetres(site.origin, request.center);
  const mpp = request.metersPerPixel;
  const t = request.rotationDeg * DEG;
  // Inverse of the SVG transform: undo rotate(-rotation), then flip y (pixel down = south when north up).
  const dxX = Math.cos(t) * mpp;
  const dxY = -Math.sin(t) * mpp;
  const dyX = -Math.sin(t) * mpp;
  const dyY = -Math.cos(t) * mpp;
  const hw = request.width / 2;
  const hh = request.height / 2;
  return { x0: c.x - hw * dxX - hh * dyX, y0: c.y - hw * dxY - hh * dyY, dxX, dxY, dyX, dyY };
}

/** Smooth value noise on a hashed integer lattice, in [-1, 1], at ground position (x, y) in lattice units. */
function latticeNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const v = (i: number, j: number) => {
    let h = Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1) ^ seed;
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 13;
    return ((h >>> 0) / 4294967296) * 2 - 1;
  };
  const top = v(x0, y0) + (v(x0 + 1, y0) - v(x0, y0)) * sx;
  const bottom = v(x0, y0 + 1) + (v(x0 + 1, y0 + 1) - v(x0, y0 + 1)) * sx;
  return top + (bottom - top) * sy;
}

const MAP_STEP = 16;

/**
 * Lawn-scale variation anchored to the ground (patches of lush and dry grass metres across), sampled on a
 * coarse pixel grid and interpolated: soft SVG gradients of this size cost librsvg several times more.
 */
function groundVariation(g: PixelToGround, width: number, height: number) {
  const cols = Math.ceil(width / MAP_STEP) + 2;
  const rows = Math.ceil(height / MAP_STEP) + 2;
  const bright = new Float32Array(cols * rows);
  const dry = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const px = i * MAP_STEP;
      const py = j * MAP_STEP;
      const x = g.x0 + px * g.dxX + py * g.dyX;
      const y = g.y0 + px * g.dxY + py * g.dyY;
      bright[j * cols + i] =
        0.65 * latticeNoise(x / 7, y / 7, 11) + 0.35 * latticeNoise(x / 2.6, y / 2.6, 23);
      dry[j * cols + i] = latticeNoise(x / 13, y / 13, 37);
    }
  }
  return { cols, bright, dry };
}

/**
 * Grain and mottling on every pixel, stronger on vegetation (green-dominant pixels) than on roofs and
 * paving, plus the ground-anchored lawn variation; drops the alpha channel.
 */
export function addTexture(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
  g: PixelToGround,
): Buffer {
  const { vegetation, plain, coarse } = noiseTiles();
  const variation = groundVariation(g, width, height);
  const { cols } = variation;
  const rowBright = new Float32Array(cols);
  const rowDry = new Float32Array(cols);
  const out = Buffer.allocUnsafe(width * height * 3);
  // A clamped view saturates at 0 and 255 on write, which is what the multiplications below need.
  const px = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  let o = 0;
  let i = 0;
  for (let y = 0; y < height; y++) {
    // Interpolate the coarse map down to this row once; x is interpolated per pixel below.
    const my = y / MAP_STEP;
    const j0 = Math.floor(my);
    const fy = my - j0;
    for (let c = 0; c < cols; c++) {
      const a = j0 * cols + c;
      rowBright[c] = variation.bright[a]! + (variation.bright[a + cols]! - variation.bright[a]!) * fy;
      rowDry[c] = variation.dry[a]! + (variation.dry[a + cols]! - variation.dry[a]!) * fy;
    }
    const rowMid = (y & (TILE - 1)) * TILE;
    // The coarse tile is read at an offset row so its period does not line up with the fine one.
    const rowCoarse = ((y + 97) & (TILE - 1)) * TILE;
    for (let x = 0; x < width; x++, i += channels, o += 3) {
      const r = data[i]!;
      const gr = data[i + 1]!;
      const b = data[i + 2]!;
      const t = rowMid + (x & (TILE - 1));
      const c = coarse[rowCoarse + ((x + 53) & (TILE - 1))]!;
      let kr: number;
      let kg: number;
      let kb: number;
      if (gr > r + 4 && gr > b + 12) {
        // Vegetation: strong grain and blotches, lush/dry patches on the ground scale.
        const mx = x * (1 / MAP_STEP);
        const i0 = mx | 0;
        const fx = mx - i0;
        const vb = rowBright[i0]! + (rowBright[i0 + 1]! - rowBright[i0]!) * fx;
        const vd = rowDry[i0]! + (rowDry[i0 + 1]! - rowDry[i0]!) * fx;
        const k = 1 + vegetation[t]! + c * 0.06 + vb * 0.08;
        kr = k * (1 + vd * 0.08);
        kg = k * (1 + vd * 0.02);
        kb = k * (1 - vd * 0.1);
      } else {
        kr = kg = kb = 1 + plain[t]! + c * 0.025;
      }
      px[o] = r * kr;
      px[o + 1] = gr * kg;
      px[o + 2] = b * kb;
    }
  }
  return out;
}
