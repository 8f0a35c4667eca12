// Finds, in a photo of an empty room, where furniture may stand and what it must not cover:
// - the floor: per column, the run of floor-coloured pixels reaching up from the bottom edge (the floor
//   colour is sampled at the bottom centre, where a room photo always shows floor), stopped by the
//   skirting, a wall or a door;
// - the perspective: the back wall's floor line is the flat top of that region and the side walls'
//   floor lines are its slopes, which meet at the vanishing point; without side walls a level camera
//   at chest height is assumed;
// - openings to keep clear: large regions of the walls that are not wall-coloured (bright ones are
//   windows, tall ones standing on the floor are doors, anything else is kept clear all the same).
// Everything runs on a small blurred copy: board joints, grout and carpet pile wash out at that scale.
import sharp from 'sharp';
import { type RoomCamera, TYPICAL_EYE_HEIGHT, TYPICAL_FOCAL_PER_WIDTH } from './room-camera.ts';

export interface ImageRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface Opening {
  readonly kind: 'window' | 'door' | 'opening';
  /** In image pixels, padded a little so furniture keeps a margin. */
  readonly rect: ImageRect;
}

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

const ANALYSIS_WIDTH = 240;
/** Daylight's colour (a warm white) and how much of it a sunlit floor patch may mix in. */
const DAYLIGHT = [255, 250, 236] as const;
const MAX_SUNLIT_MIX = 0.45;
/** Ceiling height assumed when the back wall's ceiling line sets the horizon, metres. */
const TYPICAL_CEILING_HEIGHT = 2.6;

interface Lab {
  readonly l: number;
  readonly a: number;
  readonly b: number;
}

// Brightness counts less than hue: daylight pools and shading change the first, walls the second.
function toLab(r: number, g: number, b: number): Lab {
  const l = (r + g + b) / 3;
  return { l: l * 0.6, a: r - l, b: b - l };
}

