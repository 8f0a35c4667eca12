// The seed of a synthetic site and the facts drawn first from it: the bearing the property faces, its
// lot's size and its street's width. Seeded from the address alone (not the geocoded position), so one
// address always gives the same site.
import type { ParsedAddress } from '../../domain/geo-types.ts';
import { fnv1a, SeededRandom } from '../../domain/random.ts';

/** Seed-level facts about a synthetic site, for tests and debugging. */
export interface SyntheticLayout {
  /** Compass bearing from the addressed parcel toward the addressed street. */
  readonly frontBearingDeg: number;
  readonly frontageM: number;
  readonly depthM: number;
  readonly streetWidthM: number;
}

/** How many draws syntheticLayout takes from the seeded stream; the site continues it after them. */
export const LAYOUT_DRAWS = 4;

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

/** FNV-1a over the normalized address fields that identify the property (not the unit: one building). */
export function addressSeed(a: ParsedAddress): number {
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

export const round1 = (v: number) => Math.round(v * 10) / 10;
export const round3 = (v: number) => Math.round(v * 1000) / 1000;
