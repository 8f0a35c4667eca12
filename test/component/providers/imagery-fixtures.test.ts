// The imagery fixture servers behave as their protocols' documentation says, checked with plain HTTP
// requests and the test's own projection formulas: the ground truth of the adapters is only as good as
// this. An ArcGIS export widens the extent to the picture's aspect, a MapServer draws an oversized request
// at its maximum and an ImageServer refuses it; WMS 1.3.0 reads EPSG:4326 latitude first (and CRS:84
// longitude first); tiles follow the XYZ grid and stop at maxZoom.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import { startArcgisExportFixture } from '../../support/map-fixtures/arcgis-export-fixture.ts';
import { discCentroid } from '../../support/map-fixtures/frame-truth.ts';
import type { ImageryFixture } from '../../support/map-fixtures/imagery-server.ts';
import { CORNER_MARKERS } from '../../support/map-fixtures/scene.ts';
import { startWmsFixture } from '../../support/map-fixtures/wms-fixture.ts';
import { startXyzTilesFixture } from '../../support/map-fixtures/xyz-tiles-fixture.ts';

const R = 6_378_137;
const DEG = Math.PI / 180;
const mercator = (p: LatLng) => ({
  x: R * p.lng * DEG,
  y: R * Math.log(Math.tan(Math.PI / 4 + (p.lat * DEG) / 2)),
});
const RED = CORNER_MARKERS[0]!;

async function get(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function redDisc(body: Buffer, radiusPx: number) {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    found: discCentroid({ data, width: info.width, height: info.height, channels: 3 }, RED.rgb, radiusPx, {
      minPixels: 5,
    }),
    info,
  };
}

async function using<T>(
  fixture: Promise<ImageryFixture>,
  run: (f: ImageryFixture) => Promise<T>,
): Promise<T> {
  const f = await fixture;
  try {
    return await run(f);
  } finally {
    await f.close();
  }
}

describe('ArcGIS export fixture', () => {
  // A 40 m square of Web Mercator metres about the red disc.
  const c = mercator(RED.position);
  const box = { minX: c.x - 25, minY: c.y - 15, maxX: c.x + 15, maxY: c.y + 25 };
  const bbox = `${box.minX},${box.minY},${box.maxX},${box.maxY}`;

  it('widens the extent about its centre when the size is wider than the bbox (documented)', async () => {
    await using(startArcgisExportFixture(), async (f) => {
      const answer = await get(
        `${f.url}/export?bbox=${bbox}&bboxSR=3857&imageSR=3857&size=800,400&format=png&f=image`,
      );
      expect(answer.type).toBe('image/png');
      // Widened to 80 × 40 m at 0.1 m per pixel about the bbox's centre.
      const cx = (box.minX + box.maxX) / 2;
      const cy = (box.minY + box.maxY) / 2;
      const widened = { x: (c.x - (cx - 40)) / 0.1, y: (cy + 20 - c.y) / 0.1 };
      const stretched = { x: ((c.x - box.minX) / 40) * 800, y: ((box.maxY - c.y) / 40) * 400 };
      const { found, info } = await redDisc(answer.body, 20);
      expect([info.width, info.height]).toEqual([800, 400]);
      expect(Math.hypot(found!.x - widened.x, found!.y - widened.y)).toBeLessThan(0.5);
      expect(Math.hypot(found!.x - stretched.x, found!.y - stretched.y)).toBeGreaterThan(40);
    });
  });

  it('a MapServer draws a size over maxImageWidth at the maximum; an ImageServer answers an error with HTTP 200', async () => {
    await using(startArcgisExportFixture({ maxImageWidth: 500, maxImageHeight: 500 }), async (f) => {
      const answer = await get(`${f.url}/export?bbox=${bbox}&size=600,600&format=png&f=image`);
      expect((await sharp(answer.body).metadata()).width).toBe(500);
    });
    await using(
      startArcgisExportFixture({ kind: 'ImageServer', maxImageWidth: 500, maxImageHeight: 500 }),
      async (f) => {
        const answer = await get(`${f.url}/exportImage?bbox=${bbox}&size=600,600&format=png&f=image`);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body.toString())).toMatchObject({
          error: { code: 400, details: ['The requested image exceeds the size limit.'] },
        });
      },
    );
  });

  it('describes itself at ?f=json; a bad bbox is an error object with HTTP 200', async () => {
    await using(startArcgisExportFixture({ maxImageWidth: null }), async (f) => {
      const description = JSON.parse((await get(`${f.url}?f=json`)).body.toString());
      expect(description).toMatchObject({ spatialReference: { latestWkid: 3857 }, maxImageHeight: 4096 });
      expect(description.maxImageWidth).toBeUndefined();
      const bad = await get(`${f.url}/export?bbox=1,2,3&f=image`);
      expect(bad.status).toBe(200);
      expect(JSON.parse(bad.body.toString())).toEqual({
        error: { code: 400, message: 'Unable to complete operation.', details: ['Invalid bbox'] },
      });
    });
  });
});

