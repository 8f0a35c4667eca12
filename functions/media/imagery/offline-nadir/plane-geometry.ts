// Small plane-geometry kit shared by the roof model and the scene: vector arithmetic, convex clipping by
// half-planes, bounding boxes and distances, all in local metres.
import type { Point } from '../../../domain/geo-types.ts';
import { signedArea } from '../../../domain/geometry/polygon.ts';

export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const mul = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
export const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;

export function ccw(poly: readonly Point[]): Point[] {
  return signedArea(poly) < 0 ? [...poly].reverse() : [...poly];
}

export function isConvex(poly: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = poly[(i + 2) % poly.length]!;
    const z = cross(sub(b, a), sub(c, b));
    if (Math.abs(z) < 1e-9) continue;
    if (sign === 0) sign = Math.sign(z);
    else if (Math.sign(z) !== sign) return false;
  }
  return true;
}

/** Half-plane {p : n·p ≤ c}. */
export interface HalfPlane {
  readonly n: Point;
  readonly c: number;
}

/** Sutherland-Hodgman clip of a convex polygon to a half-plane. */
export function clip(poly: readonly Point[], h: HalfPlane): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const da = dot(h.n, a) - h.c;
    const db = dot(h.n, b) - h.c;
    if (da <= 0) out.push(a);
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) out.push(add(a, mul(sub(b, a), da / (da - db))));
  }
  return out;
}

const flip = (h: HalfPlane): HalfPlane => ({ n: mul(h.n, -1), c: -h.c });

/** Convex polygon minus a convex region (given as half-planes), as convex pieces. */
export function subtract(poly: Point[], region: readonly HalfPlane[]): Point[][] {
  const pieces: Point[][] = [];
  let rest = poly;
  for (const h of region) {
    const outside = clip(rest, flip(h));
    if (outside.length >= 3 && Math.abs(signedArea(outside)) > 1e-6) pieces.push(outside);
    rest = clip(rest, h);
    if (rest.length < 3 || Math.abs(signedArea(rest)) <= 1e-6) return pieces;
  }
  return pieces;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boxOf(points: readonly Point[], pad = 0): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

export const overlaps = (a: Box, b: Box) =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

export function distanceToPolyline(p: Point, line: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < Math.max(1, line.length - 1); i++) {
    const a = line[i]!;
    const b = line[i + 1] ?? a;
    const ab = sub(b, a);
    const len2 = dot(ab, ab);
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
    best = Math.min(best, Math.hypot(p.x - a.x - t * ab.x, p.y - a.y - t * ab.y));
  }
  return best;
}

/** Outward half-planes (n·p ≤ c) of a convex polygon. */
export function polygonHalfPlanes(poly: readonly Point[]): HalfPlane[] {
  const ring = ccw(poly);
  return ring.map((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    // Outward normal of a ccw ring is (dy, -dx).
    const n = { x: b.y - a.y, y: -(b.x - a.x) };
    return { n, c: dot(n, a) };
  });
}