const dist = (p: Lab, q: Lab) => Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function fitLine(
  points: ReadonlyArray<readonly [number, number]>,
): { slope: number; intercept: number } | undefined {
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
function robustLine(
  points: ReadonlyArray<readonly [number, number]>,
  maxResidual: number,
): { slope: number; intercept: number } | undefined {
  const first = fitLine(points);
  if (!first) return undefined;
  const kept = points.filter(([x, y]) => Math.abs(first.slope * x + first.intercept - y) <= maxResidual);
  return kept.length >= points.length * 0.5 ? (fitLine(kept) ?? first) : first;
}

export async function analyseRoom(image: Buffer): Promise<RoomAnalysis> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const w = ANALYSIS_WIDTH;
  const h = Math.max(8, Math.round((w * H) / W));
  const { data } = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(w, h, { fit: 'fill' })
    .blur(1.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number): Lab => {
    const i = (y * w + x) * 3;
    return toLab(data[i]!, data[i + 1]!, data[i + 2]!);
  };

  // Floor colour from the bottom centre.
  const samples: Lab[] = [];
  for (let y = Math.floor(h * 0.93); y < h; y++) {
    for (let x = Math.floor(w * 0.25); x < Math.ceil(w * 0.75); x++) samples.push(px(x, y));
  }
  const floor: Lab = {
    l: median(samples.map((s) => s.l)),
    a: median(samples.map((s) => s.a)),
    b: median(samples.map((s) => s.b)),
  };
  const spread = median(samples.map((s) => dist(s, floor)));
  const threshold = Math.max(9, spread * 3.2);

  // Daylight through a window lays a bright patch on the floor: the floor's colour mixed with the
  // light's (a warm white), brighter but on the line from the floor colour to the light's. Pixels on
  // that line, up to a fairly strong patch, are floor too; walls paler than the floor sit further up
  // the line (or off it) and skirting boards are stopped by their edge anyway.
  const rgbSamples: Array<[number, number, number]> = [];
  for (let y = Math.floor(h * 0.93); y < h; y++) {
    for (let x = Math.floor(w * 0.25); x < Math.ceil(w * 0.75); x++) {
      const i = (y * w + x) * 3;
      rgbSamples.push([data[i]!, data[i + 1]!, data[i + 2]!]);
    }
  }
  const floorRgb = [0, 1, 2].map((k) => median(rgbSamples.map((s) => s[k]!))) as [number, number, number];
  // c ≈ k·floor + t·daylight: k takes the floor's own shading (boards vary in tone), t the light.
  const f0 = floorRgb;
  const toLight = DAYLIGHT.map((v, k) => v - f0[k]!) as [number, number, number];
  const lightLen2 = Math.max(1, toLight[0] ** 2 + toLight[1] ** 2 + toLight[2] ** 2);
  const ff = f0[0] ** 2 + f0[1] ** 2 + f0[2] ** 2;
  const fl = f0[0] * DAYLIGHT[0] + f0[1] * DAYLIGHT[1] + f0[2] * DAYLIGHT[2];
  const ll = DAYLIGHT[0] ** 2 + DAYLIGHT[1] ** 2 + DAYLIGHT[2] ** 2;
  const det = ff * ll - fl * fl;
  const sunlitResidual = Math.max(5, threshold * 0.5);
  const sunlit = (r: number, g: number, b: number) => {
    if (det <= 0) return false;
    const cf = r * f0[0] + g * f0[1] + b * f0[2];
    const cl = r * DAYLIGHT[0] + g * DAYLIGHT[1] + b * DAYLIGHT[2];
    const k = (cf * ll - cl * fl) / det;
    const t = (cl * ff - cf * fl) / det;
    if (t > 0 && t <= MAX_SUNLIT_MIX && k >= 0.7 && k <= 1.15) {
      const res = Math.hypot(
        r - k * f0[0] - t * DAYLIGHT[0],
        g - k * f0[1] - t * DAYLIGHT[1],
        b - k * f0[2] - t * DAYLIGHT[2],
      );
      if (res <= sunlitResidual) return true;
    }
    // A pale floor is nearly daylight's colour already (the fit above is then unsteady): the plain
    // mix of the floor colour with daylight, c = floor + s·(daylight − floor).
    const d = [r - f0[0], g - f0[1], b - f0[2]] as const;
    const s = (d[0] * toLight[0] + d[1] * toLight[1] + d[2] * toLight[2]) / lightLen2;
    if (s <= 0 || s > MAX_SUNLIT_MIX) return false;
    return Math.hypot(d[0] - s * toLight[0], d[1] - s * toLight[1], d[2] - s * toLight[2]) <= sunlitResidual;
  };
  const floorAt = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    return dist(toLab(r, g, b), floor) <= threshold || sunlit(r, g, b);
  };
  // Skirting boards and wall bases show as a sharp horizontal edge in the less blurred copy; floor
  // texture (joints, grout) is far fainter there.
  const sharpL = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(w, h, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const edge = (x: number, y: number) =>
    y <= 0 || y >= h - 1 ? 0 : Math.abs(sharpL[(y + 1) * w + x]! - sharpL[(y - 1) * w + x]!);
  const floorEdges: number[] = [];
  for (let y = Math.floor(h * 0.9); y < h - 1; y++) {
    for (let x = Math.floor(w * 0.25); x < Math.ceil(w * 0.75); x++) floorEdges.push(edge(x, y));
  }
  floorEdges.sort((a, b) => a - b);
  const edgeLimit = Math.max(10, (floorEdges[Math.floor(floorEdges.length * 0.6)] ?? 0) * 4);

  const floorGrey = median(
    Array.from({ length: Math.ceil(w * 0.5) }, (_, i) => sharpL[(h - 2) * w + Math.floor(w * 0.25) + i]!),
  );
  // A skirting board is a light band just above the edge; a grout line or board joint is not.
  // Brighter than the floor just below, too: in a sunlit patch every board joint has brighter floor above.
  const brightAbove = (x: number, y: number) => {
    let below = floorGrey;
    for (let k = 2; k <= 3 && y + k < h; k++) below = Math.max(below, sharpL[(y + k) * w + x]!);
    for (let k = 1; k <= 3 && y - k >= 0; k++) if (sharpL[(y - k) * w + x]! > below + 14) return true;
    return false;
  };
  // Per column: climb from the bottom while pixels are floor-like, stepping over gaps of <= 2 rows,
  // and stop at a strong horizontal edge.
  const maxGap = 2;
  const top = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let last = h;
    let gap = 0;
    for (let y = h - 1; y >= 0; y--) {
      if (y < h * 0.9 && last < h && edge(x, y) > edgeLimit && brightAbove(x, y)) break;
      if (floorAt(x, y)) {
        last = y;
        gap = 0;
      } else if (++gap > maxGap) break;
    }
    top[x] = last;
  }
  // A median over neighbouring columns removes single-column spikes (a table leg of shadow, a seam).
  const smooth = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    const win: number[] = [];
    for (let k = -4; k <= 4; k++) win.push(top[Math.min(w - 1, Math.max(0, x + k))]!);
    smooth[x] = median(win);
  }

  // The back wall's floor line: the flat top of the floor region, i.e. the highest row that a good
  // share of the columns agree on. A door or a dark cupboard the floor colour climbs into ("leaks")
  // is higher still, but narrow, so it never gathers that share.
  const tol = Math.max(2, h * 0.012);
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
  const leftPts: Array<[number, number]> = [];
  const rightPts: Array<[number, number]> = [];
  for (let x = 0; x < flatL; x++)
    if (smooth[x]! > backY + tol && smooth[x]! < h - 2) leftPts.push([x, smooth[x]!]);
  for (let x = flatR + 1; x < w; x++)
    if (smooth[x]! > backY + tol && smooth[x]! < h - 2) rightPts.push([x, smooth[x]!]);
  // The back wall's ceiling line: a horizontal edge well above its floor line that runs along nearly
  // all of it (a window's head or a door's runs along part of it only).
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
  // A side line needs a few columns' support: two columns at the photo's edge tell nothing.
  const support = Math.max(6, w * 0.03);
  const leftLine = leftPts.length >= support ? robustLine(leftPts, tol * 2) : undefined;
  const rightLine = rightPts.length >= support ? robustLine(rightPts, tol * 2) : undefined;
  const okLeft = leftLine && leftLine.slope < -0.05 ? leftLine : undefined;
  const okRight = rightLine && rightLine.slope > 0.05 ? rightLine : undefined;

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
  let perspective: RoomAnalysis['perspective'] = 'assumed';
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

  // The floor line the walls imply, per column: the back wall's between the flats, the side walls'
  // lines outside them. The floor found by colour never rises above it: where it does, the floor colour
  // has climbed into something standing on the floor (a door, a doorway), which is kept as a leak.
  const modelTop = new Float64Array(w);
  /** Columns whose floor line comes from a wall line (where door jambs can be measured against it). */
  const lined = new Uint8Array(w);
  for (let x = 0; x < w; x++) {
    // Only side lines the vanishing point agreed with (a misread wall would invent leaks).
    const trusted = perspective !== 'assumed';
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
  const clamped = new Float64Array(w);
  for (let x = 0; x < w; x++) clamped[x] = Math.max(smooth[x]!, modelTop[x]! - tol);

  const floorTop = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(w - 1, Math.floor(x / scale));
    floorTop[x] = Math.min(H, (clamped[sx]! + 0.5) * scale);
  }

  const openings = findOpenings({
    data,
    grey: sharpL,
    w,
    h,
    floorTop: clamped,
    lined,
    scale,
    leaks,
    vy: vy / scale,
  });
  return {
    width: W,
    height: H,
    camera,
    floorTop,
    backFloorY,
    backDepth,
    floorLeft,
    floorRight,
    perspective,
    openings,
  };
}

