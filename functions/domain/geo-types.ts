// The plain geographic values of the domain: addresses, positions, local metric points and the site model
// (streets, parcels, buildings, trees) that geocoding, site sources, imagery and the job kinds share.
// Local metric coordinates: metres from an origin, x east, y north (a flat-earth tangent plane, fine
// for the few hundred metres around a property). Pure types: this file imports nothing.

export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

export interface ParsedAddress {
  /** Unit or flat designator as written ("3", "3A"), when the address names one. */
  readonly unit?: string;
  /** Lot number, for "Lot 5 ..." addresses. */
  readonly lot?: string;
  /** House number as written, including ranges and suffixes: "12", "12A", "12-14". Absent for lot-only addresses. */
  readonly streetNumber?: string;
  /** First number of the house number range (12 for "12-14"); absent for lot-only addresses. */
  readonly streetNumberFrom?: number;
  /** Street name without its type, title case: "Smith", "St Georges". */
  readonly streetName: string;
  /** Street type spelled out, title case: "Street", "Road", "Avenue", "Parade". */
  readonly streetType: string;
  /** Suffix after the type when present: "North", "East", "Extension". */
  readonly streetSuffix?: string;
  /** Suburb or locality, upper case as on an envelope: "PADDINGTON". */
  readonly suburb: string;
  readonly state: AustralianState;
  /** Four-digit postcode as a string ("0800" keeps its zero). */
  readonly postcode: string;
}

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Street {
  /** Full street name as written on signs, title case: "Smith Street". */
  readonly name: string;
  readonly centerline: readonly Point[];
  readonly widthM: number;
}

export interface Parcel {
  readonly id: string;
  /** Closed ring (first point not repeated), counter-clockwise. */
  readonly polygon: readonly Point[];
  /** True for the parcel of the requested address. */
  readonly addressed: boolean;
}

export type RoofKind = 'hip' | 'gable' | 'flat';

export interface Building {
  readonly footprint: readonly Point[];
  readonly heightM: number;
  readonly roof: RoofKind;
  /** Roof colour as #rrggbb. */
  readonly roofColor: string;
  /** Ridge direction in degrees clockwise from north, for hip and gable roofs. */
  readonly ridgeBearingDeg: number;
}

export interface Tree {
  readonly center: Point;
  readonly radiusM: number;
}

export interface SiteModel {
  /** The geographic position of local (0, 0). */
  readonly origin: LatLng;
  /** Full name of the street the address is on ("Smith Street"). */
  readonly addressedStreet: string;
  readonly streets: readonly Street[];
  /** Empty where the source knows no parcels (cloud basemaps carry no cadastre). */
  readonly parcels: readonly Parcel[];
  readonly buildings: readonly Building[];
  readonly driveways: readonly (readonly Point[])[];
  readonly trees: readonly Tree[];
  readonly provider: string;
  /** True when the source makes the site up (the offline synthetic neighbourhood), not a map of the real one. */
  readonly synthetic?: boolean;
}
