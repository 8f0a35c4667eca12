// Ground truth for the remote imagery sources: each protocol's fixture server draws the known scene (its own
// projection math), the service renders a 4K frame of it through SourceImagery, and the four corner discs
// of the property's lot must be where the lot's coordinates say, worked out by the test's own tangent-plane
// math: within 1.5 px, north-up and turned. A client that misplaces a request's extent (an ArcGIS bbox
// whose aspect is not the picture's, WMS 1.3.0's latitude-first EPSG:4326 box read the wrong way round,
// tiles stitched off by one) fails here by metres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import { imageryAdapter } from '../../../functions/media/providers/imagery/imagery-adapter.ts';
import { SourceImagery } from '../../../functions/media/providers/imagery/source-imagery.ts';
import type { RemoteImagerySourceConfig } from '../../../functions/media/providers/sources/source-config.ts';
import { startArcgisExportFixture } from '../../support/map-fixtures/arcgis-export-fixture.ts';
import { discCentroid, expectedPixel } from '../../support/map-fixtures/frame-truth.ts';
import type { ImageryFixture } from '../../support/map-fixtures/imagery-server.ts';
import { CORNER_MARKERS, MARKER_RADIUS_M, PROPERTY_LOT } from '../../support/map-fixtures/scene.ts';
import { startWmsFixture } from '../../support/map-fixtures/wms-fixture.ts';
import { startXyzTilesFixture } from '../../support/map-fixtures/xyz-tiles-fixture.ts';

const WIDTH = 3840;
const HEIGHT = 2160;
const METERS_PER_PIXEL = 0.03;
const RULES = { allowHttp: true, allowLoopback: true };

// A little off the lot's middle, so no corner sits symmetric about the frame's centre.
const ring = PROPERTY_LOT.ring;
const CENTER: LatLng = {
  lat: ring.reduce((s, p) => s + p.lat, 0) / ring.length + 0.000_012,
  lng: ring.reduce((s, p) => s + p.lng, 0) / ring.length - 0.000_021,
};

const common = {
  coverage: { west: 150, south: -35, east: 152, north: -33 },
  licence: { store: true, print: true, portal: true },
  attribution: 'Fixture',
  timeoutMs: 60_000,
};

interface Case {
  readonly name: string;
  start(): Promise<ImageryFixture>;
  row(url: string): RemoteImagerySourceConfig;
}

const CASES: Case[] = [
  {
    name: 'arcgis-export MapServer (2048 px limit: split)',
    start: () => startArcgisExportFixture({ kind: 'MapServer', maxImageWidth: 2048, maxImageHeight: 2048 }),
    row: (url) => ({ ...common, name: 'arcgis-map', kind: 'arcgis-export', url, layers: 'show:0' }),
  },
  {
    name: 'arcgis-export ImageServer',
    start: () =>
      startArcgisExportFixture({
        kind: 'ImageServer',
        maxImageWidth: 15_000,
        maxImageHeight: 4100,
        resolution: 0.02,
      }),
    row: (url) => ({ ...common, name: 'arcgis-image', kind: 'arcgis-export', url }),
  },
  {
    name: 'xyz-tiles',
    start: () => startXyzTilesFixture({ maxZoom: 22 }),
    row: (url) => ({ ...common, name: 'tiles', kind: 'xyz-tiles', url, maxZoom: 22 }),
  },
  {
    name: 'wms EPSG:3857',
    start: () => startWmsFixture(),
    row: (url) => ({ ...common, name: 'wms-3857', kind: 'wms', url, layers: 'scene', crs: 'EPSG:3857' }),
  },
  {
    name: 'wms EPSG:4326 (latitude first)',
    start: () => startWmsFixture(),
    row: (url) => ({ ...common, name: 'wms-4326', kind: 'wms', url, layers: 'scene', crs: 'EPSG:4326' }),
  },
];

/** The largest corner error of each case and orientation, printed once at the end for the record. */
const measured: string[] = [];

describe.each(CASES)('$name', (c) => {
  let fixture: ImageryFixture;
  beforeAll(async () => {
    fixture = await c.start();
  });
  afterAll(async () => {
    await fixture.close();
  });

  it.each([0, 127])('puts the lot corners within 1.5 px at 3840×2160 turned %i°', async (rotationDeg) => {
    const config = c.row(fixture.url);
    const imagery = new SourceImagery(imageryAdapter(config, { rules: RULES }), config);
    const frame = {
      center: CENTER,
      metersPerPixel: METERS_PER_PIXEL,
      rotationDeg,
      width: WIDTH,
      height: HEIGHT,
    };
    const image = await imagery.render(frame);
    expect(image.georef).toEqual(frame);
    expect(image.provider).toBe(config.name);
    const radiusPx = MARKER_RADIUS_M / METERS_PER_PIXEL;
    const errors = CORNER_MARKERS.map((marker) => {
      const want = expectedPixel(frame, marker.position);
      const found = discCentroid(
        { data: image.data, width: WIDTH, height: HEIGHT, channels: 3 },
        marker.rgb,
        radiusPx * 2,
      );
      expect(found, `disc rgb(${marker.rgb.join(',')}) not found`).toBeDefined();
      // A whole disc, not a sliver: the picture shows the ground at the frame's scale.
      expect(found!.pixels).toBeGreaterThan(Math.PI * radiusPx ** 2 * 0.7);
      expect(found!.pixels).toBeLessThan(Math.PI * radiusPx ** 2 * 1.3);
      return Math.hypot(found!.x - want.x, found!.y - want.y);
    });
    const worst = Math.max(...errors);
    measured.push(
      `${c.name} ${rotationDeg}°: max ${worst.toFixed(3)} px (${errors.map((e) => e.toFixed(2)).join(', ')})`,
    );
    expect(worst).toBeLessThan(1.5);
  });
});

afterAll(() => {
  console.log(`imagery ground truth, corner error per case:\n${measured.join('\n')}`);
});
