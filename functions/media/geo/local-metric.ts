// Conversions between latitude/longitude and local metres around an origin (equirectangular tangent
// plane). Accurate to well under a metre within a few kilometres, which is all a property needs.
import type { LatLng, Point } from '../../domain/geo-types.ts';

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export function toLocalMetres(origin: LatLng, position: LatLng): Point {
  const x = (position.lng - origin.lng) * DEG * EARTH_RADIUS_M * Math.cos(origin.lat * DEG);
  const y = (position.lat - origin.lat) * DEG * EARTH_RADIUS_M;
  return { x, y };
}

export function fromLocalMetres(origin: LatLng, point: Point): LatLng {
  const lat = origin.lat + point.y / (EARTH_RADIUS_M * DEG);
  const lng = origin.lng + point.x / (EARTH_RADIUS_M * DEG * Math.cos(origin.lat * DEG));
  return { lat, lng };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLng = (b.lng - a.lng) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
