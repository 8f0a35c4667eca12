// Roof geometry shared by the offline nadir and any 3D view of the same site: the pitched roof a Building
// would carry. Each footprint is split into components (maximal rectangles of an orthogonal footprint, or
// the whole of a convex one) whose planes are equal-pitch; the roof is their upper envelope, which yields
// hips, ridges and valleys without a straight-skeleton solver. Ground coordinates are local metres
// (x east, y north); heights are metres above the ground.
import type { Building, Point } from '../../../domain/geo-types.ts';
import { pointInPolygon, signedArea } from '../../../domain/geometry/polygon.ts';
import {
  add,
  ccw,
  clip,
  dot,
  type HalfPlane,
  isConvex,
  mul,
  polygonHalfPlanes,
  sub,
  subtract,
} from './plane-geometry.ts';

/** Every pitched roof plane rises at this angle from its eave. */
export const ROOF_PITCH_DEG = 22;
/** The lowest eave a roof model reports, so a wide low building still has walls. */
export const MIN_EAVE_HEIGHT_M = 2.4;
const DEG = Math.PI / 180;

/** A roof plane: inward unit normal n of its eave line and offset c; horizontal run from the eave = n·p − c. */
interface RoofPlane {
  readonly n: Point;
  readonly c: number;
}

export interface RoofFace {
  /** Convex visible pieces, ground metres. */
  readonly pieces: Point[][];
  /** Unit downhill direction (ground). */
  readonly downhill: Point;
  /** The plane the pieces lie in; roofPointHeight gives their height. */
  readonly plane: RoofPlane;
}

interface RoofModel {
  readonly faces: RoofFace[];
  /** Ridge and hip lines, ground metres. */
  readonly lines: [Point, Point][];
  readonly pitchDeg: number;
  /** Height of every eave (wall top). */
  readonly eaveHeightM: number;
  /** Height of the highest ridge. */
  readonly ridgeHeightM: number;
}

/** A ground point lifted to its height: x east, y north, z up, metres. */
interface RoofVertex {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

type Plane = RoofPlane;

interface Component {
  /** Bounding half-planes (n·p ≤ c form) of the component. */
  readonly bounds: HalfPlane[];
  /** The sloped planes; the component's roof height is their minimum. */
  readonly planes: Plane[];
  readonly faces: { poly: Point[]; plane: Plane }[];
}

const planeHeight = (pl: Plane, p: Point) => dot(pl.n, p) - pl.c;

/** Faces of a convex component: each eave plane holds where it is the lowest of the sloped planes. */
function convexComponent(poly: readonly Point[], sloped: readonly boolean[]): Component {
  const ring = ccw(poly);
  const planes: (Plane | undefined)[] = ring.map((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-9) return undefined;
    const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    return { n, c: dot(n, a) };
  });
  const bounds: HalfPlane[] = [];
  for (const pl of planes) if (pl) bounds.push({ n: mul(pl.n, -1), c: -pl.c });
  const active = planes.flatMap((pl, i) => (pl && sloped[i] ? [pl] : []));
  const faces: { poly: Point[]; plane: Plane }[] = [];
  for (const pl of active) {
    let face: Point[] = ring;
    for (const other of active) {
      if (other === pl) continue;
      // height(pl) ≤ height(other)  ⇔  (pl.n − other.n)·p ≤ pl.c − other.c
      face = clip(face, { n: sub(pl.n, other.n), c: pl.c - other.c });
      if (face.length < 3) break;
    }
    if (face.length >= 3 && Math.abs(signedArea(face)) > 1e-6) faces.push({ poly: face, plane: pl });
  }
  return { bounds, planes: active, faces };
}

interface Frame {
  readonly e1: Point;
  readonly e2: Point;
}

const toFrame = (f: Frame, p: Point): Point => ({ x: dot(p, f.e1), y: dot(p, f.e2) });
const fromFrame = (f: Frame, p: Point): Point => add(mul(f.e1, p.x), mul(f.e2, p.y));

function orthogonalIn(frame: Frame, poly: readonly Point[]): boolean {
  for (let i = 0; i < poly.length; i++) {
    const d = sub(poly[(i + 1) % poly.length]!, poly[i]!);
    const len = Math.hypot(d.x, d.y);
    if (len < 1e-6) continue;
    const c = Math.abs(dot(d, frame.e1)) / len;
    if (c > 0.02 && c < 0.9998) return false;
  }
  return true;
}

