// A lot's outline as a cadastre sends it, read into outer rings in WGS 84: GeoJSON (RFC 7946: a Polygon's
// first ring is its outside, the rest holes; a MultiPolygon is several) and Esri JSON (a polygon's `rings`,
// outer rings clockwise and holes anticlockwise, in any order). Holes are dropped: a lot's boundary is its
// outside. Rings come out anticlockwise (as the scene and the site model keep them), first point not
// repeated, with their first vertex kept where the source put it.
import type { LatLng } from '../../../domain/geo-types.ts';
import { signedArea } from '../../../domain/geometry/polygon.ts';

export type AxisOrder = 'lon-lat' | 'lat-lon';

/** A malformed geometry; the adapter words it as the source's bad answer. */
export class GeometryError extends Error {}

/** Outer rings of a GeoJSON Polygon or MultiPolygon. */
export function ringsFromGeoJson(geometry: unknown, axis: AxisOrder = 'lon-lat'): LatLng[][] {
  if (!isObject(geometry)) throw new GeometryError('a feature has no geometry');
  const { type, coordinates } = geometry;
  if (type === 'Polygon') return [outerOfGeoJsonPolygon(coordinates, axis)];
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0)
      throw new GeometryError('a MultiPolygon has no polygons');
    return coordinates.map((polygon) => outerOfGeoJsonPolygon(polygon, axis));
  }
  throw new GeometryError(`a lot's geometry is a ${String(type)}, not a Polygon or MultiPolygon`);
}

/** Outer rings of an Esri JSON polygon (`{rings: [[[x, y], …], …]}`, x longitude). */
export function ringsFromEsri(geometry: unknown): LatLng[][] {
  if (!isObject(geometry) || !Array.isArray(geometry.rings) || geometry.rings.length === 0)
    throw new GeometryError('a feature has no polygon rings');
  const rings = geometry.rings.map((ring) => readRing(ring, 'lon-lat'));
  // Clockwise in x-east/y-north is a negative shoelace area.
  const outer = rings.filter((ring) => signedArea(planar(ring)) < 0);
  // A service that ignores the orientation rule still has an outside: its largest ring.
  const chosen =
    outer.length > 0
      ? outer
      : [rings.reduce((a, b) => (Math.abs(signedArea(planar(b))) > Math.abs(signedArea(planar(a))) ? b : a))];
  return chosen.map(anticlockwise);
}

function outerOfGeoJsonPolygon(coordinates: unknown, axis: AxisOrder): LatLng[] {
  if (!Array.isArray(coordinates) || coordinates.length === 0)
    throw new GeometryError('a Polygon has no rings');
  return anticlockwise(readRing(coordinates[0], axis));
}

function readRing(ring: unknown, axis: AxisOrder): LatLng[] {
  if (!Array.isArray(ring)) throw new GeometryError('a ring is not a list of positions');
  const points = ring.map((position): LatLng => {
    if (!Array.isArray(position) || position.length < 2) throw new GeometryError('a position is not [x, y]');
    const [a, b] = position as unknown[];
    if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b))
      throw new GeometryError('a position is not two numbers');
    const [lng, lat] = axis === 'lon-lat' ? [a, b] : [b, a];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
      throw new GeometryError(
        `a position (${a}, ${b}) is not a ${axis === 'lon-lat' ? 'longitude and latitude' : 'latitude and longitude'} (the axis order may be the other way round)`,
      );
    return { lat, lng };
  });
  const last = points[points.length - 1];
  const first = points[0];
  if (first && last && points.length > 1 && first.lat === last.lat && first.lng === last.lng) points.pop();
  if (points.length < 3) throw new GeometryError('a ring has fewer than three corners');
  return points;
}

/** The ring anticlockwise, its first vertex kept first. */
function anticlockwise(ring: LatLng[]): LatLng[] {
  if (signedArea(planar(ring)) >= 0) return ring;
  return [ring[0]!, ...ring.slice(1).reverse()];
}

/**
 * Longitude as x, latitude as y, from the first vertex (so the shoelace does not lose a small lot to the
 * size of the coordinates): enough for orientation, which a positive scale keeps.
 */
function planar(ring: readonly LatLng[]): { x: number; y: number }[] {
  const o = ring[0] ?? { lat: 0, lng: 0 };
  return ring.map((p) => ({ x: p.lng - o.lng, y: p.lat - o.lat }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
