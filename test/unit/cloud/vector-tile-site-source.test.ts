import { gzipSync } from 'node:zlib';
import { GeoMapsClient, type GetTileCommand, type GetTileResponse } from '@aws-sdk/client-geo-maps';
import { PbfWriter } from 'pbf';
import { describe, expect, it } from 'vitest';
import type { LatLng, ParsedAddress } from '../../../functions/domain/geo-types.ts';
import { toLocalMetres } from '../../../functions/media/geo/local-metric.ts';
import { worldPixelToLngLat } from '../../../functions/media/geo/web-mercator.ts';
import { AmazonLocationSiteSource } from '../../../functions/media/providers/amazon-location/index.ts';

// ---- A hand-rolled MVT encoder (vector_tile.proto v2) ----------------------------------------------

const EXTENT = 4096;
type Coord = readonly [number, number];
interface FeatureSpec {
  readonly type: 'line' | 'polygon';
  readonly properties: Record<string, string | number>;
  /** Lines: one polyline per entry. Polygons: rings, exterior clockwise in tile space (y down). */
  readonly geometry: readonly (readonly Coord[])[];
}
interface LayerSpec {
  readonly name: string;
  readonly features: readonly FeatureSpec[];
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 7) | (count << 3);

function encodeGeometry(feature: FeatureSpec): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  for (const part of feature.geometry) {
    const points = feature.type === 'polygon' ? part.slice(0, -1) : part;
    points.forEach(([x, y], i) => {
      if (i === 0) out.push(command(1, 1));
      else if (i === 1) out.push(command(2, points.length - 1));
      out.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    });
    if (feature.type === 'polygon') out.push(command(7, 1));
  }
  return out;
}

function encodeTile(layers: readonly LayerSpec[]): Uint8Array {
  const pbf = new PbfWriter();
  for (const layer of layers) {
    const keys: string[] = [];
    const values: (string | number)[] = [];
    const index = <T>(list: T[], item: T) => {
      const at = list.indexOf(item);
      return at >= 0 ? at : list.push(item) - 1;
    };
    const encoded = layer.features.map((f, id) => ({
      id: id + 1,
      tags: Object.entries(f.properties).flatMap(([k, v]) => [index(keys, k), index(values, v)]),
      type: f.type === 'line' ? 2 : 3,
      geometry: encodeGeometry(f),
    }));
    pbf.writeMessage(
      3,
      (_: null, p: PbfWriter) => {
        p.writeVarintField(15, 2);
        p.writeStringField(1, layer.name);
        for (const f of encoded) {
          p.writeMessage(
            2,
            (_f: null, fp: PbfWriter) => {
              fp.writeVarintField(1, f.id);
              fp.writePackedVarint(2, f.tags);
              fp.writeVarintField(3, f.type);
              fp.writePackedVarint(4, f.geometry);
            },
            null,
          );
        }
        for (const key of keys) p.writeStringField(3, key);
        for (const value of values) {
          p.writeMessage(
            4,
            (_v: null, vp: PbfWriter) => {
              if (typeof value === 'string') vp.writeStringField(1, value);
              else vp.writeDoubleField(3, value);
            },
            null,
          );
        }
        p.writeVarintField(5, EXTENT);
      },
      null,
    );
  }
  return pbf.finish();
}

// ---- Fixtures -----------------------------------------------------------------------------------

const ZOOM = 16;
// A tile in Paddington, Sydney; the origin sits at its centre so a 150 m radius stays inside it.
const TILE = { x: 60298, y: 39331 };
const tilePoint = (tile: { x: number; y: number }, px: number, py: number): LatLng =>
  worldPixelToLngLat(tile.x + px / EXTENT, tile.y + py / EXTENT, ZOOM, 1);
const ORIGIN = tilePoint(TILE, 2048, 2048);
const RADIUS = 150;

const ADDRESS: ParsedAddress = {
  streetNumber: '12',
  streetNumberFrom: 12,
  streetName: 'Smith',
  streetType: 'Street',
  suburb: 'PADDINGTON',
  state: 'NSW',
  postcode: '2021',
};

const SMITH_ROW = 2048 + 100;
const QUEEN_COLUMN = 2048 - 300;