/** Maximal axis-aligned rectangles covering an orthogonal polygon given in frame coordinates. */
function maximalRectangles(poly: readonly Point[]): [number, number, number, number][] {
  // Coordinates a few centimetres apart are one wall line (footprints are rounded, frames are rotated).
  const clusters = (vs: number[]) => {
    const sorted = [...vs].sort((a, b) => a - b);
    const groups: number[][] = [];
    for (const v of sorted) {
      const last = groups[groups.length - 1];
      if (last && v - last[last.length - 1]! < 0.05) last.push(v);
      else groups.push([v]);
    }
    return groups.map((g) => g.reduce((s, v) => s + v, 0) / g.length);
  };
  const xs = clusters(poly.map((p) => p.x));
  const ys = clusters(poly.map((p) => p.y));
  const nx = xs.length - 1;
  const ny = ys.length - 1;
  const inside: boolean[][] = [];
  for (let i = 0; i < nx; i++) {
    inside.push([]);
    for (let j = 0; j < ny; j++) {
      inside[i]!.push(pointInPolygon({ x: (xs[i]! + xs[i + 1]!) / 2, y: (ys[j]! + ys[j + 1]!) / 2 }, poly));
    }
  }
  const full = (i0: number, i1: number, j0: number, j1: number) => {
    if (i0 < 0 || j0 < 0 || i1 >= nx || j1 >= ny) return false;
    for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) if (!inside[i]![j]) return false;
    return true;
  };
  const out: [number, number, number, number][] = [];
  for (let i0 = 0; i0 < nx; i0++)
    for (let i1 = i0; i1 < nx; i1++)
      for (let j0 = 0; j0 < ny; j0++)
        for (let j1 = j0; j1 < ny; j1++) {
          if (!full(i0, i1, j0, j1)) continue;
          const maximal =
            !full(i0 - 1, i1, j0, j1) &&
            !full(i0, i1 + 1, j0, j1) &&
            !full(i0, i1, j0 - 1, j1) &&
            !full(i0, i1, j0, j1 + 1);
          if (maximal) out.push([xs[i0]!, xs[i1 + 1]!, ys[j0]!, ys[j1 + 1]!]);
        }
  return out;
}

/** Visible roof planes and ridge/hip lines of a pitched roof; undefined for flat or unsupported footprints. */
export function roofModel(b: Building): RoofModel | undefined {
  const poly = b.footprint;
  if (poly.length < 3 || b.roof === 'flat') return undefined;
  const ridge = { x: Math.sin(b.ridgeBearingDeg * DEG), y: Math.cos(b.ridgeBearingDeg * DEG) };
  const frames: Frame[] = [{ e1: ridge, e2: { x: -ridge.y, y: ridge.x } }];
  // Basemap footprints carry no ridge: try the longest edge as well.
  let longest: Point | undefined;
  let longestLen = 0;
  for (let i = 0; i < poly.length; i++) {
    const d = sub(poly[(i + 1) % poly.length]!, poly[i]!);
    const len = Math.hypot(d.x, d.y);
    if (len > longestLen) [longest, longestLen] = [mul(d, 1 / len), len];
  }
  if (longest) frames.push({ e1: longest, e2: { x: -longest.y, y: longest.x } });

  let components: Component[] | undefined;
  const frame = poly.length <= 16 ? frames.find((f) => orthogonalIn(f, poly)) : undefined;
  if (frame) {
    const local = poly.map((p) => toFrame(frame, p));
    const rects = maximalRectangles(local);
    // Long sides of every rectangle, to tell gable ends from ends that continue another wing's slope.
    const longSides: { axis: 'x' | 'y'; at: number }[] = [];
    const longX = rects.map(
      ([x0, x1, y0, y1]) => x1 - x0 > (y1 - y0) * 1.02 || Math.abs(x1 - x0 - (y1 - y0)) <= (y1 - y0) * 0.02,
    );
    rects.forEach(([x0, x1, y0, y1], i) => {
      if (longX[i]) longSides.push({ axis: 'y', at: y0 }, { axis: 'y', at: y1 });
      else longSides.push({ axis: 'x', at: x0 }, { axis: 'x', at: x1 });
    });
    components = rects.map(([x0, x1, y0, y1], i) => {
      const corners = [
        { x: x0, y: y0 },
        { x: x1, y: y0 },
        { x: x1, y: y1 },
        { x: x0, y: y1 },
      ].map((p) => fromFrame(frame, p));
      // Edge order: bottom (y0), right (x1), top (y1), left (x0) for the ccw-ordered corners.
      const sloped = [true, true, true, true];
      if (b.roof === 'gable') {
        const own = (axis: 'x' | 'y', at: number) =>
          longSides.some((s, k) => Math.floor(k / 2) !== i && s.axis === axis && Math.abs(s.at - at) < 1e-3);
        if (longX[i]) {
          sloped[1] = own('x', x1);
          sloped[3] = own('x', x0);
        } else {
          sloped[0] = own('y', y0);
          sloped[2] = own('y', y1);
        }
      }
      // The frames are right-handed, so the corners stay counter-clockwise and the flags line up.
      return convexComponent(corners, sloped);
    });
  } else if (isConvex(poly)) {
    const ring = ccw(poly);
    const sloped = ring.map((a, i) => {
      if (b.roof !== 'gable') return true;
      const d = sub(ring[(i + 1) % ring.length]!, a);
      const len = Math.hypot(d.x, d.y) || 1;
      return Math.abs(dot(d, ridge)) / len > 0.7;
    });
    components = [convexComponent(ring, sloped.filter(Boolean).length >= 2 ? sloped : ring.map(() => true))];
  }
  if (!components) return undefined;

  const faces: RoofFace[] = [];
  const lines: [Point, Point][] = [];
  components.forEach((comp, ci) => {
    const others = components.filter((_, k) => k !== ci);
    for (const face of comp.faces) {
      let pieces: Point[][] = [face.poly];
      for (const other of others) {
        for (const g of other.faces) {
          // Where g is higher than this face (inside g's own region) this face is hidden.
          const higher: HalfPlane = { n: sub(face.plane.n, g.plane.n), c: face.plane.c - g.plane.c - 1e-6 };
          const region = [...polygonHalfPlanes(g.poly), higher];
          pieces = pieces.flatMap((piece) => subtract(piece, region));
          if (pieces.length === 0) break;
        }
      }
      if (pieces.length > 0) faces.push({ pieces, downhill: mul(face.plane.n, -1), plane: face.plane });
      // Ridge and hip lines: edges of the face that are not on the component's outline.
      for (let i = 0; i < face.poly.length; i++) {
        const a = face.poly[i]!;
        const bb = face.poly[(i + 1) % face.poly.length]!;
        const onOutline = comp.bounds.some(
          (h) => Math.abs(dot(h.n, a) - h.c) < 1e-4 && Math.abs(dot(h.n, bb) - h.c) < 1e-4,
        );
        if (onOutline) continue;
        if (a.x > bb.x || (a.x === bb.x && a.y > bb.y)) continue; // each shared edge once
        for (const seg of creaseRuns(a, bb, face.plane, components)) lines.push(seg);
      }
    }
  });
  // The building's height is its ridge where that leaves walls; a wide low building keeps its walls and
  // gets a ridge above heightM instead.
  const rise = Math.tan(ROOF_PITCH_DEG * DEG) * maxRun(faces);
  const eaveHeightM = Math.max(MIN_EAVE_HEIGHT_M, b.heightM - rise);
  return { faces, lines, pitchDeg: ROOF_PITCH_DEG, eaveHeightM, ridgeHeightM: eaveHeightM + rise };
}