interface OpeningInputs {
  /** The blurred analysis copy (RGB) and the unblurred greyscale one, both w × h. */
  readonly data: Buffer;
  readonly grey: Buffer;
  readonly w: number;
  readonly h: number;
  /** Floor line per analysis column (the walls' line, never above it). */
  readonly floorTop: Float64Array;
  /** 1 where floorTop is a wall's floor line (the back wall's, or a side wall's that agrees with the perspective). */
  readonly lined: Uint8Array;
  readonly scale: number;
  /** Where the floor colour climbed above the walls' floor line: things standing on the floor. */
  readonly leaks: readonly ImageRect[];
  /** Horizon row (analysis pixels). */
  readonly vy: number;
}

/** Standard door leaf height; jambs are found by their length relative to it at their floor row. */
const DOOR_HEIGHT_M = 2.04;

/**
 * Windows, doors and doorways on the walls, three ways, merged:
 * - regions that are not wall-coloured or are much brighter than the wall (glass, sky, a dark door),
 *   kept when they are solid or framed (edges along most of their box);
 * - leaks: the floor colour climbing above the walls' floor line (a door in the floor's colour);
 * - door jambs: two long vertical edges that stand on the floor line, as tall as a door at that depth,
 *   joined by a top edge (a white door in a white wall has nothing else to show).
 * A region that stands on the floor and is taller than wide is a door; a bright or busy one above the
 * floor is a window; anything else is an opening, kept clear all the same.
 */
