// Finds, in a photo of an empty room, where furniture may stand and what it must not cover:
// - the floor: per column, the run of floor-coloured pixels reaching up from the bottom edge, stopped by
//   the skirting, a wall or a door (room-analysis-floor.ts);
// - the perspective: the back wall's floor line is the flat top of that region and the side walls'
//   floor lines are its slopes (room-analysis-walls.ts), which meet at the vanishing point; without side
//   walls a level camera at chest height is assumed (room-analysis-perspective.ts);
// - openings to keep clear: large regions of the walls that are not wall-coloured, the floor colour
//   climbing above the walls' floor line, door frames (room-analysis-floor-line.ts, room-analysis-openings.ts).
// Everything runs on a small blurred copy: board joints, grout and carpet pile wash out at that scale.
import sharp from 'sharp';
import { analysisCopies, horizontalEdges, type Opening } from './room-analysis-common.ts';
import { floorColourTest, floorRegion } from './room-analysis-floor.ts';
import { floorLeaks, wallFloorLine } from './room-analysis-floor-line.ts';
import { findOpenings } from './room-analysis-openings.ts';
import { roomView } from './room-analysis-perspective.ts';
import { readWalls } from './room-analysis-walls.ts';
import type { RoomCamera } from './room-camera.ts';

export type { ImageRect } from './room-analysis-common.ts';

export interface RoomAnalysis {
  readonly width: number;
  readonly height: number;
  readonly camera: RoomCamera;
  /** Image row where the floor starts, per image column (pixels of the full-size image). */
  readonly floorTop: Float64Array;
  /** Image row of the back wall's floor line. */
  readonly backFloorY: number;
  /** Back wall depth and the floor's extent across it, metres in camera coordinates. */
  readonly backDepth: number;
  readonly floorLeft: number;
  readonly floorRight: number;
  /** How the vanishing point was found. */
  readonly perspective: 'two-walls' | 'one-wall' | 'assumed';
  readonly openings: readonly Opening[];
}

export async function analyseRoom(image: Buffer): Promise<RoomAnalysis> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const copies = await analysisCopies(image, W, H);
  const { w, h } = copies;
  const edge = horizontalEdges(copies);
  const smooth = floorRegion(copies, floorColourTest(copies), edge);
  const walls = readWalls(smooth, edge, w, h);
  const view = roomView(walls, W, H, w);
  const { scale } = view;
  const { modelTop, lined } = wallFloorLine(walls, view, smooth, w, h);
  const leaks = floorLeaks(walls, smooth, modelTop, w, h);
  const clamped = new Float64Array(w);
  for (let x = 0; x < w; x++) clamped[x] = Math.max(smooth[x]!, modelTop[x]! - walls.tol);

  const floorTop = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(w - 1, Math.floor(x / scale));
    floorTop[x] = Math.min(H, (clamped[sx]! + 0.5) * scale);
  }

  const openings = findOpenings({
    data: copies.data,
    grey: copies.grey,
    w,
    h,
    floorTop: clamped,
    lined,
    scale,
    leaks,
    vy: view.vy / scale,
  });
  return {
    width: W,
    height: H,
    camera: view.camera,
    floorTop,
    backFloorY: view.backFloorY,
    backDepth: view.backDepth,
    floorLeft: view.floorLeft,
    floorRight: view.floorRight,
    perspective: view.perspective,
    openings,
  };
}
