// The street frame a synthetic site is laid out in: u runs along the addressed street, v points from the
// addressed parcel toward it. Rows of lots, lots, streets and driveways are kept in it; the builder turns
// it to the seed's compass bearing.
import type { Building, ParsedAddress, Point } from '../../domain/geo-types.ts';
import type { SeededRandom } from '../../domain/random.ts';
import type { SyntheticLayout } from './synthetic-site-seed.ts';

export interface Row {
  /** v of the property line on the street side. */
  readonly vFront: number;
  /** v of the rear boundary. */
  readonly vBack: number;
  /** Distance from the property line to the kerb of the street the row faces. */
  readonly verge: number;
}

export interface CrossStreet {
  readonly name: string;
  readonly u: number;
  readonly width: number;
  readonly verge: number;
  readonly vMin: number;
  readonly vMax: number;
}

export interface Lot {
  readonly u0: number;
  readonly u1: number;
  readonly row: Row;
  readonly addressed: boolean;
}

/** A street in the street frame: its axis, position across it, kerb and property-line offsets, extent. */
export interface Corridor {
  readonly axis: 'u' | 'v';
  readonly at: number;
  readonly kerb: number;
  readonly half: number;
  readonly lo: number;
  readonly hi: number;
}

/** A driveway's extent in the street frame. */
export interface DrivewayBox {
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
}

/** What a lot's home is built into: the seeded stream, the frame's turn to the world, the site's lists. */
export interface SiteCanvas {
  readonly rng: SeededRandom;
  readonly layout: SyntheticLayout;
  readonly address: ParsedAddress;
  readonly buildings: Building[];
  readonly driveways: Point[][];
  /** Driveways in the street frame, to keep street trees off them. */
  readonly drivewayBoxes: DrivewayBox[];
  /** A street-frame point in world metres. */
  world(u: number, v: number): Point;
  /** A tree, unless it reaches past the site's radius. */
  addTree(center: Point, radiusM: number): void;
}

/** Whether a cross street runs through a row of lots. */
export function cuts(c: CrossStreet, row: Row): boolean {
  const lo = Math.min(row.vFront, row.vBack);
  const hi = Math.max(row.vFront, row.vBack);
  return c.vMin < hi && c.vMax > lo;
}

/** Counter-clockwise (positive signed area in x-east, y-north). */
export function ccw(polygon: Point[]): Point[] {
  let area2 = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    area2 += a.x * b.y - b.x * a.y;
  }
  return area2 < 0 ? polygon.reverse() : polygon;
}
