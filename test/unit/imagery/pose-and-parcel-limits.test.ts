// The limits of a caller's imagery said where they were broken. A drone photo's XMP pose is held to the
// ranges imagery.camera takes: a latitude of 91, a longitude of 200, heights and angles of 1e308 end the
// job CAMERA_POSE_INVALID naming the XMP field (not BOUNDARY_NOT_IN_IMAGE, which points at the parcel), and
// the same fields given in the request win over the file's. A MultiPolygon parcel of 1,000 parts is a 400
// that names the limit, not "Invalid input".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodDetails } from '../../../functions/api/http/validation.ts';
import { JobError } from '../../../functions/core/errors.ts';
import { jobTypeSpec } from '../../../functions/jobs/registry.ts';
import { loadCallerImagery } from '../../../functions/media/imagery/caller/caller-imagery.ts';
import { fetchImagery } from '../../../functions/media/images/fetch-image.ts';
import { withDjiXmp } from '../../support/imagery-files.ts';

let server: Server;
let base: string;
const files = new Map<string, Buffer>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': 'image/jpeg' });
    res.end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const POSE = { lat: -33.88123, lng: 151.19876, relativeAltitudeM: 62.5, yawDeg: -135.4, pitchDeg: -58.2 };

async function dronePhoto(name: string, pose: Partial<typeof POSE>): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a7a5a' } })
    .jpeg()
    .toBuffer();
  files.set(`/${name}`, withDjiXmp(jpeg, { ...POSE, ...pose, calibratedFocalLengthPx: 400 }));
  return `${base}/${name}`;
}

const load = (url: string, camera?: Record<string, number>) =>
  loadCallerImagery(
    { type: 'drone_photo', image_url: url, ...(camera ? { camera } : {}) },
    (u) => fetchImagery(u, { allowHttp: true, allowLoopback: true, timeoutMs: 5000 }),
    { applyLensCalibration: true },
  );

describe("a drone photo's XMP pose", () => {
  it('ends CAMERA_POSE_INVALID naming each XMP field outside the range imagery.camera takes', async () => {
    const url = await dronePhoto('wild.jpg', { lat: 91, lng: 200, relativeAltitudeM: 1e308, yawDeg: 1e308 });
    const error = await load(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JobError);
    expect((error as JobError).name).toBe('CAMERA_POSE_INVALID');
    const message = (error as JobError).message;
    expect(message).toContain('xmp:GpsLatitude is 91, outside -44 to -9');
    expect(message).toContain('xmp:GpsLongitude is 200, outside 112 to 154');
    expect(message).toContain('xmp:RelativeAltitude is 1e+308, outside 1 to 1500 m');
    expect(message).toContain('xmp:GimbalYawDegree is 1e+308, outside -360 to 360');
    expect(message).toContain('imagery.camera.lat');
  });

  it('names a pitch below straight down, and takes the request’s fields over the file’s', async () => {
    const url = await dronePhoto('steep.jpg', { pitchDeg: -120 });
    const error = (await load(url).catch((e: unknown) => e)) as JobError;
    expect(error.name).toBe('CAMERA_POSE_INVALID');
    expect(error.message).toContain('xmp:GimbalPitchDegree is -120, outside -90 to 0');
    const corrected = await load(url, { pitch_deg: -60 });
    expect(corrected.kind === 'drone_photo' && corrected.pose.camera.pose.pitchDeg).toBe(-60);
  });
});

describe('a MultiPolygon parcel', () => {
  const ring = [
    [151.2, -33.88],
    [151.2002, -33.88],
    [151.2002, -33.8802],
    [151.2, -33.8802],
    [151.2, -33.88],
  ];
  const body = (boundary: unknown) => ({ address: '10 Wattle Street, Ultimo NSW 2007', boundary });
  const details = (input: unknown) => {
    const parsed = jobTypeSpec('markup_v2').route.body!.safeParse(input);
    return parsed.success ? [] : zodDetails(parsed.error, 'body', input);
  };

  it('of 1,000 parts is a 400 naming the limit it broke, as a geometry or inside a Feature', () => {
    const parts = Array.from({ length: 1000 }, () => [ring]);
    expect(details(body({ type: 'MultiPolygon', coordinates: parts }))).toEqual([
      {
        path: 'boundary.coordinates',
        message: expect.stringContaining("has 1000 polygons; a parcel's MultiPolygon has at most 20"),
      },
    ]);
    expect(
      details(body({ type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: parts } }))[0],
    ).toMatchObject({
      path: 'boundary.geometry.coordinates',
      message: expect.stringContaining('at most 20'),
    });
  });

  it('of two parts is taken', () => {
    expect(details(body({ type: 'MultiPolygon', coordinates: [[ring], [ring]] }))).toEqual([]);
  });
});
