// Conversions between latitude/longitude and local metres around an origin: a tangent plane whose two
// scales are the WGS 84 ellipsoid's radii of curvature at the origin (north-south the meridian's, east-west
// the prime vertical's times cos φ). Within a few kilometres that is accurate to centimetres, and true
// metres both ways: a sphere of mean radius is 0.25 % long north-south and 0.22 % short east-west at
// Sydney's latitude, enough to put a parcel's corner a few pixels off on a drone photo or an MGA orthophoto.
import type { LatLng, Point } from '../../domain/geo-types.ts';

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

/**
 * Ground distance in metres between two nearby positions (a few kilometres), in the same metres as
 * toLocalMetres: the tangent plane at their midpoint.
 */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const mid = { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
  const p = toLocalMetres(mid, a);
  const q = toLocalMetres(mid, b);
  return Math.hypot(q.x - p.x, q.y - p.y);
}
