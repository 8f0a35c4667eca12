// Plane-to-plane projective maps (3x3 homographies, row-major, acting on column vectors [x, y, 1]): how a
// picture of flat ground relates image pixels to metres on the ground. A north-up or turned orthophoto is
// the affine special case (last row 0 0 1); a drone photo of flat ground is a full homography.
import type { Point } from '../geo-types.ts';

/** Row-major 3x3: [h00, h01, h02, h10, h11, h12, h20, h21, h22]. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** Where `p` lands, or undefined when it maps to infinity (the horizon of a perspective view). */
export function applyHomography(h: Homography, p: Point): Point | undefined {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  if (!Number.isFinite(w) || Math.abs(w) < 1e-12) return undefined;
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** The homogeneous weight of `p` under `h`: its sign says which side of the vanishing line it is on. */
export function homographyWeight(h: Homography, p: Point): number {
  return h[6] * p.x + h[7] * p.y + h[8];
}

export function multiplyHomographies(a: Homography, b: Homography): Homography {
  const r: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      r.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!);
    }
  }
  return r as unknown as Homography;
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, k] = h;
  const A = e * k - f * i;
  const B = -(d * k - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-18) throw new RangeError('the homography is singular');
  return [
    A / det,
    -(b * k - c * i) / det,
    (b * f - c * e) / det,
    B / det,
    (a * k - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * i - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** Scaled so the last entry is 1 (when it can be), the form the job outputs publish. */
export function normalizeHomography(h: Homography): Homography {
  const s = Math.abs(h[8]) > 1e-12 ? h[8] : 1;
  return h.map((v) => v / s) as unknown as Homography;
}

/** The affine map x' = a x + b y + c, y' = d x + e y + f as a homography. */
export function affineHomography(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
): Homography {
  return [a, b, c, d, e, f, 0, 0, 1];
}

/**
 * The homography taking each `from[i]` to `to[i]` for four pairs, no three collinear (the direct linear
 * transform with h22 = 1, solved by Gaussian elimination with partial pivoting).
 */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  if (from.length !== 4 || to.length !== 4)
    throw new RangeError('a homography needs exactly four point pairs');
  // Three points on a line on either side solve the equations too, into a map that folds the plane flat.
  if (hasCollinearTriple(from) || hasCollinearTriple(to))
    throw new RangeError('the four points are degenerate (three of them on one line)');
  const rows: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const n = 8;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1)
      if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    if (Math.abs(rows[pivot]![col]!) < 1e-12)
      throw new RangeError('the four points are degenerate (three of them on one line)');
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const factor = rows[r]![col]! / rows[col]![col]!;
      if (factor === 0) continue;
      for (let k = col; k <= n; k += 1) rows[r]![k]! -= factor * rows[col]![k]!;
    }
  }
  const h = rows.map((row, i) => row[n]! / row[i]!);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

/** Whether three of four points lie on one line (within a millionth of their spread). */
function hasCollinearTriple(points: readonly Point[]): boolean {
  const spread = Math.max(...points.flatMap((p) => points.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
  for (let i = 0; i < 4; i += 1) {
    const [a, b, c] = points.filter((_, k) => k !== i) as [Point, Point, Point];
    const twiceArea = Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    if (twiceArea <= 1e-6 * spread * spread) return true;
  }
  return false;
}
