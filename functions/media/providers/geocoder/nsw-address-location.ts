// NSW Spatial Services' Address Location web service: an address in, its address point out, from the
// state's address register (GURAS). Its published API, "Address Location Web Service – API Reference
// Guide": http://maps.six.nsw.gov.au/sws/AddressLocation.html (service URL
// https://mapsq.six.nsw.gov.au/services/public/Address_Location). A GET with houseNumber, roadName
// (mandatory, without its type), roadType (full or abbreviated), suburb and/or postCode, and projection
// (EPSG:4326 here); the answer is `{"addressResult": {"addresses": [{houseNumberFirst, roadName, roadType,
// suburbName, postCode, shortAddressString, …}]}}`. The guide's excerpt we could read ends before the
// position; every public client we found reads it from `addressPoint.centreX` (longitude) and `centreY`
// (latitude) in EPSG:4326, and so does this adapter (not confirmed against the live service offline).
// The register's points are system-generated points on the property, not on the building (Spatial
// Services, "Address data"): precision 'parcel'. An answer for another number, street or suburb than the
// one asked (the service may fall back to a near one) is no match: its lot would be someone else's.
import { formatAddress } from '../../../domain/address/address-parser.ts';
import type { ParsedAddress } from '../../../domain/geo-types.ts';
import type { GeocodeResult, Geocoder } from '../../geo/types.ts';
import {
  checkKey,
  isRecord,
  openOperation,
  parseJson,
  type SourceAdapterOptions,
} from '../sources/adapter-get.ts';
import { withParams } from '../sources/arcgis-rest.ts';
import type { NswAddressLocationGeocoderConfig } from '../sources/source-config.ts';
import { SourceError } from '../sources/source-types.ts';
import { type AddressValues, addressValues } from './address-values.ts';

const CONFIDENCE = 0.9;

export class NswAddressLocationGeocoder implements Geocoder {
  readonly name: string;

  constructor(
    private readonly config: NswAddressLocationGeocoderConfig,
    private readonly options: SourceAdapterOptions,
  ) {
    checkKey(config, options);
    this.name = config.name;
  }

  async geocode(address: ParsedAddress): Promise<GeocodeResult | null> {
    const v = addressValues(address);
    if (!v) return null;
    const operation = openOperation(this.config, this.options);
    const answer = await operation.get(
      withParams(this.config.url, {
        houseNumber: v.houseNumber,
        roadName: v.streetName,
        roadType: v.streetType,
        suburb: v.locality,
        postCode: v.postcode,
        projection: 'EPSG:4326',
      }),
    );
    const body = parseJson(this.name, answer.bytes, 'the Address Location answer');
    if (isRecord(body) && body.error !== undefined && body.addressResult === undefined) {
      const said = typeof body.error === 'string' ? body.error : JSON.stringify(body.error);
      throw new SourceError(
        this.name,
        'error-answer',
        operation.redact(`the Address Location answer was an error: ${said.slice(0, 300)}`),
      );
    }
    const result = isRecord(body) && isRecord(body.addressResult) ? body.addressResult : undefined;
    if (!result)
      throw new SourceError(this.name, 'bad-answer', 'the Address Location answer has no addressResult');
    const addresses = Array.isArray(result.addresses) ? result.addresses.filter(isRecord) : [];
    const match = addresses.find((a) => sameAddress(a, v));
    if (!match) return null;
    const point = isRecord(match.addressPoint) ? match.addressPoint : {};
    const { centreX: lng, centreY: lat } = point;
    if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      throw new SourceError(
        this.name,
        'bad-answer',
        'the matching address has no addressPoint (centreX, centreY) in EPSG:4326',
      );
    return {
      formattedAddress: formatAddress(address),
      position: { lat, lng },
      precision: 'parcel',
      confidence: CONFIDENCE,
      provider: this.name,
    };
  }
}

/** Whether an answered address is the one asked for: its first house number, road and suburb. */
function sameAddress(a: Record<string, unknown>, v: AddressValues): boolean {
  const norm = (x: unknown) =>
    (typeof x === 'string' || typeof x === 'number' ? String(x) : '').toUpperCase().trim();
  const number = `${norm(a.houseNumberFirst)}${norm(a.houseNumberFirstSuffix)}`;
  const asked = v.houseNumber.split('-')[0]!;
  return number === asked && norm(a.roadName) === v.streetName && norm(a.suburbName) === v.locality;
}