const BASEMAP: LayerSpec[] = [
  {
    name: 'Roads',
    features: [
      // Split at an intersection, as basemaps do: two features, one street.
      {
        type: 'line',
        properties: { name: 'Smith St', class: 'residential' },
        geometry: [
          [
            [-64, SMITH_ROW],
            [QUEEN_COLUMN, SMITH_ROW],
          ],
        ],
      },
      {
        type: 'line',
        properties: { name: 'Smith St', class: 'residential' },
        geometry: [
          [
            [QUEEN_COLUMN, SMITH_ROW],
            [EXTENT + 64, SMITH_ROW],
          ],
        ],
      },
      {
        type: 'line',
        properties: { name: 'Queen Street', class: 'primary' },
        geometry: [
          [
            [QUEEN_COLUMN, -64],
            [QUEEN_COLUMN, EXTENT + 64],
          ],
        ],
      },
      {
        type: 'line',
        properties: { name: 'Cooper Walk', class: 'footway' },
        geometry: [
          [
            [2000, 2000],
            [2100, 2100],
          ],
        ],
      },
      {
        type: 'line',
        properties: { class: 'service' },
        geometry: [
          [
            [2000, 2000],
            [2000, 2100],
          ],
        ],
      },
    ],
  },
  {
    name: 'Buildings',
    features: [
      {
        type: 'polygon',
        properties: { height: 9 },
        geometry: [
          [
            [2000, 2000],
            [2080, 2000],
            [2080, 2060],
            [2000, 2060],
            [2000, 2000],
          ],
        ],
      },
    ],
  },
];

function fakeMaps(tiles: Map<string, Uint8Array>) {
  const requests: GetTileCommand['input'][] = [];
  const client = {
    send: async (cmd: GetTileCommand): Promise<GetTileResponse> => {
      requests.push(cmd.input);
      const blob = tiles.get(`${cmd.input.Z}/${cmd.input.X}/${cmd.input.Y}`) ?? encodeTile([]);
      return { Blob: blob, ContentType: 'application/vnd.mapbox-vector-tile', PricingBucket: 'Tile' };
    },
  };
  return { client, requests };
}

const local = (p: LatLng) => toLocalMetres(ORIGIN, p);

