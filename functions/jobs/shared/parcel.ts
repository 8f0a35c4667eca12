// The parcel a picture is drawn with: the caller's `boundary`, else the site source's addressed parcel. A
// made-up parcel is never drawn on a real picture: with the caller's own imagery, a synthetic site
// source's parcel is not used (send `boundary`). No image code here: the location step uses it too.
import type { LatLng, SiteModel } from '../../domain/geo-types.ts';
import { polygonArea, polygonCentroid } from '../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../media/geo/local-metric.ts';
import { boundaryRings, type CallerImageryInput, type ParcelBoundaryInput } from './imagery-schema.ts';

/** The imagery fields of a recorded request (absent on requests made before they existed). */
export interface ImageryInput {
  readonly imagery?: CallerImageryInput | null;
  readonly boundary?: ParcelBoundaryInput | null;
}

/** The parcel a picture is drawn with, and where it came from. */
export interface Parcel {
  readonly ring: readonly LatLng[];
  readonly source: {
    readonly kind: 'caller' | 'site';
    readonly provider: string;
    readonly synthetic: boolean;
  };
}

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
 * The parcel to draw: the caller's boundary, else the site's addressed parcel — unless the picture is the
 * caller's own and the site source is synthetic (a made-up parcel on a real photo would mislead).
 */
export function parcelFor(input: ImageryInput, site: SiteModel, realImagery: boolean): Parcel | undefined {
  if (input.boundary) {
    return {
      ring: callerParcelRing(input.boundary),
      source: { kind: 'caller', provider: 'caller', synthetic: false },
    };
  }
  const lot = site.parcels.find((p) => p.addressed)?.polygon;
  if (!lot || lot.length < 3) return undefined;
  if (realImagery && site.synthetic) return undefined;
  return {
    ring: lot.map((p) => fromLocalMetres(site.origin, p)),
    source: { kind: 'site', provider: site.provider, synthetic: site.synthetic === true },
  };
}

/**
 * The site model with `parcel` as its addressed parcel (frontage detection and drawing read it from
 * there): the caller's in place of the site's, or none when the site's is not to be used.
 */
export function withParcel(site: SiteModel, parcel: Parcel | undefined): SiteModel {
  if (parcel?.source.kind === 'site') return site;
  const others = site.parcels.filter((p) => !p.addressed);
  if (!parcel) return others.length === site.parcels.length ? site : { ...site, parcels: others };
  const polygon = parcel.ring.map((p) => toLocalMetres(site.origin, p));
  return { ...site, parcels: [...others, { id: 'caller-boundary', polygon, addressed: true }] };
}
