// Drone photos as real DJI cameras write them, read from real JPEG bytes (through the download path where
// the pose matters): enterprise cameras' element-form XMP (unsigned, six decimals), XMP kept in EXIF's
// ApplicationNotes, thermal cameras that write no focal length (Zenmuse XT2, H20T, Mavic 2 Enterprise Dual:
// their published fields of view), and the layouts that already worked (a Mavic Pro's position in EXIF GPS
// only, an H20T's laser-rangefinder target beside the camera's position, a Phantom 4 Multispectral's
// calibration). Files are written by test/support/imagery-files.ts, not by the code.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobError } from '../../../functions/core/errors.ts';
import {
  type LoadedDronePhoto,
  loadCallerImagery,
} from '../../../functions/media/imagery/caller/caller-imagery.ts';
import { readPhotoMetadata } from '../../../functions/media/imagery/caller/photo-metadata.ts';
import { resolvePhotoPose } from '../../../functions/media/imagery/caller/photo-pose.ts';
import { fetchImagery, type ImageFetchPolicy } from '../../../functions/media/images/fetch-image.ts';
import {
  type DjiPose,
  djiElementXmp,
  djiXmp,
  exifSegment,
  withSegments,
  withXmp,
} from '../../support/imagery-files.ts';

let server: Server;
let base: string;
const files = new Map<string, Buffer>();
const local: ImageFetchPolicy = { allowHttp: true, allowLoopback: true, timeoutMs: 5000 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file ? 'image/jpeg' : 'text/plain' });
    res.end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A flat JPEG of the camera's native size, as the drone stores it (no metadata yet). */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#5a4a6a' } })
    .jpeg()
    .toBuffer();
}

/** Downloads and reads the photo as a drone_photo request would, with the request's `camera`. */
async function load(name: string, file: Buffer, camera?: Record<string, number>): Promise<LoadedDronePhoto> {
  files.set(`/${name}`, file);
  const loaded = await loadCallerImagery(
    { type: 'drone_photo', image_url: `${base}/${name}`, ...(camera ? { camera } : {}) },
    (url) => fetchImagery(url, local),
    { applyLensCalibration: true },
  );
  if (loaded.kind !== 'drone_photo') throw new Error('not a drone photo');
  return loaded;
}

async function poseMissing(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobError);
  expect((error as JobError).name).toBe('CAMERA_POSE_MISSING');
  return (error as JobError).message;
}

const deg = (radians: number) => (radians * 180) / Math.PI;
/** A horizontal field of view from a diagonal one, on a frame of the given shape. */
const horizontalFromDiagonal = (diagonalDeg: number, width: number, height: number) =>
  deg(2 * Math.atan(Math.tan((diagonalDeg * Math.PI) / 360) * (width / Math.hypot(width, height))));

/** The ground truth every file below carries. */
const TRUTH: DjiPose = {
  lat: -33.881234,
  lng: 151.198765,
  relativeAltitudeM: 47,
  yawDeg: 30.4,
  pitchDeg: -60,
  rollDeg: 0,
};
const TRUTH_POSE = { heightM: 47, yawDeg: 30.4, pitchDeg: -60, rollDeg: 0 };
/** Every pose field but the field of view, as a request would give them. */
const GIVEN_POSE = { lat: TRUTH.lat, lng: TRUTH.lng, height_m: 47, yaw_deg: 30.4, pitch_deg: -60 };

