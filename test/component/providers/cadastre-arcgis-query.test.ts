// The arcgis-query cadastre adapter against an ArcGIS REST layer fixture serving the scene's lots: the
// lot found from each scene address is the scene's lot (its ring equal to scene.ts's within 1e-7°), in
// GeoJSON and in Esri JSON alike; a lot by id; a hostile id refused before any request; paging at the
// transfer limit; and every way a service misbehaves giving a SourceError of the right kind, with the
// key never in it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cadastreAdapter } from '../../../functions/media/providers/cadastre/cadastre-adapter.ts';
import { selectLot } from '../../../functions/media/providers/cadastre/lot-selection.ts';
import { SourceError } from '../../../functions/media/providers/sources/source-types.ts';
import { startArcgisQueryFixture } from '../../support/map-fixtures/arcgis-query-fixture.ts';
import { arcgisCadastreRow, ringDifference } from '../../support/map-fixtures/cadastre-rows.ts';
import type { MapFixture } from '../../support/map-fixtures/fixture-http.ts';
import { PROPERTY_LOT, SCENE_ADDRESSES, SCENE_LOTS } from '../../support/map-fixtures/scene.ts';

const rules = { allowHttp: true, allowLoopback: true };
const KEY = 'sekret-key-7f3a9';
const noWait = { sleep: async () => {} };

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe('arcgis-query cadastre (GeoJSON layer)', () => {
  let fixture: MapFixture;
  beforeAll(async () => {
    fixture = await startArcgisQueryFixture();
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.misbehave({}));
  const adapter = () =>
    cadastreAdapter(arcgisCadastreRow(fixture.url, { strata: { field: 'strata_unit', values: ['Y'] } }), {
      rules,
      ...noWait,
    });

  it("finds the property's lot from its address point, its ring the scene's", async () => {
    const point = SCENE_ADDRESSES.property.point;
    const chosen = selectLot(point, await adapter().lotsNear(point, 30));
    expect(chosen).toMatchObject({ match: 'contains' });
    expect(chosen.lot?.lotId).toBe('5//DP123456');
    expect(ringDifference(chosen.lot!, PROPERTY_LOT)).toBeLessThan(1e-7);
  });

  it('asks for an envelope in 4326 and GeoJSON out, as the layer says it can', async () => {
    fixture.requests.length = 0;
    await adapter().lotsNear(SCENE_ADDRESSES.property.point, 30);
    const query = fixture.requests.find((r) => r.path.endsWith('/query'))!;
    expect(query.params).toMatchObject({
      geometryType: 'esriGeometryEnvelope',
      inSR: '4326',
      spatialRel: 'esriSpatialRelIntersects',
      returnGeometry: 'true',
      outSR: '4326',
      f: 'geojson',
      where: '1=1',
      outFields: 'lotidstring,strata_unit',
    });
    expect(query.params.geometry!.split(',')).toHaveLength(4);
  });

  it('reads the layer description once per container', async () => {
    fixture.requests.length = 0;
    await adapter().lotsNear(SCENE_ADDRESSES.property.point, 30);
    await adapter().lotsNear(SCENE_ADDRESSES.onRoad.point, 30);
    expect(fixture.requests.filter((r) => !r.path.endsWith('/query'))).toHaveLength(0);
  });

  it('takes the nearest lot (~4 m) for an address point on the road', async () => {
    const point = SCENE_ADDRESSES.onRoad.point;
    const chosen = selectLot(point, await adapter().lotsNear(point, 30));
    expect(chosen.lot?.lotId).toBe('6//DP123456');
    if (chosen.lot) {
      expect(chosen.match).toBe('nearest');
      expect(chosen.distanceM).toBeCloseTo(4, 0);
    }
  });

  it("takes the strata scheme's base lot, the units marked strata", async () => {
    const point = SCENE_ADDRESSES.strata.point;
    const lots = await adapter().lotsNear(point, 30);
    expect(lots.find((l) => l.lotId === '1//SP900001')?.strata).toBe(true);
    expect(lots.find((l) => l.lotId === 'CP//SP900001')?.strata).toBeUndefined();
    expect(selectLot(point, lots).lot?.lotId).toBe('CP//SP900001');
  });

  it('finds no lot for an address point far from every lot, and says why', async () => {
    const point = SCENE_ADDRESSES.farFromLots.point;
    const chosen = selectLot(point, await adapter().lotsNear(point, 30));
    expect(chosen).toMatchObject({ lot: null, reason: 'none-near' });
  });

  it('finds a lot by its id', async () => {
    const lots = await adapter().lotById('5//DP123456');
    expect(lots.map((l) => l.lotId)).toEqual(['5//DP123456']);
    expect(ringDifference(lots[0]!, PROPERTY_LOT)).toBeLessThan(1e-7);
    expect(fixture.requests.at(-1)!.params.where).toBe("lotidstring = '5//DP123456'");
  });

  it('finds nothing for an unknown lot id', async () => {
    expect(await adapter().lotById('99//DP1')).toEqual([]);
  });

  it('refuses a hostile lot id before any request', async () => {
    fixture.requests.length = 0;
    const error = await failure(adapter().lotById("5' OR '1'='1"));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/a lot id has letters, digits/);
    expect(fixture.requests).toHaveLength(0);
  });

  it("ANDs the row's own where with the lot id", async () => {
    const withWhere = cadastreAdapter(arcgisCadastreRow(fixture.url, { where: "planlabel = 'DP123456'" }), {
      rules,
    });
    expect((await withWhere.lotById('5//DP123456')).map((l) => l.lotId)).toEqual(['5//DP123456']);
    expect(fixture.requests.at(-1)!.params.where).toBe(
      "(planlabel = 'DP123456') AND lotidstring = '5//DP123456'",
    );
    expect(await withWhere.lotById('CP//SP900001')).toEqual([]);
  });
});

