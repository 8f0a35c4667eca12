import type { GetTileCommand, GetTileResponse } from '@aws-sdk/client-geo-maps';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import type { NadirImage } from '../../../functions/media/geo/types.ts';
import {
  groundResolution,
  lngLatToTile,
  lngLatToWorldPixel,
  worldPixelToLngLat,
  zoomForResolution,
} from '../../../functions/media/geo/web-mercator.ts';
import { AmazonLocationSatelliteImagery } from '../../../functions/media/providers/amazon-location/index.ts';

type Rgb = readonly [number, number, number];
/** Each tile is one flat colour that encodes its x and y. */
const colourOf = (x: number, y: number): Rgb => [(x % 6) * 40 + 20, (y % 6) * 40 + 20, 128];

function fakeSatellite(options: { size?: number; format?: 'png' | 'jpeg' } = {}) {
  const size = options.size ?? 256;
  const requests: GetTileCommand['input'][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const client = {
    send: async (command: GetTileCommand): Promise<GetTileResponse> => {
      requests.push(command.input);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const [r, g, b] = colourOf(Number(command.input.X), Number(command.input.Y));
      const image = sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } });
      const blob = await (options.format === 'jpeg' ? image.jpeg({ quality: 95 }) : image.png()).toBuffer();
      inFlight--;
      return {
        Blob: new Uint8Array(blob),
        ContentType: `image/${options.format ?? 'png'}`,
        PricingBucket: 'Tile',
      };
    },
  };
  return { client, requests, maxInFlight: () => maxInFlight };
}

function pixel(image: NadirImage, x: number, y: number): Rgb {
  const o = (y * image.georef.width + x) * image.channels;
  return [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!];
}

function expectColour(actual: Rgb, expected: Rgb, tolerance = 0): void {
  for (let k = 0; k < 3; k++) expect(Math.abs(actual[k]! - expected[k]!)).toBeLessThanOrEqual(tolerance);
}

const MPP = 0.5;
const LAT = -33.8842;
const ZOOM = zoomForResolution(LAT, MPP, 256, 19);
// The centre of a z18 tile in Paddington, so neighbouring tiles are ~64 m away on every side.
const TILE = lngLatToTile(151.2271, LAT, ZOOM);
const CENTER: LatLng = worldPixelToLngLat(TILE.x + 0.5, TILE.y + 0.5, ZOOM, 1);