describe('AmazonLocationSiteSource', () => {
  it('builds streets and buildings from a vector.basemap tile', async () => {
    const { client, requests } = fakeMaps(new Map([[`${ZOOM}/${TILE.x}/${TILE.y}`, encodeTile(BASEMAP)]]));
    const source = new AmazonLocationSiteSource(client);
    const site = await source.siteAround(ORIGIN, ADDRESS, RADIUS);

    expect(requests).toEqual([{ Tileset: 'vector.basemap', Z: '16', X: String(TILE.x), Y: String(TILE.y) }]);
    expect(site.provider).toBe('amazon-location-vector');
    expect(site.origin).toEqual(ORIGIN);
    expect(site.addressedStreet).toBe('Smith Street');
    expect(site.parcels).toEqual([]);
    expect(site.driveways).toEqual([]);
    expect(site.trees).toEqual([]);
    expect(site.streets.map((s) => s.name).sort()).toEqual(['Queen Street', 'Smith Street']);

    const smith = site.streets.find((s) => s.name === 'Smith Street')!;
    expect(smith.widthM).toBe(10);
    // The row the street was drawn on lies at a known northing; the line is cut at the radius.
    const northing = local(tilePoint(TILE, 0, SMITH_ROW)).y;
    // 100 tile units south of the centre: 100/4096 of a ~507 m tile.
    expect(northing).toBeCloseTo(-12.38, 1);
    for (const p of smith.centerline) expect(p.y).toBeCloseTo(northing, 6);
    const xs = smith.centerline.map((p) => p.x);
    const halfChord = Math.sqrt(RADIUS ** 2 - northing ** 2);
    expect(Math.min(...xs)).toBeCloseTo(-halfChord, 6);
    expect(Math.max(...xs)).toBeCloseTo(halfChord, 6);
    // The two features joined into one centreline through the intersection.
    expect(site.streets.filter((s) => s.name === 'Smith Street')).toHaveLength(1);

    const queen = site.streets.find((s) => s.name === 'Queen Street')!;
    expect(queen.widthM).toBe(16);
    const easting = local(tilePoint(TILE, QUEEN_COLUMN, 0)).x;
    for (const p of queen.centerline) expect(p.x).toBeCloseTo(easting, 6);

    expect(site.buildings).toHaveLength(1);
    const building = site.buildings[0]!;
    expect(building.heightM).toBe(9);
    expect(building.roof).toBe('flat');
    expect(building.footprint).toHaveLength(4);
    const corner = local(tilePoint(TILE, 2000, 2060));
    expect(building.footprint.some((p) => Math.hypot(p.x - corner.x, p.y - corner.y) < 1e-6)).toBe(true);
    // Counter-clockwise in local metres (x east, y north).
    const area = building.footprint.reduce((sum, a, i, ring) => {
      const b = ring[(i + 1) % ring.length]!;
      return sum + (a.x * b.y - b.x * a.y) / 2;
    }, 0);
    expect(area).toBeGreaterThan(0);
  });

  it('keeps the address spelling when no street matches, and reads gzip-compressed tiles', async () => {
    const { client } = fakeMaps(new Map([[`${ZOOM}/${TILE.x}/${TILE.y}`, gzipSync(encodeTile(BASEMAP))]]));
    const site = await new AmazonLocationSiteSource(client).siteAround(
      ORIGIN,
      { ...ADDRESS, streetName: 'Elizabeth', streetType: 'Parade' },
      RADIUS,
    );
    expect(site.streets).toHaveLength(2);
    expect(site.addressedStreet).toBe('Elizabeth Parade');
  });

  it('matches the address to an abbreviated basemap name and defaults building height', async () => {
    const layers: LayerSpec[] = [
      {
        name: 'transportation',
        features: [
          {
            type: 'line',
            properties: { 'name:en': "St George's Cres", class: 'minor' },
            geometry: [
              [
                [0, 2100],
                [EXTENT, 2100],
              ],
            ],
          },
        ],
      },
      { name: 'building', features: [{ ...BASEMAP[1]!.features[0]!, properties: {} }] },
    ];
    const { client } = fakeMaps(new Map([[`${ZOOM}/${TILE.x}/${TILE.y}`, encodeTile(layers)]]));
    const address = { ...ADDRESS, streetName: 'St Georges', streetType: 'Crescent' };
    const site = await new AmazonLocationSiteSource(client).siteAround(ORIGIN, address, RADIUS);
    expect(site.streets.map((s) => s.name)).toEqual(["St George's Crescent"]);
    expect(site.addressedStreet).toBe("St George's Crescent");
    expect(site.buildings[0]?.heightM).toBe(6);
  });

  it('joins a street across a tile seam and clips the tile buffers', async () => {
    // Origin on the east edge of TILE: the street continues into the next tile, each tile with a buffer.
    const east = { x: TILE.x + 1, y: TILE.y };
    const origin = tilePoint(TILE, EXTENT, 2048);
    const line = (from: number, to: number): LayerSpec[] => [
      {
        name: 'Roads',
        features: [
          {
            type: 'line',
            properties: { name: 'Oxford St', class: 'secondary' },
            geometry: [
              [
                [from, 2048],
                [to, 2048],
              ],
            ],
          },
        ],
      },
    ];
    const { client, requests } = fakeMaps(
      new Map([
        [`${ZOOM}/${TILE.x}/${TILE.y}`, encodeTile(line(3000, EXTENT + 128))],
        [`${ZOOM}/${east.x}/${east.y}`, encodeTile(line(-128, 1000))],
      ]),
    );
    const site = await new AmazonLocationSiteSource(client).siteAround(origin, ADDRESS, 100);
    expect(requests.map((r) => `${r.X}/${r.Y}`).sort()).toEqual([
      `${TILE.x}/${TILE.y}`,
      `${east.x}/${east.y}`,
    ]);
    expect(site.streets).toHaveLength(1);
    const oxford = site.streets[0]!;
    expect(oxford.name).toBe('Oxford Street');
    expect(oxford.widthM).toBe(14);
    const xs = oxford.centerline.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(-100, 6);
    expect(Math.max(...xs)).toBeCloseTo(100, 6);
    // Strictly monotonic: the overlapping tile buffers left no doubled-back stretch.
    const steps = xs.slice(1).map((x, i) => Math.sign(x - xs[i]!));
    expect(new Set(steps).size).toBe(1);
    expect(steps[0]).not.toBe(0);
    expect(site.addressedStreet).toBe('Smith Street');
  });

  it('sends GetTile through the real SDK client and reads the MVT body', async () => {
    const paths: string[] = [];
    const client = new GeoMapsClient({
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
      requestHandler: {
        handle: async (request: { path: string }) => {
          paths.push(request.path);
          return {
            response: {
              statusCode: 200,
              headers: {
                'content-type': 'application/vnd.mapbox-vector-tile',
                'x-amz-geo-pricing-bucket': 'Tile',
              },
              body: gzipSync(encodeTile(BASEMAP)),
            },
          };
        },
      },
    });
    const site = await new AmazonLocationSiteSource(client).siteAround(ORIGIN, ADDRESS, RADIUS);
    expect(paths).toEqual([`/v2/tiles/vector.basemap/16/${TILE.x}/${TILE.y}`]);
    expect(site.streets.map((s) => s.name).sort()).toEqual(['Queen Street', 'Smith Street']);
  });
});
