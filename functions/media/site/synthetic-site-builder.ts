// Builds a synthetic site in the street frame (u along the addressed street, v from the addressed parcel
// toward it), turned to the seed's compass bearing: the addressed street and parallel streets at rows of
// lots' depth, one or two cross streets, every row filled with lots, a home on each lot, street trees.
import type {
  Building,
  LatLng,
  Parcel,
  ParsedAddress,
  Point,
  SiteModel,
  Street,
  Tree,
} from '../../domain/geo-types.ts';
import { bearingVector } from '../../domain/geometry/bearing.ts';
import { SeededRandom } from '../../domain/random.ts';
import {
  type Corridor,
  type CrossStreet,
  ccw,
  cuts,
  type DrivewayBox,
  type Lot,
  type Row,
  type SiteCanvas,
} from './synthetic-site-frame.ts';
import { addHome } from './synthetic-site-homes.ts';
import {
  addressSeed,
  LAYOUT_DRAWS,
  round1,
  round3,
  type SyntheticLayout,
  syntheticLayout,
} from './synthetic-site-seed.ts';

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

export class SiteBuilder implements SiteCanvas {
  readonly rng: SeededRandom;
  readonly layout: SyntheticLayout;
  private readonly along: Point;
  private readonly toward: Point;
  private readonly addressedName: string;
  private readonly names: string[];

  private readonly streets: Street[] = [];
  private readonly parcels: Parcel[] = [];
  readonly buildings: Building[] = [];
  readonly driveways: Point[][] = [];
  private readonly trees: Tree[] = [];
  /** Driveways in the street frame, to keep street trees off them. */
  readonly drivewayBoxes: DrivewayBox[] = [];
  /** Street corridors in the street frame (axis, position, half width incl. verges), for street trees. */
  private readonly corridors: Corridor[] = [];

  constructor(
    private readonly origin: LatLng,
    readonly address: ParsedAddress,
    private readonly radius: number,
  ) {
    this.layout = syntheticLayout(address);
    // Continue the same stream after the layout draws, so the layout facts stay true of the site.
    this.rng = new SeededRandom(addressSeed(address));
    for (let i = 0; i < LAYOUT_DRAWS; i++) this.rng.next();
    this.toward = bearingVector(this.layout.frontBearingDeg);
    this.along = bearingVector(this.layout.frontBearingDeg + 90);
    const suffix = address.streetSuffix ? ` ${address.streetSuffix}` : '';
    this.addressedName = `${address.streetName} ${address.streetType}${suffix}`;
    const own = address.streetName.toLowerCase();
    this.names = this.rng.shuffled(OTHER_STREETS.filter((n) => !n.toLowerCase().startsWith(`${own} `)));
  }

  build(): SiteModel {
    const { depthM: d, streetWidthM: ws } = this.layout;
    const verge0 = round1(this.rng.range(3.5, 5));
    const s0 = d / 2 + verge0 + ws / 2;
    this.addStreetAlongU(this.addressedName, s0, ws, verge0);
    const ours: Row = { vFront: d / 2, vBack: -d / 2, verge: verge0 };
    const rows = [...this.rowsAhead(s0 + ws / 2 + verge0, verge0), ...this.rowsBehind()];
    const { crosses, ourLots } = this.crossStreets(ours, s0);
    this.placeLots(this.allLots(ours, ourLots, rows, crosses));
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
      synthetic: true,
    };
  }

  /**
   * Rows of lots between parallel streets beyond the addressed street, out to the radius: back to back
   * in pairs, each row facing the street on its side.
   */
  private rowsAhead(start: number, verge0: number): Row[] {
    const rng = this.rng;
    const rows: Row[] = [];
    let pos = start;
    let verge = verge0;
    while (pos < this.radius) {
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
    return rows;
  }

  /**
   * Behind the addressed row: the row backing onto it, the street it faces, then pairs of rows between
   * parallel streets out to the radius.
   */
  private rowsBehind(): Row[] {
    const rng = this.rng;
    const d = this.layout.depthM;
    const rows: Row[] = [];
    const back = round1(rng.range(28, 45));
    const width = Math.round(rng.range(8, 12) * 2) / 2;
    let rowVerge = round1(rng.range(3.5, 5));
    rows.push({ vFront: -d / 2 - back, vBack: -d / 2, verge: rowVerge });
    let v = -d / 2 - back - rowVerge - width / 2;
    this.addStreetAlongU(this.nextName(), v, width, rowVerge);
    let pos = v - width / 2 - rowVerge;
    while (pos > -this.radius) {
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
    return rows;
  }

  /**
   * One or two cross streets; k lots (0 makes the addressed lot a corner lot) between it and the
   * property. Returns them with the addressed lot and those k neighbours.
   */
  private crossStreets(ours: Row, s0: number): { crosses: CrossStreet[]; ourLots: Lot[] } {
    const rng = this.rng;
    const R = this.radius;
    const w = this.layout.frontageM;
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
    return { crosses, ourLots };
  }

  /**
   * Every row filled with lots between the cross-street corridors. In the addressed row the stretch
   * around the property already holds the addressed lot and its k neighbours; fill only what is left.
   */
  private allLots(
    ours: Row,
    ourLots: readonly Lot[],
    rows: readonly Row[],
    crosses: readonly CrossStreet[],
  ): Lot[] {
    const limit = this.radius + 30;
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
    return lots;
  }

  /** A parcel and a home on each lot inside the radius, the addressed lot first. */
  private placeLots(lots: Lot[]): void {
    const R = this.radius;
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
      addHome(this, lot);
    }
  }

  private nextName(): string {
    return this.names.shift() ?? `Street ${this.streets.length + 1}`;
  }

  world(u: number, v: number): Point {
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

  addTree(center: Point, radiusM: number): void {
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
