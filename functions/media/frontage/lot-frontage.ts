// Which way a real lot faces, from the cadastre alone: its street side is the part of its boundary that
// faces no other lot (across it lies the road reserve, which is no lot). Works without street data, so the
// lot from a state's cadastre gives its front even where the street map is synthetic or missing. Pure.
import type { Point } from '../../domain/geo-types.ts';
import { bearingLabel, type DirectionLabel, roundBearing } from '../../domain/geometry/bearing.ts';

/** One stretch of the lot's boundary that faces no other lot. */
export interface StreetSide {
  /** Metres of boundary. */
  readonly lengthM: number;
  /** Compass bearing the side faces (its outward normal, length-weighted over its edges). */
  readonly bearingDeg: number;
  /** The side's midpoint (along its length), and a point on the road just outside it. */
  readonly midpoint: Point;
  readonly outside: Point;
}

export interface LotFrontage {
  readonly bearingDeg: number;
  readonly label: DirectionLabel;
  readonly confidence: number;
  readonly frontPoint: Point;
  readonly method: 'cadastre-street-side';
  readonly sides: readonly StreetSide[];
}

/** How far outside an edge the test points lie, and how near a neighbour's boundary still counts as facing it. */
const PROBE_M = 2;
const TOUCH_M = 1.2;
/** Edges shorter than this (survey jogs) decide nothing on their own. */
const MIN_SIDE_M = 3;
/** Share of an edge that must face no lot for it to be street side. */
const OPEN_SHARE = 0.6;

const DEG = 180 / Math.PI;

function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

function inside(p: Point, ring: readonly Point[]): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function nearRing(p: Point, ring: readonly Point[], within: number): boolean {
  if (inside(p, ring)) return true;
  for (let i = 0; i < ring.length; i++)
    if (distanceToSegment(p, ring[i]!, ring[(i + 1) % ring.length]!) <= within) return true;
  return false;
}

/** The stretches of `lot`'s boundary that face none of `neighbours` (site-local metres, x east, y north). */
export function streetSidesOf(
  lot: readonly Point[],
  neighbours: readonly (readonly Point[])[],
): StreetSide[] {
  const ccw = signedArea(lot) > 0;
  const open: { a: Point; b: Point; length: number; nx: number; ny: number; isOpen: boolean }[] = [];
  for (let i = 0; i < lot.length; i++) {
    const a = lot[i]!;
    const b = lot[(i + 1) % lot.length]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length < 1e-6) continue;
    // Outward normal: right of a→b for a counter-clockwise ring.
    const nx = ((ccw ? 1 : -1) * (b.y - a.y)) / length;
    const ny = ((ccw ? -1 : 1) * (b.x - a.x)) / length;
    const samples = Math.max(2, Math.ceil(length));
    let free = 0;
    for (let k = 0; k < samples; k++) {
      const t = (k + 0.5) / samples;
      const probe = { x: a.x + t * (b.x - a.x) + nx * PROBE_M, y: a.y + t * (b.y - a.y) + ny * PROBE_M };
      if (!neighbours.some((ring) => nearRing(probe, ring, TOUCH_M))) free += 1;
    }
    open.push({ a, b, length, nx, ny, isOpen: free / samples >= OPEN_SHARE });
  }
  // Consecutive open edges (around the ring) make one side.
  const start = open.findIndex((e) => !e.isOpen);
  if (start < 0) return []; // Nothing around it: every side is open, which says nothing.
  const sides: StreetSide[] = [];
  let run: typeof open = [];
  const flush = () => {
    const lengthM = run.reduce((s, e) => s + e.length, 0);
    if (lengthM >= MIN_SIDE_M) {
      const nx = run.reduce((s, e) => s + e.nx * e.length, 0);
      const ny = run.reduce((s, e) => s + e.ny * e.length, 0);
      const norm = Math.hypot(nx, ny) || 1;
      let walked = 0;
      let midpoint = run[0]!.a;
      for (const e of run) {
        if (walked + e.length >= lengthM / 2) {
          const t = (lengthM / 2 - walked) / e.length;
          midpoint = { x: e.a.x + t * (e.b.x - e.a.x), y: e.a.y + t * (e.b.y - e.a.y) };
          break;
        }
        walked += e.length;
      }
      const bearing = (((Math.atan2(nx, ny) * DEG) % 360) + 360) % 360;
      sides.push({
        lengthM: Math.round(lengthM * 10) / 10,
        bearingDeg: bearing,
        midpoint,
        outside: { x: midpoint.x + (nx / norm) * 5, y: midpoint.y + (ny / norm) * 5 },
      });
    }
    run = [];
  };
  for (let k = 1; k <= open.length; k++) {
    const edge = open[(start + k) % open.length]!;
    if (edge.isOpen) run.push(edge);
    else flush();
  }
  flush();
  return sides;
}

/**
 * The front of a lot from its street sides: the only one, or of a corner or through lot's several the
 * shortest (the narrow frontage a lot is addressed on is the usual case), said with less confidence.
 * Undefined when no side faces a road (the lot's neighbours close it in, or none were found).
 */
export function lotFrontage(
  lot: readonly Point[],
  neighbours: readonly (readonly Point[])[],
): LotFrontage | undefined {
  const sides = streetSidesOf(lot, neighbours);
  if (sides.length === 0) return undefined;
  const front = sides.reduce((best, side) => (side.lengthM < best.lengthM ? side : best));
  const bearingDeg = roundBearing(front.bearingDeg);
  return {
    bearingDeg,
    label: bearingLabel(bearingDeg),
    confidence: sides.length === 1 ? 0.9 : 0.5,
    frontPoint: front.outside,
    method: 'cadastre-street-side',
    sides,
  };
}
