// The parcel a picture is drawn with: the caller's `boundary`, else the cadastre's lot (the one the
// request named, or the one at the address point), else the site source's addressed parcel. A made-up
// parcel is never drawn on a real picture: with real imagery a synthetic site source's parcel is not used
// (send `boundary`, or configure a cadastre source). No image code here: the location step uses it too.
import type { LatLng, SiteModel } from '../../domain/geo-types.ts';
import { polygonArea, polygonCentroid } from '../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../media/geo/local-metric.ts';
import type { LotLookup } from '../../media/providers/cadastre/cadastre.ts';
import { boundaryRings, type CallerImageryInput, type ParcelBoundaryInput } from './imagery-schema.ts';

/** The imagery fields of a recorded request (absent on requests made before they existed). */
export interface ImageryInput {
  readonly imagery?: CallerImageryInput | null;
  readonly boundary?: ParcelBoundaryInput | null;
}

/** Where a parcel came from, as the output's boundary_source states it. */
export type ParcelSource =
  | { readonly kind: 'caller' | 'site'; readonly provider: string; readonly synthetic: boolean }
  | {
      readonly kind: 'cadastre';
      readonly provider: string;
      readonly lot_id: string;
      readonly match: 'contains' | 'nearest' | 'lot_id';
      readonly distance_m: number;
      readonly licence: { readonly store: boolean; readonly print: boolean; readonly portal: boolean };
      readonly attribution: string;
      readonly synthetic: false;
      readonly verified?: boolean;
    };

/** The parcel a picture is drawn with, and where it came from. */
export interface Parcel {
  readonly ring: readonly LatLng[];
  readonly source: ParcelSource;
  /** A cadastre lot's neighbours (their outer rings): the lot's street side faces none of them. */
  readonly neighbours?: readonly (readonly LatLng[])[];
}

/** Why there is no parcel, as the output's boundary_source states it (null: nothing was looked up). */
export type NoParcel = {
  readonly kind: 'none';
  readonly reason: Extract<LotLookup, { found: false }>['reason'];
  readonly message: string;
  readonly tried?: { readonly source: string; readonly reason: string }[];
} | null;

/** The largest outer ring of the caller's boundary (a MultiPolygon's main part). */
function callerParcelRing(boundary: ParcelBoundaryInput): LatLng[] {
  const rings = boundaryRings(boundary);
  const area = (ring: readonly LatLng[]) => polygonArea(ring.map((p) => toLocalMetres(ring[0]!, p)));
  return rings.reduce((best, ring) => (area(ring) > area(best) ? ring : best));
}

/** The area centroid of the caller's parcel: where the property is when the caller gives its boundary. */
export function callerParcelCentre(boundary: ParcelBoundaryInput): LatLng {
  const ring = callerParcelRing(boundary);
  const origin = ring[0]!;
  return fromLocalMetres(origin, polygonCentroid(ring.map((p) => toLocalMetres(origin, p))));
}

/**
 * The parcel to draw: the caller's boundary, else the cadastre's lot, else the site's addressed parcel —
 * unless the picture is real and the site source synthetic (a made-up parcel on a real photo would mislead).
 */
export function parcelFor(
  input: ImageryInput,
  site: SiteModel,
  realImagery: boolean,
  lot?: LotLookup,
): Parcel | undefined {
  if (input.boundary) {
    return {
      ring: callerParcelRing(input.boundary),
      source: { kind: 'caller', provider: 'caller', synthetic: false },
    };
  }
  if (lot?.found) {
    const { source } = lot;
    return {
      ring: lot.ring,
      neighbours: lot.neighbours,
      source: {
        kind: 'cadastre',
        provider: source.provider,
        lot_id: lot.lotId,
        match: lot.match,
        distance_m: lot.distanceM,
        licence: source.licence,
        attribution: source.attribution,
        synthetic: false,
        ...(source.verified === false ? { verified: false } : {}),
      },
    };
  }
  const addressed = site.parcels.find((p) => p.addressed)?.polygon;
  if (!addressed || addressed.length < 3) return undefined;
  if (realImagery && site.synthetic) return undefined;
  return {
    ring: addressed.map((p) => fromLocalMetres(site.origin, p)),
    source: { kind: 'site', provider: site.provider, synthetic: site.synthetic === true },
  };
}

/** What boundary_source says when there is no parcel: why the lot lookup found none (null: none was made). */
export function noParcel(lot: LotLookup | undefined): NoParcel {
  if (!lot || lot.found) return null;
  return {
    kind: 'none',
    reason: lot.reason,
    message: lot.message,
    ...(lot.tried.length > 0 ? { tried: lot.tried.map((t) => ({ ...t })) } : {}),
  };
}

/**
 * The site model with `parcel` as its addressed parcel (frontage detection and drawing read it from
 * there): the caller's in place of the site's, or none when the site's is not to be used.
 */
export function withParcel(site: SiteModel, parcel: Parcel | undefined): SiteModel {
  if (parcel?.source.kind === 'site') return site;
  // A real lot's neighbours replace the site's made-up parcels around it.
  if (parcel?.source.kind === 'cadastre' && site.synthetic) {
    const neighbours = (parcel.neighbours ?? []).map((ring, i) => ({
      id: `cadastre-neighbour-${i}`,
      polygon: ring.map((p) => toLocalMetres(site.origin, p)),
      addressed: false,
    }));
    const polygon = parcel.ring.map((p) => toLocalMetres(site.origin, p));
    return { ...site, parcels: [...neighbours, { id: parcel.source.lot_id, polygon, addressed: true }] };
  }
  const others = site.parcels.filter((p) => !p.addressed);
  if (!parcel) return others.length === site.parcels.length ? site : { ...site, parcels: others };
  const polygon = parcel.ring.map((p) => toLocalMetres(site.origin, p));
  const id = parcel.source.kind === 'cadastre' ? parcel.source.lot_id : 'caller-boundary';
  return { ...site, parcels: [...others, { id, polygon, addressed: true }] };
}

/** A ring as a GeoJSON Polygon ([longitude, latitude], closed), as outputs give a cadastre lot. */
export function parcelPolygon(ring: readonly LatLng[]): { type: 'Polygon'; coordinates: number[][][] } {
  const positions = ring.map((p) => [Math.round(p.lng * 1e8) / 1e8, Math.round(p.lat * 1e8) / 1e8]);
  return { type: 'Polygon', coordinates: [[...positions, positions[0]!]] };
}
