// The remote imagery sources against their fixture servers at small sizes: every way a source fails ends
// as a SourceError of the right kind that names the source and never its key; the requests a frame makes
// are bounded and within what the service allows; and what each adapter states about the picture
// (resolution really delivered, upsampling, capture date) is what the service offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import type { NadirImageRequest } from '../../../functions/media/geo/types.ts';
import type { ImageryAdapterOptions } from '../../../functions/media/providers/imagery/adapter-common.ts';
import { imageryAdapter } from '../../../functions/media/providers/imagery/imagery-adapter.ts';
import { SourceImagery } from '../../../functions/media/providers/imagery/source-imagery.ts';
import type { RemoteImagerySourceConfig } from '../../../functions/media/providers/sources/source-config.ts';
import {
  SourceError,
  type SourceFailureKind,
} from '../../../functions/media/providers/sources/source-types.ts';
import { startArcgisExportFixture } from '../../support/map-fixtures/arcgis-export-fixture.ts';
import { discCentroid, expectedPixel } from '../../support/map-fixtures/frame-truth.ts';
import type { ImageryFixture, Misbehaviour } from '../../support/map-fixtures/imagery-server.ts';
import { CORNER_MARKERS, MARKER_RADIUS_M, PROPERTY_LOT } from '../../support/map-fixtures/scene.ts';
import { startWmsFixture } from '../../support/map-fixtures/wms-fixture.ts';
import { startXyzTilesFixture } from '../../support/map-fixtures/xyz-tiles-fixture.ts';

const KEY = 'sk-live-7Hq2ZpX9vR4mT1wB';
const RULES = { allowHttp: true, allowLoopback: true };
const ring = PROPERTY_LOT.ring;
const CENTER: LatLng = {
  lat: ring.reduce((s, p) => s + p.lat, 0) / ring.length,
  lng: ring.reduce((s, p) => s + p.lng, 0) / ring.length,
};
const SMALL: NadirImageRequest = {
  center: CENTER,
  width: 320,
  height: 240,
  metersPerPixel: 0.25,
  rotationDeg: 30,
};
const common = {
  coverage: { west: 150, south: -35, east: 152, north: -33 },
  licence: { store: true, print: true, portal: true },
  attribution: 'Fixture',
};

/** Waits asked for (429 Retry-After), recorded instead of slept: no test waits on a clock. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error('expected the source to fail, but it delivered a picture');
}

/** A failure names its source, and the key is nowhere in it (message, stack or any field). */
function expectSafe(error: SourceError, source: string, kind: SourceFailureKind): void {
  expect(error.kind, error.message).toBe(kind);
  expect(error.source).toBe(source);
  expect(error.message.startsWith(`${source}: `)).toBe(true);
  for (const text of [error.message, error.stack ?? '', JSON.stringify(error), String(error)])
    expect(text).not.toContain(KEY);
}

function imagery(config: RemoteImagerySourceConfig, options: Partial<ImageryAdapterOptions> = {}) {
  return new SourceImagery(imageryAdapter(config, { rules: RULES, ...options }), config);
}

/** Largest corner error (px) of the lot's discs in a rendered frame. */
function cornerError(image: { data: Buffer }, frame: NadirImageRequest): number {
  const radiusPx = MARKER_RADIUS_M / frame.metersPerPixel;
  return Math.max(
    ...CORNER_MARKERS.map((m) => {
      const found = discCentroid({ ...frame, data: image.data, channels: 3 }, m.rgb, radiusPx * 2, {
        minPixels: 5,
      });
      expect(found, `disc rgb(${m.rgb.join(',')})`).toBeDefined();
      const want = expectedPixel(frame, m.position);
      return Math.hypot(found!.x - want.x, found!.y - want.y);
    }),
  );
}

interface Protocol {
  readonly name: string;
  start(): Promise<ImageryFixture>;
  row(url: string): RemoteImagerySourceConfig;
  /** What the protocol's own error answer with HTTP 200 ends as. */
  readonly errorAnswer: SourceFailureKind;
}

