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

  const floorLike = (c: Lab) => dist(c, floor) <= threshold;
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
  const brightAbove = (x: number, y: number) => {
    for (let k = 1; k <= 3 && y - k >= 0; k++) if (sharpL[(y - k) * w + x]! > floorGrey + 14) return true;
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
      if (floorLike(px(x, y))) {
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

  // The back wall's floor line: the flat top of the floor region.
  const visible = [...smooth].filter((y) => y < h - 1);
  const backY =
    visible.length > 0 ? [...visible].sort((a, b) => a - b)[Math.floor(visible.length * 0.15)]! : h * 0.75;
  const tol = Math.max(2, h * 0.012);
  let flatL = -1;
  let flatR = -1;
  for (let x = 0; x < w; x++) {
    if (smooth[x]! <= backY + tol) {
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
  const leftLine = fitLine(leftPts);
  const rightLine = fitLine(rightPts);
  const okLeft = leftLine && leftLine.slope < -0.05 ? leftLine : undefined;
  const okRight = rightLine && rightLine.slope > 0.05 ? rightLine : undefined;

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
    const xc = ((flatL + flatR) / 2) * 1;
    vx = (xc + 0.5) * scale;
    vy = (line.slope * xc + line.intercept + 0.5) * scale;
    perspective = 'one-wall';
  }
  // A vanishing point outside the plausible band means the walls were misread: assume instead.
  if (!(vy > H * 0.15 && vy < backFloorY - H * 0.04 && vx > W * 0.2 && vx < W * 0.8)) {
    vx = W / 2;
    vy = Math.min(Math.max(assumedVy, H * 0.2), backFloorY - H * 0.06);
    perspective = 'assumed';
  }
  const camera: RoomCamera = { width: W, height: H, vx, vy, focal, eyeHeight: eye };
  const backDepth = (focal * eye) / (backFloorY - vy);
  const floorLeft = ((flatL * scale - vx) * backDepth) / focal;
  const floorRight = (((flatR + 1) * scale - vx) * backDepth) / focal;

  const floorTop = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(w - 1, Math.floor(x / scale));
    floorTop[x] = Math.min(H, (smooth[sx]! + 0.5) * scale);
  }

  const openings = findOpenings(data, w, h, smooth, scale);
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

/** Large, solid regions of the walls that are not wall-coloured: windows, doors, doorways. */
function findOpenings(data: Buffer, w: number, h: number, floorTop: Float64Array, scale: number): Opening[] {
  const lab = (i: number) => toLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
  const inWall = (x: number, y: number) => y < floorTop[x]! - 1;
  // Wall (and ceiling) colours: the most common colour bins above the floor.
  const bins = new Map<number, { n: number; l: number; a: number; b: number }>();
  let wallPixels = 0;
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
    }
  }
  const wallColours = [...bins.values()]
    .filter((bin) => bin.n >= wallPixels * 0.015)
    .map((bin) => ({ l: bin.l / bin.n, a: bin.a / bin.n, b: bin.b / bin.n }));
  const wallL = median(wallColours.map((c) => c.l / 0.6));
  const other = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inWall(x, y)) continue;
      const c = lab(y * w + x);
      if (wallColours.every((wc) => dist(c, wc) > 14)) other[y * w + x] = 1;
    }
  }
  // Connected components (4-neighbour flood fill) with their boxes.
  const seen = new Uint8Array(w * h);
  const openings: Opening[] = [];
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
  for (const { n, sumL, x0, y0, x1, y1 } of blobs) {
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (n < w * h * 0.003 || bh < h * 0.1 || bw < w * 0.025 || n < bw * bh * 0.15) continue;
    const cx = Math.floor((x0 + x1) / 2);
    const standsOnFloor = y1 >= floorTop[cx]! - h * 0.05;
    const kind: Opening['kind'] =
      standsOnFloor && bh > bw * 1.3 ? 'door' : sumL / n > wallL + 12 ? 'window' : 'opening';
    const pad = w * 0.012;
    openings.push({
      kind,
      rect: {
        x0: Math.max(0, (x0 - pad) * scale),
        y0: Math.max(0, (y0 - pad) * scale),
        x1: Math.min(w * scale, (x1 + 1 + pad) * scale),
        y1: Math.min(h * scale, (y1 + 1 + pad) * scale),
      },
    });
  }
  return openings;
}
