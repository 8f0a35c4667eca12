// Which of the lots around a geocoded point is the property's, and which of its sides face the street.
// Pure: the lots come from any cadastre adapter, in WGS 84, and everything is measured in local metres
// about the point (or the lot).
// - The property's lot is the one that holds the point. An address point on the road (or in no lot at all)
//   takes the nearest lot within 15 m, and says so. Where several lots hold the point (a strata scheme's
//   units stacked inside its base lot, overlapping parts), the base lot wins: a lot not marked strata
//   first, then the largest.
// - A lot's street sides are the stretches of its outline with no other lot just outside: a cadastre
//   leaves the road reserve out, so the side facing it has nothing beyond it. A corner lot has two.
import type { LatLng, Point } from '../../../domain/geo-types.ts';
import { bearingBetween } from '../../../domain/geometry/bearing.ts';
import {
  distanceToOutline,
  pointInPolygon,
  polygonArea,
  signedArea,
} from '../../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../geo/local-metric.ts';
import type { CadastreLot } from '../sources/source-types.ts';

/** How far from the point a lot may be and still be taken as the property's (a point on the road). */
export const NEAREST_LOT_MAX_M = 15;

export type LotSelection =
  | { readonly lot: CadastreLot; readonly match: 'contains'; readonly distanceM: 0 }
  | { readonly lot: CadastreLot; readonly match: 'nearest'; readonly distanceM: number }
  | {
      readonly lot: null;
      readonly reason: 'no-lots' | 'none-near';
      /** In words, for `boundary_source`. */
      readonly message: string;
      /** The nearest lot, when there was one, and how far it was. */
      readonly nearest?: { readonly lotId: string; readonly distanceM: number };
    };

interface Measured {
  readonly lot: CadastreLot;
  readonly rings: Point[][];
  readonly areaM2: number;
  readonly distanceM: number;
  readonly contains: boolean;
}

/** The property's lot among `lots` for a geocoded `point`. */
export function selectLot(
  point: LatLng,
  lots: readonly CadastreLot[],
  maxDistanceM: number = NEAREST_LOT_MAX_M,
): LotSelection {
  if (lots.length === 0)
    return { lot: null, reason: 'no-lots', message: 'the cadastre has no lots around the point' };
  const here = { x: 0, y: 0 };
  const measured: Measured[] = lots.map((lot) => {
    const rings = lot.rings.map((ring) => ring.map((p) => toLocalMetres(point, p)));
    return {
      lot,
      rings,
      areaM2: rings.reduce((sum, r) => sum + polygonArea(r), 0),
      distanceM: Math.min(...rings.map((r) => distanceToOutline(here, r))),
      contains: rings.some((r) => pointInPolygon(here, r)),
    };
  });
  const holding = measured.filter((m) => m.contains);
  if (holding.length > 0) return { lot: best(holding).lot, match: 'contains', distanceM: 0 };
  const nearestM = Math.min(...measured.map((m) => m.distanceM));
  const nearest = measured.filter((m) => m.distanceM <= nearestM + 0.01);
  const chosen = best(nearest);
  const distanceM = Math.round(chosen.distanceM * 100) / 100;
  if (chosen.distanceM <= maxDistanceM) return { lot: chosen.lot, match: 'nearest', distanceM };
  return {
    lot: null,
    reason: 'none-near',
    message: `no lot within ${maxDistanceM} m of the address point; the nearest (${chosen.lot.lotId}) is ${distanceM.toFixed(1)} m away`,
    nearest: { lotId: chosen.lot.lotId, distanceM },
  };
}

/** A lot not marked strata before one that is, then the larger. */
function best(candidates: readonly Measured[]): Measured {
  return [...candidates].sort(
    (a, b) => Number(a.lot.strata === true) - Number(b.lot.strata === true) || b.areaM2 - a.areaM2,
  )[0]!;
}

/**
 * The `lotsNear` radius about `point` that takes in all of `lot` and `marginM` beyond it: the lots asked
 * for first may not reach past a large lot's far side, and a side with no lot fetched beyond it would pass
 * for a street side.
 */
export function radiusCovering(point: LatLng, lot: CadastreLot, marginM = 10): number {
  const reach = Math.max(
    0,
    ...lot.rings.flat().map((p) => {
      const q = toLocalMetres(point, p);
      return Math.max(Math.abs(q.x), Math.abs(q.y));
    }),
  );
  return Math.ceil(reach + marginM);
}

// -------------------------------------------------------------------------------------------------------
// Street sides

export interface StreetSide {
  /** The side's outline from one end to the other, along the lot's outline (anticlockwise). */
  readonly points: readonly LatLng[];
  readonly lengthM: number;
  /** Compass bearing the side faces, out of the lot (0 north, 90 east), to one decimal. */
  readonly bearingDeg: number;
}

export interface StreetSideOptions {
  /** A stretch faces no lot when nothing lies within this far outside it. Default 2 m. */
  readonly gapM?: number;
  /** Stretches shorter than this (slivers at corners) are left out. Default 1 m. */
  readonly minLengthM?: number;
  /** Consecutive edges turning less than this are one side (a curved frontage). Default 25°. */
  readonly mergeTurnDeg?: number;
}

