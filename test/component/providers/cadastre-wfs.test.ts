// The wfs cadastre adapter against a WFS 2.0 fixture serving the scene's lots: the lot from each scene
// address is the scene's (ring within 1e-7°), with the BBOX's axis order following SRSNAME both ways and
// the answer read in the order its `crs` names (or the row's axisOrder); a lot by id through a Filter
// Encoding PropertyIsEqualTo; a hostile id refused before any request; an ExceptionReport an error.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cadastreAdapter } from '../../../functions/media/providers/cadastre/cadastre-adapter.ts';
import { selectLot } from '../../../functions/media/providers/cadastre/lot-selection.ts';
import { SourceError } from '../../../functions/media/providers/sources/source-types.ts';
import { ringDifference, wfsCadastreRow } from '../../support/map-fixtures/cadastre-rows.ts';
import type { MapFixture } from '../../support/map-fixtures/fixture-http.ts';
import { PROPERTY_LOT, SCENE_ADDRESSES, SCENE_LOTS } from '../../support/map-fixtures/scene.ts';
import { startWfsFixture } from '../../support/map-fixtures/wfs-fixture.ts';

const rules = { allowHttp: true, allowLoopback: true };

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe('wfs cadastre', () => {
  let fixture: MapFixture;
  beforeAll(async () => {
    fixture = await startWfsFixture();
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.misbehave({}));
  const adapter = (extra: Parameters<typeof wfsCadastreRow>[1] = {}) =>
    cadastreAdapter(wfsCadastreRow(fixture.url, extra), { rules, sleep: async () => {} });

  it("finds the property's lot from its address point, its ring the scene's", async () => {
    const point = SCENE_ADDRESSES.property.point;
    const chosen = selectLot(point, await adapter().lotsNear(point, 30));
    expect(chosen).toMatchObject({ match: 'contains' });
    expect(chosen.lot?.lotId).toBe('5//DP123456');
    expect(ringDifference(chosen.lot!, PROPERTY_LOT)).toBeLessThan(1e-7);
  });

  it('sends GetFeature with a latitude-first BBOX for urn:ogc:def:crs:EPSG::4326', async () => {
    const point = SCENE_ADDRESSES.property.point;
    await adapter().lotsNear(point, 30);
    const params = fixture.requests.at(-1)!.params;
    expect(params).toMatchObject({
      SERVICE: 'WFS',
      VERSION: '2.0.0',
      REQUEST: 'GetFeature',
      TYPENAMES: 'open-data-platform:v_parcel_mp',
      SRSNAME: 'urn:ogc:def:crs:EPSG::4326',
      OUTPUTFORMAT: 'application/json',
    });
    const [south, west, north, east, crs] = params.BBOX!.split(',');
    expect(crs).toBe('urn:ogc:def:crs:EPSG::4326');
    expect(Number(south)).toBeLessThan(point.lat);
    expect(Number(north)).toBeGreaterThan(point.lat);
    expect(Number(west)).toBeLessThan(point.lng);
    expect(Number(east)).toBeGreaterThan(point.lng);
  });

  it('sends a longitude-first BBOX for EPSG:4326, and reads the answer longitude first', async () => {
    const point = SCENE_ADDRESSES.property.point;
    const lots = await adapter({ srsName: 'EPSG:4326' }).lotsNear(point, 30);
    const [west, , , , crs] = fixture.requests.at(-1)!.params.BBOX!.split(',');
    expect(crs).toBe('EPSG:4326');
    expect(Number(west)).toBeCloseTo(point.lng, 2);
    expect(ringDifference(selectLot(point, lots).lot!, PROPERTY_LOT)).toBeLessThan(1e-7);
  });

  it('takes the nearest lot (~4 m) for a point on the road, and the base lot of a strata scheme', async () => {
    const onRoad = selectLot(
      SCENE_ADDRESSES.onRoad.point,
      await adapter().lotsNear(SCENE_ADDRESSES.onRoad.point, 30),
    );
    expect(onRoad).toMatchObject({ match: 'nearest' });
    expect(onRoad.lot?.lotId).toBe('6//DP123456');
    if (onRoad.lot) expect(onRoad.distanceM).toBeCloseTo(4, 0);
    const strataLots = await adapter({ strata: { lotIdPattern: '^\\d+//SP' } }).lotsNear(
      SCENE_ADDRESSES.strata.point,
      30,
    );
    expect(
      strataLots
        .filter((l) => l.strata)
        .map((l) => l.lotId)
        .sort(),
    ).toEqual(['1//SP900001', '2//SP900001']);
    expect(selectLot(SCENE_ADDRESSES.strata.point, strataLots).lot?.lotId).toBe('CP//SP900001');
  });

  it('finds no lot for a point far from every lot', async () => {
    const point = SCENE_ADDRESSES.farFromLots.point;
    expect(selectLot(point, await adapter().lotsNear(point, 30)).lot).toBeNull();
  });

  it('finds a lot by id through a PropertyIsEqualTo filter', async () => {
    const lots = await adapter().lotById('5//DP123456');
    expect(lots.map((l) => l.lotId)).toEqual(['5//DP123456']);
    expect(ringDifference(lots[0]!, PROPERTY_LOT)).toBeLessThan(1e-7);
    const params = fixture.requests.at(-1)!.params;
    expect(params.BBOX).toBeUndefined();
    expect(params.FILTER).toBe(
      '<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"><fes:PropertyIsEqualTo><fes:ValueReference>parcel_spi</fes:ValueReference><fes:Literal>5//DP123456</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>',
    );
  });

  it('refuses a hostile lot id before any request', async () => {
    fixture.requests.length = 0;
    for (const id of ["5' OR '1'='1", '</fes:Literal><fes:Or>', '5//DP1&COUNT=99999']) {
      expect((await failure(adapter().lotById(id))).kind).toBe('refused');
    }
    expect(fixture.requests).toHaveLength(0);
  });

  it('an ExceptionReport answered with HTTP 200 is error-answer, its code and text kept', async () => {
    fixture.misbehave({ errorObject: true });
    const error = await failure(adapter().lotById('5//DP123456'));
    expect(error.kind).toBe('error-answer');
    expect(error.message).toMatch(
      /exception report: OperationProcessingFailed: The service is misbehaving on purpose/,
    );
  });

  it('a request the server refuses (an unknown type name, HTTP 400) is http-status', async () => {
    const error = await failure(adapter({ typeNames: 'nope:parcels' }).lotById('5//DP123456'));
    expect([error.kind, error.status]).toEqual(['http-status', 400]);
  });

  it('more lots than maxFeatures is too-large, not a silently cut list', async () => {
    const error = await failure(adapter({ maxFeatures: 2 }).lotsNear(SCENE_ADDRESSES.property.point, 60));
    expect(error.kind).toBe('too-large');
  });

  it.each([
    ['500', { status500: true }, 'http-status'],
    ['429 for ever', { throttle: { times: 100 } }, 'http-status'],
    ['an empty answer', { empty: true }, 'bad-answer'],
    ['no answer', { hang: true }, 'timeout'],
  ] as const)('%s is %s', async (_name, misbehaviour, kind) => {
    fixture.misbehave(misbehaviour);
    const error = await failure(adapter({ timeoutMs: 500 }).lotsNear(SCENE_ADDRESSES.property.point, 30));
    expect(error.kind).toBe(kind);
  });
});

describe('wfs cadastre axis order of an answer without a crs member', () => {
  let lonLat: MapFixture;
  let latLonUndeclared: MapFixture;
  beforeAll(async () => {
    lonLat = await startWfsFixture({ output: 'lon-lat' });
    latLonUndeclared = await startWfsFixture({ output: 'lat-lon-undeclared' });
  });
  afterAll(() => Promise.all([lonLat.close(), latLonUndeclared.close()]));
  const point = SCENE_ADDRESSES.property.point;

  it('reads it longitude first, as GeoJSON is', async () => {
    const lots = await cadastreAdapter(wfsCadastreRow(lonLat.url), { rules }).lotsNear(point, 30);
    expect(ringDifference(selectLot(point, lots).lot!, PROPERTY_LOT)).toBeLessThan(1e-7);
  });

  it("reads it latitude first where the row's axisOrder says so", async () => {
    const lots = await cadastreAdapter(wfsCadastreRow(latLonUndeclared.url, { axisOrder: 'lat-lon' }), {
      rules,
    }).lotsNear(point, 30);
    for (const lot of lots)
      expect(ringDifference(lot, SCENE_LOTS.find((l) => l.lotId === lot.lotId)!)).toBeLessThan(1e-7);
  });

  it('refuses lots read the wrong way round, saying the axis order may differ', async () => {
    const error = await failure(
      cadastreAdapter(wfsCadastreRow(latLonUndeclared.url), { rules }).lotsNear(point, 30),
    );
    expect(error.kind).toBe('bad-answer');
    expect(error.message).toMatch(/axis order may be the other way round/);
  });

  it('refuses lots that read as positions but lie outside the coverage, naming axisOrder', async () => {
    // Read latitude first, a longitude-first answer lands at (151°, -33°): a latitude past 90 is caught
    // above; here a row whose coverage lies elsewhere stands for a swap that still reads as positions.
    const elsewhere = wfsCadastreRow(lonLat.url, {
      coverage: { west: 110, south: -20, east: 120, north: -10 },
    });
    const error = await failure(cadastreAdapter(elsewhere, { rules }).lotsNear(point, 30));
    expect(error.kind).toBe('bad-answer');
    expect(error.message).toMatch(/outside the source's coverage; .*axisOrder/);
  });
});
