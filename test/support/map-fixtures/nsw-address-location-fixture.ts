// NSW Spatial Services' Address Location web service serving the scene's addresses, written from its
// published API ("Address Location Web Service – API Reference Guide",
// http://maps.six.nsw.gov.au/sws/AddressLocation.html): GET with houseNumber, roadName (mandatory, without
// its type), roadType (full name or abbreviation), suburb and/or postCode (one of them required), and
// projection (EPSG:4326 or EPSG:3857); the answer `{"addressResult": {"addresses": [...]}}` with each
// address's houseNumberFirst, roadName, roadType, suburbName, postCode, shortAddressString, addressString
// and its point in `addressPoint` {centreX, centreY} (x easting/longitude, y northing/latitude).
// What the guide does not show, and this fixture assumes: no match is an empty `addresses` list, and a
// request without roadName, or without both suburb and postCode, is HTTP 400.
import { STREET_TYPE_SPELLINGS } from '../../../functions/domain/address/street-types.ts';
import type { NswAddressLocationGeocoderConfig } from '../../../functions/media/providers/sources/source-config.ts';
import { FIXTURE_ROW_COMMON } from './cadastre-rows.ts';
import { type MapFixture, type Misbehaviour, sendJson, startFixtureServer } from './fixture-http.ts';
import { SCENE_ADDRESSES } from './scene.ts';

const PATH = '/services/public/Address_Location';

/** The street type in any accepted spelling, as its full name ("ST" → "STREET"). */
function fullType(text: string): string {
  const lower = text.toLowerCase().replace(/\./g, '');
  const entry = Object.entries(STREET_TYPE_SPELLINGS).find(([, spellings]) => spellings.includes(lower));
  return (entry?.[0] ?? text).toUpperCase();
}

export function startNswAddressLocationFixture(
  options: { readonly misbehaviour?: Misbehaviour } = {},
): Promise<MapFixture> {
  return startFixtureServer(
    PATH,
    (request, res, m) => {
      if (request.path !== PATH) return void res.writeHead(404).end();
      if (m.errorObject) return sendJson(res, 200, { error: 'The service is misbehaving on purpose.' });
      const p = request.params;
      if (!p.roadName || (!p.suburb && !p.postCode))
        return sendJson(res, 400, { error: 'roadName, and suburb or postCode, are required' });
      const projection = p.projection ?? 'EPSG:4326';
      if (projection !== 'EPSG:4326' && projection !== 'EPSG:3857')
        return sendJson(res, 400, { error: `projection ${projection} is not supported` });
      const upper = (s: string | undefined) => (s ?? '').trim().toUpperCase();
      const addresses = Object.values(SCENE_ADDRESSES)
        .filter(
          (a) =>
            upper(p.houseNumber) === a.parts.houseNumber &&
            upper(p.roadName) === a.parts.streetName &&
            (!p.roadType || fullType(p.roadType) === a.parts.streetType) &&
            (!p.suburb || upper(p.suburb) === a.parts.locality) &&
            (!p.postCode || p.postCode === a.parts.postcode),
        )
        .map((a, i) => {
          const [x, y] =
            projection === 'EPSG:4326'
              ? [a.point.lng, a.point.lat]
              : [
                  (a.point.lng * Math.PI * 6378137) / 180,
                  6378137 * Math.log(Math.tan(Math.PI / 4 + (a.point.lat * Math.PI) / 360)),
                ];
          return {
            houseNumberFirst: Number(a.parts.houseNumber),
            houseNumberFirstSuffix: null,
            houseNumberSecond: 0,
            houseNumberSecondSuffix: null,
            objectId: 1000 + i,
            propid: 2000 + i,
            postCode: Number(a.parts.postcode),
            roadName: a.parts.streetName.charAt(0) + a.parts.streetName.slice(1).toLowerCase(),
            roadSuffix: null,
            roadType: 'Street',
            shortAddressString: `${a.parts.houseNumber} ${a.parts.streetName} ${a.parts.streetType} ${a.parts.locality}`,
            suburbName: a.parts.locality.charAt(0) + a.parts.locality.slice(1).toLowerCase(),
            addressType: 'Assigned',
            council: 'Sydney',
            addressString: `${a.parts.houseNumber} ${a.parts.streetName} ${a.parts.streetType} ${a.parts.locality} ${a.parts.postcode}`,
            addressPoint: { centreX: x, centreY: y },
          };
        });
      sendJson(res, 200, { addressResult: { addresses } });
    },
    options.misbehaviour,
  );
}

/** A geocoder row for the fixture at `url`. */
export function nswAddressRow(
  url: string,
  extra: Partial<NswAddressLocationGeocoderConfig> = {},
): NswAddressLocationGeocoderConfig {
  return { ...FIXTURE_ROW_COMMON, name: 'fixture-nsw-address', kind: 'nsw-address-location', url, ...extra };
}
