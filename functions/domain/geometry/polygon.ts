// Plane polygon arithmetic for boundary markup: simplicity (no self-intersection), area, perimeter,
// centroid, containment, and the label point a human would pick (deepest inside, not the centroid of a
// concave L-shaped lot, which can fall outside it).
import type { Point } from '../geo-types.ts';

const EPS = 1e-12;

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

function onSegment(p: Point, a: Point, b: Point): boolean {
  return (
    Math.min(a.x, b.x) - EPS <= p.x &&
    p.x <= Math.max(a.x, b.x) + EPS &&
    Math.min(a.y, b.y) - EPS <= p.y &&
    p.y <= Math.max(a.y, b.y) + EPS
  );
}

/** Whether closed segments ab and cd share any point (touching and collinear overlap included). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (
    ((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) &&
    ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))
  )
    return true;
  if (Math.abs(d1) <= EPS && onSegment(a, c, d)) return true;
  if (Math.abs(d2) <= EPS && onSegment(b, c, d)) return true;
  if (Math.abs(d3) <= EPS && onSegment(c, a, b)) return true;
  if (Math.abs(d4) <= EPS && onSegment(d, a, b)) return true;
  return false;
}

/** The first pair of edges (by index; edge i runs from vertex i to i+1) that cross or touch, if any. */
export function firstSelfIntersection(ring: readonly Point[]): readonly [number, number] | undefined {
  const n = ring.length;
  for (let i = 0; i < n; i += 1) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j += 1) {
      const c = ring[j]!;
      const d = ring[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share a vertex; they only conflict when they fold back over each other.
        const shared = j === i + 1 ? b : a;
        const p = j === i + 1 ? a : b;
        const q = j === i + 1 ? d : c;
        if (
          Math.abs(cross(shared, p, q)) <= EPS &&
          (p.x - shared.x) * (q.x - shared.x) + (p.y - shared.y) * (q.y - shared.y) > 0
        )
          return [i, j];
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return [i, j];
    }
  }
  return undefined;
}

/** Signed area (shoelace): positive when the vertices run anticlockwise in a y-up frame. */
export function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]!.x * ring[i]!.y - ring[i]!.x * ring[j]!.y;
  }
  return sum / 2;
}

/** Area centroid of a simple polygon; the vertex mean when the area is degenerate. The one centroid
 * used everywhere (an L-shaped lot's vertex mean is pulled toward its many corners). */
export function polygonCentroid(polygon: readonly Point[]): Point {
  let area2 = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const cross = a.x * b.y - b.x * a.y;
    area2 += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  if (Math.abs(area2) < 1e-9) {
    const n = Math.max(polygon.length, 1);
    return { x: polygon.reduce((s, p) => s + p.x, 0) / n, y: polygon.reduce((s, p) => s + p.y, 0) / n };
  }
  return { x: cx / (3 * area2), y: cy / (3 * area2) };
}

export function polygonArea(ring: readonly Point[]): number {
  return Math.abs(signedArea(ring));
}

export function perimeter(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += Math.hypot(ring[i]!.x - ring[j]!.x, ring[i]!.y - ring[j]!.y);
  }
  return sum;
}

/** Even-odd containment; points on the boundary may go either way. */
export function pointInPolygon(p: Point, ring: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from a point to the polygon's outline. */
export function distanceToOutline(p: Point, ring: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    const abx = b.x - a.x;
    const aby = b.y - a.y;
    const len2 = abx * abx + aby * aby;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * abx), p.y - (a.y + t * aby)));
  }
  return best;
}

/**
 * A point well inside the polygon to hang its label on: the centre of the largest inscribed circle found
 * by a coarse grid search refined twice ("pole of inaccessibility"), which for a convex lot is close to
 * the centroid and for an L-shaped or battle-axe lot stays inside the wide part.
 */
export function labelPoint(ring: readonly Point[]): Point {
  const xs = ring.map((p) => p.x);
  const ys = ring.map((p) => p.y);
  let minX = Math.min(...xs);
  let maxX = Math.max(...xs);
  let minY = Math.min(...ys);
  let maxY = Math.max(...ys);
  let best: Point = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  let bestDepth = pointInPolygon(best, ring) ? distanceToOutline(best, ring) : -1;
  const steps = 24;
  for (let round = 0; round < 3; round += 1) {
    const dx = (maxX - minX) / steps;
    const dy = (maxY - minY) / steps;
    for (let i = 0; i <= steps; i += 1) {
      for (let j = 0; j <= steps; j += 1) {
        const p = { x: minX + i * dx, y: minY + j * dy };
        if (!pointInPolygon(p, ring)) continue;
        const depth = distanceToOutline(p, ring);
        if (depth > bestDepth) {
          bestDepth = depth;
          best = p;
        }
      }
    }
    [minX, maxX, minY, maxY] = [best.x - 2 * dx, best.x + 2 * dx, best.y - 2 * dy, best.y + 2 * dy];
  }
  return best;
}

/**
 * The ring with at most `maxVertices` vertices: the vertex whose removal changes the area least goes
 * first (Visvalingam), so straight runs of many vertices (a clipped or densified outline) thin out before
 * real corners do.
 */
export function simplifyRing(ring: readonly Point[], maxVertices: number): Point[] {
  const out = [...ring];
  const triangle = (i: number) => {
    const a = out[(i - 1 + out.length) % out.length]!;
    const b = out[i]!;
    const c = out[(i + 1) % out.length]!;
    return Math.abs(cross(a, b, c)) / 2;
  };
  while (out.length > Math.max(3, maxVertices)) {
    let best = 0;
    let bestArea = Number.POSITIVE_INFINITY;
    for (let i = 0; i < out.length; i += 1) {
      const area = triangle(i);
      if (area < bestArea) {
        bestArea = area;
        best = i;
      }
    }
    out.splice(best, 1);
  }
  return out;
}

/**
 * The part of a ring where `value` is at least 0, for `value` linear in the plane (one side of a line):
 * Sutherland-Hodgman against one half-plane. Empty when the ring lies wholly outside.
 */
export function clipRingToHalfPlane(ring: readonly Point[], value: (p: Point) => number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < ring.length; i += 1) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const vp = value(p);
    const vq = value(q);
    if (vp >= 0) out.push(p);
    if (vp >= 0 !== vq >= 0) {
      const t = vp / (vp - vq);
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
    }
  }
  return out;
}