function findOpenings(inputs: OpeningInputs): Opening[] {
  const { data, grey, w, h, floorTop, scale, leaks } = inputs;
  const lab = (i: number) => toLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
  // Above the skirting (about 0.12 m at the floor line's depth): the band below it is no opening.
  const inWall = (x: number, y: number) =>
    y < floorTop[x]! - Math.max(2, (0.12 / TYPICAL_EYE_HEIGHT) * (floorTop[x]! - inputs.vy));
  const g = (x: number, y: number) =>
    grey[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  const gx = (x: number, y: number) => Math.abs(g(x + 1, y) - g(x - 1, y));
  const gy = (x: number, y: number) => Math.abs(g(x, y + 1) - g(x, y - 1));
  // Wall (and ceiling) colours: the most common colour bins above the floor.
  const bins = new Map<number, { n: number; l: number; a: number; b: number }>();
  let wallPixels = 0;
  const noise: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inWall(x, y)) continue;
      const i = y * w + x;
      const key = ((data[i * 3]! >> 4) << 8) | ((data[i * 3 + 1]! >> 4) << 4) | (data[i * 3 + 2]! >> 4);
      const c = lab(i);
      const bin = bins.get(key) ?? { n: 0, l: 0, a: 0, b: 0 };
      bin.n += 1;
      bin.l += c.l;
      bin.a += c.a;
      bin.b += c.b;
      bins.set(key, bin);
      wallPixels += 1;
      if ((x * 7 + y * 13) % 5 === 0) noise.push(gx(x, y));
    }
  }
  // Edges stronger than the wall's grain and shading: a frame, a jamb, the edge of glass.
  const edge = Math.max(4, median(noise) * 3.5);
  // The commonest colour and the common colours that shade into it (lit and shaded walls, the
  // ceiling); a pale sky through a large window is common too, but a step away in hue, so it stays out.
  const common = [...bins.values()]
    .filter((bin) => bin.n >= wallPixels * 0.015)
    .sort((p, q) => q.n - p.n)
    .map((bin) => ({ l: bin.l / bin.n, a: bin.a / bin.n, b: bin.b / bin.n }));
  const wallColours = common.slice(0, 1);
  for (let added = true; added; ) {
    added = false;
    for (const c of common) {
      if (wallColours.includes(c) || wallColours.every((wc) => dist(c, wc) > 16)) continue;
      wallColours.push(c);
      added = true;
    }
  }
  const wallL = median(wallColours.map((c) => c.l / 0.6));
  const other = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inWall(x, y)) continue;
      const i = y * w + x;
      const c = lab(i);
      if (wallColours.every((wc) => dist(c, wc) > 14)) other[i] = 1;
    }
  }
  // Connected components (4-neighbour flood fill) with their boxes.
  const seen = new Uint8Array(w * h);
  const blobs: Array<{ n: number; sumL: number; x0: number; y0: number; x1: number; y1: number }> = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!other[start] || seen[start]) continue;
    let n = 0;
    let sumL = 0;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      n += 1;
      sumL += (data[i * 3]! + data[i * 3 + 1]! + data[i * 3 + 2]!) / 3;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (const j of [i - 1, i + 1, i - w, i + w]) {
        if (j < 0 || j >= w * h || seen[j] || !other[j]) continue;
        if ((j === i - 1 && x === 0) || (j === i + 1 && x === w - 1)) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (n >= w * h * 0.0005) blobs.push({ n, sumL, x0, y0, x1, y1 });
  }
  // A window's glass is often split by mullions and by sky that matches a white ceiling: merge blobs
  // whose boxes touch or nearly touch.
  const near = w * 0.04;
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < blobs.length && !merged; i++) {
      for (let j = i + 1; j < blobs.length && !merged; j++) {
        const a = blobs[i]!;
        const b = blobs[j]!;
        if (a.x0 - near > b.x1 || b.x0 - near > a.x1 || a.y0 - near > b.y1 || b.y0 - near > a.y1) continue;
        blobs[i] = {
          n: a.n + b.n,
          sumL: a.sumL + b.sumL,
          x0: Math.min(a.x0, b.x0),
          y0: Math.min(a.y0, b.y0),
          x1: Math.max(a.x1, b.x1),
          y1: Math.max(a.y1, b.y1),
        };
        blobs.splice(j, 1);
        merged = true;
      }
    }
  }
  // Share of a box's sides (within 2 px) that carry an edge: a framed window or door scores high,
  // a patch of daylight or a shadow low.
  const framed = (r: { x0: number; y0: number; x1: number; y1: number }, sides: 3 | 4) => {
    const along = (n: number, hit: (k: number) => boolean) => {
      let c = 0;
      for (let k = 0; k < n; k++) if (hit(k)) c += 1;
      return n > 0 ? c / n : 0;
    };
    const near2 = (f: (d: number) => number) => Math.max(f(-2), f(-1), f(0), f(1), f(2)) > edge;
    const hgt = r.y1 - r.y0 + 1;
    const wid = r.x1 - r.x0 + 1;
    const left = along(hgt, (k) => near2((d) => gx(r.x0 + d, r.y0 + k)));
    const right = along(hgt, (k) => near2((d) => gx(r.x1 + d, r.y0 + k)));
    const top = along(wid, (k) => near2((d) => gy(r.x0 + k, r.y0 + d)));
    const bottom = along(wid, (k) => near2((d) => gy(r.x0 + k, r.y1 + d)));
    return sides === 4 ? (left + right + top + bottom) / 4 : (left + right + top) / 3;
  };
  // Glass the colour of the wall (a pale sky) is not in the blob: grow each side out to the first
  // straight edge across it (the glass edge), then over the frame's second edge just beyond.
  const lineAt = {
    row: (y: number, x0: number, x1: number) => {
      let c = 0;
      for (let x = x0; x <= x1; x++) if (gy(x, y) > edge) c += 1;
      return c / (x1 - x0 + 1);
    },
    col: (x: number, y0: number, y1: number) => {
      let c = 0;
      for (let y = y0; y <= y1; y++) if (gx(x, y) > edge) c += 1;
      return c / (y1 - y0 + 1);
    },
  };
  const growToFrame = (r: { x0: number; y0: number; x1: number; y1: number }) => {
    const out = { ...r };
    const reach = (n: number) => Math.max(3, Math.round(n * 1.5));
    const grow = (from: number, step: -1 | 1, limit: number, support: (v: number) => number) => {
      for (let v = from, k = 0; k <= limit && v > 0 && v < (step > 0 ? 1e9 : 1e9); v += step, k++) {
        if (support(v) >= 0.6) {
          let end = v;
          for (let e = 1; e <= 3; e++) if (support(v + step * e) >= 0.6) end = v + step * e;
          return end;
        }
      }
      return from;
    };
    const bw = r.x1 - r.x0 + 1;
    const bh = r.y1 - r.y0 + 1;
    out.y0 = Math.max(
      0,
      grow(r.y0, -1, reach(bh), (y) => lineAt.row(y, r.x0, r.x1)),
    );
    out.y1 = Math.min(
      h - 1,
      grow(r.y1, 1, Math.round(bh * 0.5), (y) => lineAt.row(y, r.x0, r.x1)),
    );
    const y0 = out.y0;
    const y1 = out.y1;
    out.x0 = Math.max(
      0,
      grow(r.x0, -1, reach(bw), (x) => (x < 1 ? 0 : lineAt.col(x, y0, y1))),
    );
    out.x1 = Math.min(
      w - 1,
      grow(r.x1, 1, reach(bw), (x) => (x > w - 2 ? 0 : lineAt.col(x, y0, y1))),
    );
    return out;
  };
  const found: Array<{ kind: Opening['kind']; x0: number; y0: number; x1: number; y1: number }> = [];
  const standsOnFloor = (r: { x0: number; x1: number; y1: number }) =>
    r.y1 >= floorTop[Math.floor((r.x0 + r.x1) / 2)]! - h * 0.05;
  for (const blob of blobs) {
    const { n, sumL, x0, y0, x1, y1 } = blob;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (n < w * h * 0.003 || bh < h * 0.08 || bw < w * 0.025) continue;
    const onFloor = standsOnFloor(blob);
    const box = onFloor ? { x0, y0, x1, y1 } : growToFrame({ x0, y0, x1, y1 });
    const frame = framed(box, onFloor ? 3 : 4);
    // A shaded side wall cut by the photo's edge is as off-colour as a door: regions touching the
    // edge are left to the jamb and leak searches, the rest must be framed or solid.
    if (box.x0 <= 1 || box.x1 >= w - 2) continue;
    if (frame < 0.5 && n / (bw * bh) < 0.6) continue;
    const kind: Opening['kind'] =
      onFloor && bh > bw * 1.3
        ? 'door'
        : !onFloor && (sumL / n > wallL + 8 || frame >= 0.5)
          ? 'window'
          : 'opening';
    found.push({ kind, ...box });
  }
  for (const leak of leaks) {
    const bw = leak.x1 - leak.x0;
    const bh = leak.y1 - leak.y0;
    found.push({
      kind: bh > bw * 1.3 ? 'door' : 'opening',
      x0: leak.x0,
      y0: leak.y0,
      x1: leak.x1 - 1,
      y1: leak.y1,
    });
  }
  found.push(...doorJambPairs(inputs, gx, gy, edge));

  // One opening per place: boxes that overlap are one thing seen two ways (a door's blob and its jambs).
  const out: typeof found = [];
  const rank = { door: 2, window: 1, opening: 0 } as const;
  for (const f of found.sort((a, b) => rank[b.kind] - rank[a.kind])) {
    const same = out.find((o) => f.x0 <= o.x1 && o.x0 <= f.x1 && f.y0 <= o.y1 && o.y0 <= f.y1);
    if (!same) {
      out.push({ ...f });
      continue;
    }
    same.x0 = Math.min(same.x0, f.x0);
    same.y0 = Math.min(same.y0, f.y0);
    same.x1 = Math.max(same.x1, f.x1);
    same.y1 = Math.max(same.y1, f.y1);
  }
  const pad = w * 0.012;
  return out.map(({ kind, x0, y0, x1, y1 }) => ({
    kind,
    rect: {
      x0: Math.max(0, (x0 - pad) * scale),
      y0: Math.max(0, (y0 - pad) * scale),
      x1: Math.min(w * scale, (x1 + 1 + pad) * scale),
      y1: Math.min(h * scale, (y1 + 1 + pad) * scale),
    },
  }));
}