const PROTOCOLS: Protocol[] = [
  {
    name: 'arcgis-export',
    start: () => startArcgisExportFixture({ token: KEY }),
    row: (url) => ({
      ...common,
      name: 'arcgis-src',
      kind: 'arcgis-export',
      url,
      apiKey: { secret: 'arcgis-token', param: 'token' },
    }),
    errorAnswer: 'error-answer',
  },
  {
    name: 'xyz-tiles',
    start: () => startXyzTilesFixture({ maxZoom: 20, apiKey: { param: 'apikey', value: KEY } }),
    row: (url) => ({
      ...common,
      name: 'tiles-src',
      kind: 'xyz-tiles',
      url,
      maxZoom: 20,
      apiKey: { secret: 'tiles-key', param: 'apikey' },
    }),
    // A tile service has no error object: JSON where a tile should be is simply not a picture.
    errorAnswer: 'bad-answer',
  },
  {
    name: 'wms',
    start: () => startWmsFixture({ apiKey: { param: 'key', value: KEY } }),
    row: (url) => ({
      ...common,
      name: 'wms-src',
      kind: 'wms',
      url,
      layers: 'scene',
      apiKey: { secret: 'wms-key', param: 'key' },
    }),
    errorAnswer: 'error-answer',
  },
];

describe.each(PROTOCOLS)('$name source failures', (p) => {
  let fixture: ImageryFixture;
  let config: RemoteImagerySourceConfig;
  beforeAll(async () => {
    fixture = await p.start();
    config = p.row(fixture.url);
  });
  afterAll(() => fixture.close());
  const misbehaving = (m: Misbehaviour) => {
    fixture.misbehave(m);
    fixture.requests.length = 0;
  };

  it('delivers the scene with the key in its parameter', async () => {
    misbehaving({});
    const image = await imagery(config, { apiKey: KEY }).render(SMALL);
    expect(cornerError(image, SMALL)).toBeLessThan(1.5);
    const pictures = fixture.requests.filter((r) => r.picture);
    expect(pictures.length).toBeGreaterThan(0);
    for (const r of pictures) expect(Object.values(r.params)).toContain(KEY);
  });

  it('a service that never answers ends as a timeout (bounded by the source timeoutMs)', async () => {
    misbehaving({ hang: true });
    const error = await failure(imagery({ ...config, timeoutMs: 500 }, { apiKey: KEY }).render(SMALL));
    expectSafe(error, config.name, 'timeout');
    expect(error.message).toMatch(/no response within 500 ms/);
  });

  it('an HTTP 500 ends as http-status 500', async () => {
    misbehaving({ status: 500 });
    const error = await failure(imagery(config, { apiKey: KEY }).render(SMALL));
    expectSafe(error, config.name, 'http-status');
    expect(error.status).toBe(500);
    expect(error.message).toContain('HTTP 500');
  });

  it('429 twice with Retry-After: waits as told, counts the retries, then delivers', async () => {
    misbehaving({ throttle: { times: 2, retryAfterSeconds: 2 } });
    const { waits, sleep } = recordingSleep();
    const image = await imagery(config, { apiKey: KEY, sleep, concurrency: 1 }).render(SMALL);
    expect(waits).toEqual([2000, 2000]);
    const statuses = fixture.requests.filter((r) => r.picture).map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([429, 429, 200]);
    expect(cornerError(image, SMALL)).toBeLessThan(1.5);
  });

  it('429 without end gives up after three retries of one request', async () => {
    misbehaving({ throttle: { times: 1000, retryAfterSeconds: 1 } });
    const { waits, sleep } = recordingSleep();
    const error = await failure(imagery(config, { apiKey: KEY, sleep, concurrency: 1 }).render(SMALL));
    expectSafe(error, config.name, 'http-status');
    expect(error.status).toBe(429);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(fixture.requests.filter((r) => r.picture)).toHaveLength(4);
  });

  it(`its error answer with HTTP 200 ends as ${p.errorAnswer}, never a picture`, async () => {
    misbehaving({ errorAnswer: true });
    const error = await failure(imagery(config, { apiKey: KEY }).render(SMALL));
    expectSafe(error, config.name, p.errorAnswer);
  });

  it.each([[[255, 255, 255]], [[0, 0, 0]]] as const)(
    'a picture all rgb %j is refused as blank',
    async (rgb) => {
      misbehaving({ blank: rgb });
      const error = await failure(imagery(config, { apiKey: KEY }).render(SMALL));
      expectSafe(error, config.name, 'blank');
      expect(error.message).toContain(`rgb ${rgb.join(', ')}`);
    },
  );

  it('a picture of another size than asked is a bad answer', async () => {
    misbehaving({ wrongSize: true });
    const error = await failure(imagery(config, { apiKey: KEY }).render(SMALL));
    expectSafe(error, config.name, 'bad-answer');
    expect(error.message).toMatch(/sent a \d+×\d+ picture where \d+×\d+ was asked/);
  });

  it('an HTML page is a bad answer', async () => {
    misbehaving({ notImage: true });
    const error = await failure(imagery(config, { apiKey: KEY }).render(SMALL));
    expectSafe(error, config.name, 'bad-answer');
    expect(error.message).toContain('text/html');
  });

  it('a frame needing more requests than allowed fails before any picture is asked for', async () => {
    misbehaving({});
    const big: NadirImageRequest = { ...SMALL, width: 4000, height: 4000, metersPerPixel: 0.03 };
    const error = await failure(imagery(config, { apiKey: KEY, maxRequests: 3 }).render(big));
    expectSafe(error, config.name, 'too-large');
    expect(fixture.requests.filter((r) => r.picture)).toHaveLength(0);
  });
});

