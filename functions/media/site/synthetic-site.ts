// Offline site source: a deterministic synthetic suburban neighbourhood around an address, so the local
// stack produces real frontage and imagery output without a cadastre. The layout is seeded from the
// address alone (not the geocoded position), so one address always gives the same site.
//
// Layout is built in a street frame: u runs along the addressed street, v points from the addressed
// parcel toward it. The frame is turned to a seed-chosen compass bearing, which is therefore the bearing
// the property faces.

import type {
  Building,
  LatLng,
  Parcel,
  ParsedAddress,
  Point,
  RoofKind,
  SiteModel,
  Street,
  Tree,
} from '../../domain/geo-types.ts';
import { bearingVector } from '../../domain/geometry/bearing.ts';
import { fnv1a, SeededRandom } from '../../domain/random.ts';
import type { SiteSource } from '../geo/types.ts';

/** Smaller radii are raised to this so the addressed street, parcel and neighbours are always present. */
export const MIN_SYNTHETIC_RADIUS_M = 60;

export class SyntheticSiteSource implements SiteSource {
  readonly name = 'offline-synthetic';

  async siteAround(origin: LatLng, address: ParsedAddress, radiusM: number): Promise<SiteModel> {
    return buildSyntheticSite(origin, address, radiusM);
  }
}

/** Seed-level facts about a synthetic site, for tests and debugging. */
export interface SyntheticLayout {
  /** Compass bearing from the addressed parcel toward the addressed street. */
  readonly frontBearingDeg: number;
  readonly frontageM: number;
  readonly depthM: number;
  readonly streetWidthM: number;
}

export function syntheticLayout(address: ParsedAddress): SyntheticLayout {
  const rng = new SeededRandom(addressSeed(address));
  const frontBearingDeg = rng.int(0, 359);
  const unit = address.unit !== undefined;
  return {
    frontBearingDeg,
    frontageM: round1(unit ? rng.range(24, 34) : rng.range(12, 22)),
    depthM: round1(unit ? rng.range(38, 50) : rng.range(28, 50)),
    streetWidthM: Math.round(rng.range(8, 14) * 2) / 2,
  };
}

