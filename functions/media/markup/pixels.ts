// Pixel work of the compositor on a decoded RGB frame held as horizontal strips (as decodeStrips returns
// it and encodeStrips takes it): alpha-blending layers, darkening outside the boundary, restoring the
// inside, stroking the outline. Done here rather than with sharp's composite(), which composites in
// floating point over the whole 8-megapixel frame even for a small layer (docs/benchmarks.md), while these
// touch only the pixels concerned.
import type { Point } from '../../domain/geo-types.ts';
import type { Bounds } from './annotation-layout.ts';
import type { Strip } from './jpeg-strips.ts';

export interface Frame {
  readonly width: number;
  readonly height: number;
  /** Top to bottom; every strip but the last as high as the first. */
  readonly strips: readonly Strip[];
}

/** A layer over part of the frame: RGBA pixels (or one coverage byte per pixel) of `bounds`. */
export interface Layer {
  readonly data: Buffer;
  readonly bounds: Bounds;
}

/** The buffer holding row y and the byte offset of the row's first pixel in it. */
export function rowOf(frame: Frame, y: number): readonly [Buffer, number] {
  const rows = frame.strips[0]!.height;
  const strip = frame.strips[Math.min(frame.strips.length - 1, Math.floor(y / rows))]!;
  return [strip.data, (y - strip.top) * frame.width * 3];
}

/** x / 255, rounded, for 0 <= x <= 255 * 255. */
const div255 = (x: number) => (x + 128 + ((x + 128) >> 8)) >> 8;

/** Mixes colour (r, g, b) into the pixel at `d` of `row` at opacity a / 255. */
function mix(row: Buffer, d: number, r: number, g: number, b: number, a: number): void {
  if (a === 255) {
    row[d] = r;
    row[d + 1] = g;
    row[d + 2] = b;
    return;
  }
  const keep = 255 - a;
  row[d] = div255(r * a + row[d]! * keep);
  row[d + 1] = div255(g * a + row[d + 1]! * keep);
  row[d + 2] = div255(b * a + row[d + 2]! * keep);
}

/** Alpha-blends an RGBA layer onto the frame. */
export function blendOver(frame: Frame, layer: Layer): void {
  const { left, top, width: w, height: h } = layer.bounds;
  const src = layer.data;
  for (let y = 0; y < h; y += 1) {
    const [row, start] = rowOf(frame, top + y);
    let s = y * w * 4;
    let d = start + left * 3;
    for (let x = 0; x < w; x += 1, s += 4, d += 3) {
      const a = src[s + 3]!;
      if (a !== 0) mix(row, d, src[s]!, src[s + 1]!, src[s + 2]!, a);
    }
  }
}

/** Darkens outside the boundary (`mask`: coverage over its bounding box): all of it outside the box. */
export function darkenOutside(frame: Frame, amount: number, mask: Layer): void {
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v += 1) table[v] = Math.round(v * (1 - amount));
  const darkness = Math.round(amount * 255);
  const { left, top, width: w, height: h } = mask.bounds;
  const rowBytes = frame.width * 3;
  for (const strip of frame.strips) {
    const data = strip.data;
    for (let r = 0; r < strip.height; r += 1) {
      const y = strip.top + r;
      const start = r * rowBytes;
      const end = start + rowBytes;
      const inBand = y >= top && y < top + h;
      const boxStart = inBand ? start + left * 3 : end;
      const boxEnd = inBand ? start + (left + w) * 3 : end;
      for (let i = start; i < boxStart; i += 1) data[i] = table[data[i]!]!;
      for (let i = boxEnd; i < end; i += 1) data[i] = table[data[i]!]!;
      if (!inBand) continue;
      let m = (y - top) * w;
      for (let i = boxStart; i < boxEnd; i += 3, m += 1) {
        const cover = mask.data[m]!;
        if (cover === 255) continue;
        const keep = 255 - div255(darkness * (255 - cover));
        data[i] = div255(data[i]! * keep);
        data[i + 1] = div255(data[i + 1]! * keep);
        data[i + 2] = div255(data[i + 2]! * keep);
      }
    }
  }
}

/** Copies `original` over `treated` inside the boundary, weighted by the mask's coverage. */
export function restoreInside(treated: Frame, original: Frame, mask: Layer): void {
  const { left, top, width: w, height: h } = mask.bounds;
  for (let y = 0; y < h; y += 1) {
    const [out, outStart] = rowOf(treated, top + y);
    const [src, srcStart] = rowOf(original, top + y);
    let m = y * w;
    for (let x = 0; x < w; x += 1, m += 1) {
      const a = mask.data[m]!;
      if (a === 0) continue;
      const s = srcStart + (left + x) * 3;
      mix(out, outStart + (left + x) * 3, src[s]!, src[s + 1]!, src[s + 2]!, a);
    }
  }
}

/** Parses #RGB or #RRGGBB. */
function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Strokes a closed ring (pixel coordinates) onto the frame, antialiased: coverage comes from the distance
 * to the nearest edge (so joins are round, as SVG's stroke-linejoin="round") and is taken once per pixel
 * even where edges meet. Only the band along each edge is visited.
 */
export function strokeRing(frame: Frame, ring: readonly Point[], strokeWidth: number, color: string): void {
  const { width, height } = frame;
  const half = strokeWidth / 2;
  const reach = half + 1;
  const minX = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.x)) - reach));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(...ring.map((p) => p.x)) + reach));
  const minY = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.y)) - reach));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(...ring.map((p) => p.y)) + reach));
  if (maxX < minX || maxY < minY) return;
  const boxW = maxX - minX + 1;
  const coverage = new Uint8Array(boxW * (maxY - minY + 1));
  const touched: number[] = [];

  for (let i = 0; i < ring.length; i += 1) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const y0 = Math.max(minY, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(maxY, Math.ceil(Math.max(a.y, b.y) + reach));
    // On a row, the band lies around where the edge crosses it, widened by the edge's slope.
    const steep = Math.abs(dy) > 1e-9;
    const slope = steep ? dx / dy : 0;
    const spread = reach * Math.sqrt(1 + slope * slope);
    for (let y = y0; y <= y1; y += 1) {
      const cy = y + 0.5;
      let xs = Math.min(a.x, b.x) - reach;
      let xe = Math.max(a.x, b.x) + reach;
      if (steep) {
        const xc = a.x + Math.max(0, Math.min(1, (cy - a.y) / dy)) * dx;
        xs = Math.max(xs, xc - spread - reach);
        xe = Math.min(xe, xc + spread + reach);
      }
      const from = Math.max(minX, Math.floor(xs));
      const to = Math.min(maxX, Math.ceil(xe));
      const row = (y - minY) * boxW - minX;
      for (let x = from; x <= to; x += 1) {
        const cx = x + 0.5;
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((cx - a.x) * dx + (cy - a.y) * dy) / len2));
        const ex = cx - (a.x + t * dx);
        const ey = cy - (a.y + t * dy);
        const cover = half + 0.5 - Math.sqrt(ex * ex + ey * ey);
        if (cover <= 0) continue;
        const value = cover >= 1 ? 255 : Math.round(cover * 255);
        const k = row + x;
        if (coverage[k] === 0) touched.push(k);
        if (value > coverage[k]!) coverage[k] = value;
      }
    }
  }

  const [r, g, b] = hexToRgb(color);
  for (const k of touched) {
    const a = coverage[k]!;
    const x = (k % boxW) + minX;
    const y = Math.floor(k / boxW) + minY;
    const [row, start] = rowOf(frame, y);
    mix(row, start + x * 3, r, g, b, a);
  }
}
