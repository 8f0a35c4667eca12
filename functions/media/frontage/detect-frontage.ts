// Which way a property faces: the bearing from the addressed parcel toward the nearest point of the street
// the address is on. Pure; works on any SiteModel (synthetic or from a basemap without parcels).
import { streetSuffixOf, streetTypeOf } from '../../domain/address/street-types.ts';
import type { Point, SiteModel, Street } from '../../domain/geo-types.ts';
import {
  bearingBetween,
  bearingLabel,
  type DirectionLabel,
  roundBearing,
} from '../../domain/geometry/bearing.ts';
import { polygonCentroid } from '../../domain/geometry/polygon.ts';

interface FrontageDetection {
  /** Integer compass bearing 0-359 the front faces. */
  readonly bearingDeg: number;
  readonly label: DirectionLabel;
  /** 0-1, two decimals. */
  readonly confidence: number;
  /** Nearest point of the street the front faces (the parcel anchor when there is no street). */
  readonly frontPoint: Point;
  readonly method: 'addressed-street' | 'nearest-street' | 'default';
}

/** Comparable form of a street name: lower case, periods dropped, type and suffix spelled out. */
export function normalizeStreetName(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/\./g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  // The first word is always part of the name ("St Georges Road" is Saint, not Street).
  return words
    .map((w, i) => (i === 0 ? w : ((streetTypeOf(w) ?? streetSuffixOf(w))?.toLowerCase() ?? w)))
    .join(' ');
}

/** Where the front is measured from: the addressed parcel's centroid, else the site origin. */
export function frontageAnchor(site: SiteModel): Point {
  const parcel = site.parcels.find((p) => p.addressed);
  return parcel && parcel.polygon.length > 0 ? polygonCentroid(parcel.polygon) : { x: 0, y: 0 };
}

interface Nearest {
  readonly point: Point;
  readonly distance: number;
}

function nearestOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

function nearestOnStreet(p: Point, street: Street): Nearest | undefined {
  const line = street.centerline;
  let best: Nearest | undefined;
  // A one-point "line" is its own nearest point.
  const segments = Math.max(line.length - 1, line.length > 0 ? 1 : 0);
  for (let i = 0; i < segments; i++) {
    const a = line[i]!;
    const point = nearestOnSegment(p, a, line[i + 1] ?? a);
    const d = distance(point, p);
    if (!best || d < best.distance) best = { point, distance: d };
  }
  return best;
}

function nearestOf(p: Point, streets: readonly Street[]): Nearest | undefined {
  let best: Nearest | undefined;
  for (const street of streets) {
    const n = nearestOnStreet(p, street);
    if (n && (!best || n.distance < best.distance)) best = n;
  }
  return best;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
const twoDecimals = (v: number) => Math.round(clamp01(v) * 100) / 100;

function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const cross = (o: Point, p: Point, q: Point) => (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/**
 * How far a street is from the lot: the gap between the parcel outline and the centre line (0 when it
 * crosses), or from the anchor point when there is no parcel. A boundary gap, unlike the distance from the
 * centroid, makes the side street of a deep corner lot count as close as the street in front.
 */
function gapTo(street: Street, parcel: readonly Point[] | undefined, anchor: Point): number {
  if (!parcel || parcel.length < 3)
    return nearestOnStreet(anchor, street)?.distance ?? Number.POSITIVE_INFINITY;
  // Two polylines that do not cross are nearest at a vertex of one of them.
  const line = street.centerline;
  let best = Number.POSITIVE_INFINITY;
  for (const p of parcel) best = Math.min(best, nearestOnStreet(p, street)?.distance ?? best);
  for (let i = 0; i < parcel.length; i++) {
    const a = parcel[i]!;
    const b = parcel[(i + 1) % parcel.length]!;
    for (const q of line) best = Math.min(best, distance(nearestOnSegment(q, a, b), q));
    for (let j = 0; j < line.length - 1; j++) if (segmentsIntersect(a, b, line[j]!, line[j + 1]!)) return 0;
  }
  return best;
}

/**
 * Confidence from how much nearer the chosen street is than the nearest other one (ratio of gaps, other
 * over chosen): `low` when the other is nearer by far, `mid` when they tie (a corner lot), `high` when
 * the other is at least twice as far. Lone streets count as clearly nearest.
 */
function confidenceFor(chosen: number, other: number, low: number, mid: number, high: number): number {
  if (!Number.isFinite(other)) return high;
  const ratio = chosen <= 1e-6 ? (other <= 1e-6 ? 1 : 2) : other / chosen;
  return ratio >= 1 ? mid + (high - mid) * clamp01(ratio - 1) : low + (mid - low) * ratio;
}

export function detectFrontage(site: SiteModel): FrontageDetection {
  const anchor = frontageAnchor(site);
  const parcel = site.parcels.find((p) => p.addressed)?.polygon;
  const wanted = normalizeStreetName(site.addressedStreet);
  const usable = site.streets.filter((s) => s.centerline.length > 0);
  const named = usable.filter((s) => normalizeStreetName(s.name) === wanted);
  const others = usable.filter((s) => normalizeStreetName(s.name) !== wanted);
  const minGap = (streets: readonly Street[]) =>
    streets.reduce((m, s) => Math.min(m, gapTo(s, parcel, anchor)), Number.POSITIVE_INFINITY);

  const addressed = nearestOf(anchor, named);
  if (addressed) {
    const confidence = confidenceFor(minGap(named), minGap(others), 0.3, 0.6, 0.95);
    return result(anchor, addressed, twoDecimals(confidence), 'addressed-street');
  }

  if (others.length > 0) {
    // Rank the streets by their gap to the lot (ties by distance from the anchor); the bearing faces the first.
    const ranked = others
      .map((s) => ({ s, gap: gapTo(s, parcel, anchor) }))
      .sort(
        (a, b) =>
          a.gap - b.gap || nearestOnStreet(anchor, a.s)!.distance - nearestOnStreet(anchor, b.s)!.distance,
      );
    const first = ranked[0]!;
    const runnerUp = ranked.find((r) => normalizeStreetName(r.s.name) !== normalizeStreetName(first.s.name));
    const point = nearestOnStreet(anchor, first.s)!;
    const confidence = confidenceFor(first.gap, runnerUp?.gap ?? Number.POSITIVE_INFINITY, 0.15, 0.3, 0.45);
    return result(anchor, point, twoDecimals(confidence), 'nearest-street');
  }

  return { bearingDeg: 0, label: 'north', confidence: 0, frontPoint: anchor, method: 'default' };
}

function result(
  anchor: Point,
  street: Nearest,
  confidence: number,
  method: 'addressed-street' | 'nearest-street',
): FrontageDetection {
  const bearingDeg = roundBearing(bearingBetween(anchor, street.point));
  return { bearingDeg, label: bearingLabel(bearingDeg), confidence, frontPoint: street.point, method };
}
