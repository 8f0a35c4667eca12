// Drone photos as real DJI cameras write them, read from real JPEG bytes (through the download path where
// the pose matters): enterprise cameras' element-form XMP (unsigned, six decimals), XMP kept in EXIF's
// ApplicationNotes, and the layouts that already worked (a Mavic Pro's position in EXIF GPS only, a Phantom 4
// Multispectral's calibration). Files are written by test/support/imagery-files.ts, not by the code.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoadedDronePhoto,
  loadCallerImagery,
} from '../../../functions/media/imagery/caller/caller-imagery.ts';
import { readPhotoMetadata } from '../../../functions/media/imagery/caller/photo-metadata.ts';
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

const deg = (radians: number) => (radians * 180) / Math.PI;

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