describe('AmazonLocationSatelliteImagery', () => {
  it('renders exactly the requested size, centred on the tile under the centre', async () => {
    const fake = fakeSatellite();
    const imagery = new AmazonLocationSatelliteImagery(fake.client);
    const image = await imagery.render({
      center: CENTER,
      width: 301,
      height: 200,
      metersPerPixel: MPP,
      rotationDeg: 0,
    });

    expect(ZOOM).toBe(18);
    expect(imagery.name).toBe('amazon-location-satellite');
    expect(image.provider).toBe('amazon-location-satellite');
    expect(image.channels).toBe(3);
    expect(image.data.length).toBe(301 * 200 * 3);
    expect(image.georef).toEqual({
      center: CENTER,
      metersPerPixel: MPP,
      rotationDeg: 0,
      width: 301,
      height: 200,
    });
    expectColour(pixel(image, 150, 100), colourOf(TILE.x, TILE.y));
    for (const request of fake.requests) {
      expect(request).toMatchObject({ Tileset: 'raster.satellite', Z: String(ZOOM) });
    }
  });

  it('north up: the tile to the north is at the top and the tile to the east on the right', async () => {
    const imagery = new AmazonLocationSatelliteImagery(fakeSatellite().client);
    const image = await imagery.render({
      center: CENTER,
      width: 400,
      height: 400,
      metersPerPixel: MPP,
      rotationDeg: 0,
    });
    expectColour(pixel(image, 200, 2), colourOf(TILE.x, TILE.y - 1));
    expectColour(pixel(image, 397, 200), colourOf(TILE.x + 1, TILE.y));
    expectColour(pixel(image, 2, 200), colourOf(TILE.x - 1, TILE.y));
    expectColour(pixel(image, 200, 397), colourOf(TILE.x, TILE.y + 1));

    // The seam with the eastern tile sits where the ground distance says it should (to a pixel); the
    // resampling filter softens it, so the seam is where red crosses halfway between the two tiles.
    const tileM = groundResolution(LAT, ZOOM, 1);
    const seamColumn = 200 + (0.5 * tileM) / MPP;
    const halfway = (colourOf(TILE.x, TILE.y)[0] + colourOf(TILE.x + 1, TILE.y)[0]) / 2;
    const row = Array.from({ length: 400 }, (_, x) => pixel(image, x, 200)[0]);
    const firstEast = row.findIndex((r, x) => x > 200 && r >= halfway);
    expect(Math.abs(firstEast + 0.5 - seamColumn)).toBeLessThanOrEqual(1);
  });

  it('rotation 90 puts the tile east of the centre at the top', async () => {
    const imagery = new AmazonLocationSatelliteImagery(fakeSatellite().client);
    const image = await imagery.render({
      center: CENTER,
      width: 400,
      height: 400,
      metersPerPixel: MPP,
      rotationDeg: 90,
    });
    expect(image.georef.rotationDeg).toBe(90);
    expectColour(pixel(image, 200, 200), colourOf(TILE.x, TILE.y));
    expectColour(pixel(image, 200, 2), colourOf(TILE.x + 1, TILE.y));
    expectColour(pixel(image, 200, 397), colourOf(TILE.x - 1, TILE.y));
    // Facing east, north is on the left and south on the right.
    expectColour(pixel(image, 2, 200), colourOf(TILE.x, TILE.y - 1));
    expectColour(pixel(image, 397, 200), colourOf(TILE.x, TILE.y + 1));
  });

  it('handles an off-centre point, 512 px JPEG tiles and limits concurrent fetches', async () => {
    const fake = fakeSatellite({ size: 512, format: 'jpeg' });
    const imagery = new AmazonLocationSatelliteImagery(fake.client, { concurrency: 3 });
    const center = worldPixelToLngLat(TILE.x + 0.8, TILE.y + 0.3, ZOOM, 1);
    // 0.6 m/px still selects ZOOM with the nominal 256 px tile size; the 512 px tiles are then downsampled.
    const image = await imagery.render({
      center,
      width: 640,
      height: 480,
      metersPerPixel: 0.6,
      rotationDeg: 30,
    });
    expect(image.data.length).toBe(640 * 480 * 3);
    expectColour(pixel(image, 320, 240), colourOf(TILE.x, TILE.y), 4);
    expect(fake.requests.length).toBeGreaterThan(3);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);

    // With 512 px tiles each pixel is half the ground, so the seam to the east is twice as far in pixels
    // of the mosaic but lands at the same ground distance in the output.
    const unit = lngLatToWorldPixel(center.lng, center.lat, ZOOM, 1);
    const metresToSeam = (TILE.x + 1 - unit.x) * groundResolution(center.lat, ZOOM, 1);
    // Walk from the centre towards bearing 90 (east): 60° clockwise from the image's up (bearing 30).
    const stepRight = Math.sin(60 * (Math.PI / 180));
    const stepUp = Math.cos(60 * (Math.PI / 180));
    const at = (m: number) =>
      pixel(image, Math.round(320 - 0.5 + (m / 0.6) * stepRight), Math.round(240 - 0.5 - (m / 0.6) * stepUp));
    expectColour(at(metresToSeam - 2), colourOf(TILE.x, TILE.y), 4);
    expectColour(at(metresToSeam + 2), colourOf(TILE.x + 1, TILE.y), 4);
    expect(fake.requests.every((r) => r.Z === String(ZOOM))).toBe(true);
  });

  it('rejects sizes beyond the port limit', async () => {
    const imagery = new AmazonLocationSatelliteImagery(fakeSatellite().client);
    await expect(
      imagery.render({ center: CENTER, width: 5000, height: 10, metersPerPixel: MPP, rotationDeg: 0 }),
    ).rejects.toThrow(RangeError);
  });
});
