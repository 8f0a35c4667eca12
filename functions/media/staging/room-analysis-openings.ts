// Openings to keep clear: large regions of the walls that are not wall-coloured (bright ones are
// windows, tall ones standing on the floor are doors, anything else is kept clear all the same), the
// floor colour's leaks above the walls' floor line, and door frames found by their jambs.
import { dist, type Lab, median, type Opening, type OpeningInputs, toLab } from './room-analysis-common.ts';
import { doorJambPairs } from './room-analysis-door-jambs.ts';

import { TYPICAL_EYE_HEIGHT } from './room-camera.ts';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type Found = Box & { kind: Opening['kind'] };

/** A region of off-wall pixels: its size, summed brightness and bounding box. */
interface Blob extends Box {
  n: number;
  sumL: number;
}

/** Horizontal and vertical gradients of the greyscale copy, and what counts as an edge in them. */
interface Gradients {
  readonly gx: (x: number, y: number) => number;
  readonly gy: (x: number, y: number) => number;
  readonly edge: number;
  readonly w: number;
  readonly h: number;
}

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
export function findOpenings(inputs: OpeningInputs): Opening[] {
  const { grey, w, h, floorTop, leaks } = inputs;
  // Above the skirting (about 0.12 m at the floor line's depth): the band below it is no opening.
  const inWall = (x: number, y: number) =>
    y < floorTop[x]! - Math.max(2, (0.12 / TYPICAL_EYE_HEIGHT) * (floorTop[x]! - inputs.vy));
  const g = (x: number, y: number) =>
    grey[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  const gx = (x: number, y: number) => Math.abs(g(x + 1, y) - g(x - 1, y));
  const gy = (x: number, y: number) => Math.abs(g(x, y + 1) - g(x, y - 1));
  const { colours, wallL, edge } = wallPalette(inputs, inWall, gx);
  const gradients: Gradients = { gx, gy, edge, w, h };
  const blobs = mergeNearBlobs(offWallBlobs(inputs, offWallPixels(inputs, inWall, colours)), w);
  const found = blobOpenings(blobs, inputs, gradients, wallL);
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
  return mergeOpenings(found, inputs);
}

/**
 * Wall (and ceiling) colours: the most common colour bins above the floor, and the common colours that
 * shade into them. Also the wall's brightness and what counts as an edge on it.
 */
function wallPalette(
  inputs: OpeningInputs,
  inWall: (x: number, y: number) => boolean,
  gx: (x: number, y: number) => number,
): { colours: Lab[]; wallL: number; edge: number } {
  const { data, w, h } = inputs;
  const bins = new Map<number, { n: number; l: number; a: number; b: number }>();
  let wallPixels = 0;
  const noise: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inWall(x, y)) continue;
      const i = y * w + x;
      const key = ((data[i * 3]! >> 4) << 8) | ((data[i * 3 + 1]! >> 4) << 4) | (data[i * 3 + 2]! >> 4);
      const c = toLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
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
  const colours = common.slice(0, 1);
  for (let added = true; added; ) {
    added = false;
    for (const c of common) {
      if (colours.includes(c) || colours.every((wc) => dist(c, wc) > 16)) continue;
      colours.push(c);
      added = true;
    }
  }
  const wallL = median(colours.map((c) => c.l / 0.6));
  return { colours, wallL, edge };
}

/** 1 for the wall pixels that are none of the wall's colours. */
function offWallPixels(
  inputs: OpeningInputs,
  inWall: (x: number, y: number) => boolean,
  colours: readonly Lab[],
): Uint8Array {
  const { data, w, h } = inputs;
  const other = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inWall(x, y)) continue;
      const i = y * w + x;
      const c = toLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
      if (colours.every((wc) => dist(c, wc) > 14)) other[i] = 1;
    }
  }
  return other;
}

/** Connected components (4-neighbour flood fill) of the off-wall pixels with their boxes, the tiny ones dropped. */
function offWallBlobs(inputs: OpeningInputs, other: Uint8Array): Blob[] {
  const { data, w, h } = inputs;
  const seen = new Uint8Array(w * h);
  const blobs: Blob[] = [];
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
  return blobs;
}

/**
 * A window's glass is often split by mullions and by sky that matches a white ceiling: merge blobs
 * whose boxes touch or nearly touch.
 */
function mergeNearBlobs(blobs: Blob[], w: number): Blob[] {
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
  return blobs;
}

/** The blobs that are openings: large enough, inside the photo, and framed or solid; with their kind. */
function blobOpenings(
  blobs: readonly Blob[],
  inputs: OpeningInputs,
  grad: Gradients,
  wallL: number,
): Found[] {
  const { w, h, floorTop } = inputs;
  const found: Found[] = [];
  const standsOnFloor = (r: { x0: number; x1: number; y1: number }) =>
    r.y1 >= floorTop[Math.floor((r.x0 + r.x1) / 2)]! - h * 0.05;
  for (const blob of blobs) {
    const { n, sumL, x0, y0, x1, y1 } = blob;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (n < w * h * 0.003 || bh < h * 0.08 || bw < w * 0.025) continue;
    const onFloor = standsOnFloor(blob);
    const box = onFloor ? { x0, y0, x1, y1 } : growToFrame({ x0, y0, x1, y1 }, grad);
    const frame = framedShare(box, onFloor ? 3 : 4, grad);
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
  return found;
}

/**
 * Share of a box's sides (within 2 px) that carry an edge: a framed window or door scores high, a patch
 * of daylight or a shadow low. A box standing on the floor is scored on three sides (no sill).
 */
function framedShare(r: Box, sides: 3 | 4, { gx, gy, edge }: Gradients): number {
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
}

/**
 * Glass the colour of the wall (a pale sky) is not in the blob: grow each side out to the first
 * straight edge across it (the glass edge), then over the frame's second edge just beyond.
 */
function growToFrame(r: Box, { gx, gy, edge, w, h }: Gradients): Box {
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
}

/**
 * One opening per place: boxes that overlap are one thing seen two ways (a door's blob and its jambs).
 * Returned in image pixels, padded a little.
 */
function mergeOpenings(found: Found[], { w, h, scale }: OpeningInputs): Opening[] {
  const out: Found[] = [];
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
