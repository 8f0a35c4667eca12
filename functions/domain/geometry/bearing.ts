// Compass arithmetic for property frontage: bearings in degrees clockwise from north, in local metric
// coordinates (x east, y north), with the eight-point labels the API reports.
import type { Point } from '../geo-types.ts';

export const COMPASS_LABELS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export type DirectionLabel = (typeof COMPASS_LABELS)[number];

/** Any finite angle in degrees → [0, 360). */
export function normalizeBearing(deg: number): number {
  if (!Number.isFinite(deg)) throw new RangeError(`bearing must be a finite number of degrees, got ${deg}`);
  // The second modulo folds the 360 that (-tiny % 360) + 360 rounds to; `+ 0` turns -0 into 0.
  return (((deg % 360) + 360) % 360) + 0;
}

/** Nearest whole degree in 0-359: 359.6 → 0, -0.4 → 0, 720 → 0. */
export function roundBearing(deg: number): number {
  return Math.round(normalizeBearing(deg)) % 360;
}

/**
 * Eight 45° sectors centred on the compass points. Each sector includes its anticlockwise boundary and
 * excludes its clockwise one: [337.5, 22.5) is north, 22.5 is north-east, 67.5 is east, and so on.
 */
export function bearingLabel(deg: number): DirectionLabel {
  const sector = Math.floor((normalizeBearing(deg) + 22.5) / 45) % 8;
  return COMPASS_LABELS[sector] ?? 'north';
}

/** Bearing from one local point to another (0 = +y north, 90 = +x east); 0 when they coincide. */
export function bearingBetween(from: Point, to: Point): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return 0;
  return normalizeBearing((Math.atan2(dx, dy) * 180) / Math.PI);
}

/** Smallest angle between two bearings, in [0, 180]. */
export function angularDifference(a: number, b: number): number {
  const d = Math.abs(normalizeBearing(a) - normalizeBearing(b));
  return Math.min(d, 360 - d);
}

/** Unit vector (x east, y north) of a compass bearing. */
export function bearingVector(deg: number): Point {
  const rad = (deg * Math.PI) / 180;
  return { x: Math.sin(rad), y: Math.cos(rad) };
}