/** Along an edge, one probe per this many metres. */
const PROBE_SPACING_M = 0.5;

interface Stretch {
  readonly from: Point;
  readonly to: Point;
  /** Whether it runs on to the next edge's first stretch without a break. */
  readonly reachesEnd: boolean;
  readonly startsAtStart: boolean;
  readonly edge: number;
}

/**
 * The sides of `lot` that face no neighbouring lot (the road reserve, a park the cadastre leaves out),
 * longest first. `neighbours` are the lots around it (the lot itself among them is ignored), fetched far
 * enough out to pass the lot's every side (radiusCovering).
 */
export function streetSides(
  lot: CadastreLot,
  neighbours: readonly CadastreLot[],
  options: StreetSideOptions = {},
): StreetSide[] {
  const gap = options.gapM ?? 2;
  const minLength = options.minLengthM ?? 1;
  const maxTurn = options.mergeTurnDeg ?? 25;
  const origin = lot.rings[0]?.[0];
  if (!origin) return [];
  const local = (ring: readonly LatLng[]) => ring.map((p) => toLocalMetres(origin, p));
  const own = lot.rings.map(local);
  const others = neighbours.filter((n) => n.lotId !== lot.lotId).flatMap((n) => n.rings.map(local));
  const blocked = (q: Point) =>
    others.some((r) => pointInPolygon(q, r)) || own.some((r) => pointInPolygon(q, r));

  const sides: StreetSide[] = [];
  for (const raw of own) {
    const ring = signedArea(raw) >= 0 ? raw : [...raw].reverse();
    const stretches = openStretches(ring, gap, blocked);
    for (const run of joinRuns(stretches, ring.length, maxTurn)) {
      const lengthM = run.reduce((s, st) => s + Math.hypot(st.to.x - st.from.x, st.to.y - st.from.y), 0);
      if (lengthM < minLength) continue;
      // The side faces the length-weighted mean of its stretches' outward normals.
      const normal = run.reduce(
        (n, st) => ({ x: n.x + (st.to.y - st.from.y), y: n.y - (st.to.x - st.from.x) }),
        { x: 0, y: 0 },
      );
      const points = [run[0]!.from, ...run.map((st) => st.to)].map((p) => fromLocalMetres(origin, p));
      sides.push({
        points,
        lengthM: Math.round(lengthM * 100) / 100,
        bearingDeg: Math.round(bearingBetween({ x: 0, y: 0 }, normal) * 10) / 10,
      });
    }
  }
  return sides.sort((a, b) => b.lengthM - a.lengthM);
}

/** Each edge's stretches whose outward probes, `gap` metres out, fall in no lot. */
function openStretches(ring: readonly Point[], gap: number, blocked: (q: Point) => boolean): Stretch[] {
  const out: Stretch[] = [];
  ring.forEach((a, edge) => {
    const b = ring[(edge + 1) % ring.length]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length < 1e-6) return;
    const n = { x: (b.y - a.y) / length, y: -(b.x - a.x) / length };
    const k = Math.max(3, Math.ceil(length / PROBE_SPACING_M));
    const at = (t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    let runStart: number | undefined;
    for (let j = 0; j <= k; j += 1) {
      const open =
        j < k && !blocked({ x: at((j + 0.5) / k).x + n.x * gap, y: at((j + 0.5) / k).y + n.y * gap });
      if (open && runStart === undefined) runStart = j;
      if (!open && runStart !== undefined) {
        out.push({
          from: at(runStart / k),
          to: at(j / k),
          startsAtStart: runStart === 0,
          reachesEnd: j === k,
          edge,
        });
        runStart = undefined;
      }
    }
  });
  return out;
}

/**
 * Stretches joined into sides: a stretch reaching its edge's end runs on into the next edge's stretch
 * that starts at its start, when the outline turns less than `maxTurn` there (wrapping round the ring).
 */
function joinRuns(stretches: readonly Stretch[], edges: number, maxTurn: number): Stretch[][] {
  const turn = (a: Stretch, b: Stretch) => {
    const d = Math.abs(bearingBetween(a.from, a.to) - bearingBetween(b.from, b.to));
    return Math.min(d, 360 - d);
  };
  const joins = (a: Stretch, b: Stretch) =>
    a.reachesEnd && b.startsAtStart && b.edge === (a.edge + 1) % edges && turn(a, b) < maxTurn;
  const runs: Stretch[][] = [];
  for (const st of stretches) {
    const last = runs[runs.length - 1];
    const tail = last?.[last.length - 1];
    if (last && tail && joins(tail, st)) last.push(st);
    else runs.push([st]);
  }
  // The ring closes: the last run may continue into the first.
  if (runs.length > 1) {
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    if (joins(last[last.length - 1]!, first[0]!)) {
      runs[0] = [...last, ...first];
      runs.pop();
    }
  }
  return runs;
}
