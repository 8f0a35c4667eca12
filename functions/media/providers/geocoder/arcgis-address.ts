// A geocoder over an address point layer queried through ArcGIS REST `query` (a state's address points,
// such as the NSW Geocoded Addressing Theme's): a `where` on the configured house number, street name,
// street type, locality and postcode fields, the first matching point its position. Every value in the
// `where` is checked (address-values.ts) and quoted (quotes doubled); the field names are checked when
// the row is read. No match is null, so the chain goes on to the next geocoder.
// Query (Map Service/Layer): https://developers.arcgis.com/rest/services-reference/enterprise/query-map-service-layer/
import { formatAddress } from '../../../domain/address/address-parser.ts';
import type { LatLng, ParsedAddress } from '../../../domain/geo-types.ts';
import type { GeocodeResult, Geocoder } from '../../geo/types.ts';
import {
  checkKey,
  isRecord,
  openOperation,
  parseJson,
  type SourceAdapterOptions,
} from '../sources/adapter-get.ts';
import { arcgisQueryUrl, sqlText, throwIfArcgisError } from '../sources/arcgis-rest.ts';
import type { ArcgisAddressGeocoderConfig } from '../sources/source-config.ts';
import { SourceError } from '../sources/source-types.ts';
import { addressValues } from './address-values.ts';

/** A register's own point for the very address: the property, short of the building itself. */
const CONFIDENCE = { rooftop: 0.95, parcel: 0.9 } as const;

export class ArcgisAddressGeocoder implements Geocoder {
  readonly name: string;

  constructor(
    private readonly config: ArcgisAddressGeocoderConfig,
    private readonly options: SourceAdapterOptions,
  ) {
    checkKey(config, options);
    this.name = config.name;
  }

  /** The `where` clause for `address`, or undefined when the address has a part no register holds. */
  whereFor(address: ParsedAddress): string | undefined {
    const v = addressValues(address);
    if (!v) return undefined;
    const f = this.config.fields;
    const clauses = [
      `${f.houseNumber} = ${this.config.numericHouseNumber ? String(v.houseNumberFrom) : sqlText(v.houseNumber)}`,
      `${f.streetName} = ${sqlText(v.streetName)}`,
      ...(f.streetType
        ? [
            `${f.streetType} = ${sqlText(this.config.streetTypes === 'abbreviated' ? v.streetTypeShort : v.streetType)}`,
          ]
        : []),
      `${f.locality} = ${sqlText(v.locality)}`,
      ...(f.postcode
        ? [
            `${f.postcode} = ${this.config.numericPostcode ? String(Number(v.postcode)) : sqlText(v.postcode)}`,
          ]
        : []),
      ...(f.unit && v.unit !== undefined ? [`${f.unit} = ${sqlText(v.unit)}`] : []),
    ];
    if (this.config.where) clauses.unshift(`(${this.config.where})`);
    return clauses.join(' AND ');
  }

  async geocode(address: ParsedAddress): Promise<GeocodeResult | null> {
    const where = this.whereFor(address);
    if (where === undefined) return null;
    const operation = openOperation(this.config, this.options);
    const answer = await operation.get(
      arcgisQueryUrl(this.config.url, {
        where,
        outFields: Object.values(this.config.fields).join(','),
        returnGeometry: 'true',
        outSR: '4326',
        f: 'json',
      }),
    );
    const body = parseJson(this.name, answer.bytes, 'the address query answer');
    throwIfArcgisError(this.name, body, 'the address query answer', operation.redact);
    if (!isRecord(body) || !Array.isArray(body.features))
      throw new SourceError(this.name, 'bad-answer', 'the address query answer has no features list');
    const features = body.features.filter(isRecord);
    // Without a unit asked for, the address itself beats one of its units.
    const unitField = this.config.fields.unit;
    const ranked =
      unitField && address.unit === undefined
        ? [...features].sort((a, b) => Number(hasValue(a, unitField)) - Number(hasValue(b, unitField)))
        : features;
    const first = ranked[0];
    if (!first) return null;
    const position = pointOf(first.geometry);
    if (!position)
      throw new SourceError(this.name, 'bad-answer', 'the matching address has no point (x, y) in WGS 84');
    const precision = this.config.precision ?? 'parcel';
    return {
      formattedAddress: formatAddress(address),
      position,
      precision,
      confidence: CONFIDENCE[precision],
      provider: this.name,
    };
  }
}

function hasValue(feature: Record<string, unknown>, field: string): boolean {
  const attributes = isRecord(feature.attributes) ? feature.attributes : {};
  const value = attributes[field];
  return value !== null && value !== undefined && String(value).trim() !== '';
}

function pointOf(geometry: unknown): LatLng | undefined {
  if (!isRecord(geometry)) return undefined;
  const { x, y } = geometry;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    return undefined;
  if (Math.abs(y) > 90 || Math.abs(x) > 180) return undefined;
  return { lat: y, lng: x };
}
