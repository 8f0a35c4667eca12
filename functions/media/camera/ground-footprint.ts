// The part of the scene's ground a still's camera can see. A still's ground is a square picture (3072²
// px, 768 m) that the page decodes, uploads, grades and mip-maps texel by texel, which in software WebGL
// is most of what the scene adds to a 4K still; only the texels in view are worth that. Footage moves its
// camera and keeps the whole square.

import type { Point } from '../../domain/geo-types.ts';
import { clipRingToHalfPlane } from '../../domain/geometry/polygon.ts';
import { cross3, unit3, type Vec3 } from './camera-model.ts';

/** An axis-aligned rectangle on the ground, metres east (x) and north (y) of the ground's centre. */
export interface GroundRect {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Where a camera is and how it looks: the Rig's position, forward and up, lens and frame shape. */
export interface FootprintCamera {
  readonly position: Vec3;
  readonly forward: Vec3;
  readonly up: Vec3;
  readonly verticalFovDeg: number;
  /** Frame width ÷ height. */
  readonly aspect: number;
}

/** Rays per frame edge: the footprint is convex, its corners and horizon crossings lie on the edges. */
const EDGE_SAMPLES = 24;

/**
 * The rectangle of the square ground (side `size`, centred on the origin, at height 0) that holds every
 * ground point the camera sees, widened by `margin` metres and clipped to the square; null when the
 * camera sees none of it. The frame's edges are traced onto the ground (a ray at or above the horizon
 * runs out along its heading, far beyond the square), the outline is clipped to the square, and the
 * rectangle is the clipped outline's bounds.
 */
export function visibleGroundRect(camera: FootprintCamera, size: number, margin: number): GroundRect | null {
  const half = size / 2;
  const f = unit3(camera.forward);
  const right = unit3(cross3(f, camera.up));
  const up = cross3(right, f);
  const tanV = Math.tan((camera.verticalFovDeg * Math.PI) / 360);
  const tanH = tanV * camera.aspect;
  const p = camera.position;
  // Far enough that a ray's point past the horizon lies beyond the square from anywhere above it.
  const far = 4 * size + Math.hypot(p.x, p.y);
  const onGround = (sx: number, sy: number): Point | undefined => {
    const d = {
      x: f.x + sx * tanH * right.x + sy * tanV * up.x,
      y: f.y + sx * tanH * right.y + sy * tanV * up.y,
      z: f.z + sx * tanH * right.z + sy * tanV * up.z,
    };
    if (d.z < 0 && p.z > 0) {
      const t = Math.min(-p.z / d.z, far / Math.hypot(d.x, d.y));
      return { x: p.x + t * d.x, y: p.y + t * d.y };
    }
    // At or above the horizon: the ground in view runs out along the ray's heading.
    const h = Math.hypot(d.x, d.y);
    return h === 0 ? undefined : { x: p.x + (d.x / h) * far, y: p.y + (d.y / h) * far };
  };
  // The frame's outline, anticlockwise in the image: bottom, right, top, left edges.
  const outline: Point[] = [];
  for (let i = 0; i < EDGE_SAMPLES; i += 1) {
    const s = -1 + (2 * i) / EDGE_SAMPLES;
    for (const point of [onGround(s, -1), onGround(1, s), onGround(-s, 1), onGround(-1, -s)].entries())
      if (point[1]) outline[point[0] * EDGE_SAMPLES + i] = point[1];
  }
  const square: ((q: Point) => number)[] = [
    (q) => q.x + half,
    (q) => half - q.x,
    (q) => q.y + half,
    (q) => half - q.y,
  ];
  const poly = square.reduce(
    (ring, inside) => clipRingToHalfPlane(ring, inside),
    outline.filter((q): q is Point => q !== undefined),
  );
  if (poly.length < 3) return null;
  const xs = poly.map((q) => q.x);
  const ys = poly.map((q) => q.y);
  return {
    minX: Math.max(-half, Math.min(...xs) - margin),
    maxX: Math.min(half, Math.max(...xs) + margin),
    minY: Math.max(-half, Math.min(...ys) - margin),
    maxY: Math.min(half, Math.max(...ys) + margin),
  };
}

/** A crop of a north-up ground picture, in its pixels (row 0 at the north edge), and the ground it covers. */
export interface GroundCrop {
  readonly sx: number;
  readonly sy: number;
  readonly sw: number;
  readonly sh: number;
  /** The crop's ground, snapped to whole pixels. */
  readonly rect: GroundRect;
}

/** The whole pixels of a `width`×`height` picture of the square ground (side `size`) that cover `rect`. */
export function groundCrop(rect: GroundRect, size: number, width: number, height: number): GroundCrop {
  const half = size / 2;
  const mx = size / width;
  const my = size / height;
  const sx = Math.max(0, Math.floor((rect.minX + half) / mx));
  const ex = Math.min(width, Math.ceil((rect.maxX + half) / mx));
  const sy = Math.max(0, Math.floor((half - rect.maxY) / my));
  const ey = Math.min(height, Math.ceil((half - rect.minY) / my));
  return {
    sx,
    sy,
    sw: ex - sx,
    sh: ey - sy,
    rect: { minX: -half + sx * mx, maxX: -half + ex * mx, minY: half - ey * my, maxY: half - sy * my },
  };
}