describe('arcgis-export', () => {
  const row = (url: string, extra: Partial<RemoteImagerySourceConfig> = {}) =>
    ({ ...common, name: 'arcgis', kind: 'arcgis-export', url, ...extra }) as RemoteImagerySourceConfig;

  it('splits a frame within maxImageWidth/Height 1024, each request with its bbox aspect, seamlessly', async () => {
    const fixture = await startArcgisExportFixture({ maxImageWidth: 1024, maxImageHeight: 1024 });
    try {
      const frame = { center: CENTER, width: 1800, height: 1200, metersPerPixel: 0.05, rotationDeg: 0 };
      const image = await imagery(row(fixture.url)).render(frame);
      const exports = fixture.requests.filter((r) => r.picture);
      expect(exports.length).toBe(4);
      const boxes = exports.map((r) => {
        const [w, h] = r.params.size!.split(',').map(Number) as [number, number];
        const [minX, minY, maxX, maxY] = r.params.bbox!.split(',').map(Number) as [
          number,
          number,
          number,
          number,
        ];
        expect(w).toBeLessThanOrEqual(1024);
        expect(h).toBeLessThanOrEqual(1024);
        expect(Math.abs((maxX - minX) / (maxY - minY) / (w / h) - 1)).toBeLessThan(1e-9);
        expect(r.params).toMatchObject({ bboxSR: '3857', imageSR: '3857', f: 'image', transparent: 'false' });
        return { minX, minY, maxX, maxY };
      });
      // Neighbouring requests share their edges exactly: no seam, no overlap.
      const xs = [...new Set(boxes.flatMap((b) => [b.minX, b.maxX]))];
      const ys = [...new Set(boxes.flatMap((b) => [b.minY, b.maxY]))];
      expect(xs).toHaveLength(3);
      expect(ys).toHaveLength(3);
      expect(cornerError(image, frame)).toBeLessThan(1.5);
    } finally {
      await fixture.close();
    }
  });

  it('sr 4326: square pixels in degrees, placed as exactly as in Web Mercator', async () => {
    const fixture = await startArcgisExportFixture({ maxImageWidth: 700, maxImageHeight: 700 });
    try {
      const frame = { center: CENTER, width: 1000, height: 700, metersPerPixel: 0.06, rotationDeg: 200 };
      const image = await imagery(row(fixture.url, { sr: 4326 })).render(frame);
      const exports = fixture.requests.filter((r) => r.picture);
      expect(exports.length).toBeGreaterThan(1);
      for (const r of exports) {
        expect(r.params).toMatchObject({ bboxSR: '4326', imageSR: '4326' });
        const [w, h] = r.params.size!.split(',').map(Number) as [number, number];
        const [minX, minY, maxX, maxY] = r.params.bbox!.split(',').map(Number) as [
          number,
          number,
          number,
          number,
        ];
        expect(Math.abs((maxX - minX) / (maxY - minY) / (w / h) - 1)).toBeLessThan(1e-9);
      }
      expect(cornerError(image, frame)).toBeLessThan(1.5);
      // Square degrees are narrower east-west on the ground: the coarser (north-south) axis is the frame's.
      expect(image.groundSampleDistanceM).toBeCloseTo(0.06, 6);
    } finally {
      await fixture.close();
    }
  });

  it('keeps within 2048 px a side when the description states no limit', async () => {
    const fixture = await startArcgisExportFixture({ maxImageWidth: null, maxImageHeight: null });
    try {
      const frame = { center: CENTER, width: 3000, height: 1000, metersPerPixel: 0.03, rotationDeg: 0 };
      await imagery(row(fixture.url)).render(frame);
      const sizes = fixture.requests
        .filter((r) => r.picture)
        .map((r) => r.params.size!.split(',').map(Number));
      expect(sizes.length).toBe(2);
      for (const [w, h] of sizes) expect(Math.max(w!, h!)).toBeLessThanOrEqual(2048);
    } finally {
      await fixture.close();
    }
  });

  it('asks PNG at most 2048 px a side, whatever the service allows (one answer within the byte cap)', async () => {
    const fixture = await startArcgisExportFixture({
      kind: 'ImageServer',
      maxImageWidth: 15_000,
      maxImageHeight: 4100,
    });
    try {
      const frame = { center: CENTER, width: 3000, height: 1000, metersPerPixel: 0.03, rotationDeg: 0 };
      await imagery(row(fixture.url, { format: 'png' })).render(frame);
      const sizes = fixture.requests
        .filter((r) => r.picture)
        .map((r) => r.params.size!.split(',').map(Number));
      expect(sizes.length).toBe(2);
      for (const [w, h] of sizes) expect(Math.max(w!, h!)).toBeLessThanOrEqual(2048);
    } finally {
      await fixture.close();
    }
  });

  it('ImageServer: asks at its pixelSizeX/Y when coarser than the frame, and says the frame is upsampled', async () => {
    const fixture = await startArcgisExportFixture({ kind: 'ImageServer', resolution: 0.5 });
    try {
      const frame = { center: CENTER, width: 400, height: 300, metersPerPixel: 0.1, rotationDeg: 0 };
      const image = await imagery(row(fixture.url)).render(frame);
      // 0.5 Web Mercator metres are 0.5·cos φ on the ground.
      const ground = 0.5 * Math.cos((CENTER.lat * Math.PI) / 180);
      expect(image.groundSampleDistanceM).toBeCloseTo(ground, 2);
      expect(image.upsampled).toBe(true);
      const [request] = fixture.requests.filter((r) => r.picture);
      expect(request!.path).toMatch(/\/ImageServer\/exportImage$/);
      const [w] = request!.params.size!.split(',').map(Number);
      expect(w).toBeLessThan((400 * 0.1) / ground + 5);
    } finally {
      await fixture.close();
    }
  });

  it('a cached MapServer: its finest tileInfo level is its resolution; nativeResolutionM overrides it', async () => {
    const fixture = await startArcgisExportFixture({ kind: 'MapServer', resolution: 0.3 });
    try {
      const frame = { center: CENTER, width: 200, height: 200, metersPerPixel: 0.05, rotationDeg: 0 };
      const fromService = await imagery(row(fixture.url)).render(frame);
      expect(fromService.groundSampleDistanceM).toBeCloseTo(0.3 * Math.cos((CENTER.lat * Math.PI) / 180), 2);
      const fromConfig = await imagery(row(fixture.url, { nativeResolutionM: 0.08 })).render(frame);
      expect(fromConfig.groundSampleDistanceM).toBeCloseTo(0.08, 3);
      const sharp = await imagery(row(fixture.url, { nativeResolutionM: 0.01 })).render(frame);
      expect(sharp.groundSampleDistanceM).toBeCloseTo(0.05, 3);
      expect(sharp.upsampled).toBe(false);
    } finally {
      await fixture.close();
    }
  });

  it('states the capture date a time-aware service gives; none otherwise', async () => {
    const timed = await startArcgisExportFixture({
      timeExtent: [Date.UTC(2023, 0, 5), Date.UTC(2023, 2, 2)],
    });
    const plain = await startArcgisExportFixture();
    try {
      expect((await imagery(row(timed.url)).render(SMALL)).capturedAt).toBe('2023-03-02');
      expect((await imagery(row(plain.url)).render(SMALL)).capturedAt).toBeNull();
    } finally {
      await Promise.all([timed.close(), plain.close()]);
    }
  });

  it('an error object in the service description is an error answer, and no export is asked for', async () => {
    const fixture = await startArcgisExportFixture({ misbehave: { errorAnswer: true, description: true } });
    try {
      const error = await failure(imagery(row(fixture.url)).render(SMALL));
      expectSafe(error, 'arcgis', 'error-answer');
      expect(error.message).toContain('MapServer description');
      expect(fixture.requests.filter((r) => r.picture)).toHaveLength(0);
    } finally {
      await fixture.close();
    }
  });

  it('a wrong token: the service answers 499 Token Required, an error answer naming neither key', async () => {
    const fixture = await startArcgisExportFixture({ token: KEY });
    try {
      const wrong = 'sk-live-WRONG-0000';
      const config = row(fixture.url, { apiKey: { secret: 's', param: 'token' } });
      const error = await failure(imagery(config, { apiKey: wrong }).render(SMALL));
      expectSafe(error, 'arcgis', 'error-answer');
      expect(error.message).toContain('499');
      expect(error.message).toContain('Token Required');
      expect(error.message).not.toContain(wrong);
    } finally {
      await fixture.close();
    }
  });
});

