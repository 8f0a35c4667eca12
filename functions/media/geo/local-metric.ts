// Conversions between latitude/longitude and local metres around an origin: a tangent plane whose two
// scales are the WGS 84 ellipsoid's radii of curvature at the origin (north-south the meridian's, east-west
// the prime vertical's times cos φ). Within a few kilometres that is accurate to centimetres, and true
// metres both ways: a sphere of mean radius is 0.25 % long north-south and 0.22 % short east-west at
// Sydney's latitude, enough to put a parcel's corner a few pixels off on a drone photo or an MGA orthophoto.
import type { LatLng, Point } from '../../domain/geo-types.ts';

const EARTH_RADIUS_M = 6_371_008.8;
const WGS84_A = 6_378_137;
const WGS84_E2 = 0.006_694_379_990_14;
const DEG = Math.PI / 180;

/** Metres per degree of latitude and of longitude at a latitude. */
function metresPerDegree(lat: number): { north: number; east: number } {
  const s = Math.sin(lat * DEG);
  const w = 1 - WGS84_E2 * s * s;
  const meridian = (WGS84_A * (1 - WGS84_E2)) / (w * Math.sqrt(w));
  const primeVertical = WGS84_A / Math.sqrt(w);
  return { north: meridian * DEG, east: primeVertical * Math.cos(lat * DEG) * DEG };
}

export function toLocalMetres(origin: LatLng, position: LatLng): Point {
  const k = metresPerDegree(origin.lat);
  return { x: (position.lng - origin.lng) * k.east, y: (position.lat - origin.lat) * k.north };
}

export function fromLocalMetres(origin: LatLng, point: Point): LatLng {
  const k = metresPerDegree(origin.lat);
  return { lat: origin.lat + point.y / k.north, lng: origin.lng + point.x / k.east };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLng = (b.lng - a.lng) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
