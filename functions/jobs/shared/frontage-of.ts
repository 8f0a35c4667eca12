// Which way the property faces, from the best the job knows: a cadastre lot's street side (the side that
// faces no other lot), or the site's streets (the addressed street's nearest point). A synthetic site's
// made-up streets never decide the front of a real lot.
import type { SiteModel } from '../../domain/geo-types.ts';
import { detectFrontage } from '../../media/frontage/detect-frontage.ts';
import { lotFrontage } from '../../media/frontage/lot-frontage.ts';
import type { Parcel } from './parcel.ts';

type StreetFrontage = ReturnType<typeof detectFrontage>;
export type Frontage = StreetFrontage | NonNullable<ReturnType<typeof lotFrontage>>;

/**
 * The front of `site`'s addressed parcel (`site` as withParcel made it); undefined when nothing tells it
 * (no streets, and no street side of a lot).
 */
export function frontageOf(site: SiteModel, parcel: Parcel | undefined): Frontage | undefined {
  const streets = site.streets.length > 0 && !site.synthetic ? site.streets : [];
  if (parcel?.source.kind === 'cadastre') {
    const fromLot = lotFrontage(parcel.ring, parcel.neighbours ?? [], site.origin);
    // One street side is surer than a street map; a corner lot's sides are told apart by the addressed street.
    if (fromLot && (fromLot.sides.length === 1 || streets.length === 0)) return fromLot;
    if (streets.length > 0) return detectFrontage(site);
    return fromLot;
  }
  return site.streets.length > 0 ? detectFrontage(site) : undefined;
}