describe('xyz-tiles', () => {
  const row = (url: string, maxZoom: number): RemoteImagerySourceConfig => ({
    ...common,
    name: 'tiles',
    kind: 'xyz-tiles',
    url,
    maxZoom,
  });

  it('never asks past maxZoom: a finer frame is upsampled and states the coarser resolution', async () => {
    const fixture = await startXyzTilesFixture({ maxZoom: 17 });
    try {
      const frame = { center: CENTER, width: 256, height: 256, metersPerPixel: 0.2, rotationDeg: 10 };
      const image = await imagery(row(fixture.url, 17)).render(frame);
      const zooms = new Set(fixture.requests.map((r) => Number(r.path.split('/')[2])));
      expect([...zooms]).toEqual([17]);
      // A zoom-17 pixel: the Web Mercator world's circumference over 256·2^17 pixels, times cos φ.
      const z17 = ((2 * Math.PI * 6_378_137) / (256 * 2 ** 17)) * Math.cos((CENTER.lat * Math.PI) / 180);
      expect(image.groundSampleDistanceM).toBeCloseTo(z17, 2);
      expect(image.upsampled).toBe(true);
    } finally {
      await fixture.close();
    }
  });

  it('stitches one zoom, fine enough for the frame and not needlessly finer', async () => {
    const fixture = await startXyzTilesFixture({ maxZoom: 22 });
    try {
      const frame = { center: CENTER, width: 400, height: 300, metersPerPixel: 0.3, rotationDeg: 0 };
      const image = await imagery(row(fixture.url, 22)).render(frame);
      const zooms = new Set(fixture.requests.map((r) => Number(r.path.split('/')[2])));
      expect(zooms.size).toBe(1);
      const [z] = [...zooms];
      const pixel = (zoom: number) =>
        ((2 * Math.PI * 6_378_137) / (256 * 2 ** zoom)) * Math.cos((CENTER.lat * Math.PI) / 180);
      // Within a few per cent of the frame's scale at worst, and the zoom above would be coarser still.
      expect(pixel(z!)).toBeLessThanOrEqual(0.3 * 1.05);
      expect(pixel(z! - 1)).toBeGreaterThan(0.3 * 1.05);
      expect(cornerError(image, frame)).toBeLessThan(1.5);
    } finally {
      await fixture.close();
    }
  });

  it('a missing tile (404) inside coverage fails the frame rather than leaving a hole', async () => {
    const fixture = await startXyzTilesFixture({ misbehave: { status: 404 } });
    try {
      const error = await failure(imagery(row(fixture.url, 22)).render(SMALL));
      expectSafe(error, 'tiles', 'http-status');
      expect(error.status).toBe(404);
      expect(error.message).toMatch(
        /tile \d+\/\d+\/\d+ is missing \(HTTP 404\) inside the source's coverage/,
      );
    } finally {
      await fixture.close();
    }
  });
});

