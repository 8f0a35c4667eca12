// Geocoder adapter for Amazon Location Places v2 (Geocode). The SDK client is injected so tests (and the
// provider factory) decide credentials, region and retries; SDK errors propagate so the caller can treat
// throttling as retryable.
import {
  GeocodeCommand,
  type GeocodeCommandOutput,
  type GeocodeIntendedUse,
  type GeocodeResultItem,
  type PlaceType,
} from '@aws-sdk/client-geo-places';
import { formatAddress } from '../../../domain/address/address-parser.ts';
import type { LatLng, ParsedAddress } from '../../../domain/geo-types.ts';
import type { GeocodePrecision, GeocodeResult, Geocoder } from '../../geo/types.ts';

/** The slice of GeoPlacesClient this adapter uses; a real client satisfies it. */
interface GeocodeClient {
  send(command: GeocodeCommand): Promise<GeocodeCommandOutput>;
}

interface AmazonLocationGeocoderOptions {
  /** "Storage" is required (and billed differently) when results are kept; default "SingleUse". */
  readonly intendedUse?: GeocodeIntendedUse;
  /** Results whose MatchScores.Overall is below this are treated as not found. Default 0.5. */
  readonly minMatchScore?: number;
}

/** Generous box around Australia's states and territories, Torres Strait to Tasmania and Lord Howe Island. */
const AUSTRALIA_EXTENT = { west: 112, south: -44.5, east: 160, north: -9 } as const;

const PRECISION_BY_PLACE_TYPE: Partial<Record<PlaceType, GeocodePrecision>> = {
  PointAddress: 'rooftop',
  SecondaryAddress: 'rooftop',
  InterpolatedAddress: 'interpolated',
  InferredSecondaryAddress: 'interpolated',
  // A named place sits near the address but is not a surveyed address point.
  PointOfInterest: 'interpolated',
  Street: 'street',
  Intersection: 'street',
  Block: 'locality',
  SubBlock: 'locality',
  SubDistrict: 'locality',
  District: 'locality',
  Locality: 'locality',
  SubRegion: 'locality',
  PostalCode: 'postcode',
  // Region (state) and Country are absent on purpose: a state centroid is no property position.
};

/** When Places gives no match score: how sure a position of each precision is to be the property. */
const CONFIDENCE_BY_PRECISION: Readonly<Record<GeocodePrecision, number>> = {
  rooftop: 0.9,
  parcel: 0.9,
  interpolated: 0.7,
  street: 0.5,
  locality: 0.3,
  postcode: 0.2,
};

export class AmazonLocationGeocoder implements Geocoder {
  readonly name = 'amazon-location';
  private readonly intendedUse: GeocodeIntendedUse;
  private readonly minMatchScore: number;

  constructor(
    private readonly client: GeocodeClient,
    options: AmazonLocationGeocoderOptions = {},
  ) {
    this.intendedUse = options.intendedUse ?? 'SingleUse';
    this.minMatchScore = options.minMatchScore ?? 0.5;
  }

  async geocode(address: ParsedAddress): Promise<GeocodeResult | null> {
    const queryText = formatAddress(address);
    const output = await this.client.send(
      new GeocodeCommand({
        QueryText: queryText,
        Filter: { IncludeCountries: ['AUS'] },
        MaxResults: 1,
        Language: 'en',
        IntendedUse: this.intendedUse,
      }),
    );
    const item = output.ResultItems?.[0];
    if (!item) return null;
    return this.toResult(item, queryText);
  }

  private toResult(item: GeocodeResultItem, queryText: string): GeocodeResult | null {
    const position = positionOf(item.Position);
    if (!position || !insideAustralia(position)) return null;
    const country = item.Address?.Country;
    if ((country?.Code3 ?? 'AUS') !== 'AUS' || (country?.Code2 ?? 'AU') !== 'AU') return null;
    const overall = item.MatchScores?.Overall;
    if (overall !== undefined && overall < this.minMatchScore) return null;
    const precision = precisionOf(item);
    if (!precision) return null;
    return {
      formattedAddress: item.Address?.Label ?? item.Title ?? queryText,
      position,
      precision,
      confidence: overall ?? CONFIDENCE_BY_PRECISION[precision],
      provider: this.name,
    };
  }
}

function positionOf(position: number[] | undefined): LatLng | null {
  const [lng, lat] = position ?? [];
  if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  return { lat, lng };
}

function insideAustralia({ lat, lng }: LatLng): boolean {
  return (
    lat >= AUSTRALIA_EXTENT.south &&
    lat <= AUSTRALIA_EXTENT.north &&
    lng >= AUSTRALIA_EXTENT.west &&
    lng <= AUSTRALIA_EXTENT.east
  );
}

function precisionOf(item: GeocodeResultItem): GeocodePrecision | null {
  const type = item.PlaceType;
  if (type === undefined) return null;
  // Places marks point addresses whose position it estimated; they are no better than interpolated.
  if (type === 'PointAddress' && item.EstimatedPointAddress) return 'interpolated';
  return PRECISION_BY_PLACE_TYPE[type] ?? null;
}
