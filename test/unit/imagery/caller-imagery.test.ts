// Reading a caller's imagery: a drone photo's pose from DJI XMP and EXIF (a request field wins over the
// file's), GeoTIFF georeferences in each supported system, and the hostile files refused with bounded
// work through the real download path (huge sizes, decompression bombs, megabytes of XMP, malformed TIFF
// directories, millions of tiles). Files are written by test/support/imagery-files.ts, not by the code.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobError } from '../../../functions/core/errors.ts';
import { crsForEpsg } from '../../../functions/media/geo/crs.ts';
import {
  type LoadedOrthophoto,
  loadCallerImagery,
} from '../../../functions/media/imagery/caller/caller-imagery.ts';
import { readPhotoMetadata } from '../../../functions/media/imagery/caller/photo-metadata.ts';
import { resolvePhotoPose } from '../../../functions/media/imagery/caller/photo-pose.ts';
import { fetchImagery, type ImageFetchPolicy } from '../../../functions/media/images/fetch-image.ts';
import {
  app1,
  djiXmp,
  geoKeys,
  tiff,
  withDjiXmp,
  withSegments,
  XMP_NAMESPACE,
} from '../../support/imagery-files.ts';

const POSE = {
  lat: -33.88123,
  lng: 151.19876,
  relativeAltitudeM: 62.5,
  yawDeg: -135.4,
  pitchDeg: -58.2,
  rollDeg: 0.3,
};

let server: Server;
let base: string;
const files = new Map<string, { body: Buffer; type: string }>();
const local: ImageFetchPolicy = { allowHttp: true, allowLoopback: true, timeoutMs: 5000 };
const fetcher = (url: string) => fetchImagery(url, local);

