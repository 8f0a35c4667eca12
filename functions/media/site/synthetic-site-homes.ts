// One lot's home, in lot coordinates (u along the street, t = depth from the front boundary): a house
// (a box or an L, with its garage in front, built in or beside it), its roof, driveway and garden trees;
// or, on the addressed lot of a unit address, a row of villa units down a common driveway.
import type { Point, RoofKind } from '../../domain/geo-types.ts';
import type { SeededRandom } from '../../domain/random.ts';
import { ccw, type Lot, type SiteCanvas } from './synthetic-site-frame.ts';
import { round1 } from './synthetic-site-seed.ts';

const ROOF_COLORS: Readonly<Record<'terracotta' | 'charcoal' | 'grey' | 'light', readonly string[]>> = {
  terracotta: ['#a4523a', '#b35f3f', '#9a4a36', '#b86b4b', '#8f4a35'],
  charcoal: ['#3b3e42', '#45484c', '#33373a', '#4d4f48'],
  grey: ['#7c7f82', '#8b8d8f', '#6c6f71', '#98968f'],
  light: ['#cbc3b2', '#d6d0c2', '#bfb6a3', '#e0ddd5'],
};

type GarageStyle = 'front-wing' | 'integrated' | 'side';

type At = (u: number, t: number) => Point;
type BoxAt = (u0: number, u1: number, t0: number, t1: number) => Point[];

/** A house's plan as drawn from the seed, in lot coordinates. */
interface HousePlan {
  readonly setback: number;
  readonly driveWidth: number;
  readonly driveSide: -1 | 1;
  readonly rearYard: number;
  /** The house's width and its sides in u. */
  readonly width: number;
  readonly hu0: number;
  readonly hu1: number;
  readonly houseDepth: number;
  readonly shape: 'box' | 'front-wing' | 'rear-wing';
  /** Where the garage is, once the shape is known (a front wing only if there is one). */
  readonly effectiveStyle: GarageStyle;
  /** The wing's side, width, projection beyond the main block, and its sides in u. */
  readonly wingSide: -1 | 1;
  readonly wingWidth: number;
  readonly projection: number;
  readonly w0: number;
  readonly w1: number;
  /** Depths of the house's front and back. */
  readonly t0: number;
  readonly t1: number;
}

/** House, driveway and garden trees of one lot, laid out in lot coordinates (u, t = depth from the front). */
export function addHome(site: SiteCanvas, lot: Lot): void {
  const { row } = lot;
  const facing = Math.sign(row.vFront - row.vBack);
  const depth = Math.abs(row.vFront - row.vBack);
  const unit = lot.addressed && site.address.unit !== undefined;
  const at: At = (u, t) => site.world(u, row.vFront - facing * t);
  const box: BoxAt = (u0, u1, t0, t1) => ccw([at(u0, t0), at(u1, t0), at(u1, t1), at(u0, t1)]);
  if (unit) {
    addVillas(site, lot, depth, at, box);
    return;
  }
  const house = drawHouse(site.rng, lot, depth);
  const { footprint, mainDepth, mainFront } = houseFootprint(house, at);
  addHouseBuilding(site, house, footprint, mainDepth);
  const drive = addDriveway(site, lot, depth, house, mainFront, box);
  addGardenTrees(site, lot, depth, house, drive, at);
}

