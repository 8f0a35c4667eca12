// Doors found by their frame alone (a white door in a white wall has nothing else to show): two long
// vertical edges standing on the walls' floor line, as tall as a door at that depth, joined at the top.
import type { OpeningInputs } from './room-analysis-common.ts';
import { TYPICAL_EYE_HEIGHT } from './room-camera.ts';

/** Standard door leaf height; jambs are found by their length relative to it at their floor row. */
const DOOR_HEIGHT_M = 2.04;

/** Doors found by their frame: two vertical edges rising from the floor line to door height, joined at the top. */
export function doorJambPairs(
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
