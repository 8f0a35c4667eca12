// Offline nadir imagery: draws a SiteModel as a top-down image that reads as an aerial photo at a glance
// (textured lawns, asphalt with markings, shaded roof planes, tree canopies, consistent sun shadows).
// The scene is one SVG in output pixel space (the georeference is a single transform), rasterized by
// sharp/librsvg; a JS pass then adds per-pixel texture, which is far cheaper than SVG filters at 4K.
import sharp from 'sharp';
import type { Building, Parcel, Point, SiteModel, Street } from '../../domain/geo-types.ts';
import { pointInPolygon, signedArea } from '../../domain/geometry/polygon.ts';
import { toLocalMetres } from '../geo/local-metric.ts';
import {
  MAX_NADIR_SIDE_PX,
  type NadirImage,
  type NadirImageRequest,
  type NadirImagery,
} from '../geo/types.ts';

export class SyntheticNadirImagery implements NadirImagery {
  readonly name = 'offline-synthetic-render';

  async render(request: NadirImageRequest): Promise<NadirImage> {
    validate(request);
    const site = request.site;
    if (!site) {
      throw new Error(
        'offline-synthetic-render draws the site model: NadirImageRequest.site is required for this adapter',
      );
    }
    const svg = buildNadirSvg(request, site);
    const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false, unlimited: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = addTexture(data, info.width, info.height, info.channels, pixelToGround(request, site));
    return {
      data: rgb,
      channels: 3,
      georef: {
        center: { lat: request.center.lat, lng: request.center.lng },
        metersPerPixel: request.metersPerPixel,
        rotationDeg: request.rotationDeg,
        width: request.width,
        height: request.height,
      },
      provider: this.name,
    };
  }
}

