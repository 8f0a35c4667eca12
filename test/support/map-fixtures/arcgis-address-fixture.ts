// An address point layer behind ArcGIS REST `query` (as a state's address points are published, such as
// the NSW Geocoded Addressing Theme's), serving the scene's addresses: the same layer protocol as
// arcgis-query-fixture.ts (its documentation cited there), point features, and the fixture's field names
// below (a real layer's are configured in the geocoder row's `fields`).
import type { ArcgisAddressGeocoderConfig } from '../../../functions/media/providers/sources/source-config.ts';
import { startArcgisLayerFixture } from './arcgis-query-fixture.ts';
import { FIXTURE_ROW_COMMON } from './cadastre-rows.ts';
import type { MapFixture, Misbehaviour } from './fixture-http.ts';
import { SCENE_ADDRESSES } from './scene.ts';

/** The layer's field names, for a geocoder row's `fields`. */
export const ADDRESS_FIXTURE_FIELDS = {
  houseNumber: 'housenumber',
  streetName: 'streetname',
  streetType: 'streettype',
  locality: 'locality',
  postcode: 'postcode',
} as const;

/** Extra address points beyond the scene's: a street with a quote in its name, to test escaping. */
const EXTRA = [
  {
    parts: {
      houseNumber: '3',
      streetName: "O'CONNELL",
      streetType: 'STREET',
      locality: 'ULTIMO',
      postcode: '2007',
    },
    point: { lat: -33.8835, lng: 151.1995 },
  },
];

export function startArcgisAddressFixture(
  options: { readonly token?: string; readonly misbehaviour?: Misbehaviour } = {},
): Promise<MapFixture> {
  const points = [...Object.values(SCENE_ADDRESSES), ...EXTRA];
  return startArcgisLayerFixture(
    '/arcgis/rest/services/Addressing/MapServer/1',
    {
      name: 'AddressPoint',
      geometryType: 'esriGeometryPoint',
      fields: {
        objectid: 'esriFieldTypeOID',
        housenumber: 'esriFieldTypeString',
        streetname: 'esriFieldTypeString',
        streettype: 'esriFieldTypeString',
        locality: 'esriFieldTypeString',
        postcode: 'esriFieldTypeString',
      },
      features: points.map((a, i) => ({
        attributes: {
          objectid: i + 1,
          housenumber: a.parts.houseNumber,
          streetname: a.parts.streetName,
          streettype: a.parts.streetType,
          locality: a.parts.locality,
          postcode: a.parts.postcode,
        },
        point: a.point,
      })),
      ...(options.token !== undefined ? { token: options.token } : {}),
    },
    options.misbehaviour,
  );
}

/** A geocoder row for the fixture at `url`. */
export function arcgisAddressRow(
  url: string,
  extra: Partial<ArcgisAddressGeocoderConfig> = {},
): ArcgisAddressGeocoderConfig {
  return {
    ...FIXTURE_ROW_COMMON,
    name: 'fixture-address-points',
    kind: 'arcgis-query',
    url,
    fields: ADDRESS_FIXTURE_FIELDS,
    ...extra,
  };
}