/** The house's plan: setbacks, garage style, width and depth, and an L's wing. */
function drawHouse(rng: SeededRandom, lot: Lot, depth: number): HousePlan {
  const frontage = lot.u1 - lot.u0;
  const side = rng.range(0.9, 1.6);
  const setback = rng.range(4.5, 8.5);
  const style = rng.weighted<GarageStyle>([
    ['front-wing', 40],
    ['integrated', 40],
    ['side', frontage >= 15 ? 20 : 0],
  ]);
  const driveWidth = rng.range(2.9, 3.4);
  const driveSide: -1 | 1 = rng.pick([-1, 1] as const);
  const rearYard = rng.range(7, 12);

  // The house in u: a side driveway needs a clear strip beside it.
  const sideGap = style === 'side' ? driveWidth + 0.8 : side;
  const maxWidth = frontage - side - sideGap;
  const width = Math.max(6, Math.min(maxWidth, rng.range(9.5, 17)));
  const slack = Math.max(0, maxWidth - width);
  const hu0 =
    style === 'side'
      ? driveSide < 0
        ? lot.u0 + sideGap + rng.range(0, slack)
        : lot.u0 + side + rng.range(0, slack)
      : lot.u0 + side + rng.range(0, slack);
  const hu1 = hu0 + width;
  const houseDepth = Math.max(8, Math.min(depth - setback - rearYard, rng.range(11, 20)));

  // L shapes: a wing projecting to the front (often the garage) or to the back.
  const shape = rng.weighted([
    ['box', 55],
    ['front-wing', style === 'front-wing' ? 200 : 25],
    ['rear-wing', 20],
  ] as const);
  const effectiveStyle: GarageStyle = style === 'front-wing' && shape !== 'front-wing' ? 'integrated' : style;
  const wingSide: -1 | 1 = rng.pick([-1, 1] as const);
  const wingWidth = Math.min(width * rng.range(0.38, 0.5), 7.5);
  const projection = Math.min(rng.range(2.5, 5.5), Math.max(0, houseDepth - 8));
  const [w0, w1] = wingSide < 0 ? [hu0, hu0 + wingWidth] : [hu1 - wingWidth, hu1];
  const t0 = setback;
  const t1 = setback + houseDepth;
  return {
    setback,
    driveWidth,
    driveSide,
    rearYard,
    width,
    hu0,
    hu1,
    houseDepth,
    shape,
    effectiveStyle,
    wingSide,
    wingWidth,
    projection,
    w0,
    w1,
    t0,
    t1,
  };
}

/** The footprint (a box, or an L when the wing projects at least 2 m), and the main block's depth and front. */
function houseFootprint(
  house: HousePlan,
  at: At,
): { footprint: Point[]; mainDepth: number; mainFront: number } {
  const { shape, projection, wingSide, hu0, hu1, w0, w1, t0, t1, houseDepth } = house;
  if (shape === 'front-wing' && projection >= 2) {
    const mainFront = t0 + projection;
    const footprint =
      wingSide < 0
        ? [at(hu0, t0), at(w1, t0), at(w1, mainFront), at(hu1, mainFront), at(hu1, t1), at(hu0, t1)]
        : [at(w0, t0), at(hu1, t0), at(hu1, t1), at(hu0, t1), at(hu0, mainFront), at(w0, mainFront)];
    return { footprint, mainDepth: houseDepth - projection, mainFront };
  }
  if (shape === 'rear-wing' && projection >= 2) {
    const mainBack = t1 - projection;
    const footprint =
      wingSide < 0
        ? [at(hu0, t0), at(hu1, t0), at(hu1, mainBack), at(w1, mainBack), at(w1, t1), at(hu0, t1)]
        : [at(hu0, t0), at(hu1, t0), at(hu1, t1), at(w0, t1), at(w0, mainBack), at(hu0, mainBack)];
    return { footprint, mainDepth: houseDepth - projection, mainFront: t0 };
  }
  return {
    footprint: [at(hu0, t0), at(hu1, t0), at(hu1, t1), at(hu0, t1)],
    mainDepth: houseDepth,
    mainFront: t0,
  };
}

