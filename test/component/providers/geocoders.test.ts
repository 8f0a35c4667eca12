// The states' address services as geocoders, against fixtures serving the scene's addresses: an ArcGIS
// address point layer and NSW's Address Location service each place the four scene addresses on their
// address points; an unknown address is null; SQL-ish input never reaches a where clause (and a real
// quote in a street name is escaped, not refused); the chain falls through a failing source to the next.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedAddress } from '../../../functions/domain/geo-types.ts';
import type { GeocodeResult, Geocoder } from '../../../functions/media/geo/types.ts';
import { ArcgisAddressGeocoder } from '../../../functions/media/providers/geocoder/arcgis-address.ts';
import {
  ChainedGeocoder,
  geocoderChain,
} from '../../../functions/media/providers/geocoder/chained-geocoder.ts';
import { NswAddressLocationGeocoder } from '../../../functions/media/providers/geocoder/nsw-address-location.ts';
import { SourceError } from '../../../functions/media/providers/sources/source-types.ts';
import {
  arcgisAddressRow,
  startArcgisAddressFixture,
} from '../../support/map-fixtures/arcgis-address-fixture.ts';
import type { MapFixture } from '../../support/map-fixtures/fixture-http.ts';
import {
  nswAddressRow,
  startNswAddressLocationFixture,
} from '../../support/map-fixtures/nsw-address-location-fixture.ts';
import { SCENE_ADDRESSES, type SceneAddress } from '../../support/map-fixtures/scene.ts';

const rules = { allowHttp: true, allowLoopback: true };

function parsed(a: SceneAddress, change: Partial<ParsedAddress> = {}): ParsedAddress {
  return {
    streetNumber: a.parts.houseNumber,
    streetNumberFrom: Number(a.parts.houseNumber),
    streetName: 'Wattle',
    streetType: 'Street',
    suburb: a.parts.locality,
    state: 'NSW',
    postcode: a.parts.postcode,
    ...change,
  };
}

const SCENE = Object.entries(SCENE_ADDRESSES);