describe('WMS 1.3.0 fixture', () => {
  const { lat, lng } = RED.position;
  const d = 0.0002;
  const params = (crs: string, bbox: number[]) =>
    `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=scene&STYLES=&CRS=${crs}&BBOX=${bbox.join(',')}&WIDTH=400&HEIGHT=400&FORMAT=image/png`;

  it('EPSG:4326 is latitude first, CRS:84 longitude first: the same ground either way', async () => {
    await using(startWmsFixture(), async (f) => {
      const latFirst = await get(`${f.url}&${params('EPSG:4326', [lat - d, lng - d, lat + d, lng + d])}`);
      const lngFirst = await get(`${f.url}&${params('CRS:84', [lng - d, lat - d, lng + d, lat + d])}`);
      for (const answer of [latFirst, lngFirst]) {
        const { found } = await redDisc(answer.body, 30);
        // The disc at the middle of a box centred on it.
        expect(found!.x).toBeCloseTo(200, 0);
        expect(found!.y).toBeCloseTo(200, 0);
      }
      const wrongOrder = await get(`${f.url}&${params('EPSG:4326', [lng - d, lat - d, lng + d, lat + d])}`);
      expect(wrongOrder.status).toBe(200);
      expect(wrongOrder.type).toBe('text/xml');
      expect(wrongOrder.body.toString()).toMatch(/<ServiceExceptionReport version="1.3.0"[\s\S]*latitude/);
    });
  });

  it('stretches to WIDTH × HEIGHT; refuses an unknown CRS, layer or format and a map over MaxWidth', async () => {
    await using(startWmsFixture({ maxSize: 1000 }), async (f) => {
      const m = mercator(RED.position);
      // A square box drawn 400 × 200: half the pixels north-south.
      const stretched = await get(
        `${f.url}&${params('EPSG:3857', [m.x - 10, m.y - 30, m.x + 30, m.y + 10]).replace('HEIGHT=400', 'HEIGHT=200')}`,
      );
      const { found, info } = await redDisc(stretched.body, 30);
      expect([info.width, info.height]).toEqual([400, 200]);
      expect(found!.x).toBeCloseTo(100, 0);
      expect(found!.y).toBeCloseTo(50, 0);
      for (const [query, code] of [
        [params('EPSG:28356', [0, 0, 1, 1]), 'InvalidCRS'],
        [params('EPSG:3857', [0, 0, 1, 1]).replace('LAYERS=scene', 'LAYERS=roads'), 'LayerNotDefined'],
        [params('EPSG:3857', [0, 0, 1, 1]).replace('image/png', 'image/gif'), 'InvalidFormat'],
      ] as const) {
        expect((await get(`${f.url}&${query}`)).body.toString()).toContain(`code="${code}"`);
      }
      const tooBig = await get(
        `${f.url}&${params('EPSG:3857', [0, 0, 1, 1]).replace('WIDTH=400', 'WIDTH=1001')}`,
      );
      expect(tooBig.body.toString()).toContain('at most 1000');
    });
  });
});

describe('XYZ tiles fixture', () => {
  it('a tile is its square of the Web Mercator grid; past maxZoom or off the grid is 404', async () => {
    await using(startXyzTilesFixture({ maxZoom: 20, format: 'png' }), async (f) => {
      const z = 20;
      const n = 2 ** z;
      const worldX = ((RED.position.lng + 180) / 360) * n;
      const s = Math.sin(RED.position.lat * DEG);
      const worldY = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n;
      const [x, y] = [Math.floor(worldX), Math.floor(worldY)];
      const tile = await get(
        f.url.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)),
      );
      const { found, info } = await redDisc(tile.body, 10);
      expect([info.width, info.height]).toEqual([256, 256]);
      // The disc (about 10 px across at zoom 20) lies whole inside this tile.
      expect(found!.x).toBeCloseTo((worldX - x) * 256, 0);
      expect(found!.y).toBeCloseTo((worldY - y) * 256, 0);
      expect((await get(f.url.replace('{z}', '21').replace('{x}', '0').replace('{y}', '0'))).status).toBe(
        404,
      );
      expect((await get(f.url.replace('{z}', '3').replace('{x}', '8').replace('{y}', '0'))).status).toBe(404);
    });
  });
});
