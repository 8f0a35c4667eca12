// Where a ground position must appear in a top-down frame, worked out apart from the service: the WGS 84
// local tangent plane about the frame's centre (the meridian's radius of curvature north-south, the prime
// vertical's times cos φ east-west), turned so the frame's rotation bearing points up, at its scale; and
// where a coloured disc actually is in a picture (the centroid of the pixels of its colour).
import type { LatLng, Point } from '../../../functions/domain/geo-types.ts';

const A = 6_378_137;
const F = 1 / 298.257_223_563;
const E2 = F * (2 - F);
const DEG = Math.PI / 180;

export interface FrameTruth {
  readonly center: LatLng;
  readonly metersPerPixel: number;
  /** Compass bearing at the top of the frame. */
  readonly rotationDeg: number;
  readonly width: number;
  readonly height: number;
}

/** The pixel (x right, y down, from the frame's top-left corner) where `position` lies. */
export function expectedPixel(frame: FrameTruth, position: LatLng): Point {
  const phi = frame.center.lat * DEG;
  const w = 1 - E2 * Math.sin(phi) ** 2;
  const meridian = (A * (1 - E2)) / w ** 1.5;
  const primeVertical = A / Math.sqrt(w);
  const east = (position.lng - frame.center.lng) * DEG * primeVertical * Math.cos(phi);
  const north = (position.lat - frame.center.lat) * DEG * meridian;
  // The frame's right-hand direction is the bearing θ + 90°, its up direction θ.
  const t = frame.rotationDeg * DEG;
  const right = east * Math.cos(t) - north * Math.sin(t);
  const up = east * Math.sin(t) + north * Math.cos(t);
  return {
    x: frame.width / 2 + right / frame.metersPerPixel,
    y: frame.height / 2 - up / frame.metersPerPixel,
  };
}

/**
 * The centroid of the pixels within `tolerance` of `rgb` on every channel (pixel centres at +0.5), kept to
 * those within `radiusPx` of a first estimate so a stray pixel elsewhere cannot pull it; undefined when
 * fewer than `minPixels` match.
 */
export function discCentroid(
  picture: {
    readonly data: Buffer;
    readonly width: number;
    readonly height: number;
    readonly channels: number;
  },
  rgb: readonly [number, number, number],
  radiusPx: number,
  { tolerance = 85, minPixels = 20 } = {},
): (Point & { readonly pixels: number }) | undefined {
  const { data, width, height, channels } = picture;
  const matches: number[] = [];
  for (let i = 0, p = 0; p < width * height; p += 1, i += channels) {
    if (
      Math.abs(data[i]! - rgb[0]) <= tolerance &&
      Math.abs(data[i + 1]! - rgb[1]) <= tolerance &&
      Math.abs(data[i + 2]! - rgb[2]) <= tolerance
    )
      matches.push(p);
  }
  const centroid = (ps: readonly number[]) => {
    let sx = 0;
    let sy = 0;
    for (const p of ps) {
      sx += (p % width) + 0.5;
      sy += Math.floor(p / width) + 0.5;
    }
    return { x: sx / ps.length, y: sy / ps.length };
  };
  if (matches.length < minPixels) return undefined;
  const first = centroid(matches);
  const near = matches.filter(
    (p) => Math.hypot((p % width) + 0.5 - first.x, Math.floor(p / width) + 0.5 - first.y) <= radiusPx,
  );
  if (near.length < minPixels) return undefined;
  return { ...centroid(near), pixels: near.length };
}