describe('wms', () => {
  const row = (url: string, extra: Partial<RemoteImagerySourceConfig> = {}) =>
    ({ ...common, name: 'wms', kind: 'wms', url, layers: 'scene', ...extra }) as RemoteImagerySourceConfig;
  let fixture: ImageryFixture;
  beforeAll(async () => {
    fixture = await startWmsFixture({ maxSize: 512, exceptionContentType: 'application/vnd.ogc.se_xml' });
  });
  afterAll(() => fixture.close());

  it.each([
    ['EPSG:4326', 'latitude first', [-34, -33], [151, 152]],
    ['EPSG:3857', 'easting first', [1.68e7, 1.69e7], [-4.02e6, -4.01e6]],
  ] as const)('%s asks its BBOX %s', async (crs, _order, first, second) => {
    fixture.requests.length = 0;
    await imagery(row(fixture.url, { crs, maxSize: 512 })).render(SMALL);
    for (const r of fixture.requests) {
      expect(r.params).toMatchObject({
        SERVICE: 'WMS',
        VERSION: '1.3.0',
        REQUEST: 'GetMap',
        CRS: crs,
        STYLES: '',
      });
      expect(r.params.map).toBe('scene');
      const [a, b] = r.params.BBOX!.split(',').map(Number) as [number, number];
      expect(a).toBeGreaterThan(first[0]);
      expect(a).toBeLessThan(first[1]);
      expect(b).toBeGreaterThan(second[0]);
      expect(b).toBeLessThan(second[1]);
    }
  });

  it('splits a frame into maps within maxSize', async () => {
    fixture.requests.length = 0;
    const frame = { center: CENTER, width: 800, height: 600, metersPerPixel: 0.1, rotationDeg: 45 };
    const image = await imagery(row(fixture.url, { maxSize: 512 })).render(frame);
    const maps = fixture.requests.filter((r) => r.picture);
    expect(maps.length).toBeGreaterThan(1);
    for (const r of maps) {
      expect(Number(r.params.WIDTH)).toBeLessThanOrEqual(512);
      expect(Number(r.params.HEIGHT)).toBeLessThanOrEqual(512);
    }
    expect(cornerError(image, frame)).toBeLessThan(1.5);
  });

  it('a ServiceExceptionReport (application/vnd.ogc.se_xml, HTTP 200) is an error answer with its code', async () => {
    const error = await failure(imagery(row(fixture.url, { layers: 'roads', maxSize: 512 })).render(SMALL));
    expectSafe(error, 'wms', 'error-answer');
    expect(error.message).toContain('LayerNotDefined: Layer roads is not defined');
  });
});