describe('XMP as DJI cameras write it', () => {
  it('reads element-form values (unsigned, six decimals) exactly as written', async () => {
    const meta = await readPhotoMetadata(withXmp(await photo(64, 48), djiElementXmp(TRUTH)), 64);
    expect(meta).toMatchObject({
      latitude: TRUTH.lat,
      longitude: TRUTH.lng,
      latitudeSource: 'xmp:GpsLatitude',
      relativeAltitudeM: 47,
      gimbalYawDeg: 30.4,
      gimbalPitchDeg: -60,
      gimbalRollDeg: 0,
    });
  });

  it('reads the XMP packet some DJI cameras keep in EXIF ApplicationNotes instead of an XMP segment', async () => {
    const file = withSegments(await photo(640, 512), [
      exifSegment({
        make: 'DJI',
        model: 'XT2',
        focalLengthMm: 13,
        applicationNotes: djiElementXmp({ ...TRUTH, model: 'XT2' }),
      }),
    ]);
    expect(await readPhotoMetadata(file, 640)).toMatchObject({
      model: 'XT2',
      focalLengthMm: 13,
      latitude: TRUTH.lat,
      longitude: TRUTH.lng,
      relativeAltitudeM: 47,
      gimbalYawDeg: 30.4,
      gimbalPitchDeg: -60,
      gimbalRollDeg: 0,
    });
  });

  it('reads element values with attributes or in a one-item list as their values, and a value that is no number as missing', async () => {
    const packet = djiElementXmp(TRUTH)
      .replace(
        '<drone-dji:RelativeAltitude>47.000000</drone-dji:RelativeAltitude>',
        '<drone-dji:RelativeAltitude rdf:datatype="http://www.w3.org/2001/XMLSchema#double">47.000000</drone-dji:RelativeAltitude>',
      )
      .replace(
        '<drone-dji:GimbalYawDegree>30.400000</drone-dji:GimbalYawDegree>',
        '<drone-dji:GimbalYawDegree><rdf:Seq><rdf:li>30.400000</rdf:li></rdf:Seq></drone-dji:GimbalYawDegree>',
      )
      .replace(
        '<drone-dji:GimbalPitchDegree>-60.000000</drone-dji:GimbalPitchDegree>',
        '<drone-dji:GimbalPitchDegree>n/a</drone-dji:GimbalPitchDegree>',
      );
    const meta = await readPhotoMetadata(withXmp(await photo(64, 48), packet), 64);
    expect(meta.relativeAltitudeM).toBe(47);
    expect(meta.gimbalYawDeg).toBe(30.4);
    expect(meta.gimbalPitchDeg).toBeUndefined();
  });

  it('passes values outside a gimbal’s range on as written, for the pose check to judge', async () => {
    const packet = djiElementXmp({ ...TRUTH, yawDeg: 400, pitchDeg: -120, relativeAltitudeM: -3 });
    const meta = await readPhotoMetadata(withXmp(await photo(64, 48), packet), 64);
    expect(meta).toMatchObject({ gimbalYawDeg: 400, gimbalPitchDeg: -120, relativeAltitudeM: -3 });
  });

  it('finds the drone’s XMP when another program’s XMP packet comes first', async () => {
    const other =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Editor"/></rdf:RDF></x:xmpmeta>';
    const file = withXmp(withXmp(await photo(64, 48), djiElementXmp(TRUTH)), other);
    const meta = await readPhotoMetadata(file, 64);
    expect(meta.relativeAltitudeM).toBe(47);
  });
});

