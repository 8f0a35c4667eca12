// What goes into a cadastre or address request is checked before it is sent: lot ids in the states'
// forms only, address parts in an address's characters only, field names as configured names only; and
// what comes back is read the way each format defines its rings.
import { describe, expect, it } from 'vitest';
import { ringsFromEsri, ringsFromGeoJson } from '../../../functions/media/providers/cadastre/lot-geometry.ts';
import { lotIdProblem } from '../../../functions/media/providers/cadastre/lot-id.ts';
import { addressValue } from '../../../functions/media/providers/geocoder/address-values.ts';
import { sqlText } from '../../../functions/media/providers/sources/arcgis-rest.ts';
import { parseProviderSources } from '../../../functions/media/providers/sources/source-config.ts';

describe('lot ids', () => {
  it.each([
    '5//DP123456',
    'CP//SP900001',
    'A/3/DP1234',
    '5RP123456',
    '1\\PS123456',
    '12~3\\PP2345',
    'PC366537',
  ])('takes %s', (id) => expect(lotIdProblem(id)).toBeUndefined());

  it.each([
    ["5' OR '1'='1", /not "'"/],
    ['5//DP1; DROP TABLE lots', /not ";"/],
    ['<Literal>', /not "<"/],
    ['', /empty/],
    ['x'.repeat(65), /at most 64/],
    ['/5//DP1', /starts and ends/],
  ])('refuses %j, saying why', (id, why) => expect(lotIdProblem(id)).toMatch(why));
});

describe('address values', () => {
  it('upper-cases and collapses spaces', () =>
    expect(addressValue(' wattle  street ')).toBe('WATTLE STREET'));
  it("keeps a quote in O'Connell, for the literal to double", () => {
    expect(addressValue("O'Connell")).toBe("O'CONNELL");
    expect(sqlText("O'CONNELL")).toBe("'O''CONNELL'");
  });
  it.each(["WATTLE' OR '1'='1", 'WATTLE;--', 'WATTLE)', 'WAT%TLE', ''])('refuses %j', (v) =>
    expect(addressValue(v)).toBeUndefined(),
  );
});

describe('ring readers', () => {
  const square = [
    [151, -33],
    [151.001, -33],
    [151.001, -32.999],
    [151, -32.999],
  ];
  const closed = (ring: number[][]) => [...ring, ring[0]!];
  const clockwise = (ring: number[][]) => [ring[0]!, ...ring.slice(1).reverse()];

  it('reads a GeoJSON polygon: outer ring only, closing point dropped, anticlockwise', () => {
    const hole = clockwise([
      [151.0004, -32.9996],
      [151.0006, -32.9996],
      [151.0006, -32.9994],
      [151.0004, -32.9994],
    ]);
    const rings = ringsFromGeoJson({
      type: 'Polygon',
      coordinates: [closed(clockwise(square)), closed(hole)],
    });
    expect(rings).toHaveLength(1);
    expect(rings[0]!.map((p) => [p.lng, p.lat])).toEqual(square);
  });

  it('reads latitude-first GeoJSON when told to', () => {
    const latFirst = square.map(([x, y]) => [y!, x!]);
    expect(ringsFromGeoJson({ type: 'Polygon', coordinates: [closed(latFirst)] }, 'lat-lon')[0]).toEqual(
      square.map(([lng, lat]) => ({ lat, lng })),
    );
  });

  it('reads every part of a MultiPolygon', () => {
    const east = square.map(([x, y]) => [x! + 0.01, y!]);
    expect(
      ringsFromGeoJson({ type: 'MultiPolygon', coordinates: [[closed(square)], [closed(east)]] }),
    ).toHaveLength(2);
  });

  it('tells Esri outer rings from holes by orientation, not order', () => {
    const hole = [
      [151.0004, -32.9996],
      [151.0006, -32.9996],
      [151.0006, -32.9994],
      [151.0004, -32.9994],
    ];
    // Esri JSON: outer clockwise, hole anticlockwise; the hole listed first.
    const rings = ringsFromEsri({ rings: [closed(hole), closed(clockwise(square))] });
    expect(rings).toHaveLength(1);
    expect(rings[0]!.map((p) => [p.lng, p.lat])).toEqual(square);
  });

  it.each([
    [{ type: 'Point', coordinates: [151, -33] }, /Point, not a Polygon/],
    [
      {
        type: 'Polygon',
        coordinates: [
          [
            [151, -33],
            [151, -33.1],
            [151, -33],
          ],
        ],
      },
      /fewer than three/,
    ],
    [
      {
        type: 'Polygon',
        coordinates: [
          [
            [151, -95],
            [152, -33],
            [151, -33.1],
          ],
        ],
      },
      /not a longitude and latitude \(the axis order/,
    ],
  ])('refuses a malformed geometry %#', (geometry, why) =>
    expect(() => ringsFromGeoJson(geometry)).toThrow(why),
  );
});

describe('source rows', () => {
  const row = {
    name: 'nsw-cadastre',
    kind: 'arcgis-query',
    url: 'https://example.test/arcgis/rest/services/public/NSW_Cadastre/MapServer/9',
    coverage: { west: 140.9, south: -37.6, east: 153.7, north: -28.1 },
    licence: { store: true, print: true, portal: true },
    attribution: '© State of New South Wales (Spatial Services)',
    lotIdField: 'lotidstring',
  };
  const sources = (cadastre: unknown[]) => ({
    imagery: [{ kind: 'offline' }],
    geocoder: [{ kind: 'offline' }],
    cadastre,
  });

  it('takes a cadastre row with a strata marking', () => {
    const parsed = parseProviderSources(
      sources([{ ...row, strata: { field: 'strata_unit', values: ['Y'] } }]),
      'test',
    );
    expect(parsed.cadastre[0]).toMatchObject({ strata: { field: 'strata_unit', values: ['Y'] } });
  });

  it('refuses a lot id field that is not a field name', () => {
    expect(() =>
      parseProviderSources(sources([{ ...row, lotIdField: "x' OR '1'='1" }]), 'PROVIDERS_FILE'),
    ).toThrow(/PROVIDERS_FILE is not valid: cadastre\[0\]\.lotIdField: must be a field name/);
  });

  it('names the kinds a list takes when a row has another, and the missing field of a known kind', () => {
    expect(() => parseProviderSources(sources([{ ...row, kind: 'shapefile' }]), 'PROVIDERS_FILE')).toThrow(
      "PROVIDERS_FILE is not valid: cadastre[0].kind: Invalid discriminator value. Expected 'arcgis-query' | 'wfs'",
    );
    const { lotIdField: _, ...withoutLotId } = row;
    expect(() => parseProviderSources(sources([withoutLotId]), 'PROVIDERS_FILE')).toThrow(
      /PROVIDERS_FILE is not valid: cadastre\[0\]\.lotIdField: /,
    );
  });

  it('refuses a strata marking with a field but no values', () => {
    expect(() =>
      parseProviderSources(sources([{ ...row, strata: { field: 'strata_unit' } }]), 'test'),
    ).toThrow(/strata.field and strata.values go together/);
  });

  it('takes a geocoder row limited to its states', () => {
    const { lotIdField: _, ...common } = row;
    const parsed = parseProviderSources(
      {
        imagery: [{ kind: 'offline' }],
        geocoder: [
          { ...common, name: 'nsw-address', kind: 'nsw-address-location', states: ['NSW'] },
          { kind: 'offline' },
        ],
      },
      'test',
    );
    expect(parsed.geocoder[0]).toMatchObject({ kind: 'nsw-address-location', states: ['NSW'] });
  });
});