describe('arcgis-query cadastre (Esri JSON)', () => {
  let geojson: MapFixture;
  let jsonOnly: MapFixture;
  beforeAll(async () => {
    geojson = await startArcgisQueryFixture();
    jsonOnly = await startArcgisQueryFixture({ supportedQueryFormats: 'JSON', holeInPropertyLot: true });
  });
  afterAll(() => Promise.all([geojson.close(), jsonOnly.close()]));

  it('uses Esri JSON where the layer lacks GeoJSON, and finds the same lots as the GeoJSON path', async () => {
    const point = SCENE_ADDRESSES.property.point;
    const viaJson = await cadastreAdapter(arcgisCadastreRow(jsonOnly.url), { rules }).lotsNear(point, 60);
    const viaGeojson = await cadastreAdapter(arcgisCadastreRow(geojson.url), { rules }).lotsNear(point, 60);
    expect(jsonOnly.requests.find((r) => r.path.endsWith('/query'))!.params.f).toBe('json');
    expect(viaJson.map((l) => l.lotId).sort()).toEqual(viaGeojson.map((l) => l.lotId).sort());
    for (const lot of viaJson) {
      const other = viaGeojson.find((l) => l.lotId === lot.lotId)!;
      const scene = SCENE_LOTS.find((l) => l.lotId === lot.lotId)!;
      expect(ringDifference(lot, scene)).toBeLessThan(1e-7);
      expect(ringDifference(other, scene)).toBeLessThan(1e-7);
    }
  });

  it("drops a lot's hole (listed before its outer ring) and keeps the outer ring", async () => {
    const [lot] = await cadastreAdapter(arcgisCadastreRow(jsonOnly.url), { rules }).lotById('5//DP123456');
    expect(ringDifference(lot!, PROPERTY_LOT)).toBeLessThan(1e-7);
  });

  it('uses Esri JSON when the row says so, without reading the layer description', async () => {
    geojson.requests.length = 0;
    const lots = await cadastreAdapter(arcgisCadastreRow(`${geojson.url}/`, { format: 'json' }), {
      rules,
    }).lotById('5//DP123456');
    expect(lots).toHaveLength(1);
    expect(geojson.requests.map((r) => r.params.f)).toEqual(['json']);
  });
});

describe('arcgis-query cadastre at the transfer limit', () => {
  it('pages through a layer that pages', async () => {
    const fixture = await startArcgisQueryFixture({ maxRecordCount: 2 });
    try {
      const lots = await cadastreAdapter(arcgisCadastreRow(fixture.url), { rules }).lotsNear(
        SCENE_ADDRESSES.property.point,
        60,
      );
      expect(lots.map((l) => l.lotId)).toContain('5//DP123456');
      expect(lots.length).toBeGreaterThan(2);
      expect(fixture.requests.some((r) => r.params.resultOffset === '2')).toBe(true);
    } finally {
      await fixture.close();
    }
  });

  it('refuses a cut result from a layer that cannot page, rather than pass it off as every lot', async () => {
    const fixture = await startArcgisQueryFixture({ maxRecordCount: 2, supportsPagination: false });
    try {
      const error = await failure(
        cadastreAdapter(arcgisCadastreRow(fixture.url), { rules }).lotsNear(
          SCENE_ADDRESSES.property.point,
          60,
        ),
      );
      expect(error.kind).toBe('too-large');
      expect(error.message).toMatch(/only the first 2 lots .* cannot page/);
    } finally {
      await fixture.close();
    }
  });
});

