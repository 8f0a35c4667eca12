// The perspective: the side walls' floor lines meet at the vanishing point; with one side wall, it meets
// the horizon the back wall's height implies; without side walls a level camera at chest height is assumed.

import type { WallLines } from './room-analysis-walls.ts';
import { type RoomCamera, TYPICAL_EYE_HEIGHT, TYPICAL_FOCAL_PER_WIDTH } from './room-camera.ts';

/** Ceiling height assumed when the back wall's ceiling line sets the horizon, metres. */
const TYPICAL_CEILING_HEIGHT = 2.6;

export interface RoomView {
  readonly camera: RoomCamera;
  /** The vanishing point, in image pixels of the full-size W × H photo. */
  readonly vx: number;
  readonly vy: number;
  /** How the vanishing point was found. */
  readonly perspective: 'two-walls' | 'one-wall' | 'assumed';
  /** Image row of the back wall's floor line. */
  readonly backFloorY: number;
  /** Back wall depth and the floor's extent across it, metres in camera coordinates. */
  readonly backDepth: number;
  readonly floorLeft: number;
  readonly floorRight: number;
  /** Image pixels per analysis pixel. */
  readonly scale: number;
}

/** The camera of a W × H photo whose analysis copy is w pixels wide, from the walls' lines in that copy. */
export function roomView(walls: WallLines, W: number, H: number, w: number): RoomView {
  const { backY, ceilY, flatL, flatR, okLeft, okRight } = walls;
  // The horizon from the back wall's height (floor line to ceiling line), for a typical ceiling and
  // eye height: what is assumed when no side wall shows the vanishing point.
  const ceilVy =
    ceilY >= 0 ? backY - ((backY - ceilY) * TYPICAL_EYE_HEIGHT) / TYPICAL_CEILING_HEIGHT : undefined;
  const scale = W / w;
  const backFloorY = (backY + 0.5) * scale;
  const focal = TYPICAL_FOCAL_PER_WIDTH * W;
  const eye = TYPICAL_EYE_HEIGHT;
  // Typical back-wall distance when nothing else tells: 4.5 m.
  const assumedVy = backFloorY - (focal * eye) / 4.5;
  let vx = W / 2;
  let vy = assumedVy;
  let perspective: RoomView['perspective'] = 'assumed';
  if (okLeft && okRight) {
    const xi = (okRight.intercept - okLeft.intercept) / (okLeft.slope - okRight.slope);
    vx = (xi + 0.5) * scale;
    vy = (okLeft.slope * xi + okLeft.intercept + 0.5) * scale;
    perspective = 'two-walls';
  } else if (okLeft || okRight) {
    const line = (okLeft ?? okRight)!;
    const xc = ceilVy !== undefined ? (ceilVy - line.intercept) / line.slope : (flatL + flatR) / 2;
    vx = (xc + 0.5) * scale;
    vy = (line.slope * xc + line.intercept + 0.5) * scale;
    perspective = 'one-wall';
  } else if (ceilVy !== undefined) {
    vy = (ceilVy + 0.5) * scale;
  }
  // A vanishing point outside the plausible band means the walls were misread: assume instead.
  if (!(vy > H * 0.15 && vy < backFloorY - H * 0.04 && vx > W * 0.2 && vx < W * 0.8)) {
    vx = W / 2;
    vy = Math.min(
      Math.max(ceilVy !== undefined ? (ceilVy + 0.5) * scale : assumedVy, H * 0.2),
      backFloorY - H * 0.06,
    );
    perspective = 'assumed';
  }
  const camera: RoomCamera = { width: W, height: H, vx, vy, focal, eyeHeight: eye };
  const backDepth = (focal * eye) / (backFloorY - vy);
  const floorLeft = ((flatL * scale - vx) * backDepth) / focal;
  const floorRight = (((flatR + 1) * scale - vx) * backDepth) / focal;
  return { camera, vx, vy, perspective, backFloorY, backDepth, floorLeft, floorRight, scale };
}