export function buildSyntheticSite(origin: LatLng, address: ParsedAddress, radiusM: number): SiteModel {
  if (!Number.isFinite(radiusM) || radiusM <= 0)
    throw new RangeError(`radiusM must be positive, got ${radiusM}`);
  if (!Number.isFinite(origin.lat) || !Number.isFinite(origin.lng))
    throw new RangeError('origin must be finite');
  return new SiteBuilder(origin, address, Math.max(radiusM, MIN_SYNTHETIC_RADIUS_M)).build();
}

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a over the normalized address fields that identify the property (not the unit: one building). */
function addressSeed(a: ParsedAddress): number {
  const norm = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  const key = [
    a.streetNumber,
    a.lot,
    a.streetName,
    a.streetType,
    a.streetSuffix,
    a.suburb,
    a.state,
    a.postcode,
  ]
    .map(norm)
    .join('|');
  return fnv1a(key);
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

// ---------------------------------------------------------------------------------------------------------
// Vocabulary

const OTHER_STREETS = [
  'Wattle Street',
  'Banksia Avenue',
  'Waratah Road',
  'Grevillea Crescent',
  'Acacia Place',
  'Jacaranda Drive',
  'Bottlebrush Court',
  'Kurrajong Street',
  'Boronia Road',
  'Melaleuca Avenue',
  'Tallowwood Close',
  'Ironbark Drive',
  'Casuarina Street',
  'Kookaburra Street',
  'Lorikeet Crescent',
  'Rosella Street',
  'Currawong Avenue',
  'Macquarie Street',
  'Bligh Street',
  'Hume Road',
  'Sturt Street',
  'Flinders Avenue',
  'Oxley Street',
  'Lachlan Road',
  'Hawkesbury Road',
  'Mitchell Street',
  'Leichhardt Street',
  'Wentworth Road',
  'Blaxland Road',
  'Lawson Street',
  'Forrest Street',
  'Parkes Street',
  'Barton Avenue',
  'Deakin Street',
  'Paterson Street',
  'Gilmore Crescent',
  'Mackellar Street',
  'Dorothea Parade',
];

const ROOF_COLORS: Readonly<Record<'terracotta' | 'charcoal' | 'grey' | 'light', readonly string[]>> = {
  terracotta: ['#a4523a', '#b35f3f', '#9a4a36', '#b86b4b', '#8f4a35'],
  charcoal: ['#3b3e42', '#45484c', '#33373a', '#4d4f48'],
  grey: ['#7c7f82', '#8b8d8f', '#6c6f71', '#98968f'],
  light: ['#cbc3b2', '#d6d0c2', '#bfb6a3', '#e0ddd5'],
};

// ---------------------------------------------------------------------------------------------------------
// Builder

interface Row {
  /** v of the property line on the street side. */
  readonly vFront: number;
  /** v of the rear boundary. */
  readonly vBack: number;
  /** Distance from the property line to the kerb of the street the row faces. */
  readonly verge: number;
}

interface CrossStreet {
  readonly name: string;
  readonly u: number;
  readonly width: number;
  readonly verge: number;
  readonly vMin: number;
  readonly vMax: number;
}

interface Lot {
  readonly u0: number;
  readonly u1: number;
  readonly row: Row;
  readonly addressed: boolean;
}

type GarageStyle = 'front-wing' | 'integrated' | 'side';

/** A street in the street frame: its axis, position across it, kerb and property-line offsets, extent. */
interface Corridor {
  readonly axis: 'u' | 'v';
  readonly at: number;
  readonly kerb: number;
  readonly half: number;
  readonly lo: number;
  readonly hi: number;
}

class SiteBuilder {
  private readonly rng: SeededRandom;
  private readonly layout: SyntheticLayout;
  private readonly along: Point;
  private readonly toward: Point;
  private readonly addressedName: string;
  private readonly names: string[];

  private readonly streets: Street[] = [];
  private readonly parcels: Parcel[] = [];
  private readonly buildings: Building[] = [];
  private readonly driveways: Point[][] = [];
  private readonly trees: Tree[] = [];
  /** Driveways in the street frame, to keep street trees off them. */
  private readonly drivewayBoxes: { u0: number; u1: number; v0: number; v1: number }[] = [];
  /** Street corridors in the street frame (axis, position, half width incl. verges), for street trees. */
  private readonly corridors: Corridor[] = [];

  constructor(
    private readonly origin: LatLng,
    private readonly address: ParsedAddress,
    private readonly radius: number,
  ) {
    this.layout = syntheticLayout(address);
    // Continue the same stream after the layout draws, so the layout facts stay true of the site.
    this.rng = new SeededRandom(addressSeed(address));
    for (let i = 0; i < 4; i++) this.rng.next();
    this.toward = bearingVector(this.layout.frontBearingDeg);
    this.along = bearingVector(this.layout.frontBearingDeg + 90);
    const suffix = address.streetSuffix ? ` ${address.streetSuffix}` : '';
    this.addressedName = `${address.streetName} ${address.streetType}${suffix}`;
    const own = address.streetName.toLowerCase();
    this.names = this.rng.shuffled(OTHER_STREETS.filter((n) => !n.toLowerCase().startsWith(`${own} `)));
  }

  build(): SiteModel {
    const { frontageM: w, depthM: d, streetWidthM: ws } = this.layout;
    const rng = this.rng;
    const R = this.radius;
    const verge0 = round1(rng.range(3.5, 5));
    const s0 = d / 2 + verge0 + ws / 2;
    this.addStreetAlongU(this.addressedName, s0, ws, verge0);

    // Rows of lots between parallel streets, outward from the addressed street in both directions.
    const ours: Row = { vFront: d / 2, vBack: -d / 2, verge: verge0 };
    const rows: Row[] = [];
    let pos = s0 + ws / 2 + verge0;
    let verge = verge0;
    while (pos < R) {
      const a = round1(rng.range(28, 45));
      const b = round1(rng.range(28, 45));
      const width = Math.round(rng.range(8, 12) * 2) / 2;
      const nextVerge = round1(rng.range(3.5, 5));
      rows.push({ vFront: pos, vBack: pos + a, verge });
      rows.push({ vFront: pos + a + b, vBack: pos + a, verge: nextVerge });
      const v = pos + a + b + nextVerge + width / 2;
      this.addStreetAlongU(this.nextName(), v, width, nextVerge);
      pos = v + width / 2 + nextVerge;
      verge = nextVerge;
    }
    {
      const back = round1(rng.range(28, 45));
      const width = Math.round(rng.range(8, 12) * 2) / 2;
      let rowVerge = round1(rng.range(3.5, 5));
      rows.push({ vFront: -d / 2 - back, vBack: -d / 2, verge: rowVerge });
      let v = -d / 2 - back - rowVerge - width / 2;
      this.addStreetAlongU(this.nextName(), v, width, rowVerge);
      pos = v - width / 2 - rowVerge;
      while (pos > -R) {
        const a = round1(rng.range(28, 45));
        const b = round1(rng.range(28, 45));
        const w2 = Math.round(rng.range(8, 12) * 2) / 2;
        const nextVerge = round1(rng.range(3.5, 5));
        rows.push({ vFront: pos, vBack: pos - a, verge: rowVerge });
        rows.push({ vFront: pos - a - b, vBack: pos - a, verge: nextVerge });
        v = pos - a - b - nextVerge - w2 / 2;
        this.addStreetAlongU(this.nextName(), v, w2, nextVerge);
        pos = v - w2 / 2 - nextVerge;
        rowVerge = nextVerge;
      }
    }

    // One or two cross streets; k lots (0 makes the addressed lot a corner lot) between it and the property.
    const sides: readonly (-1 | 1)[] = rng.chance(0.55) ? [-1, 1] : [rng.pick([-1, 1] as const)];
    const crosses: CrossStreet[] = [];
    const ourLots: Lot[] = [{ u0: -w / 2, u1: w / 2, row: ours, addressed: true }];
    for (const side of sides) {
      const k = rng.chance(0.15) ? 0 : rng.int(1, 5);
      const widths = Array.from({ length: k }, () => round1(rng.range(12, 22)));
      const cw = Math.round(rng.range(8, 12) * 2) / 2;
      const cv = round1(rng.range(3.5, 4.5));
      const span = rng.weighted([
        ['full', 55],
        ['far', 25],
        ['near', 20],
      ] as const);
      const inner = w / 2 + widths.reduce((s, x) => s + x, 0);
      const u = side * (inner + cv + cw / 2);
      crosses.push({
        name: this.nextName(),
        u,
        width: cw,
        verge: cv,
        vMin: span === 'far' ? s0 : -2 * R,
        vMax: span === 'near' ? s0 : 2 * R,
      });
      let edge = w / 2;
      for (const width of widths) {
        const [u0, u1] = side > 0 ? [edge, edge + width] : [-edge - width, -edge];
        ourLots.push({ u0, u1, row: ours, addressed: false });
        edge += width;
      }
    }
    for (const c of crosses) this.addCrossStreet(c);

    // Fill every row with lots between the cross-street corridors. In the addressed row the stretch
    // around the property already holds the addressed lot and its k neighbours; fill only what is left.
    const limit = R + 30;
    const freeIntervals = (row: Row): [number, number][] => {
      const bounds = [-limit, limit];
      for (const c of crosses.filter((x) => cuts(x, row)).sort((a, b) => a.u - b.u)) {
        bounds.splice(bounds.length - 1, 0, c.u - c.width / 2 - c.verge, c.u + c.width / 2 + c.verge);
      }
      const out: [number, number][] = [];
      for (let i = 0; i < bounds.length; i += 2) out.push([bounds[i]!, bounds[i + 1]!]);
      return out;
    };
    const lots = [...ourLots];
    const left = Math.min(...ourLots.map((l) => l.u0));
    const right = Math.max(...ourLots.map((l) => l.u1));
    for (const [lo, hi] of freeIntervals(ours)) {
      if (lo < 0 && hi > 0) {
        lots.push(...this.fill(ours, lo, left, -1), ...this.fill(ours, right, hi, 1));
      } else {
        lots.push(...this.fill(ours, lo, hi, lo === -limit ? -1 : 1));
      }
    }
    for (const row of rows) {
      // Fill from a street corner outward; an unbounded end just runs past the radius.
      for (const [lo, hi] of freeIntervals(row)) lots.push(...this.fill(row, lo, hi, lo === -limit ? -1 : 1));
    }

    lots.sort((a, b) => Number(b.addressed) - Number(a.addressed));
    let index = 0;
    for (const lot of lots) {
      const corners = this.lotCorners(lot);
      // The margin keeps the driveway's run across the nature strip inside the radius too.
      if (!lot.addressed && corners.some((p) => Math.hypot(p.x, p.y) > R - 5.5)) continue;
      this.parcels.push({
        id: lot.addressed ? 'addressed' : `lot-${++index}`,
        polygon: ccw(corners),
        addressed: lot.addressed,
      });
      this.addHome(lot);
    }
    this.addStreetTrees();

    return {
      origin: { lat: this.origin.lat, lng: this.origin.lng },
      addressedStreet: this.addressedName,
      streets: this.streets,
      parcels: this.parcels,
      buildings: this.buildings,
      driveways: this.driveways,
      trees: this.trees,
      provider: 'offline-synthetic',
    };
  }

  private nextName(): string {
    return this.names.shift() ?? `Street ${this.streets.length + 1}`;
  }

  private world(u: number, v: number): Point {
    return {
      x: round3(u * this.along.x + v * this.toward.x),
      y: round3(u * this.along.y + v * this.toward.y),
    };
  }

  /** A street parallel to the addressed one at v, clipped to the radius. */
  private addStreetAlongU(name: string, v: number, width: number, verge: number): void {
    // A couple of millimetres in, so rounding the ends to millimetres keeps them inside.
    const R = this.radius - 0.002;
    if (Math.abs(v) >= R) return;
    const h = Math.sqrt(R * R - v * v);
    this.streets.push({ name, centerline: [this.world(-h, v), this.world(h, v)], widthM: width });
    this.corridors.push({ axis: 'u', at: v, kerb: width / 2, half: width / 2 + verge, lo: -h, hi: h });
  }

  private addCrossStreet(c: CrossStreet): void {
    // A couple of millimetres in, so rounding the ends to millimetres keeps them inside.
    const R = this.radius - 0.002;
    if (Math.abs(c.u) >= R) return;
    const h = Math.sqrt(R * R - c.u * c.u);
    const lo = Math.max(-h, c.vMin);
    const hi = Math.min(h, c.vMax);
    if (hi - lo < 1) return;
    this.streets.push({
      name: c.name,
      centerline: [this.world(c.u, lo), this.world(c.u, hi)],
      widthM: c.width,
    });
    this.corridors.push({ axis: 'v', at: c.u, kerb: c.width / 2, half: c.width / 2 + c.verge, lo, hi });
  }

  /** Lots of 12-22 m frontage from one end of [lo, hi]; a short remainder widens the last lot. */
  private fill(row: Row, lo: number, hi: number, direction: -1 | 1): Lot[] {
    const out: Lot[] = [];
    let edge = direction > 0 ? lo : hi;
    for (;;) {
      const remaining = direction > 0 ? hi - edge : edge - lo;
      if (remaining < 10) break;
      let width = round1(this.rng.range(12, 22));
      if (remaining - width < 12) width = remaining;
      const [u0, u1] = direction > 0 ? [edge, edge + width] : [edge - width, edge];
      out.push({ u0, u1, row, addressed: false });
      edge = direction > 0 ? u1 : u0;
      if (width === remaining) break;
    }
    return out;
  }

  private lotCorners(lot: Lot): Point[] {
    const { vFront, vBack } = lot.row;
    return [
      this.world(lot.u0, vBack),
      this.world(lot.u1, vBack),
      this.world(lot.u1, vFront),
      this.world(lot.u0, vFront),
    ];
  }

  /** House, driveway and garden trees of one lot, laid out in lot coordinates (u, t = depth from the front). */
  private addHome(lot: Lot): void {
    const rng = this.rng;
    const { row } = lot;
    const facing = Math.sign(row.vFront - row.vBack);
    const depth = Math.abs(row.vFront - row.vBack);
    const frontage = lot.u1 - lot.u0;
    const unit = lot.addressed && this.address.unit !== undefined;
    const at = (u: number, t: number) => this.world(u, row.vFront - facing * t);
    const box = (u0: number, u1: number, t0: number, t1: number) =>
      ccw([at(u0, t0), at(u1, t0), at(u1, t1), at(u0, t1)]);
    if (unit) {
      this.addVillas(lot, depth, at, box);
      return;
    }

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
    const effectiveStyle: GarageStyle =
      style === 'front-wing' && shape !== 'front-wing' ? 'integrated' : style;
    const wingSide: -1 | 1 = rng.pick([-1, 1] as const);
    const wingWidth = Math.min(width * rng.range(0.38, 0.5), 7.5);
    const projection = Math.min(rng.range(2.5, 5.5), Math.max(0, houseDepth - 8));
    const [w0, w1] = wingSide < 0 ? [hu0, hu0 + wingWidth] : [hu1 - wingWidth, hu1];
    const t0 = setback;
    const t1 = setback + houseDepth;
    let footprint: Point[];
    let mainDepth = houseDepth;
    let mainFront = t0;
    if (shape === 'front-wing' && projection >= 2) {
      mainFront = t0 + projection;
      mainDepth = houseDepth - projection;
      footprint =
        wingSide < 0
          ? [at(hu0, t0), at(w1, t0), at(w1, mainFront), at(hu1, mainFront), at(hu1, t1), at(hu0, t1)]
          : [at(w0, t0), at(hu1, t0), at(hu1, t1), at(hu0, t1), at(hu0, mainFront), at(w0, mainFront)];
    } else if (shape === 'rear-wing' && projection >= 2) {
      const mainBack = t1 - projection;
      mainDepth = houseDepth - projection;
      footprint =
        wingSide < 0
          ? [at(hu0, t0), at(hu1, t0), at(hu1, mainBack), at(w1, mainBack), at(w1, t1), at(hu0, t1)]
          : [at(hu0, t0), at(hu1, t0), at(hu1, t1), at(w0, t1), at(w0, mainBack), at(hu0, mainBack)];
    } else {
      footprint = [at(hu0, t0), at(hu1, t0), at(hu1, t1), at(hu0, t1)];
    }

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
    const ridgeAlongStreet = width >= mainDepth;
    const base = this.layout.frontBearingDeg + (ridgeAlongStreet ? 90 : 0);
    this.buildings.push({
      footprint: ccw(footprint),
      heightM,
      roof,
      roofColor: rng.pick(ROOF_COLORS[palette]),
      ridgeBearingDeg: ((base % 180) + 180) % 180,
    });

    // Driveway from the kerb (across the verge) to the garage door or, for side driveways, past the house.
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
    this.driveways.push(box(du0, du1, -row.verge, dEnd));
    const vs = [row.vFront + facing * row.verge, row.vFront - facing * dEnd];
    this.drivewayBoxes.push({ u0: du0, u1: du1, v0: Math.min(...vs), v1: Math.max(...vs) });

    // Garden trees: a few in the back yard, sometimes one in the front yard clear of the driveway.
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
      this.addTree(at(u, t), radiusM);
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
      this.addTree(at(u, t), radiusM);
    }
  }

  /**
   * A strata lot of villa units: single-storey or townhouse dwellings in a row down a common driveway
   * (central with a row each side on wide lots, else along one side), one roof style and colour for all.
   */
  private addVillas(
    lot: Lot,
    depth: number,
    at: (u: number, t: number) => Point,
    box: (u0: number, u1: number, t0: number, t1: number) => Point[],
  ): void {
    const rng = this.rng;
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
        this.buildings.push({
          footprint: box(u0, u1, t0, t0 + unitDepth),
          heightM,
          roof,
          roofColor,
          ridgeBearingDeg: (((this.layout.frontBearingDeg + (along ? 90 : 0)) % 180) + 180) % 180,
        });
      }
      // A courtyard tree behind the last dwelling on some strips.
      if (rng.chance(0.6)) this.addTree(at((u0 + u1) / 2, back + 1.2), round1(rng.range(1.5, 2.5)));
    }
    this.driveways.push(box(driveU0, driveU1, -lot.row.verge, back));
    const facing = Math.sign(lot.row.vFront - lot.row.vBack);
    const vs = [lot.row.vFront + facing * lot.row.verge, lot.row.vFront - facing * back];
    this.drivewayBoxes.push({ u0: driveU0, u1: driveU1, v0: Math.min(...vs), v1: Math.max(...vs) });
    if (rng.chance(0.7))
      this.addTree(
        at(driveU0 > lot.u0 + 3 ? lot.u0 + 2 : lot.u1 - 2, setback / 2),
        round1(rng.range(1.8, 3)),
      );
  }

  private addTree(center: Point, radiusM: number): void {
    if (Math.hypot(center.x, center.y) + radiusM > this.radius) return;
    this.trees.push({ center, radiusM });
  }

  /** Street trees on the nature strips of some streets, clear of driveways and intersections. */
  private addStreetTrees(): void {
    const rng = this.rng;
    for (const c of this.corridors) {
      if (!rng.chance(0.65)) continue;
      const spacing = rng.range(9, 16);
      for (const sideSign of [-1, 1]) {
        // Planted about a metre behind the kerb, between it and the footpath.
        const offset = c.kerb + rng.range(0.9, 1.3);
        for (let s = c.lo + rng.range(2, spacing); s < c.hi; s += spacing * rng.range(0.8, 1.25)) {
          const across = c.at + sideSign * offset;
          const [u, v] = c.axis === 'u' ? [s, across] : [across, s];
          if (this.onDriveway(u, v) || this.inOtherCorridor(c, u, v)) continue;
          if (rng.chance(0.25)) continue;
          this.addTree(this.world(u, v), round1(rng.range(1.6, 3.4)));
        }
      }
    }
  }

  private onDriveway(u: number, v: number): boolean {
    return this.drivewayBoxes.some(
      (b) => u > b.u0 - 2.5 && u < b.u1 + 2.5 && v > b.v0 - 1.5 && v < b.v1 + 1.5,
    );
  }

  private inOtherCorridor(own: Corridor, u: number, v: number): boolean {
    return this.corridors.some((c) => {
      if (c === own) return false;
      const [across, along] = c.axis === 'u' ? [v, u] : [u, v];
      return Math.abs(across - c.at) < c.half + 3 && along > c.lo - 3 && along < c.hi + 3;
    });
  }
}

function cuts(c: CrossStreet, row: Row): boolean {
  const lo = Math.min(row.vFront, row.vBack);
  const hi = Math.max(row.vFront, row.vBack);
  return c.vMin < hi && c.vMax > lo;
}

/** Counter-clockwise (positive signed area in x-east, y-north). */
function ccw(polygon: Point[]): Point[] {
  let area2 = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    area2 += a.x * b.y - b.x * a.y;
  }
  return area2 < 0 ? polygon.reverse() : polygon;
}
