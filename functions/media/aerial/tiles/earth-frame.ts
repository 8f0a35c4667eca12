// Earth-centred coordinates for 3D Tiles: WGS84 geodetic to ECEF, the local east-north-up frame the aerial
// scene works in (metres around the property centre), and the bounding-volume tests tile selection needs.
// Matrices are 4x4, column-major (the order 3D Tiles and three.js use), in float64.
import type { LatLng } from '../../../domain/geo-types.ts';

type Vec3 = readonly [number, number, number];
export type Mat4 = readonly number[];

const A = 6_378_137; // WGS84 semi-major axis, m
const F = 1 / 298.257223563;
const E2 = F * (2 - F);

export function geodeticToEcef(position: LatLng, height = 0): Vec3 {
  const lat = (position.lat * Math.PI) / 180;
  const lng = (position.lng * Math.PI) / 180;
  const n = A / Math.sqrt(1 - E2 * Math.sin(lat) ** 2);
  return [
    (n + height) * Math.cos(lat) * Math.cos(lng),
    (n + height) * Math.cos(lat) * Math.sin(lng),
    (n * (1 - E2) + height) * Math.sin(lat),
  ];
}

/** The matrix taking ECEF coordinates to east-north-up metres around `origin` (x east, y north, z up). */
export function ecefToEnu(origin: LatLng, height = 0): Mat4 {
  const lat = (origin.lat * Math.PI) / 180;
  const lng = (origin.lng * Math.PI) / 180;
  const east: Vec3 = [-Math.sin(lng), Math.cos(lng), 0];
  const north: Vec3 = [-Math.sin(lat) * Math.cos(lng), -Math.sin(lat) * Math.sin(lng), Math.cos(lat)];
  const up: Vec3 = [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  const o = geodeticToEcef(origin, height);
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  // Rows are the basis vectors; column-major storage.
  return [
    east[0],
    north[0],
    up[0],
    0,
    east[1],
    north[1],
    up[1],
    0,
    east[2],
    north[2],
    up[2],
    0,
    -dot(east, o),
    -dot(north, o),
    -dot(up, o),
    1,
  ];
}

export const IDENTITY: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** glTF is y-up, 3D Tiles z-up: the rotation 3D Tiles applies to every glTF content (+90° about x). */
export const Y_UP_TO_Z_UP: Mat4 = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1];

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r]! * b[c * 4 + k]!;
      out[c * 4 + r] = s;
    }
  return out;
}

export function transformPoint(m: Mat4, p: Vec3): Vec3 {
  return [
    m[0]! * p[0] + m[4]! * p[1] + m[8]! * p[2] + m[12]!,
    m[1]! * p[0] + m[5]! * p[1] + m[9]! * p[2] + m[13]!,
    m[2]! * p[0] + m[6]! * p[1] + m[10]! * p[2] + m[14]!,
  ];
}

/** A 3D Tiles bounding volume (one of the three forms), in the tile's own frame. */
export interface BoundingVolume {
  readonly box?: readonly number[];
  readonly region?: readonly number[];
  readonly sphere?: readonly number[];
}

/**
 * Whether a bounding volume, placed by `transform` (tile frame to ECEF), comes within `radius` metres of
 * the ECEF point `target`. Conservative (may say yes for a near miss), never says no to a real overlap.
 */
export function volumeNearPoint(
  volume: BoundingVolume,
  transform: Mat4,
  target: Vec3,
  radius: number,
): boolean {
  if (volume.region) {
    // Regions are geodetic (radians, metres) and ignore the tile transform.
    const [west, south, east, north, minH, maxH] = volume.region as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const lat = Math.atan2(target[2], Math.hypot(target[0], target[1]) * (1 - E2));
    const lng = Math.atan2(target[1], target[0]);
    const margin = radius / A + 1e-9;
    const inLng =
      east >= west
        ? lng >= west - margin && lng <= east + margin
        : lng >= west - margin || lng <= east + margin;
    const height = Math.hypot(...target) - A * (1 - F * Math.sin(lat) ** 2);
    return (
      inLng &&
      lat >= south - margin &&
      lat <= north + margin &&
      height >= minH - radius - 100 &&
      height <= maxH + radius + 100
    );
  }
  if (volume.sphere) {
    const [x, y, z, r] = volume.sphere as [number, number, number, number];
    const c = transformPoint(transform, [x, y, z]);
    const scale = Math.max(
      Math.hypot(transform[0]!, transform[1]!, transform[2]!),
      Math.hypot(transform[4]!, transform[5]!, transform[6]!),
      Math.hypot(transform[8]!, transform[9]!, transform[10]!),
    );
    return Math.hypot(c[0] - target[0], c[1] - target[1], c[2] - target[2]) <= r * scale + radius;
  }
  if (volume.box) {
    // An oriented box: centre and three half-axis vectors. Test the target in the box's own axes.
    const b = volume.box;
    const center = transformPoint(transform, [b[0]!, b[1]!, b[2]!]);
    const axis = (i: number): Vec3 => {
      const v: Vec3 = [b[3 + i * 3]!, b[4 + i * 3]!, b[5 + i * 3]!];
      const t = transform;
      return [
        t[0]! * v[0] + t[4]! * v[1] + t[8]! * v[2],
        t[1]! * v[0] + t[5]! * v[1] + t[9]! * v[2],
        t[2]! * v[0] + t[6]! * v[1] + t[10]! * v[2],
      ];
    };
    const d: Vec3 = [target[0] - center[0], target[1] - center[1], target[2] - center[2]];
    for (let i = 0; i < 3; i++) {
      const a = axis(i);
      const half = Math.hypot(...a);
      if (half === 0) continue;
      const along = Math.abs((d[0] * a[0] + d[1] * a[1] + d[2] * a[2]) / half);
      if (along > half + radius) return false;
    }
    return true;
  }
  return false;
}

/** The inverse of ecefToEnu: a local east-north-up frame at `origin` placed in ECEF (3D Tiles' usual tile transform). */
export function enuToEcef(origin: LatLng, height = 0): Mat4 {
  const m = ecefToEnu(origin, height);
  // Rigid: the inverse rotation is the transpose, the inverse translation is -Rᵀ t.
  const t = [m[12]!, m[13]!, m[14]!];
  const r = (row: number, col: number) => m[col * 4 + row]!;
  return [
    r(0, 0),
    r(0, 1),
    r(0, 2),
    0,
    r(1, 0),
    r(1, 1),
    r(1, 2),
    0,
    r(2, 0),
    r(2, 1),
    r(2, 2),
    0,
    -(r(0, 0) * t[0]! + r(1, 0) * t[1]! + r(2, 0) * t[2]!),
    -(r(0, 1) * t[0]! + r(1, 1) * t[1]! + r(2, 1) * t[2]!),
    -(r(0, 2) * t[0]! + r(1, 2) * t[1]! + r(2, 2) * t[2]!),
    1,
  ];
}