beforeAll(async () => {
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    res.end(file?.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function serve(path: string, body: Buffer, type = 'application/octet-stream'): string {
  files.set(path, { body, type });
  return `${base}${path}`;
}

async function photo(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a7a5a' } })
    .jpeg()
    .toBuffer();
}

async function jobError(promise: Promise<unknown>): Promise<JobError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobError);
  return error as JobError;
}

describe('drone photo metadata', () => {
  it("reads DJI's XMP pose and EXIF, and the request's camera fields win over the file's", async () => {
    const jpeg = await sharp(withDjiXmp(await photo(), { ...POSE, calibratedFocalLengthPx: 400 }))
      .withExifMerge({
        IFD0: { Make: 'DJI', Model: 'FC6310' },
        IFD2: { DateTimeOriginal: '2026:03:14 10:21:33' },
      })
      .jpeg()
      .toBuffer();
    // sharp rewrote the file: put the XMP back (sharp keeps EXIF but drops other APP1 segments).
    const file = withDjiXmp(jpeg, { ...POSE, calibratedFocalLengthPx: 400 });
    const meta = await readPhotoMetadata(file, 640);
    expect(meta).toMatchObject({
      latitude: POSE.lat,
      longitude: POSE.lng,
      relativeAltitudeM: POSE.relativeAltitudeM,
      gimbalYawDeg: POSE.yawDeg,
      gimbalPitchDeg: POSE.pitchDeg,
      gimbalRollDeg: POSE.rollDeg,
      calibratedFocalLengthPx: 400,
      model: 'FC6310',
      orientation: 1,
      capturedAt: '2026-03-14T10:21:33',
    });
    const pose = resolvePhotoPose(meta, { height_m: 60, yaw_deg: -130 }, 640, 480, {
      applyLensCalibration: true,
    });
    expect(pose.camera.pose).toEqual({
      heightM: 60,
      yawDeg: -130,
      pitchDeg: POSE.pitchDeg,
      rollDeg: POSE.rollDeg,
    });
    // 2·atan(320 / 400): the calibrated focal length in pixels.
    expect(pose.camera.horizontalFovDeg).toBeCloseTo((2 * Math.atan(320 / 400) * 180) / Math.PI, 9);
    expect(pose.sources).toMatchObject({
      height_m: 'request',
      yaw_deg: 'request',
      pitch_deg: 'xmp:GimbalPitchDegree',
      horizontal_fov_deg: 'xmp:CalibratedFocalLength',
    });
  });

  it('derives the field of view from EXIF: focal length with a known sensor, else the 35 mm equivalent', async () => {
    const base = { orientation: 1 } as const;
    const bySensor = resolvePhotoPose(
      { ...base, focalLengthMm: 8.8, model: 'FC6310' },
      { lat: -33.9, lng: 151.2, height_m: 50, yaw_deg: 0, pitch_deg: -90 },
      5472,
      3648,
      { applyLensCalibration: true },
    );
    // Phantom 4 Pro: a 13.2 mm wide 1" sensor behind an 8.8 mm lens.
    expect(bySensor.camera.horizontalFovDeg).toBeCloseTo((2 * Math.atan(6.6 / 8.8) * 180) / Math.PI, 9);
    const by35 = resolvePhotoPose(
      { ...base, focalLength35mm: 24 },
      { lat: -33.9, lng: 151.2, height_m: 50, yaw_deg: 0, pitch_deg: -90 },
      4000,
      3000,
      { applyLensCalibration: true },
    );
    // 24 mm equivalent: a 84.1° diagonal; along the width of a 4:3 frame, 4/5 of the diagonal's tangent.
    const halfDiagonal = Math.atan(Math.hypot(36, 24) / 48);
    expect(by35.camera.horizontalFovDeg).toBeCloseTo(
      (2 * Math.atan(Math.tan(halfDiagonal) * 0.8) * 180) / Math.PI,
      9,
    );
  });

  it('names every missing field and what to send (CAMERA_POSE_MISSING)', async () => {
    const url = serve('/plain.jpg', await photo(), 'image/jpeg');
    const error = await jobError(
      loadCallerImagery({ type: 'drone_photo', image_url: url }, fetcher, { applyLensCalibration: true }),
    );
    expect(error.name).toBe('CAMERA_POSE_MISSING');
    for (const field of ['lat', 'lng', 'height_m', 'yaw_deg', 'pitch_deg', 'horizontal_fov_deg'])
      expect(error.message).toContain(`imagery.camera.${field}`);
    expect(error.message).not.toContain('imagery.camera.roll_deg');
  });

  it('reads past megabytes of XMP, extended XMP and thousands of segments in bounded time', async () => {
    const junk = app1(Buffer.concat([XMP_NAMESPACE, Buffer.alloc(65_000, 0x41)]));
    const extended = app1(
      Buffer.concat([
        Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'),
        Buffer.alloc(65_000, 0x42),
      ]),
    );
    const pose = app1(Buffer.concat([XMP_NAMESPACE, Buffer.from(djiXmp(POSE))]));
    // 60 × 64 KB segments (3.9 MB) before and after the real XMP, and 3,000 tiny ones.
    const tiny = Buffer.from([0xff, 0xe5, 0, 2]);
    const file = withSegments(await photo(), [
      ...Array.from({ length: 3000 }, () => tiny),
      ...Array.from({ length: 30 }, () => extended),
      pose,
      ...Array.from({ length: 30 }, () => junk),
    ]);
    const meta = await readPhotoMetadata(file, 640);
    // The segment walk stops after MAX_SEGMENTS (2000): the XMP behind 3000 segments is not reached.
    expect(meta.gimbalYawDeg).toBeUndefined();
    const reachable = withSegments(await photo(), [
      ...Array.from({ length: 30 }, () => extended),
      pose,
      junk,
    ]);
    expect((await readPhotoMetadata(reachable, 640)).gimbalYawDeg).toBe(POSE.yawDeg);
  });
});

describe('GeoTIFF georeferences', () => {
  const W = 200;
  const H = 100;
  const rgb = Buffer.alloc(W * H * 3, 90);

  async function orthophoto(file: Buffer, name: string): Promise<LoadedOrthophoto> {
    const url = serve(`/${name}.tif`, file, 'image/tiff');
    const loaded = await loadCallerImagery({ type: 'orthophoto', image_url: url }, fetcher, {
      applyLensCalibration: true,
    });
    expect(loaded.kind).toBe('orthophoto');
    return loaded as LoadedOrthophoto;
  }

  it('reads a tie point and pixel scale in an MGA zone (PixelIsArea): pixel corners land on their grid positions', async () => {
    const file = tiff({
      width: W,
      height: H,
      rgb,
      geo: {
        tiepoint: [0, 0, 334_000, 6_250_100],
        pixelScale: [0.5, 0.5],
        geoKeys: geoKeys(7856, 'projected'),
      },
      dateTime: '2025:11:02 09:00:00',
    });
    const loaded = await orthophoto(file, 'mga');
    const mga = crsForEpsg(7856)!;
    const corner = loaded.imagery.frame.toLatLng({ x: W, y: H });
    const expected = mga.toLatLng(334_000 + W * 0.5, 6_250_100 - H * 0.5);
    expect(corner.lat).toBeCloseTo(expected.lat, 9);
    expect(corner.lng).toBeCloseTo(expected.lng, 9);
    expect(loaded.provenance.captured_at).toBe('2025-11-02T09:00:00');
    expect(loaded.georeferencedBy).toContain('GDA2020 / MGA zone 56');
  });

  it('shifts a PixelIsPoint tie point by half a pixel, and reads a model transformation in Web Mercator', async () => {
    const point = await orthophoto(
      tiff({
        width: W,
        height: H,
        rgb,
        geo: {
          tiepoint: [0, 0, 151.2, -33.88],
          pixelScale: [1e-5, 1e-5],
          geoKeys: geoKeys(4326, 'geographic', true),
        },
      }),
      'point',
    );
    const centre = point.imagery.frame.toLatLng({ x: 0.5, y: 0.5 });
    expect(centre.lng).toBeCloseTo(151.2, 10);
    expect(centre.lat).toBeCloseTo(-33.88, 10);
    const merc = crsForEpsg(3857)!.fromLatLng({ lat: -33.88, lng: 151.2 });
    // Turned 30°: x = x0 + 0.1(i cos30 + j sin30), y = y0 + 0.1(i sin30 - j cos30).
    const c = Math.cos(Math.PI / 6) * 0.1;
    const s = Math.sin(Math.PI / 6) * 0.1;
    const turned = await orthophoto(
      tiff({
        width: W,
        height: H,
        rgb,
        geo: {
          transformation: [c, s, 0, merc.x, s, -c, 0, merc.y, 0, 0, 0, 0, 0, 0, 0, 1],
          geoKeys: geoKeys(3857, 'projected'),
        },
      }),
      'turned',
    );
    const p = turned.imagery.frame.toPixel(
      crsForEpsg(3857)!.toLatLng(merc.x + 10 * c + 20 * s, merc.y + 10 * s - 20 * c),
    );
    expect(p.x).toBeCloseTo(10, 6);
    expect(p.y).toBeCloseTo(20, 6);
  });

  it('names an unsupported coordinate system, and asks for a georeference when there is none', async () => {
    const utm = tiff({
      width: W,
      height: H,
      rgb,
      geo: { tiepoint: [0, 0, 334_000, 6_250_100], pixelScale: [1, 1], geoKeys: geoKeys(32756, 'projected') },
    });
    const error = await jobError(
      loadCallerImagery({ type: 'orthophoto', image_url: serve('/utm.tif', utm) }, fetcher, {
        applyLensCalibration: true,
      }),
    );
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
    expect(error.message).toContain('EPSG:32756');
    expect(error.message).toContain('MGA zones 49-56');
    const bare = await jobError(
      loadCallerImagery(
        { type: 'orthophoto', image_url: serve('/bare.tif', tiff({ width: W, height: H, rgb })) },
        fetcher,
        { applyLensCalibration: true },
      ),
    );
    expect(bare.name).toBe('IMAGERY_NOT_GEOREFERENCED');
    expect(bare.message).toContain('imagery.bounds');
    // The request's bounds make the file's georeference (or its absence) irrelevant.
    const withBounds = await loadCallerImagery(
      {
        type: 'orthophoto',
        image_url: serve('/utm2.tif', utm),
        bounds: { north_west: { lat: -33.88, lng: 151.2 }, south_east: { lat: -33.881, lng: 151.202 } },
      },
      fetcher,
      { applyLensCalibration: true },
    );
    expect(withBounds.kind === 'orthophoto' && withBounds.georeferencedBy).toBe(
      'bounds given in the request',
    );
  });
});

describe('hostile files', () => {
  // Each refusal below is worded by the service's own check of the TIFF directory (tiff-structure.ts),
  // which runs before any decoder sees the file: the words prove the pixels were never decoded.
  // How long a refusal takes: npm run bench -- imagery.
  async function refusal(body: Buffer, name: string) {
    const error = await jobError(
      loadCallerImagery({ type: 'orthophoto', image_url: serve(`/${name}`, body) }, fetcher, {
        applyLensCalibration: true,
      }),
    );
    return { error };
  }

  it('refuses a TIFF declaring 50,000 x 50,000 pixels from its directory', async () => {
    const { error } = await refusal(tiff({ width: 50_000, height: 50_000 }), 'huge.tif');
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
    expect(error.message).toMatch(/longer than the 20000 px limit/);
  });

  it('refuses a deflate bomb (a small file declaring 12,000 x 12,000) before decoding it', async () => {
    // A megabyte of zeros deflates to a kilobyte; the directory claims it decodes to 432 MB.
    const bomb = tiff({
      width: 12_000,
      height: 12_000,
      rgb: deflateSync(Buffer.alloc(1 << 20)),
      compression: 8,
    });
    expect(bomb.length).toBeLessThan(1_000_000);
    const { error } = await refusal(bomb, 'bomb.tif');
    expect(error.message).toMatch(/12000x12000 pixels \(144\.0 MP\), more than the 120 MP limit/);
  });

  it('refuses a tiled TIFF with millions of tiles without reading them', async () => {
    const { error } = await refusal(tiff({ width: 19_200, height: 6_000, tileSize: 16 }), 'tiles.tif');
    expect(error.message).toMatch(/450000 tiles, more than the 65536/);
  });

  it('refuses malformed directories: entries past the end, a directory outside the file, BigTIFF', async () => {
    const good = tiff({ width: 8, height: 8, rgb: Buffer.alloc(192) });
    const pastEnd = Buffer.from(good);
    pastEnd.writeUInt32LE(good.length + 10, 4);
    expect((await refusal(pastEnd, 'past-end.tif')).error.message).toContain('outside the file');
    const manyEntries = Buffer.from(good);
    manyEntries.writeUInt16LE(60_000, 8);
    expect((await refusal(manyEntries, 'entries.tif')).error.message).toContain('60000 entries');
    const cut = good.subarray(0, good.length - 50);
    expect((await refusal(cut, 'cut.tif')).error.message).toMatch(/strip 0 lies outside the file/);
    expect((await refusal(tiff({ width: 8, height: 8, bigTiff: true }), 'big.tif')).error.message).toContain(
      'BigTIFF',
    );
  });

  /** A georeferenced 64 x 48 TIFF whose first directory links on to `next` (0: the end). */
  function linkedTiff(next: number): Buffer {
    const file = tiff({
      width: 64,
      height: 48,
      rgb: Buffer.alloc(64 * 48 * 3, 120),
      geo: {
        tiepoint: [0, 0, 151.2, -33.88],
        pixelScale: [1e-5, 1e-5],
        geoKeys: geoKeys(4326, 'geographic'),
      },
    });
    file.writeUInt32LE(next, 8 + 2 + file.readUInt16LE(8) * 12);
    return file;
  }

  it('refuses a TIFF whose directory links back to itself as UNSUPPORTED_IMAGE, saying it loops', async () => {
    const { error } = await refusal(linkedTiff(8), 'loop.tif');
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
    expect(error.message).toMatch(/image directories loop: the directory at byte 8 is linked to again/);
  });

  it('refuses a TIFF whose directory links to one outside the file', async () => {
    const file = linkedTiff(0);
    const { error } = await refusal(linkedTiff(file.length + 100), 'dangling.tif');
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
    expect(error.message).toMatch(/links to \(at byte \d+\) lies outside the file/);
  });

  it('fails a TIFF whose pixels do not decode UNSUPPORTED_IMAGE when a step reads them, not an internal error', async () => {
    // A valid directory over a strip that is not LZW data: found only when the region is decoded.
    const width = 64;
    const height = 48;
    const damaged = tiff({
      width,
      height,
      rgb: Buffer.alloc(width * height * 3, 0xff),
      compression: 5,
      geo: {
        tiepoint: [0, 0, 151.2, -33.88],
        pixelScale: [1e-5, 1e-5],
        geoKeys: geoKeys(4326, 'geographic'),
      },
    });
    const loaded = await loadCallerImagery(
      { type: 'orthophoto', image_url: serve('/damaged-strip.tif', damaged) },
      fetcher,
      { applyLensCalibration: true },
    );
    expect(loaded.kind).toBe('orthophoto');
    const error = await jobError(
      (loaded as LoadedOrthophoto).imagery.render({
        width: 32,
        height: 32,
        center: { lat: -33.8802, lng: 151.2003 },
        metersPerPixel: 0.5,
        rotationDeg: 0,
      }),
    );
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
    expect(error.message).toMatch(/orthophoto's pixels cannot be decoded/);
  });
});