describe('fields of view of DJI cameras that write no focal length, from their specifications', () => {
  it('reads a Zenmuse XT2 thermal photo: the pose exactly as written, and the 13 mm lens at its published 45°', async () => {
    const file = withSegments(await photo(640, 512), [
      exifSegment({ make: 'DJI', model: 'XT2', focalLengthMm: 13 }),
    ]);
    const loaded = await load('xt2-13mm.jpg', withXmp(file, djiElementXmp({ ...TRUTH, model: 'XT2' })));
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    expect(loaded.pose.position).toEqual({ lat: TRUTH.lat, lng: TRUTH.lng });
    // DJI specification: XT2 640×512 with the 13 mm lens, 45° × 37°.
    expect(Math.abs(loaded.pose.camera.horizontalFovDeg - 45)).toBeLessThanOrEqual(0.5);
    expect(loaded.pose.sources).toMatchObject({
      height_m: 'xmp:RelativeAltitude',
      yaw_deg: 'xmp:GimbalYawDegree',
      pitch_deg: 'xmp:GimbalPitchDegree',
      lat: 'xmp:GpsLatitude',
    });
    expect(loaded.pose.sources.horizontal_fov_deg).toMatch(/Zenmuse XT2.*13 mm/);
  });

  it('asks an XT2 photo without a focal length only for the field of view, naming the lenses it may carry', async () => {
    const file = withSegments(await photo(640, 512), [exifSegment({ make: 'DJI', model: 'XT2' })]);
    const xmp = withXmp(file, djiElementXmp({ ...TRUTH, model: 'XT2' }));
    const message = await poseMissing(load('xt2-no-focal.jpg', xmp));
    expect(message).toContain('imagery.camera.horizontal_fov_deg');
    for (const field of ['lat', 'lng', 'height_m', 'yaw_deg', 'pitch_deg'])
      expect(message).not.toContain(`imagery.camera.${field}`);
    for (const lens of ['9 mm: 69°', '13 mm: 45°', '19 mm: 32°', '25 mm: 25°'])
      expect(message).toContain(lens);
    // With the lens's field of view from the request, the file's pose is used as written.
    const loaded = await load('xt2-no-focal.jpg', xmp, { horizontal_fov_deg: 32 });
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    expect(loaded.pose.camera.horizontalFovDeg).toBe(32);
    expect(loaded.pose.sources.horizontal_fov_deg).toBe('request');
  });

  it('knows the 336×256 XT2 by its size: its 19 mm lens is 17° across, not the 640×512 core’s 32°', async () => {
    const file = withSegments(await photo(336, 256), [
      exifSegment({ make: 'DJI', model: 'XT2', focalLengthMm: 19 }),
    ]);
    const loaded = await load('xt2-336.jpg', withXmp(file, djiElementXmp({ ...TRUTH, model: 'XT2' })));
    expect(Math.abs(loaded.pose.camera.horizontalFovDeg - 17)).toBeLessThanOrEqual(0.5);
  });

  it('reads a Mavic 2 Enterprise Dual thermal photo (FC2403, no focal length) at its published 57° across', async () => {
    const file = withSegments(await photo(640, 480), [exifSegment({ make: 'DJI', model: 'FC2403' })]);
    const loaded = await load('m2ed-thermal.jpg', withXmp(file, djiElementXmp(TRUTH)));
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    expect(Math.abs(loaded.pose.camera.horizontalFovDeg - 57)).toBeLessThanOrEqual(0.5);
    expect(loaded.pose.sources.horizontal_fov_deg).toMatch(/Mavic 2 Enterprise Dual/);
  });

  it('tells a payload’s cameras apart by ImageSource, else by native size or shape, and never guesses between two of one shape', () => {
    const h20t = { orientation: 1, model: 'ZH20T' } as const;
    const fov = (meta: Parameters<typeof resolvePhotoPose>[0], width: number, height: number) =>
      resolvePhotoPose(meta, GIVEN_POSE, width, height, { applyLensCalibration: true }).camera
        .horizontalFovDeg;
    const infrared = horizontalFromDiagonal(40.6, 640, 512);
    expect(fov({ ...h20t, imageSource: 'InfraredCamera' }, 640, 512)).toBeCloseTo(infrared, 9);
    // Exported at twice the size without ImageSource: only the infrared camera is 5:4.
    expect(fov(h20t, 1280, 1024)).toBeCloseTo(infrared, 9);
    // The wide camera by its native size: DFOV 82.9° on 4056×3040.
    expect(fov(h20t, 4056, 3040)).toBeCloseTo(horizontalFromDiagonal(82.9, 4056, 3040), 9);
    // A 4:3 photo of another size could be the wide or the zoom camera: the request has to say.
    expect(() => fov(h20t, 2028, 1520)).toThrow(/imagery\.camera\.horizontal_fov_deg/);
  });

  it('reads a Matrice 300 H20T infrared photo (no focal length) at its published 40.6° diagonal, not at its laser target', async () => {
    const h20t = djiXmp({ ...TRUTH, model: 'ZH20T' }).replace(
      'drone-dji:FlightYawDegree',
      [
        'drone-dji:ImageSource="InfraredCamera"',
        'drone-dji:LRFStatus="Normal"',
        'drone-dji:LRFTargetDistance="87.512"',
        'drone-dji:LRFTargetLon="151.199501"',
        'drone-dji:LRFTargetLat="-33.880550"',
        'drone-dji:LRFTargetAlt="12.300"',
        'drone-dji:LRFTargetAbsAlt="33.800"',
        'drone-dji:FlightYawDegree',
      ].join(' '),
    );
    const file = withSegments(await photo(640, 512), [exifSegment({ make: 'DJI', model: 'ZH20T' })]);
    const loaded = await load('h20t-ir.jpg', withXmp(file, h20t));
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    expect(loaded.pose.position).toEqual({ lat: TRUTH.lat, lng: TRUTH.lng });
    // DJI specification: the H20T's infrared camera, DFOV 40.6° on a 640×512 sensor (13.5 mm, 12 µm pixels).
    const published = horizontalFromDiagonal(40.6, 640, 512);
    expect(Math.abs(loaded.pose.camera.horizontalFovDeg - published)).toBeLessThanOrEqual(0.5);
    expect(
      Math.abs(loaded.pose.camera.horizontalFovDeg - deg(2 * Math.atan(3.84 / 13.5))),
    ).toBeLessThanOrEqual(0.5);
  });
});

