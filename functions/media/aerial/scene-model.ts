// The 3D aerial scene built from a site model: extruded houses whose roofs are the nadir renderer's roof
// model lifted into 3D (so a drone still and the markup of an address show the same roofs), tree
// positions for instancing, and window quads for the twilight grade. Plain JSON, local metres around the
// property centre (x east, y north, z up); the AerialScene composition turns it into a few merged meshes.
import type { Building, Point, SiteModel } from '../../domain/geo-types.ts';

/** Must match the nadir renderer's roof pitch so the roofs are the same shape from above. */
const ROOF_PITCH_DEG = 22;
const TAN_PITCH = Math.tan((ROOF_PITCH_DEG * Math.PI) / 180);

/** A convex planar polygon in 3D, flattened [x, y, z, x, y, z, …], metres rounded to centimetres. */
type Polygon3 = number[];

interface SceneBuilding {
  readonly walls: Polygon3[];
  readonly roof: Polygon3[];
  /** Roof and wall colours as #rrggbb. */
  readonly roofColor: string;
  readonly wallColor: string;
}

export interface AerialSceneModel {
  readonly buildings: SceneBuilding[];
  /** Trees, flattened [x, y, crownRadius, …]. */
  readonly trees: number[];
  /** Window quads on the walls, each four 3D corners flattened (12 numbers). */
  readonly windows: number[];
}

/** Given how a roof is modelled (faces with a downhill direction), the nadir renderer's `roofModel`. */
export type RoofModelFn = (b: Building) =>
  | {
      readonly faces: readonly { readonly pieces: readonly (readonly Point[])[]; readonly downhill: Point }[];
    }
  | undefined;

const WALL_COLORS = ['#e8e0d0', '#d9cbb2', '#b86b4b', '#f1ede4', '#c9b79a', '#a9583f', '#ddd6c8'];
const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Builds the scene for everything within `radiusM` of `center` (local metres of the site), re-centred on
 * it. `roofModel` is passed in (it lives with the nadir renderer, which is being reorganised).
 */
export function buildAerialScene(
  site: SiteModel,
  center: Point,
  radiusM: number,
  roofModel: RoofModelFn,
): AerialSceneModel {
  const near = (p: Point) => Math.hypot(p.x - center.x, p.y - center.y) <= radiusM;
  const local = (p: Point): Point => ({ x: p.x - center.x, y: p.y - center.y });
  const buildings: SceneBuilding[] = [];
  const windows: number[] = [];
  site.buildings.forEach((b, index) => {
    if (b.footprint.length < 3 || !near(b.footprint[0]!)) return;
    const shifted: Building = { ...b, footprint: b.footprint.map(local) };
    const built = buildHouse(shifted, roofModel, index);
    buildings.push(built.building);
    windows.push(...built.windows);
  });
  const trees: number[] = [];
  for (const t of site.trees) {
    if (!near(t.center)) continue;
    const p = local(t.center);
    trees.push(r2(p.x), r2(p.y), r2(t.radiusM));
  }
  return { buildings, trees, windows };
}

function buildHouse(b: Building, roofModel: RoofModelFn, index: number) {
  const footprint = ccw(b.footprint);
  const model = roofModel(b);
  const roof: Polygon3[] = [];
  let rise = 0;
  const faces = (model?.faces ?? []).map((f) => {
    const all = f.pieces.flat();
    const eaveDot = Math.max(...all.map((p) => dot(p, f.downhill)));
    const minDot = Math.min(...all.map((p) => dot(p, f.downhill)));
    rise = Math.max(rise, (eaveDot - minDot) * TAN_PITCH);
    return { ...f, eaveDot };
  });
  // heightM is the ridge height; walls stop at the eave below it (at least a storey high).
  const eave = model ? Math.max(2.7, b.heightM - rise) : b.heightM;
  const onRoof: { p: Point; z: number }[] = [];
  for (const f of faces) {
    for (const piece of f.pieces) {
      const pts = piece.map((p) => ({ p, z: eave + (f.eaveDot - dot(p, f.downhill)) * TAN_PITCH }));
      onRoof.push(...pts);
      roof.push(pts.flatMap(({ p, z }) => [r2(p.x), r2(p.y), r2(z)]));
    }
  }
  if (!model) roof.push(footprint.flatMap((p) => [r2(p.x), r2(p.y), r2(eave)]));

  const walls: Polygon3[] = [];
  const windows: number[] = [];
  footprint.forEach((a, i) => {
    const c = footprint[(i + 1) % footprint.length]!;
    const len = Math.hypot(c.x - a.x, c.y - a.y);
    if (len < 0.05) return;
    const u = { x: (c.x - a.x) / len, y: (c.y - a.y) / len };
    // The roof's outline along this edge: eave corners, plus a gable's apex where the roof meets it.
    const top = onRoof
      .filter(({ p }) => {
        const t = dot({ x: p.x - a.x, y: p.y - a.y }, u);
        const off = Math.abs((p.x - a.x) * u.y - (p.y - a.y) * u.x);
        return off < 0.05 && t > 0.05 && t < len - 0.05;
      })
      .map(({ p, z }) => ({ t: dot({ x: p.x - a.x, y: p.y - a.y }, u), z }))
      .sort((m, n) => n.t - m.t);
    const apex = top.filter((q, k) => k === 0 || Math.abs(q.t - top[k - 1]!.t) > 0.05 || q.z > top[k - 1]!.z);
    const wall = [a.x, a.y, 0, c.x, c.y, 0, c.x, c.y, eave];
    for (const q of apex) if (q.z > eave + 0.05) wall.push(a.x + u.x * q.t, a.y + u.y * q.t, q.z);
    wall.push(a.x, a.y, eave);
    walls.push(wall.map(r2));
    // Windows: 1.2 m panes every 3.2 m along walls long enough, 5 cm proud of the wall (outward normal).
    const n = { x: u.y, y: -u.x };
    const count = Math.floor((len - 1) / 3.2);
    const storeys = eave > 5.5 ? 2 : 1;
    for (let k = 0; k < count; k++) {
      const mid = (len - (count - 1) * 3.2) / 2 + k * 3.2;
      for (let s = 0; s < storeys; s++) {
        const z0 = 0.9 + s * 2.9;
        const z1 = z0 + 1.3;
        const corners = [
          [mid - 0.6, z0],
          [mid + 0.6, z0],
          [mid + 0.6, z1],
          [mid - 0.6, z1],
        ] as const;
        for (const [t, z] of corners)
          windows.push(r2(a.x + u.x * t + n.x * 0.05), r2(a.y + u.y * t + n.y * 0.05), z);
      }
    }
  });
  return {
    building: { walls, roof, roofColor: b.roofColor, wallColor: WALL_COLORS[index % WALL_COLORS.length]! },
    windows,
  };
}

const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;

function ccw(poly: readonly Point[]): Point[] {
  let area = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    area += a.x * b.y - b.x * a.y;
  }
  return area >= 0 ? [...poly] : [...poly].reverse();
}