/** Doors found by their frame: two vertical edges rising from the floor line to door height, joined at the top. */
function doorJambPairs(
  inputs: OpeningInputs,
  gx: (x: number, y: number) => number,
  gy: (x: number, y: number) => number,
  edge: number,
): Array<{ kind: 'door'; x0: number; y0: number; x1: number; y1: number }> {
  const { w, h, floorTop, vy } = inputs;
  const doorPx = (x: number) => (DOOR_HEIGHT_M / TYPICAL_EYE_HEIGHT) * Math.max(0, floorTop[x]! - vy);
  // Per column, the edge run rising from the floor line (gaps of up to 2 rows bridged).
  const top = new Float64Array(w).fill(-1);
  for (let x = 2; x < w - 2; x++) {
    if (!inputs.lined[x]) continue;
    const foot = Math.floor(floorTop[x]!);
    if (foot >= h) continue;
    let run = -1;
    let gap = 0;
    for (let y = Math.min(h - 1, foot + 1); y >= 0; y--) {
      const hit = Math.max(gx(x - 1, y), gx(x, y), gx(x + 1, y)) > edge;
      if (hit) {
        run = y;
        gap = 0;
      } else if (run < 0 ? foot - y > 3 : ++gap > 2) break;
    }
    if (run < 0) continue;
    const len = foot - run;
    const expected = doorPx(x);
    if (expected > h * 0.08 && len >= expected * 0.75 && len <= expected * 1.2) top[x] = run;
  }
  // Neighbouring jamb columns are one jamb: keep the tallest of each group.
  const jambs: number[] = [];
  for (let x = 0; x < w; x++) {
    if (top[x]! < 0) continue;
    let best = x;
    while (x + 1 < w && top[x + 1]! >= 0) {
      x += 1;
      if (top[x]! < top[best]!) best = x;
    }
    jambs.push(best);
  }
  const doors: Array<{ kind: 'door'; x0: number; y0: number; x1: number; y1: number }> = [];
  const used = new Set<number>();
  for (let i = 0; i < jambs.length; i++) {
    const a = jambs[i]!;
    if (used.has(a)) continue;
    for (let j = i + 1; j < jambs.length; j++) {
      const b = jambs[j]!;
      const width = b - a;
      // A door is 0.7-1.0 m wide: at most ~0.6 of its height; seen along a side wall, much less.
      if (width > Math.max(doorPx(a), doorPx(b)) * 0.65) break;
      if (width < w * 0.012) continue;
      const ta = top[a]!;
      const tb = top[b]!;
      let hits = 0;
      for (let x = a; x <= b; x++) {
        const y = Math.round(ta + ((tb - ta) * (x - a)) / width);
        if (Math.max(gy(x, y - 2), gy(x, y - 1), gy(x, y), gy(x, y + 1), gy(x, y + 2)) > edge) hits += 1;
      }
      if (hits < (width + 1) * 0.6) continue;
      doors.push({
        kind: 'door',
        x0: a,
        y0: Math.min(ta, tb),
        x1: b,
        y1: Math.max(floorTop[a]!, floorTop[b]!),
      });
      used.add(a).add(b);
      break;
    }
  }
  return doors;
}
