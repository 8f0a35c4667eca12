// Offline site source: a deterministic synthetic suburban neighbourhood around an address, so the local
// stack produces real frontage and imagery output without a cadastre. The layout is seeded from the
// address alone (not the geocoded position), so one address always gives the same site.
//
// Layout is built in a street frame: u runs along the addressed street, v points from the addressed
// parcel toward it. The frame is turned to a seed-chosen compass bearing, which is therefore the bearing
// the property faces. The seed and its first facts are in synthetic-site-seed.ts, the streets and lots in
// synthetic-site-builder.ts, each lot's home in synthetic-site-homes.ts.

import type { LatLng, ParsedAddress, SiteModel } from '../../domain/geo-types.ts';
import type { SiteSource } from '../geo/types.ts';
import { SiteBuilder } from './synthetic-site-builder.ts';

export { syntheticLayout } from './synthetic-site-seed.ts';

/** Smaller radii are raised to this so the addressed street, parcel and neighbours are always present. */
export const MIN_SYNTHETIC_RADIUS_M = 60;

export class SyntheticSiteSource implements SiteSource {
  readonly name = 'offline-synthetic';

  async siteAround(origin: LatLng, address: ParsedAddress, radiusM: number): Promise<SiteModel> {
    return buildSyntheticSite(origin, address, radiusM);
  }
}

export function buildSyntheticSite(origin: LatLng, address: ParsedAddress, radiusM: number): SiteModel {
  if (!Number.isFinite(radiusM) || radiusM <= 0)
    throw new RangeError(`radiusM must be positive, got ${radiusM}`);
  if (!Number.isFinite(origin.lat) || !Number.isFinite(origin.lng))
    throw new RangeError('origin must be finite');
  return new SiteBuilder(origin, address, Math.max(radiusM, MIN_SYNTHETIC_RADIUS_M)).build();
}
