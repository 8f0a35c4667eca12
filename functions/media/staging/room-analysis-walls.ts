// The walls' lines where they meet the floor and the ceiling: the back wall's floor line is the flat top
// of the floor region, the side walls' floor lines are its slopes, and the back wall's ceiling line is a
// horizontal edge running along nearly all of it.
import type { EdgeAt } from './room-analysis-common.ts';

interface Line {
  readonly slope: number;
  readonly intercept: number;
}

/** In analysis pixels. */
export interface WallLines {
  /** How far from a line a row still counts as on it. */
  readonly tol: number;
  /** Row of the back wall's floor line, and the columns it spans. */
  readonly backY: number;
  readonly flatL: number;
  readonly flatR: number;
  /** Row of the back wall's ceiling line; -1 when none was found. */
  readonly ceilY: number;
  /** The side walls' floor lines, when read and sloping the way a side wall's does. */
  readonly okLeft: Line | undefined;
  readonly okRight: Line | undefined;
}

/** The walls' lines from the floor's top per column (`smooth`) and the horizontal edges. */
export function readWalls(smooth: Float64Array, edge: EdgeAt, w: number, h: number): WallLines {
  const tol = Math.max(2, h * 0.012);
  const { backY, flatL, flatR } = backWallFloorLine(smooth, w, h, tol);
  const leftPts: Array<[number, number]> = [];
  const rightPts: Array<[number, number]> = [];
  for (let x = 0; x < flatL; x++)
    if (smooth[x]! > backY + tol && smooth[x]! < h - 2) leftPts.push([x, smooth[x]!]);
  for (let x = flatR + 1; x < w; x++)
    if (smooth[x]! > backY + tol && smooth[x]! < h - 2) rightPts.push([x, smooth[x]!]);
  const ceilY = ceilingLine(edge, backY, flatL, flatR, h);
  // A side line needs a few columns' support: two columns at the photo's edge tell nothing.
  const support = Math.max(6, w * 0.03);
  const leftLine = leftPts.length >= support ? robustLine(leftPts, tol * 2) : undefined;
  const rightLine = rightPts.length >= support ? robustLine(rightPts, tol * 2) : undefined;
  const okLeft = leftLine && leftLine.slope < -0.05 ? leftLine : undefined;
  const okRight = rightLine && rightLine.slope > 0.05 ? rightLine : undefined;
  return { tol, backY, flatL, flatR, ceilY, okLeft, okRight };
}

/**
 * The back wall's floor line: the flat top of the floor region, i.e. the highest row that a good share
 * of the columns agree on. A door or a dark cupboard the floor colour climbs into ("leaks") is higher
 * still, but narrow, so it never gathers that share.
 */
function backWallFloorLine(
  smooth: Float64Array,
  w: number,
  h: number,
  tol: number,
): { backY: number; flatL: number; flatR: number } {
  const visible = [...smooth].filter((y) => y < h - 1).sort((a, b) => a - b);
  let backY = h * 0.75;
  for (let i = 0; i < visible.length; i++) {
    const y = visible[i]!;
    let agree = 0;
    for (const v of visible) if (Math.abs(v - y) <= tol) agree += 1;
    if (agree >= w * 0.12) {
      backY = y;
      break;
    }
  }
  let flatL = -1;
  let flatR = -1;
  for (let x = 0; x < w; x++) {
    if (Math.abs(smooth[x]! - backY) <= tol) {
      if (flatL < 0) flatL = x;
      flatR = x;
    }
  }
  if (flatL < 0) {
    flatL = 0;
    flatR = w - 1;
  }
  return { backY, flatL, flatR };
}

/**
 * The back wall's ceiling line: a horizontal edge well above its floor line that runs along nearly all
 * of it (a window's head or a door's runs along part of it only). -1 when there is none.
 */
function ceilingLine(edge: EdgeAt, backY: number, flatL: number, flatR: number, h: number): number {
  let ceilY = -1;
  let ceilShare = 0.8;
  for (let y = 2; y < backY - h * 0.15; y++) {
    let hits = 0;
    for (let x = flatL; x <= flatR; x++)
      if (Math.max(edge(x, y - 1), edge(x, y), edge(x, y + 1)) > 4) hits += 1;
    const share = hits / (flatR - flatL + 1);
    if (share > ceilShare) {
      ceilShare = share;
      ceilY = y;
    }
  }
  return ceilY;
}

function fitLine(points: ReadonlyArray<readonly [number, number]>): Line | undefined {
  if (points.length < 4) return undefined;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** A line fitted, then refitted without the points far from it (a door's leak, a shadow). */
function robustLine(points: ReadonlyArray<readonly [number, number]>, maxResidual: number): Line | undefined {
  const first = fitLine(points);
  if (!first) return undefined;
  const kept = points.filter(([x, y]) => Math.abs(first.slope * x + first.intercept - y) <= maxResidual);
  return kept.length >= points.length * 0.5 ? (fitLine(kept) ?? first) : first;
}