/** The house as a building: roof kind and colour, storeys and height, ridge along the main block's longer side. */
function addHouseBuilding(site: SiteCanvas, house: HousePlan, footprint: Point[], mainDepth: number): void {
  const { rng } = site;
  const roof = rng.weighted<RoofKind>([
    ['hip', 55],
    ['gable', 30],
    ['flat', 15],
  ]);
  const palette = rng.weighted<keyof typeof ROOF_COLORS>(
    roof === 'flat'
      ? [
          ['grey', 50],
          ['light', 35],
          ['charcoal', 15],
        ]
      : [
          ['terracotta', 35],
          ['charcoal', 30],
          ['grey', 20],
          ['light', 15],
        ],
  );
  const storeys = rng.chance(0.3) ? 2 : 1;
  const heightM = round1(storeys === 2 ? rng.range(7, 9) : rng.range(4, 6));
  // The ridge runs along the longer side of the main block.
  const ridgeAlongStreet = house.width >= mainDepth;
  const base = site.layout.frontBearingDeg + (ridgeAlongStreet ? 90 : 0);
  site.buildings.push({
    footprint: ccw(footprint),
    heightM,
    roof,
    roofColor: rng.pick(ROOF_COLORS[palette]),
    ridgeBearingDeg: ((base % 180) + 180) % 180,
  });
}

/**
 * Driveway from the kerb (across the verge) to the garage door or, for side driveways, past the house.
 * Returns its sides in u.
 */
function addDriveway(
  site: SiteCanvas,
  lot: Lot,
  depth: number,
  house: HousePlan,
  mainFront: number,
  box: BoxAt,
): { du0: number; du1: number } {
  const { row } = lot;
  const { effectiveStyle, shape, wingSide, wingWidth, driveWidth, driveSide, hu0, hu1, w0, w1, t0, t1 } =
    house;
  let du0: number;
  let du1: number;
  let dEnd: number;
  if (effectiveStyle === 'front-wing') {
    const dw = wingWidth >= 5.8 ? Math.min(wingWidth - 0.4, 5.6) : Math.min(driveWidth, wingWidth - 0.2);
    const mid = (w0 + w1) / 2;
    [du0, du1, dEnd] = [mid - dw / 2, mid + dw / 2, t0];
  } else if (effectiveStyle === 'integrated') {
    const front = shape === 'front-wing' ? mainFront : t0;
    const [a, b] = shape === 'front-wing' ? (wingSide < 0 ? [w1, hu1] : [hu0, w0]) : [hu0, hu1];
    const dw = Math.min(driveWidth, b - a - 0.4);
    const inset = 0.3;
    [du0, du1, dEnd] =
      driveSide < 0 ? [a + inset, a + inset + dw, front] : [b - inset - dw, b - inset, front];
  } else {
    const [a, b] =
      driveSide < 0 ? [lot.u0 + 0.4, lot.u0 + 0.4 + driveWidth] : [lot.u1 - 0.4 - driveWidth, lot.u1 - 0.4];
    [du0, du1, dEnd] = [a, b, Math.min(t1 + 1.5, depth - 1)];
  }
  site.driveways.push(box(du0, du1, -row.verge, dEnd));
  const facing = Math.sign(row.vFront - row.vBack);
  const vs = [row.vFront + facing * row.verge, row.vFront - facing * dEnd];
  site.drivewayBoxes.push({ u0: du0, u1: du1, v0: Math.min(...vs), v1: Math.max(...vs) });
  return { du0, du1 };
}

/** Garden trees: a few in the back yard, sometimes one in the front yard clear of the driveway. */
function addGardenTrees(
  site: SiteCanvas,
  lot: Lot,
  depth: number,
  house: HousePlan,
  { du0, du1 }: { du0: number; du1: number },
  at: At,
): void {
  const { rng } = site;
  const { t1, rearYard, setback } = house;
  const backTrees = rng.weighted([
    [0, 20],
    [1, 35],
    [2, 30],
    [3, 15],
  ] as const);
  for (let i = 0; i < backTrees; i++) {
    const radiusM = round1(rng.range(1.8, 4.5));
    const t = rng.range(t1 + Math.min(2, rearYard / 2), depth - 1.2);
    const u = rng.range(lot.u0 + 1.2, lot.u1 - 1.2);
    site.addTree(at(u, t), radiusM);
  }
  if (setback > 4 && rng.chance(0.5)) {
    const radiusM = round1(rng.range(1.5, 3.2));
    const t = rng.range(1.5, setback - 1.5);
    // Try the wider gap beside the driveway.
    const leftGap = du0 - lot.u0;
    const rightGap = lot.u1 - du1;
    const u =
      leftGap > rightGap
        ? rng.range(lot.u0 + 1, Math.max(lot.u0 + 1, du0 - 1.5))
        : rng.range(Math.min(du1 + 1.5, lot.u1 - 1), lot.u1 - 1);
    site.addTree(at(u, t), radiusM);
  }
}