describe('layouts that already worked keep working', () => {
  it('reads a Mavic Pro (FC220) photo whose position is only in EXIF GPS, and says so', async () => {
    const jpeg = await sharp(await photo(1000, 750))
      .withExif({
        IFD0: { Make: 'DJI', Model: 'FC220' },
        IFD2: { FocalLength: '4730/1000' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 52/1 52443/1000',
          GPSLongitudeRef: 'E',
          GPSLongitude: '151/1 11/1 55554/1000',
        },
      })
      .jpeg()
      .toBuffer();
    const { lat: _lat, lng: _lng, ...pose } = TRUTH;
    const attributes = djiXmp({ ...pose, lat: 0, lng: 0 })
      .replace(/drone-dji:GpsLatitude="[^"]*" /, '')
      .replace(/drone-dji:GpsLongitude="[^"]*" /, '');
    const loaded = await load('fc220.jpg', withXmp(jpeg, attributes));
    expect(loaded.pose.position.lat).toBeCloseTo(-(33 + 52 / 60 + 52.443 / 3600), 9);
    expect(loaded.pose.position.lng).toBeCloseTo(151 + 11 / 60 + 55.554 / 3600, 9);
    expect(loaded.pose.sources).toMatchObject({ lat: 'exif:GPSLatitude', lng: 'exif:GPSLongitude' });
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    // 1/2.3" sensor 6.17 mm wide behind the 4.73 mm lens.
    expect(loaded.pose.camera.horizontalFovDeg).toBeCloseTo(deg(2 * Math.atan(6.17 / 2 / 4.73)), 6);
  });

  it('reads a Phantom 4 Multispectral photo’s calibrated focal length, optical centre and DewarpData', async () => {
    const p4m = djiXmp({
      ...TRUTH,
      calibratedFocalLengthPx: 1913.333374,
      dewarpData: '2019-06-18;1912.520000,1912.520000,6.420000,-10.510000,-0.405,0.19,0.0005,0.0003,-0.05',
    }).replace(
      'drone-dji:FlightYawDegree',
      'drone-dji:CalibratedOpticalCenterX="800.000000" drone-dji:CalibratedOpticalCenterY="650.000000" drone-dji:FlightYawDegree',
    );
    const file = withSegments(await photo(1600, 1300), [exifSegment({ make: 'DJI', model: 'FC6360' })]);
    const loaded = await load('p4m.jpg', withXmp(file, p4m));
    expect(loaded.pose.camera.pose).toEqual(TRUTH_POSE);
    expect(loaded.pose.sources.horizontal_fov_deg).toBe('xmp:CalibratedFocalLength');
    expect(loaded.pose.camera.horizontalFovDeg).toBeCloseTo(deg(2 * Math.atan(800 / 1913.333374)), 9);
    expect(loaded.pose.lensCalibration).toBe('applied');
    expect(loaded.pose.camera.lens).toMatchObject({ fx: 1912.52, cx: 806.42, cy: 639.49, k1: -0.405 });
  });
});
