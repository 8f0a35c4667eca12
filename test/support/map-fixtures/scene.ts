// The known ground every map-service fixture serves (ArcGIS REST export and query, XYZ tiles, WMS 1.3.0,
// WFS 2.0, address points): a street with lots on both sides, the property's lot with a coloured marker
// disc at each corner, a lot whose address point falls on the road, and a strata scheme (a base lot with
// unit lots stacked inside it). The positions below ARE the truth: tests compare what the service draws and
// finds against these numbers, never against the service's own output.
import type { LatLng } from '../../../functions/domain/geo-types.ts';

/** Where the block is: Ultimo, NSW (inside the NSW coverage of providers/au-open.json). */
export const SCENE_ORIGIN: LatLng = { lat: -33.883, lng: 151.199 };

// Degrees per metre at the origin (rounded; the scene is defined by the degrees they give, not by metres).
const LAT_PER_M = 1 / 110_950;
const LNG_PER_M = 1 / 92_450;

/** A point given as metres east (x) and north (y) of the origin, as latitude/longitude. */
const at = (x: number, y: number): LatLng => ({
  lat: Math.round((SCENE_ORIGIN.lat + y * LAT_PER_M) * 1e9) / 1e9,
  lng: Math.round((SCENE_ORIGIN.lng + x * LNG_PER_M) * 1e9) / 1e9,
});

export interface SceneLot {
  readonly lotId: string;
  /** Outer ring, counter-clockwise, first point not repeated. */
  readonly ring: readonly LatLng[];
  /** A strata unit (drawn in the cadastre stacked inside its scheme's base lot). */
  readonly strata?: boolean;
}

// Wattle Street runs north-south between x = -10 and x = 10 (a 20 m road reserve); lots east and west of it.
/** The property: 10 Wattle Street, a slightly skewed lot (so a turned frame shows a wrong rotation). */
export const PROPERTY_LOT: SceneLot = {
  lotId: '5//DP123456',
  ring: [at(10, -8), at(48, -9), at(49, 9), at(10, 7.5)],
};

export const SCENE_LOTS: readonly SceneLot[] = [
  PROPERTY_LOT,
  { lotId: '4//DP123456', ring: [at(10, 7.5), at(49, 9), at(50, 25), at(10, 24)] },
  { lotId: '6//DP123456', ring: [at(10, -25), at(47, -26), at(48, -9), at(10, -8)] },
  { lotId: '12//DP654321', ring: [at(48, -9), at(70, -9.5), at(71, 9.5), at(49, 9)] },
  // West of the road.
  { lotId: '20//DP777777', ring: [at(-45, -10), at(-10, -10), at(-10, 8), at(-45, 8)] },
  { lotId: '21//DP777777', ring: [at(-45, 8), at(-10, 8), at(-10, 26), at(-45, 26)] },
  // A strata scheme south of lot 6: the base lot (common property) and two units inside it.
  { lotId: 'CP//SP900001', ring: [at(10, -60), at(46, -61), at(47, -26), at(10, -25)] },
  { lotId: '1//SP900001', ring: [at(14, -55), at(28, -55), at(28, -32), at(14, -32)], strata: true },
  { lotId: '2//SP900001', ring: [at(28, -55), at(42, -55), at(42, -32), at(28, -32)], strata: true },
];

/** The property lot's corners in ring order, each with the colour of the disc drawn on it. */
export const CORNER_MARKERS: readonly {
  readonly position: LatLng;
  readonly rgb: readonly [number, number, number];
}[] = [
  { position: PROPERTY_LOT.ring[0]!, rgb: [255, 0, 0] },
  { position: PROPERTY_LOT.ring[1]!, rgb: [0, 255, 0] },
  { position: PROPERTY_LOT.ring[2]!, rgb: [0, 0, 255] },
  { position: PROPERTY_LOT.ring[3]!, rgb: [255, 255, 0] },
];
/** Radius of a corner disc on the ground, metres. */
export const MARKER_RADIUS_M = 0.6;

/** Road reserve: the strip between the lots, x from -10 to 10 m, y from -80 to 60 m. */
export const ROAD = { ring: [at(-10, -80), at(10, -80), at(10, 60), at(-10, 60)] } as const;

export interface SceneAddress {
  readonly address: string;
  /** The address point the address layer holds. */
  readonly point: LatLng;
  readonly parts: {
    readonly houseNumber: string;
    readonly streetName: string;
    readonly streetType: string;
    readonly locality: string;
    readonly postcode: string;
  };
}

const wattle = (houseNumber: string, point: LatLng): SceneAddress => ({
  address: `${houseNumber} Wattle Street, Ultimo NSW 2007`,
  point,
  parts: { houseNumber, streetName: 'WATTLE', streetType: 'STREET', locality: 'ULTIMO', postcode: '2007' },
});

export const SCENE_ADDRESSES = {
  /** Inside the property lot. */
  property: wattle('10', at(22, 0)),
  /** On the road, 4 m from lot 6's front boundary (the nearest lot within 15 m). */
  onRoad: wattle('12', at(6, -16)),
  /** Inside both strata units' base lot and unit 1. */
  strata: wattle('14', at(20, -40)),
  /** On the road and more than 15 m from every lot. */
  farFromLots: wattle('16', at(0, -75)),
} as const;
