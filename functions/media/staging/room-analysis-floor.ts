// The floor, per column: the run of floor-coloured pixels reaching up from the bottom edge (the floor
// colour is sampled at the bottom centre, where a room photo always shows floor), stopped by the
// skirting, a wall or a door.
import { type AnalysisCopies, dist, type EdgeAt, type Lab, median, toLab } from './room-analysis-common.ts';

/** Daylight's colour (a warm white) and how much of it a sunlit floor patch may mix in. */
const DAYLIGHT = [255, 250, 236] as const;
const MAX_SUNLIT_MIX = 0.45;

/** Whether a pixel of the blurred copy is floor: the floor's colour, or the floor's colour in daylight. */
export function floorColourTest(copies: AnalysisCopies): (x: number, y: number) => boolean {
  const { data, w, h } = copies;
  // Floor colour from the bottom centre.
  const samples: Lab[] = [];
  const rgbSamples: Array<[number, number, number]> = [];
  for (let y = Math.floor(h * 0.93); y < h; y++) {
    for (let x = Math.floor(w * 0.25); x < Math.ceil(w * 0.75); x++) {
      const i = (y * w + x) * 3;
      samples.push(toLab(data[i]!, data[i + 1]!, data[i + 2]!));
      rgbSamples.push([data[i]!, data[i + 1]!, data[i + 2]!]);
    }
  }
  const floor: Lab = {
    l: median(samples.map((s) => s.l)),
    a: median(samples.map((s) => s.a)),
    b: median(samples.map((s) => s.b)),
  };
  const spread = median(samples.map((s) => dist(s, floor)));
  const threshold = Math.max(9, spread * 3.2);
  const floorRgb = [0, 1, 2].map((k) => median(rgbSamples.map((s) => s[k]!))) as [number, number, number];
  const sunlit = sunlitTest(floorRgb, Math.max(5, threshold * 0.5));
  return (x, y) => {
    const i = (y * w + x) * 3;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    return dist(toLab(r, g, b), floor) <= threshold || sunlit(r, g, b);
  };
}

/**
 * Daylight through a window lays a bright patch on the floor: the floor's colour mixed with the light's
 * (a warm white), brighter but on the line from the floor colour to the light's. Pixels on that line, up
 * to a fairly strong patch, are floor too; walls paler than the floor sit further up the line (or off it)
 * and skirting boards are stopped by their edge anyway.
 */
function sunlitTest(
  f0: readonly [number, number, number],
  sunlitResidual: number,
): (r: number, g: number, b: number) => boolean {
  // c ≈ k·floor + t·daylight: k takes the floor's own shading (boards vary in tone), t the light.
  const toLight = DAYLIGHT.map((v, k) => v - f0[k]!) as [number, number, number];
  const lightLen2 = Math.max(1, toLight[0] ** 2 + toLight[1] ** 2 + toLight[2] ** 2);
  const ff = f0[0] ** 2 + f0[1] ** 2 + f0[2] ** 2;
  const fl = f0[0] * DAYLIGHT[0] + f0[1] * DAYLIGHT[1] + f0[2] * DAYLIGHT[2];
  const ll = DAYLIGHT[0] ** 2 + DAYLIGHT[1] ** 2 + DAYLIGHT[2] ** 2;
  const det = ff * ll - fl * fl;
  return (r, g, b) => {
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
}

/**
 * The floor's top row per analysis column, smoothed: climbing from the bottom while pixels are floor,
 * stopped by the skirting's edge.
 */
export function floorRegion(
  copies: AnalysisCopies,
  floorAt: (x: number, y: number) => boolean,
  edge: EdgeAt,
): Float64Array {
  const { grey, w, h } = copies;
  const floorEdges: number[] = [];
  for (let y = Math.floor(h * 0.9); y < h - 1; y++) {
    for (let x = Math.floor(w * 0.25); x < Math.ceil(w * 0.75); x++) floorEdges.push(edge(x, y));
  }
  floorEdges.sort((a, b) => a - b);
  const edgeLimit = Math.max(10, (floorEdges[Math.floor(floorEdges.length * 0.6)] ?? 0) * 4);

  const floorGrey = median(
    Array.from({ length: Math.ceil(w * 0.5) }, (_, i) => grey[(h - 2) * w + Math.floor(w * 0.25) + i]!),
  );
  // A skirting board is a light band just above the edge; a grout line or board joint is not.
  // Brighter than the floor just below, too: in a sunlit patch every board joint has brighter floor above.
  const brightAbove = (x: number, y: number) => {
    let below = floorGrey;
    for (let k = 2; k <= 3 && y + k < h; k++) below = Math.max(below, grey[(y + k) * w + x]!);
    for (let k = 1; k <= 3 && y - k >= 0; k++) if (grey[(y - k) * w + x]! > below + 14) return true;
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
  return smooth;
}