function maxRun(faces: readonly RoofFace[]): number {
  let run = 0;
  for (const f of faces)
    for (const piece of f.pieces) for (const p of piece) run = Math.max(run, dot(f.plane.n, p) - f.plane.c);
  return run;
}

/** Height of a ground point on one face of a roof model. */
function roofPointHeight(model: RoofModel, face: RoofFace, p: Point): number {
  const run = Math.max(0, dot(face.plane.n, p) - face.plane.c);
  return model.eaveHeightM + Math.tan(model.pitchDeg * DEG) * run;
}

/**
 * The roof as 3D convex polygons (counter-clockwise seen from above), ready to fan-triangulate into a
 * mesh: each vertex of every visible face piece lifted onto its plane.
 */
export function roofPolygons3d(model: RoofModel): RoofVertex[][] {
  return model.faces.flatMap((face) =>
    face.pieces.map((piece) =>
      ccw(piece).map((p) => ({ x: p.x, y: p.y, z: roofPointHeight(model, face, p) })),
    ),
  );
}

/** Roof height of the whole building at p (the upper envelope), −∞ off the roof. */
function envelopeHeight(p: Point, components: readonly Component[]): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const comp of components) {
    if (!comp.bounds.every((h) => dot(h.n, p) - h.c <= 1e-9)) continue;
    let h = Number.POSITIVE_INFINITY;
    for (const f of comp.planes) h = Math.min(h, planeHeight(f, p));
    if (h > best) best = h;
  }
  return best;
}

/**
 * The runs of a candidate line (a face edge inside its component, on `plane`) that are ridges or hips of
 * the whole roof: on top (not buried under, nor lying flat on, another wing) and convex across the line.
 */
function creaseRuns(a: Point, b: Point, plane: Plane, components: readonly Component[]): [Point, Point][] {
  const ab = sub(b, a);
  const len = Math.hypot(ab.x, ab.y);
  if (len < 0.05) return [];
  const perp = { x: -ab.y / len, y: ab.x / len };
  const steps = Math.max(2, Math.ceil(len / 0.2));
  const delta = 0.15;
  const runs: [Point, Point][] = [];
  let start = -1;
  const at = (t: number) => add(a, mul(ab, Math.max(0, Math.min(1, t))));
  for (let i = 0; i <= steps; i++) {
    let crease = false;
    if (i < steps) {
      const p = at((i + 0.5) / steps);
      const h = envelopeHeight(p, components);
      const side =
        (envelopeHeight(add(p, mul(perp, delta)), components) +
          envelopeHeight(sub(p, mul(perp, delta)), components)) /
        2;
      crease = Math.abs(h - planeHeight(plane, p)) < 0.02 && h - side > 0.03;
    }
    if (crease && start < 0) start = i;
    if (!crease && start >= 0) {
      runs.push([at(start / steps), at(i / steps)]);
      start = -1;
    }
  }
  return runs;
}
