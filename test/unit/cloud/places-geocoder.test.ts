import {
  GeocodeCommand,
  type GeocodeCommandOutput,
  type GeocodeResultItem,
  GeoPlacesClient,
  ThrottlingException,
} from '@aws-sdk/client-geo-places';
import { describe, expect, it, vi } from 'vitest';
import type { ParsedAddress } from '../../../functions/domain/geo-types.ts';
import { AmazonLocationGeocoder } from '../../../functions/media/providers/amazon-location/index.ts';

const ADDRESS: ParsedAddress = {
  streetNumber: '12',
  streetNumberFrom: 12,
  streetName: 'Smith',
  streetType: 'Street',
  suburb: 'PADDINGTON',
  state: 'NSW',
  postcode: '2021',
};

const ITEM: GeocodeResultItem = {
  PlaceId: 'AQAAA-place',
  PlaceType: 'PointAddress',
  Title: '12 Smith St, Paddington NSW 2021, Australia',
  Address: {
    Label: '12 Smith St, Paddington NSW 2021, Australia',
    Country: { Code2: 'AU', Code3: 'AUS', Name: 'Australia' },
    Region: { Code: 'NSW', Name: 'New South Wales' },
    Locality: 'Paddington',
    PostalCode: '2021',
    Street: 'Smith St',
    AddressNumber: '12',
  },
  Position: [151.2271, -33.8842],
  MapView: [151.226, -33.885, 151.228, -33.883],
  MatchScores: { Overall: 0.98 },
};

/** A client whose send is replaced, returning the given items and recording the commands. */
function fakeClient(items: GeocodeResultItem[]) {
  const client = new GeoPlacesClient({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  const send = vi.fn(
    async (_command: GeocodeCommand): Promise<GeocodeCommandOutput> => ({
      PricingBucket: 'Core',
      ResultItems: items,
      $metadata: {},
    }),
  );
  Object.assign(client, { send });
  return { client, send };
}

describe('AmazonLocationGeocoder', () => {
  it('sends a Geocode request for the formatted Australian address', async () => {
    const { client, send } = fakeClient([ITEM]);
    const geocoder = new AmazonLocationGeocoder(client, { intendedUse: 'Storage' });
    await geocoder.geocode(ADDRESS);
    const command = send.mock.calls[0]?.[0];
    expect(command).toBeInstanceOf(GeocodeCommand);
    expect(command?.input).toEqual({
      QueryText: '12 Smith Street, PADDINGTON NSW 2021',
      Filter: { IncludeCountries: ['AUS'] },
      MaxResults: 1,
      Language: 'en',
      IntendedUse: 'Storage',
    });
  });

  it('maps a point address to a rooftop result', async () => {
    const geocoder = new AmazonLocationGeocoder(fakeClient([ITEM]).client);
    expect(geocoder.name).toBe('amazon-location');
    expect(await geocoder.geocode(ADDRESS)).toEqual({
      formattedAddress: '12 Smith St, Paddington NSW 2021, Australia',
      position: { lat: -33.8842, lng: 151.2271 },
      precision: 'rooftop',
      confidence: 0.98,
      provider: 'amazon-location',
    });
  });

  it.each([
    ['InterpolatedAddress', 'interpolated'],
    ['Street', 'street'],
    ['Locality', 'locality'],
    ['District', 'locality'],
    ['SubRegion', 'locality'],
    ['PostalCode', 'postcode'],
  ] as const)('maps place type %s to precision %s', async (placeType, precision) => {
    const geocoder = new AmazonLocationGeocoder(fakeClient([{ ...ITEM, PlaceType: placeType }]).client);
    expect((await geocoder.geocode(ADDRESS))?.precision).toBe(precision);
  });

  it('treats an estimated point address as interpolated', async () => {
    const item = { ...ITEM, EstimatedPointAddress: true };
    expect((await new AmazonLocationGeocoder(fakeClient([item]).client).geocode(ADDRESS))?.precision).toBe(
      'interpolated',
    );
  });

  it('falls back to the title, then the query, for the formatted address', async () => {
    const { Address: _address, ...noAddress } = ITEM;
    const geocoder = new AmazonLocationGeocoder(fakeClient([noAddress]).client);
    expect((await geocoder.geocode(ADDRESS))?.formattedAddress).toBe(ITEM.Title);
  });

  it.each([
    ['no result', []],
    ['a result outside Australia', [{ ...ITEM, Position: [174.7762, -41.2865] }]],
    ['a result in another country', [{ ...ITEM, Address: { Country: { Code2: 'NZ', Code3: 'NZL' } } }]],
    ['a low match score', [{ ...ITEM, MatchScores: { Overall: 0.3 } }]],
    ['a state-level match', [{ ...ITEM, PlaceType: 'Region' as const }]],
    ['a result without a position', [{ ...ITEM, Position: undefined }]],
  ])('resolves null for %s', async (_label, items: GeocodeResultItem[]) => {
    expect(await new AmazonLocationGeocoder(fakeClient(items).client).geocode(ADDRESS)).toBeNull();
  });

  it('uses the configured match score threshold', async () => {
    const items = [{ ...ITEM, MatchScores: { Overall: 0.6 } }];
    expect(await new AmazonLocationGeocoder(fakeClient(items).client).geocode(ADDRESS)).not.toBeNull();
    expect(
      await new AmazonLocationGeocoder(fakeClient(items).client, { minMatchScore: 0.7 }).geocode(ADDRESS),
    ).toBe(null);
  });

  it('lets SDK errors (throttling) propagate', async () => {
    const { client, send } = fakeClient([]);
    send.mockRejectedValueOnce(
      new ThrottlingException({ Message: 'Rate exceeded', message: 'Rate exceeded', $metadata: {} }),
    );
    await expect(new AmazonLocationGeocoder(client).geocode(ADDRESS)).rejects.toBeInstanceOf(
      ThrottlingException,
    );
  });

  it('reads a documented Geocode HTTP response through the real SDK client', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    const client = new GeoPlacesClient({
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
      requestHandler: {
        handle: async (request: { method: string; path: string; body?: unknown }) => {
          const text =
            request.body instanceof Uint8Array
              ? new TextDecoder().decode(request.body)
              : String(request.body);
          requests.push({ method: request.method, path: request.path, body: JSON.parse(text) });
          const body = JSON.stringify({ ResultItems: [ITEM] });
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/json', 'x-amz-geo-pricing-bucket': 'Core' },
              body: new TextEncoder().encode(body),
            },
          };
        },
      },
    });
    const result = await new AmazonLocationGeocoder(client).geocode(ADDRESS);
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v2/geocode',
        body: {
          QueryText: '12 Smith Street, PADDINGTON NSW 2021',
          Filter: { IncludeCountries: ['AUS'] },
          MaxResults: 1,
          Language: 'en',
          IntendedUse: 'SingleUse',
        },
      },
    ]);
    expect(result).toEqual({
      formattedAddress: ITEM.Address?.Label,
      position: { lat: -33.8842, lng: 151.2271 },
      precision: 'rooftop',
      confidence: 0.98,
      provider: 'amazon-location',
    });
  });
});
