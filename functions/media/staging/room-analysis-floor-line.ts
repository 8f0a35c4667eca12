// The floor line the walls imply, per column, and where the floor found by colour climbs above it: there
// the floor colour has climbed into something standing on the floor (a door, a doorway), kept as a leak.
import type { ImageRect } from './room-analysis-common.ts';
import type { RoomView } from './room-analysis-perspective.ts';
import type { WallLines } from './room-analysis-walls.ts';

interface WallFloorLine {
  /** Row of the walls' floor line per analysis column. */
  readonly modelTop: Float64Array;
  /** 1 for columns whose floor line comes from a wall line (where door jambs can be measured against it). */
  readonly lined: Uint8Array;
}

/**
 * The back wall's floor line between the flats, the side walls' lines outside them. The floor found by
 * colour (`smooth`) never rises above it but where something stands on the floor.
 */
export function wallFloorLine(
  walls: WallLines,
  view: RoomView,
  smooth: Float64Array,
  w: number,
  h: number,
): WallFloorLine {
  const { backY, flatL, flatR, okLeft, okRight } = walls;
  const { vx, vy, scale } = view;
  const modelTop = new Float64Array(w);
  const lined = new Uint8Array(w);
  for (let x = 0; x < w; x++) {
    // Only side lines the vanishing point agreed with (a misread wall would invent leaks).
    const trusted = view.perspective !== 'assumed';
    const side = !trusted ? undefined : x < flatL ? okLeft : x > flatR ? okRight : undefined;
    modelTop[x] = side ? Math.min(h, Math.max(backY, side.slope * x + side.intercept)) : backY;
    lined[x] = 1;
    if (!side && (x < flatL || x > flatR)) {
      // No side line read there: the floor line a side wall standing at the back wall's corner would
      // have (through the corner and the vanishing point), or the floor colour's edge where that is lower.
      const corner = x < flatL ? flatL : flatR + 1;
      const run = corner - vx / scale;
      const rise = backY - vy / scale;
      const wallLine = rise > 0 && Math.abs(run) > 1 ? backY + ((x - corner) * rise) / run : backY;
      modelTop[x] = Math.min(h, Math.max(backY, smooth[x]!, wallLine));
      lined[x] = 0;
    }
  }
  return { modelTop, lined };
}

/** Runs of columns where the floor colour climbs well above the walls' floor line, as boxes. */
export function floorLeaks(
  walls: WallLines,
  smooth: Float64Array,
  modelTop: Float64Array,
  w: number,
  h: number,
): ImageRect[] {
  const { tol, backY, flatL, flatR, ceilY } = walls;
  /**
   * A side wall in the floor's colour (pale tiles and pale walls): the floor colour climbs it from the
   * back wall's corner up to the ceiling line, higher than any door's head.
   */
  const sideWall = (leak: ImageRect) => {
    const nearCorner = leak.x1 - 1 < flatL ? leak.x1 - 1 : leak.x0 > flatR ? leak.x0 : undefined;
    if (nearCorner === undefined || Math.abs(nearCorner - (leak.x0 > flatR ? flatR + 1 : flatL - 1)) > 3)
      return false;
    const reach = ceilY >= 0 ? ceilY + (backY - ceilY) * 0.12 : 2;
    return smooth[nearCorner]! <= reach;
  };
  const leakDepth = Math.max(3 * tol, h * 0.05);
  const leaks: ImageRect[] = [];
  for (let x = 0; x < w; ) {
    if (smooth[x]! >= modelTop[x]! - leakDepth) {
      x += 1;
      continue;
    }
    let x1 = x;
    let topY = smooth[x]!;
    let bottom = modelTop[x]!;
    while (x1 + 1 < w && smooth[x1 + 1]! < modelTop[x1 + 1]! - leakDepth) {
      x1 += 1;
      topY = Math.min(topY, smooth[x1]!);
      bottom = Math.max(bottom, modelTop[x1]!);
    }
    const leak = { x0: x, y0: topY, x1: x1 + 1, y1: bottom };
    if (x1 - x + 1 >= w * 0.015 && !sideWall(leak)) leaks.push(leak);
    x = x1 + 1;
  }
  return leaks;
}