describe('arcgis-query cadastre when the service misbehaves', () => {
  let fixture: MapFixture;
  beforeAll(async () => {
    fixture = await startArcgisQueryFixture({ token: KEY, errorEchoesUrl: true });
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.misbehave({}));

  const waits: number[] = [];
  const adapter = (timeoutMs = 2000) =>
    cadastreAdapter(
      arcgisCadastreRow(fixture.url, {
        apiKey: { secret: 'nsw-token', param: 'token' },
        timeoutMs,
        format: 'geojson',
      }),
      { rules, apiKey: KEY, sleep: async (ms) => void waits.push(ms) },
    );
  const near = (timeoutMs?: number) => adapter(timeoutMs).lotsNear(SCENE_ADDRESSES.property.point, 30);

  it('sends the key as its query parameter', async () => {
    await near();
    expect(fixture.requests.at(-1)!.params.token).toBe(KEY);
  });

  it('waits as Retry-After says on 429, then answers', async () => {
    waits.length = 0;
    fixture.misbehave({ throttle: { times: 2, retryAfterSeconds: 2 } });
    const lots = await near(10_000);
    expect(lots.map((l) => l.lotId)).toContain('5//DP123456');
    expect(waits).toEqual([2000, 2000]);
  });

  it('gives up on a 429 that does not end: http-status 429', async () => {
    fixture.misbehave({ throttle: { times: 100 } });
    const error = await failure(near());
    expect([error.kind, error.status]).toEqual(['http-status', 429]);
  });

  it('a 500 is http-status, the URL in the message without its key', async () => {
    fixture.misbehave({ status500: true });
    const error = await failure(near());
    expect([error.kind, error.status]).toEqual(['http-status', 500]);
    expect(error.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/arcgis\/.*\/query\?.* failed: HTTP 500/);
    expect(error.message).not.toContain(KEY);
  });

  it("a service that never answers is a timeout within the row's timeoutMs", async () => {
    fixture.misbehave({ hang: true });
    const error = await failure(near(500));
    expect(error.kind).toBe('timeout');
    expect(error.message).not.toContain(KEY);
  });

  it('an error object with HTTP 200 is error-answer, its words kept and the key taken out', async () => {
    fixture.misbehave({ errorObject: true });
    const error = await failure(near());
    expect(error.kind).toBe('error-answer');
    expect(error.message).toMatch(
      /code 400\): Unable to complete operation\. Service is misbehaving on purpose/,
    );
    expect(error.message).not.toContain(KEY);
  });

  it('an empty answer is bad-answer', async () => {
    fixture.misbehave({ empty: true });
    const error = await failure(near());
    expect(error.kind).toBe('bad-answer');
    expect(error.message).toMatch(/an empty body, not JSON/);
  });

  it("a wrong key is the service's error object (499), not a lot list", async () => {
    const wrong = cadastreAdapter(
      arcgisCadastreRow(fixture.url, { apiKey: { secret: 's', param: 'token' } }),
      {
        rules,
        apiKey: 'not-the-key',
      },
    );
    const error = await failure(wrong.lotById('5//DP123456'));
    expect([error.kind, error.status]).toEqual(['error-answer', 499]);
    expect(error.message).not.toContain('not-the-key');
  });

  it('a row naming a key secret without its value is refused when the adapter is made', () => {
    expect(() =>
      cadastreAdapter(arcgisCadastreRow(fixture.url, { apiKey: { secret: 'nsw-token', param: 'token' } }), {
        rules,
      }),
    ).toThrow(/names the secret 'nsw-token' for its key, but no key value was given/);
  });

  it('a stage that forbids loopback refuses the fixture: refused', async () => {
    const strict = cadastreAdapter(arcgisCadastreRow(fixture.url), {
      rules: { allowHttp: false, allowLoopback: false },
    });
    expect((await failure(strict.lotById('5//DP123456'))).kind).toBe('refused');
  });
});