/**
 * A strata lot of villa units: single-storey or townhouse dwellings in a row down a common driveway
 * (central with a row each side on wide lots, else along one side), one roof style and colour for all.
 */
function addVillas(
  site: SiteCanvas,
  lot: Lot,
  depth: number,
  at: (u: number, t: number) => Point,
  box: (u0: number, u1: number, t0: number, t1: number) => Point[],
): void {
  const rng = site.rng;
  const frontage = lot.u1 - lot.u0;
  const driveWidth = 3.4;
  const central = frontage >= 26;
  const driveU0 = central
    ? lot.u0 + (frontage - driveWidth) / 2
    : rng.chance(0.5)
      ? lot.u0 + 0.4
      : lot.u1 - 0.4 - driveWidth;
  const driveU1 = driveU0 + driveWidth;
  const setback = rng.range(5, 7.5);
  const back = depth - 3;
  const count = Math.max(2, Math.min(4, Math.floor((back - setback) / 10.5)));
  const gap = rng.chance(0.5) ? 0 : 1.6;
  const unitDepth = (back - setback - gap * (count - 1)) / count;
  const roof = rng.weighted<RoofKind>([
    ['hip', 60],
    ['gable', 40],
  ]);
  const roofColor = rng.pick(ROOF_COLORS[rng.pick(['terracotta', 'charcoal', 'grey', 'light'] as const)]);
  const heightM = round1(rng.chance(0.35) ? rng.range(7, 8.5) : rng.range(4.2, 5.8));
  // Strips of the lot beside the driveway that hold dwellings, keeping a side setback from the fence.
  const strips: [number, number][] = [];
  if (central || driveU0 - lot.u0 > 6) strips.push([lot.u0 + 1.2, driveU0 - 0.8]);
  if (central || lot.u1 - driveU1 > 6) strips.push([driveU1 + 0.8, lot.u1 - 1.2]);
  for (const [s0, s1] of strips) {
    const width = Math.min(s1 - s0, 13);
    const [u0, u1] = s0 < driveU0 ? [s1 - width, s1] : [s0, s0 + width];
    for (let i = 0; i < count; i++) {
      const t0 = setback + i * (unitDepth + gap);
      const along = width >= unitDepth;
      site.buildings.push({
        footprint: box(u0, u1, t0, t0 + unitDepth),
        heightM,
        roof,
        roofColor,
        ridgeBearingDeg: (((site.layout.frontBearingDeg + (along ? 90 : 0)) % 180) + 180) % 180,
      });
    }
    // A courtyard tree behind the last dwelling on some strips.
    if (rng.chance(0.6)) site.addTree(at((u0 + u1) / 2, back + 1.2), round1(rng.range(1.5, 2.5)));
  }
  site.driveways.push(box(driveU0, driveU1, -lot.row.verge, back));
  const facing = Math.sign(lot.row.vFront - lot.row.vBack);
  const vs = [lot.row.vFront + facing * lot.row.verge, lot.row.vFront - facing * back];
  site.drivewayBoxes.push({ u0: driveU0, u1: driveU1, v0: Math.min(...vs), v1: Math.max(...vs) });
  if (rng.chance(0.7))
    site.addTree(at(driveU0 > lot.u0 + 3 ? lot.u0 + 2 : lot.u1 - 2, setback / 2), round1(rng.range(1.8, 3)));
}
