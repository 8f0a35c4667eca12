// Which way a real lot faces, from the cadastre alone: its street sides are the stretches of its boundary
// that face no other lot (across them lies the road reserve, which is no lot; streetSides in
// lot-selection.ts). Works without street data, so a state's cadastre lot gives its front even where the
// street map is synthetic or missing. Pure.
import type { LatLng, Point } from '../../domain/geo-types.ts';
import { bearingLabel, type DirectionLabel, roundBearing } from '../../domain/geometry/bearing.ts';
import { toLocalMetres } from '../geo/local-metric.ts';
import { type StreetSide, streetSides } from '../providers/cadastre/lot-selection.ts';

export interface LotFrontage {
  readonly bearingDeg: number;
  readonly label: DirectionLabel;
  readonly confidence: number;
  /** A point on the road just outside the front side, in the site's local metres. */
  readonly frontPoint: Point;
  readonly method: 'cadastre-street-side';
  readonly sides: readonly StreetSide[];
}

/** Sides shorter than this (survey jogs, splays at a corner) decide nothing. */
const MIN_SIDE_M = 3;
/** How far out on the road the front point lies. */
const FRONT_POINT_OUT_M = 5;

/**
 * The front of a lot from its street sides: the only one, or of a corner or through lot's several the
 * shortest (the narrow frontage a lot is addressed on is the usual case), said with less confidence.
 * Undefined when no side faces a road (its neighbours close it in, or none were found: nothing to tell).
 */
export function lotFrontage(
  ring: readonly LatLng[],
  neighbours: readonly (readonly LatLng[])[],
  origin: LatLng,
): LotFrontage | undefined {
  if (neighbours.length === 0) return undefined;
  const lot = { lotId: 'lot', rings: [ring] };
  const around = neighbours.map((r, i) => ({ lotId: `neighbour-${i}`, rings: [r] }));
  const sides = streetSides(lot, around).filter((s) => s.lengthM >= MIN_SIDE_M);
  if (sides.length === 0) return undefined;
  const front = sides.reduce((best, side) => (side.lengthM < best.lengthM ? side : best));
  const bearingDeg = roundBearing(front.bearingDeg);
  const mid = midpoint(front.points.map((p) => toLocalMetres(origin, p)));
  const rad = (front.bearingDeg * Math.PI) / 180;
  return {
    bearingDeg,
    label: bearingLabel(bearingDeg),
    confidence: sides.length === 1 ? 0.9 : 0.5,
    frontPoint: {
      x: mid.x + Math.sin(rad) * FRONT_POINT_OUT_M,
      y: mid.y + Math.cos(rad) * FRONT_POINT_OUT_M,
    },
    method: 'cadastre-street-side',
    sides,
  };
}

/** The point halfway along a polyline. */
function midpoint(line: readonly Point[]): Point {
  const lengths = line.slice(1).map((p, i) => Math.hypot(p.x - line[i]!.x, p.y - line[i]!.y));
  let left = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i]!) {
      const t = lengths[i]! === 0 ? 0 : left / lengths[i]!;
      const a = line[i]!;
      const b = line[i + 1]!;
      return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
    }
    left -= lengths[i]!;
  }
  return line[line.length - 1]!;
}