describe('arcgis-query address points', () => {
  let fixture: MapFixture;
  beforeAll(async () => {
    fixture = await startArcgisAddressFixture();
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.misbehave({}));
  const geocoder = () => new ArcgisAddressGeocoder(arcgisAddressRow(fixture.url), { rules });

  it.each(SCENE)('places the %s address on its address point', async (_name, address) => {
    const result = await geocoder().geocode(parsed(address));
    expect(result).toMatchObject({
      position: address.point,
      precision: 'parcel',
      provider: 'fixture-address-points',
      formattedAddress: `${address.parts.houseNumber} Wattle Street, ULTIMO NSW 2007`,
    });
  });

  it('asks with a where of the configured fields, upper case, quoted', async () => {
    await geocoder().geocode(parsed(SCENE_ADDRESSES.property));
    expect(fixture.requests.at(-1)!.params.where).toBe(
      "housenumber = '10' AND streetname = 'WATTLE' AND streettype = 'STREET' AND locality = 'ULTIMO' AND postcode = '2007'",
    );
  });

  it('answers null for an address the layer does not have', async () => {
    expect(
      await geocoder().geocode(
        parsed(SCENE_ADDRESSES.property, { streetNumber: '99', streetNumberFrom: 99 }),
      ),
    ).toBeNull();
  });

  it('answers null without asking for SQL-ish input', async () => {
    fixture.requests.length = 0;
    for (const change of [
      { streetName: "Wattle' OR '1'='1" },
      { suburb: "ULTIMO'; DROP TABLE addresses; --" },
      { streetNumber: '10) OR (1=1', streetNumberFrom: 10 },
    ])
      expect(await geocoder().geocode(parsed(SCENE_ADDRESSES.property, change))).toBeNull();
    expect(fixture.requests).toHaveLength(0);
  });

  it("escapes a quote that belongs in a street name (O'Connell) and finds it", async () => {
    const result = await geocoder().geocode(
      parsed(SCENE_ADDRESSES.property, { streetNumber: '3', streetNumberFrom: 3, streetName: "O'Connell" }),
    );
    expect(result?.position).toEqual({ lat: -33.8835, lng: 151.1995 });
    expect(fixture.requests.at(-1)!.params.where).toContain("streetname = 'O''CONNELL'");
  });

  it('asks with abbreviated street types and numeric house numbers where the row says so', () => {
    const g = new ArcgisAddressGeocoder(
      arcgisAddressRow(fixture.url, { streetTypes: 'abbreviated', numericHouseNumber: true }),
      {
        rules,
      },
    );
    expect(g.whereFor(parsed(SCENE_ADDRESSES.property))).toBe(
      "housenumber = 10 AND streetname = 'WATTLE' AND streettype = 'ST' AND locality = 'ULTIMO' AND postcode = '2007'",
    );
  });

  it('an error object is error-answer', async () => {
    fixture.misbehave({ errorObject: true });
    const error = await geocoder()
      .geocode(parsed(SCENE_ADDRESSES.property))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('error-answer');
  });
});

describe('nsw-address-location', () => {
  let fixture: MapFixture;
  beforeAll(async () => {
    fixture = await startNswAddressLocationFixture();
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.misbehave({}));
  const geocoder = () => new NswAddressLocationGeocoder(nswAddressRow(fixture.url), { rules });

  it.each(SCENE)('places the %s address on its address point', async (_name, address) => {
    expect(await geocoder().geocode(parsed(address))).toMatchObject({
      position: address.point,
      precision: 'parcel',
      provider: 'fixture-nsw-address',
    });
  });

  it("asks with the guide's parameters, EPSG:4326", async () => {
    await geocoder().geocode(parsed(SCENE_ADDRESSES.property));
    expect(fixture.requests.at(-1)!.params).toEqual({
      houseNumber: '10',
      roadName: 'WATTLE',
      roadType: 'STREET',
      suburb: 'ULTIMO',
      postCode: '2007',
      projection: 'EPSG:4326',
    });
  });

  it('answers null for an address the register does not have, and for SQL-ish input without asking', async () => {
    expect(await geocoder().geocode(parsed(SCENE_ADDRESSES.property, { streetName: 'Banksia' }))).toBeNull();
    const before = fixture.requests.length;
    expect(
      await geocoder().geocode(parsed(SCENE_ADDRESSES.property, { streetName: "Wattle' OR 1=1 --" })),
    ).toBeNull();
    expect(fixture.requests).toHaveLength(before);
  });

  it.each([
    ['an error answer', { errorObject: true }, 'error-answer'],
    ['an empty answer', { empty: true }, 'bad-answer'],
    ['a 500', { status500: true }, 'http-status'],
    ['no answer', { hang: true }, 'timeout'],
  ] as const)('%s is %s', async (_name, misbehaviour, kind) => {
    fixture.misbehave(misbehaviour);
    const slow = new NswAddressLocationGeocoder(nswAddressRow(fixture.url, { timeoutMs: 500 }), { rules });
    const error = await slow.geocode(parsed(SCENE_ADDRESSES.property)).catch((e: unknown) => e);
    expect((error as SourceError).kind).toBe(kind);
  });
});

describe('chained geocoder', () => {
  let nsw: MapFixture;
  let points: MapFixture;
  beforeAll(async () => {
    nsw = await startNswAddressLocationFixture({ misbehaviour: { status500: true } });
    points = await startArcgisAddressFixture();
  });
  afterAll(() => Promise.all([nsw.close(), points.close()]));

  const fallback: Geocoder = {
    name: 'offline-gazetteer',
    geocode: async (): Promise<GeocodeResult> => ({
      formattedAddress: 'somewhere',
      position: { lat: -33.88, lng: 151.2 },
      precision: 'locality',
      confidence: 0.3,
      provider: 'offline-gazetteer',
    }),
  };

  it('falls through a failing first source to the next, and says which failed', async () => {
    const failed: string[] = [];
    const chain = geocoderChain([nswAddressRow(nsw.url), arcgisAddressRow(points.url), { kind: 'offline' }], {
      rules,
      offline: () => fallback,
      amazonLocation: () => fallback,
      onSourceFailed: (source, error) => failed.push(`${source}: ${error.kind}`),
    });
    const result = await chain.geocode(parsed(SCENE_ADDRESSES.property));
    expect(result).toMatchObject({
      provider: 'fixture-address-points',
      position: SCENE_ADDRESSES.property.point,
    });
    expect(failed).toEqual(['fixture-nsw-address: http-status']);
  });

  it('ends with the offline gazetteer (or Amazon Location) when the state services find nothing', async () => {
    const chain = geocoderChain([arcgisAddressRow(points.url), { kind: 'amazon-location' }], {
      rules,
      offline: () => fallback,
      amazonLocation: () => fallback,
    });
    const result = await chain.geocode(parsed(SCENE_ADDRESSES.property, { streetName: 'Banksia' }));
    expect(result?.provider).toBe('offline-gazetteer');
  });

  it("skips a source whose states do not hold the address's state", async () => {
    nsw.requests.length = 0;
    const chain = geocoderChain([nswAddressRow(nsw.url), { kind: 'offline' }], {
      rules,
      offline: () => fallback,
      amazonLocation: () => fallback,
    });
    const result = await chain.geocode(
      parsed(SCENE_ADDRESSES.property, { state: 'VIC', suburb: 'RICHMOND', postcode: '3121' }),
    );
    expect(result?.provider).toBe('offline-gazetteer');
    expect(nsw.requests).toHaveLength(0);
  });

  it('throws the last failure when every source asked failed (an outage, not an unknown address)', async () => {
    const chain = new ChainedGeocoder([
      { geocoder: new NswAddressLocationGeocoder(nswAddressRow(nsw.url), { rules }) },
    ]);
    const error = await chain.geocode(parsed(SCENE_ADDRESSES.property)).catch((e: unknown) => e);
    expect((error as SourceError).kind).toBe('http-status');
  });

  it('does not swallow an error that is not a source failure', async () => {
    const broken: Geocoder = {
      name: 'broken',
      geocode: async () => {
        throw new TypeError('a bug');
      },
    };
    const chain = new ChainedGeocoder([{ geocoder: broken }, { geocoder: fallback }]);
    await expect(chain.geocode(parsed(SCENE_ADDRESSES.property))).rejects.toThrow(TypeError);
  });
});