function validate(r: NadirImageRequest): void {
  for (const [key, value] of [
    ['width', r.width],
    ['height', r.height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_NADIR_SIDE_PX) {
      throw new RangeError(`${key} must be an integer from 1 to ${MAX_NADIR_SIDE_PX}, got ${value}`);
    }
  }
  if (!(r.metersPerPixel > 0) || !Number.isFinite(r.metersPerPixel)) {
    throw new RangeError(`metersPerPixel must be positive, got ${r.metersPerPixel}`);
  }
  if (!Number.isFinite(r.rotationDeg))
    throw new RangeError(`rotationDeg must be finite, got ${r.rotationDeg}`);
  if (!Number.isFinite(r.center.lat) || !Number.isFinite(r.center.lng))
    throw new RangeError('center must be finite');
}

// ---------------------------------------------------------------------------------------------------------
// Lighting: late-morning sun in the north-north-west, as in Australia.

const SUN_AZIMUTH_DEG = 325;
const SUN_ELEVATION_DEG = 55;
const ROOF_PITCH_DEG = 22;
const DEG = Math.PI / 180;
const SUN: readonly [number, number, number] = [
  Math.sin(SUN_AZIMUTH_DEG * DEG) * Math.cos(SUN_ELEVATION_DEG * DEG),
  Math.cos(SUN_AZIMUTH_DEG * DEG) * Math.cos(SUN_ELEVATION_DEG * DEG),
  Math.sin(SUN_ELEVATION_DEG * DEG),
];
/** Ground offset of a shadow per metre of height (points away from the sun). */
const SHADOW_PER_M: Point = {
  x: -Math.sin(SUN_AZIMUTH_DEG * DEG) / Math.tan(SUN_ELEVATION_DEG * DEG),
  y: -Math.cos(SUN_AZIMUTH_DEG * DEG) / Math.tan(SUN_ELEVATION_DEG * DEG),
};

/** Brightness of a surface whose downhill direction is `downhill` (unit, ground) at `pitchDeg`, 1 = flat. */
function shade(downhill: Point, pitchDeg: number): number {
  const s = Math.sin(pitchDeg * DEG);
  const n = [downhill.x * s, downhill.y * s, Math.cos(pitchDeg * DEG)] as const;
  const lambert = Math.max(0, n[0] * SUN[0] + n[1] * SUN[1] + n[2] * SUN[2]);
  return (0.38 + 0.62 * lambert) / (0.38 + 0.62 * SUN[2]);
}

// ---------------------------------------------------------------------------------------------------------
// Palettes

const LAWNS = ['#6f8a45', '#79904a', '#688843', '#839552', '#8e9757', '#62853f', '#75884a'];
const MULCH = ['#6e5a45', '#7a6852', '#54483a', '#8a7a62'];
const DRIVEWAY = ['#cbc6bb', '#c2bdb2', '#b7ae9f', '#a59585', '#8e8b86', '#d3cfc6'];
const CANOPIES: readonly (readonly [string, string, string])[] = [
  ['#8f9c6b', '#66734a', '#3d482d'],
  ['#73914c', '#4b6a32', '#2b4120'],
  ['#9ba26c', '#707648', '#454a2c'],
  ['#86a75a', '#5b7d3a', '#334d21'],
  ['#5f7f4c', '#3c5833', '#22351e'],
];
const CARS = ['#e9e9e6', '#e4e4e0', '#b9bcbf', '#8d9194', '#1f2226', '#26344d', '#8a2424', '#f0efe9'];
const ASPHALT = '#595c5f';
const FOOTPATH = '#c9c4b9';
const VERGE = '#7d9450';
const KERB = '#bcb9b1';
const MARKING = '#ecebe4';

// ---------------------------------------------------------------------------------------------------------
// Small deterministic helpers

/** Integer hash of a few numbers (rounded to centimetres so it is stable across float noise). */
function hashOf(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h ^= Math.round(v * 100) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A tiny PRNG stream from a hash, for per-element decoration choices. */
function stream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickOf<T>(items: readonly T[], r: number): T {
  return items[Math.min(items.length - 1, Math.floor(r * items.length))]!;
}

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m ? Number.parseInt(m[1]!, 16) : 0x808080;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function scaleColor(hex: string, factor: number): string {
  const [r, g, b] = parseHex(hex);
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v * factor)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

const f3 = (v: number) => (Math.round(v * 1000) / 1000).toString();

function pathOf(points: readonly Point[], close = true): string {
  let d = '';
  for (let i = 0; i < points.length; i++)
    d += `${i === 0 ? 'M' : 'L'}${f3(points[i]!.x)} ${f3(points[i]!.y)}`;
  return close ? `${d}Z` : d;
}

/** Circle as two arcs, always the same winding so many circles in one path fill as a union. */
function circlePath(c: Point, r: number): string {
  return `M${f3(c.x - r)} ${f3(c.y)}A${f3(r)} ${f3(r)} 0 1 0 ${f3(c.x + r)} ${f3(c.y)}A${f3(r)} ${f3(r)} 0 1 0 ${f3(c.x - r)} ${f3(c.y)}Z`;
}

// ---------------------------------------------------------------------------------------------------------
// Planar geometry

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const mul = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;

function ccw(poly: readonly Point[]): Point[] {
  return signedArea(poly) < 0 ? [...poly].reverse() : [...poly];
}

function isConvex(poly: readonly Point[]): boolean {
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
interface HalfPlane {
  readonly n: Point;
  readonly c: number;
}

/** Sutherland-Hodgman clip of a convex polygon to a half-plane. */
function clip(poly: readonly Point[], h: HalfPlane): Point[] {
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
function subtract(poly: Point[], region: readonly HalfPlane[]): Point[][] {
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

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(points: readonly Point[], pad = 0): Box {
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

const overlaps = (a: Box, b: Box) =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

function distanceToPolyline(p: Point, line: readonly Point[]): number {
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

// ---------------------------------------------------------------------------------------------------------
// Roofs: each footprint is split into components (maximal rectangles of an orthogonal footprint, or the
// whole of a convex one) whose planes are equal-pitch; the roof is their upper envelope, which yields
// hips, ridges and valleys without a straight-skeleton solver.

interface RoofFace {
  /** Convex visible pieces, world metres. */
  readonly pieces: Point[][];
  /** Unit downhill direction (world). */
  readonly downhill: Point;
}

interface RoofModel {
  readonly faces: RoofFace[];
  /** Ridge and hip lines, world metres. */
  readonly lines: [Point, Point][];
}

interface Plane {
  /** Inward unit normal and offset of the eave line: height = tan(pitch) · (n·p − c). */
  readonly n: Point;
  readonly c: number;
}

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
      if (pieces.length > 0) faces.push({ pieces, downhill: mul(face.plane.n, -1) });
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
  return { faces, lines };
}

function polygonHalfPlanes(poly: readonly Point[]): HalfPlane[] {
  const ring = ccw(poly);
  return ring.map((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    // Outward normal of a ccw ring is (dy, -dx).
    const n = { x: b.y - a.y, y: -(b.x - a.x) };
    return { n, c: dot(n, a) };
  });
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

// ---------------------------------------------------------------------------------------------------------
// Scene

interface View {
  readonly box: Box;
  readonly metersPerPixel: number;
}

export function buildNadirSvg(request: NadirImageRequest, site: SiteModel): string {
  const { width, height, metersPerPixel: mpp, rotationDeg } = request;
  const center = toLocalMetres(site.origin, request.center);
  const reach = (Math.hypot(width, height) / 2) * mpp;
  const view: View = {
    box: { minX: center.x - reach, minY: center.y - reach, maxX: center.x + reach, maxY: center.y + reach },
    metersPerPixel: mpp,
  };
  const k = 1 / mpp;
  // Pixel = translate(centre of image) · rotate(bearing at the top to up) · flip y (north up) · ground.
  const transform = `translate(${f3(width / 2)} ${f3(height / 2)}) rotate(${f3(-rotationDeg)}) scale(${k} ${-k}) translate(${f3(-center.x)} ${f3(-center.y)})`;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    defs(),
    `<rect width="${width}" height="${height}" fill="#718a47"/>`,
    `<g transform="${transform}" stroke-linejoin="round">`,
  );
  parts.push(parcelsLayer(site, view));
  parts.push(roadsLayer(site, view));
  parts.push(carsLayer(site, view));
  parts.push(buildingShadows(site.buildings, view));
  for (const b of site.buildings) if (overlaps(boxOf(b.footprint), view.box)) parts.push(roofSvg(b, mpp));
  parts.push(treesLayer(site, view));
  parts.push('</g></svg>');
  return parts.join('');
}

function defs(): string {
  const canopy = CANOPIES.map(
    ([light, mid, dark], i) =>
      `<radialGradient id="t${i}" cx="0.5" cy="0.5" r="0.55" fx="0.33" fy="0.67"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`,
  ).join('');
  return `<defs>${canopy}<radialGradient id="shrub" cx="0.5" cy="0.5" r="0.55" fx="0.35" fy="0.65"><stop offset="0" stop-color="#7b9a52"/><stop offset="1" stop-color="#2f4622"/></radialGradient><linearGradient id="water" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#3fb3c9"/><stop offset="1" stop-color="#7fd6e0"/></linearGradient></defs>`;
}

interface ParcelFrame {
  readonly origin: Point;
  /** Unit along the front edge. */
  readonly along: Point;
  /** Unit into the parcel from the front edge. */
  readonly inward: Point;
  readonly width: number;
  readonly depth: number;
}

/** The front edge of a rectangular-ish parcel is the one nearest a street. */
function parcelFrame(parcel: Parcel, streets: readonly Street[]): ParcelFrame | undefined {
  const ring = ccw(parcel.polygon);
  if (ring.length !== 4 || streets.length === 0) return undefined;
  let best = -1;
  let bestDist = Number.POSITIVE_INFINITY;
  ring.forEach((a, i) => {
    const mid = mul(add(a, ring[(i + 1) % 4]!), 0.5);
    const d = Math.min(...streets.map((s) => distanceToPolyline(mid, s.centerline)));
    if (d < bestDist) [best, bestDist] = [i, d];
  });
  const a = ring[best]!;
  const b = ring[(best + 1) % 4]!;
  const width = Math.hypot(b.x - a.x, b.y - a.y);
  if (width < 1) return undefined;
  const along = mul(sub(b, a), 1 / width);
  const inward = { x: -along.y, y: along.x };
  const depth = Math.max(...ring.map((p) => dot(sub(p, a), inward)));
  return { origin: a, along, inward, width, depth };
}

function parcelsLayer(site: SiteModel, view: View): string {
  const out: string[] = [];
  const fences: string[] = [];
  for (const parcel of site.parcels) {
    if (parcel.polygon.length < 3) continue;
    const box = boxOf(parcel.polygon);
    if (!overlaps(box, view.box)) continue;
    const r = stream(hashString(parcel.id) ^ hashOf(box.minX, box.minY));
    const d = pathOf(parcel.polygon);
    out.push(`<path d="${d}" fill="${pickOf(LAWNS, r())}"/>`);
    fences.push(d);
    const frame = parcelFrame(parcel, site.streets);
    if (!frame) continue;
    const at = (u: number, t: number) => add(frame.origin, add(mul(frame.along, u), mul(frame.inward, t)));
    // Mown stripes on some lawns.
    if (r() < 0.3) {
      const stripe = 0.7 + r() * 0.4;
      const strips: string[] = [];
      for (let u = stripe; u < frame.width - stripe; u += 2 * stripe) {
        strips.push(
          pathOf([
            at(u, 0.3),
            at(u + stripe, 0.3),
            at(u + stripe, frame.depth - 0.3),
            at(u, frame.depth - 0.3),
          ]),
        );
      }
      out.push(`<path d="${strips.join('')}" fill="#c8d68a" fill-opacity="0.07"/>`);
    }
    // Garden beds along the back fence and sometimes a side fence, with shrubs.
    const beds: [Point, Point, Point, Point][] = [];
    const bedW = 1 + r() * 0.8;
    if (r() < 0.6)
      beds.push([
        at(0.2, frame.depth - 0.2 - bedW),
        at(frame.width - 0.2, frame.depth - 0.2 - bedW),
        at(frame.width - 0.2, frame.depth - 0.2),
        at(0.2, frame.depth - 0.2),
      ]);
    if (r() < 0.35) {
      const u0 = r() < 0.5 ? 0.2 : frame.width - 0.2 - bedW;
      beds.push([
        at(u0, frame.depth * 0.45),
        at(u0 + bedW, frame.depth * 0.45),
        at(u0 + bedW, frame.depth - 0.2),
        at(u0, frame.depth - 0.2),
      ]);
    }
    const mulch = pickOf(MULCH, r());
    for (const bed of beds) {
      out.push(`<path d="${pathOf(bed)}" fill="${mulch}"/>`);
      const from = mul(add(bed[0], bed[3]), 0.5);
      const to = mul(add(bed[1], bed[2]), 0.5);
      const len = Math.hypot(to.x - from.x, to.y - from.y);
      const shrubs: string[] = [];
      for (let s = 0.6; s < len - 0.4; s += 0.9 + r() * 1.4) {
        const c = add(from, mul(sub(to, from), s / len));
        shrubs.push(circlePath(c, 0.35 + r() * 0.45));
      }
      out.push(`<path d="${shrubs.join('')}" fill="url(#shrub)"/>`);
    }
    // A backyard pool on some larger lots, when the back yard is clear.
    if (r() < 0.22) {
      const house = site.buildings.find((b) => pointInPolygon(centroidOf(b.footprint), parcel.polygon));
      const houseBack = house
        ? Math.max(...house.footprint.map((p) => dot(sub(p, frame.origin), frame.inward)))
        : frame.depth / 2;
      const yardFrom = houseBack + 1.5;
      const yardTo = frame.depth - 0.4 - (beds.length > 0 ? bedW + 0.6 : 0.8);
      const poolW = Math.min(3.2 + r() * 1.2, frame.width - 4);
      const poolL = Math.min(6 + r() * 3.5, yardTo - yardFrom - 1);
      if (poolW >= 2.5 && poolL >= 4) {
        const acrossPool = frame.width > poolL + 4 && r() < 0.5;
        const [pw, pl] = acrossPool ? [poolL, poolW] : [poolW, poolL];
        const u0 = 1.5 + r() * Math.max(0, frame.width - pw - 3);
        const t0 = yardFrom + 0.8 + r() * Math.max(0, yardTo - yardFrom - pl - 1.6);
        const coping = [
          at(u0 - 0.5, t0 - 0.5),
          at(u0 + pw + 0.5, t0 - 0.5),
          at(u0 + pw + 0.5, t0 + pl + 0.5),
          at(u0 - 0.5, t0 + pl + 0.5),
        ];
        const water = [at(u0, t0), at(u0 + pw, t0), at(u0 + pw, t0 + pl), at(u0, t0 + pl)];
        out.push(
          `<path d="${pathOf(coping)}" fill="#d9d4c8"/><path d="${pathOf(water)}" fill="url(#water)"/>`,
        );
      }
    }
  }
  if (fences.length > 0) {
    // Fences: a thin line and its soft shadow just away from the sun.
    const shift = mul(SHADOW_PER_M, 1.6 * 0.5);
    out.push(
      `<path d="${fences.join('')}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="0.35" transform="translate(${f3(shift.x)} ${f3(shift.y)})"/>`,
      `<path d="${fences.join('')}" fill="none" stroke="#8a877c" stroke-opacity="0.8" stroke-width="0.08"/>`,
    );
  }
  return out.join('');
}

function centroidOf(poly: readonly Point[]): Point {
  const n = Math.max(1, poly.length);
  return { x: poly.reduce((s, p) => s + p.x, 0) / n, y: poly.reduce((s, p) => s + p.y, 0) / n };
}

function roadsLayer(site: SiteModel, view: View): string {
  const streets = site.streets.filter(
    (s) => s.centerline.length >= 2 && overlaps(boxOf(s.centerline, s.widthM / 2 + 5), view.box),
  );
  const drives = site.driveways.filter((d) => d.length >= 3 && overlaps(boxOf(d), view.box));
  const stroke = (extra: number, color: string) =>
    streets
      .map(
        (s) =>
          `<path d="${pathOf(s.centerline, false)}" stroke="${color}" stroke-width="${f3(s.widthM + 2 * extra)}"/>`,
      )
      .join('');
  const out: string[] = ['<g fill="none" stroke-linecap="butt">'];
  // Nature strip, footpath 1.6-3.0 m behind the kerb, kerb and gutter, then the carriageway.
  out.push(stroke(4, VERGE), stroke(3, FOOTPATH), stroke(1.6, VERGE), '</g>');
  for (const d of drives) {
    const r = stream(hashOf(d[0]!.x, d[0]!.y));
    out.push(`<path d="${pathOf(d)}" fill="${pickOf(DRIVEWAY, r())}"/>`);
  }
  out.push('<g fill="none" stroke-linecap="butt">', stroke(0.45, KERB), stroke(0, ASPHALT));
  // Worn wheel paths: slightly lighter bands either side of the centre.
  for (const s of streets) {
    if (s.widthM < 7) continue;
    for (const side of [-1, 1]) {
      const line = offsetPolyline(s.centerline, side * s.widthM * 0.27);
      out.push(
        `<path d="${pathOf(line, false)}" stroke="#6a6d70" stroke-opacity="0.35" stroke-width="${f3(s.widthM * 0.18)}"/>`,
      );
    }
  }
  // Dashed centre line, broken at intersections.
  for (const s of streets) {
    for (const run of markingRuns(s, streets)) {
      out.push(
        `<path d="${pathOf(run, false)}" stroke="${MARKING}" stroke-width="0.12" stroke-dasharray="3 6"/>`,
      );
    }
  }
  out.push('</g>');
  return out.join('');
}

function offsetPolyline(line: readonly Point[], offset: number): Point[] {
  return line.map((p, i) => {
    const a = line[Math.max(0, i - 1)]!;
    const b = line[Math.min(line.length - 1, i + 1)]!;
    const d = sub(b, a);
    const len = Math.hypot(d.x, d.y) || 1;
    return add(p, mul({ x: d.y / len, y: -d.x / len }, offset));
  });
}

/** Pieces of a street's centre line outside other carriageways (plus a margin for the kerb returns). */
function markingRuns(street: Street, streets: readonly Street[]): Point[][] {
  const runs: Point[][] = [];
  const line = street.centerline;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const ab = sub(b, a);
    const len = Math.hypot(ab.x, ab.y);
    if (len < 1e-6) continue;
    const cuts: [number, number][] = [];
    for (const other of streets) {
      if (other === street) continue;
      for (let j = 0; j < other.centerline.length - 1; j++) {
        const c = other.centerline[j]!;
        const cd = sub(other.centerline[j + 1]!, c);
        const denom = cross(ab, cd);
        if (Math.abs(denom) < 1e-9) continue;
        const t = cross(sub(c, a), cd) / denom;
        const u = cross(sub(c, a), ab) / denom;
        const clen = Math.hypot(cd.x, cd.y);
        const margin = other.widthM / 2 + 4;
        if (u * clen < -margin || u * clen > clen + margin) continue;
        const sin = Math.abs(denom) / (len * clen);
        const half =
          (margin + ((street.widthM / 2) * Math.abs(dot(ab, cd))) / (len * clen)) / Math.max(sin, 0.2) / len;
        cuts.push([t - half, t + half]);
      }
    }
    cuts.sort((x, y) => x[0] - y[0]);
    let t = 0;
    const at = (s: number) => add(a, mul(ab, s));
    for (const [lo, hi] of cuts) {
      if (lo > t) runs.push([at(t), at(Math.min(lo, 1))]);
      t = Math.max(t, hi);
      if (t >= 1) break;
    }
    if (t < 1) runs.push([at(Math.max(t, 0)), b]);
  }
  return runs.filter((r) => Math.hypot(r[1]!.x - r[0]!.x, r[1]!.y - r[0]!.y) > 1);
}

/** Cars parked at the house end of some driveways: small, but they make a street read as lived in. */
function carsLayer(site: SiteModel, view: View): string {
  const out: string[] = [];
  for (const d of site.driveways) {
    if (d.length !== 4 || !overlaps(boxOf(d), view.box) || site.streets.length === 0) continue;
    const r = stream(hashOf(d[0]!.x, d[0]!.y, 3));
    if (r() > 0.45) continue;
    // The driveway's long axis, and which end is the street end.
    const e0 = sub(d[1]!, d[0]!);
    const e1 = sub(d[2]!, d[1]!);
    const [long, short] = Math.hypot(e0.x, e0.y) >= Math.hypot(e1.x, e1.y) ? [e0, e1] : [e1, e0];
    const length = Math.hypot(long.x, long.y);
    const width = Math.hypot(short.x, short.y);
    if (length < 7 || width < 2.4) continue;
    const axis = mul(long, 1 / length);
    const mid = centroidOf(d);
    const near = (p: Point) => Math.min(...site.streets.map((s) => distanceToPolyline(p, s.centerline)));
    const inward = near(add(mid, axis)) > near(sub(mid, axis)) ? axis : mul(axis, -1);
    const center = add(mid, mul(inward, length / 2 - 3.4 - r() * 1.5));
    out.push(car(center, inward, pickOf(CARS, r())));
  }
  return out.join('');
}

function car(center: Point, forward: Point, color: string): string {
  const side = { x: -forward.y, y: forward.x };
  const at = (f: number, s: number) => add(center, add(mul(forward, f), mul(side, s)));
  const body = (hl: number, hw: number, c: number) => [
    at(hl, hw - c),
    at(hl - c, hw),
    at(-hl + c, hw),
    at(-hl, hw - c),
    at(-hl, -hw + c),
    at(-hl + c, -hw),
    at(hl - c, -hw),
    at(hl, -hw + c),
  ];
  const shadow = body(2.3, 0.95, 0.35).map((p) => add(p, mul(SHADOW_PER_M, 1.1)));
  const glass = [at(1.05, 0.72), at(1.05, -0.72), at(-1.25, -0.7), at(-1.25, 0.7)];
  const roof = [at(0.55, 0.6), at(0.55, -0.6), at(-0.95, -0.6), at(-0.95, 0.6)];
  return (
    `<path d="${pathOf(shadow)}" fill="#000" fill-opacity="0.35"/>` +
    `<path d="${pathOf(body(2.25, 0.9, 0.35))}" fill="${color}"/>` +
    `<path d="${pathOf(glass)}" fill="#1b2026"/><path d="${pathOf(roof)}" fill="${scaleColor(color, 0.95)}"/>`
  );
}

function shadowHeight(b: Building): number {
  return b.roof === 'flat' ? b.heightM : b.heightM * 0.85;
}

/** All building shadows as one union path (same winding), so overlaps do not darken twice. */
function buildingShadows(buildings: readonly Building[], view: View): string {
  const d: string[] = [];
  for (const b of buildings) {
    if (b.footprint.length < 3) continue;
    const s = mul(SHADOW_PER_M, shadowHeight(b));
    if (!overlaps(boxOf([...b.footprint, ...b.footprint.map((p) => add(p, s))]), view.box)) continue;
    const ring = ccw(b.footprint);
    d.push(pathOf(ring), pathOf(ring.map((p) => add(p, s))));
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const c = ring[(i + 1) % ring.length]!;
      d.push(pathOf(ccw([a, c, add(c, s), add(a, s)])));
    }
  }
  return d.length === 0
    ? ''
    : `<path d="${d.join('')}" fill="#0b1208" fill-opacity="0.42" fill-rule="nonzero"/>`;
}

function roofSvg(b: Building, mpp: number): string {
  if (b.footprint.length < 3) return '';
  const color = b.roofColor;
  const outline = pathOf(b.footprint);
  const model = roofModel(b);
  const out: string[] = [];
  const r = stream(hashOf(b.footprint[0]!.x, b.footprint[0]!.y, b.heightM));
  if (!model) {
    // Flat roof: parapet, a lighter membrane and a couple of rooftop units.
    out.push(
      `<path d="${outline}" fill="${scaleColor(color, 0.9)}"/>`,
      `<path d="${outline}" fill="${scaleColor(color, 0.98)}" stroke="${scaleColor(color, 1.16)}" stroke-width="0.35"/>`,
    );
    if (mpp < 0.1) {
      // Low-pitch deck ribs run along the fall, which follows the ridge bearing.
      const across = { x: Math.cos(b.ridgeBearingDeg * DEG), y: -Math.sin(b.ridgeBearingDeg * DEG) };
      const d = hatch(b.footprint, across, 0.45).join('');
      if (d)
        out.push(
          `<path d="${d}" stroke="${scaleColor(color, 0.86)}" stroke-width="0.05" stroke-opacity="0.6" fill="none"/>`,
        );
    }
    const c = centroidOf(b.footprint);
    for (let i = 0; i < 2; i++) {
      const p = add(c, { x: (r() - 0.5) * 4, y: (r() - 0.5) * 4 });
      if (!pointInPolygon(p, b.footprint)) continue;
      const unit = [p, add(p, { x: 1, y: 0 }), add(p, { x: 1, y: 0.7 }), add(p, { x: 0, y: 0.7 })];
      out.push(
        `<path d="${pathOf(unit.map((q) => add(q, mul(SHADOW_PER_M, 0.6))))}" fill="#000" fill-opacity="0.25"/>`,
        `<path d="${pathOf(unit)}" fill="#dcdcd6"/>`,
      );
    }
    return out.join('');
  }
  // A base fill hides hairline seams between the planes.
  out.push(`<path d="${outline}" fill="${scaleColor(color, 0.8)}"/>`);
  const ridgeColor = scaleColor(color, 1.3);
  const tiled = isTiled(color);
  let solarFace: RoofFace | undefined;
  let solarArea = 0;
  for (const face of model.faces) {
    const k = shade(face.downhill, ROOF_PITCH_DEG);
    out.push(`<path d="${face.pieces.map((p) => pathOf(p)).join('')}" fill="${scaleColor(color, k)}"/>`);
    // Tile courses run along the eaves; metal ribs run down the slope. Finer than ~2 px they only alias.
    if (mpp < 0.1) {
      const spacing = tiled ? 0.34 : 0.42;
      const across = tiled ? face.downhill : { x: -face.downhill.y, y: face.downhill.x };
      const d = face.pieces.flatMap((p) => hatch(p, across, spacing)).join('');
      if (d)
        out.push(
          `<path d="${d}" stroke="${scaleColor(color, k * 0.82)}" stroke-width="${tiled ? 0.06 : 0.05}" stroke-opacity="0.6" fill="none"/>`,
        );
    }
    const area = Math.max(...face.pieces.map((p) => Math.abs(signedArea(p))));
    if (face.downhill.y > 0.5 && area > solarArea) [solarFace, solarArea] = [face, area];
  }
  if (model.lines.length > 0) {
    const d = model.lines.map(([a, c]) => `M${f3(a.x)} ${f3(a.y)}L${f3(c.x)} ${f3(c.y)}`).join('');
    out.push(
      `<path d="${d}" stroke="${ridgeColor}" stroke-width="${f3(Math.max(0.22, mpp * 1.2))}" stroke-linecap="round" fill="none"/>`,
    );
  }
  // Gutters read as a thin darker edge.
  out.push(`<path d="${outline}" fill="none" stroke="${scaleColor(color, 0.7)}" stroke-width="0.12"/>`);
  if (solarFace && r() < 0.4) out.push(solarPanels(solarFace, r));
  return out.join('');
}

/** Terracotta and pale concrete tiles have courses; dark and mid greys read as Colorbond steel. */
function isTiled(color: string): boolean {
  const [r, g, b] = parseHex(color);
  return r - b > 35 || (r + g + b) / 3 > 170;
}

/** Parallel lines across a convex polygon, perpendicular to `axis`, every `spacing` metres. */
function hatch(poly: readonly Point[], axis: Point, spacing: number): string[] {
  const proj = poly.map((p) => dot(p, axis));
  const lo = Math.min(...proj);
  const hi = Math.max(...proj);
  const along = { x: -axis.y, y: axis.x };
  const out: string[] = [];
  for (let s = Math.ceil(lo / spacing) * spacing; s < hi; s += spacing) {
    const hits: Point[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const pa = proj[i]! - s;
      const pb = proj[(i + 1) % poly.length]! - s;
      if ((pa < 0 && pb >= 0) || (pa >= 0 && pb < 0)) hits.push(add(a, mul(sub(b, a), pa / (pa - pb))));
    }
    // A non-convex outline can cross a line more than twice: pair the crossings in order along it.
    hits.sort((p, q) => dot(p, along) - dot(q, along));
    for (let k = 0; k + 1 < hits.length; k += 2) {
      out.push(`M${f3(hits[k]!.x)} ${f3(hits[k]!.y)}L${f3(hits[k + 1]!.x)} ${f3(hits[k + 1]!.y)}`);
    }
  }
  return out;
}

/** A grid of panels on the sunniest (north-facing) plane, as so many Australian roofs have. */
function solarPanels(face: RoofFace, r: () => number): string {
  const piece = face.pieces.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a));
  const up = mul(face.downhill, -1);
  const across = { x: -up.y, y: up.x };
  // Panel 1.0 m across the slope by 1.7 m up it (plan length shortened by the pitch).
  const pw = 1.02;
  const ph = 1.7 * Math.cos(ROOF_PITCH_DEG * DEG);
  const inside = (p: Point) => polygonHalfPlanes(piece).every((h) => dot(h.n, p) - h.c <= -0.35);
  const us = piece.map((p) => dot(p, across));
  const vs = piece.map((p) => dot(p, up));
  const minU = Math.min(...us);
  const minV = Math.min(...vs);
  const maxU = Math.max(...us);
  const maxV = Math.max(...vs);
  // A rectangular array, as installers lay them: columns that fit on every row, from the eave up.
  const wantedRows = 1 + Math.floor(r() * 3);
  let columns: number[] | undefined;
  const rowsV: number[] = [];
  for (let v = minV + 0.5; v + ph < maxV && rowsV.length < wantedRows; v += ph + 0.05) {
    const fits: number[] = [];
    for (let u = minU + 0.3; u + pw < maxU; u += pw + 0.03) {
      const corners = [
        add(mul(across, u), mul(up, v)),
        add(mul(across, u + pw), mul(up, v)),
        add(mul(across, u + pw), mul(up, v + ph)),
        add(mul(across, u), mul(up, v + ph)),
      ];
      if (corners.every(inside)) fits.push(u);
    }
    const next: number[] = columns ? columns.filter((u) => fits.includes(u)) : fits.slice(0, 12);
    if (next.length < 3) break;
    columns = next;
    rowsV.push(v);
  }
  const cells: string[] = [];
  for (const v of rowsV) {
    for (const u of columns ?? []) {
      cells.push(
        pathOf([
          add(mul(across, u), mul(up, v)),
          add(mul(across, u + pw), mul(up, v)),
          add(mul(across, u + pw), mul(up, v + ph)),
          add(mul(across, u), mul(up, v + ph)),
        ]),
      );
    }
  }
  if (cells.length < 3) return '';
  return `<path d="${cells.join('')}" fill="#1e2838" stroke="#56647a" stroke-width="0.05"/>`;
}

function treesLayer(site: SiteModel, view: View): string {
  const visible = site.trees.filter((t) => {
    const reach = t.radiusM + Math.hypot(SHADOW_PER_M.x, SHADOW_PER_M.y) * 14;
    return (
      t.radiusM > 0 &&
      overlaps(
        {
          minX: t.center.x - reach,
          minY: t.center.y - reach,
          maxX: t.center.x + reach,
          maxY: t.center.y + reach,
        },
        view.box,
      )
    );
  });
  if (visible.length === 0) return '';
  const shadows = visible.map((t) => {
    const heightM = Math.min(2.2 * t.radiusM + 1.5, 14);
    return circlePath(add(t.center, mul(SHADOW_PER_M, heightM * 0.7)), t.radiusM * 0.95);
  });
  const out: string[] = [`<path d="${shadows.join('')}" fill="#0b1208" fill-opacity="0.38"/>`];
  for (const t of visible) {
    const r = stream(hashOf(t.center.x, t.center.y, t.radiusM));
    const species = Math.floor(r() * CANOPIES.length);
    const [, , dark] = CANOPIES[species]!;
    out.push(
      `<circle cx="${f3(t.center.x)}" cy="${f3(t.center.y)}" r="${f3(t.radiusM * 0.97)}" fill="${dark}"/>`,
    );
    // Clumps of foliage, drawn from the shaded side toward the sun so lit tops overlap.
    const clumps: { c: Point; r: number }[] = [];
    const count = 7 + Math.floor(r() * 5);
    for (let i = 0; i < count; i++) {
      const cr = t.radiusM * (0.34 + r() * 0.2);
      const ang = r() * Math.PI * 2;
      const dist = Math.sqrt(r()) * (t.radiusM - cr * 0.9);
      clumps.push({ c: add(t.center, { x: Math.cos(ang) * dist, y: Math.sin(ang) * dist }), r: cr });
    }
    clumps.push({
      c: add(t.center, { x: -0.15 * t.radiusM * 0.5, y: 0.15 * t.radiusM }),
      r: t.radiusM * 0.5,
    });
    clumps.sort((a, b) => dot(a.c, { x: SUN[0], y: SUN[1] }) - dot(b.c, { x: SUN[0], y: SUN[1] }));
    for (const c of clumps) {
      out.push(`<circle cx="${f3(c.c.x)}" cy="${f3(c.c.y)}" r="${f3(c.r)}" fill="url(#t${species})"/>`);
    }
  }
  return out.join('');
}

// ---------------------------------------------------------------------------------------------------------
// Texture pass

const TILE = 256;
let tiles: { vegetation: Float32Array; plain: Float32Array; coarse: Float32Array } | undefined;

/** Periodic value noise in [-1, 1] over a TILE×TILE tile, from a few octaves of smoothed lattice noise. */
function valueNoiseTile(seed: number, cells: readonly number[], weights: readonly number[]): Float32Array {
  const out = new Float32Array(TILE * TILE);
  const rand = stream(seed);
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
    const rand = stream(5);
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

function pixelToGround(request: NadirImageRequest, site: SiteModel): PixelToGround {
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
function addTexture(data: Buffer, width: number, height: number, channels: number, g: PixelToGround): Buffer {
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
