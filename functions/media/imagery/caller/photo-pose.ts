// The camera of a caller's drone photo, settled from what the photo says (photo-metadata.ts) and what the
// request says (`imagery.camera`): a field given in the request wins over the file's. Each value used is
// reported with where it came from, so a caller can see which one to correct.
import { JobError } from '../../../core/errors.ts';
import { AUSTRALIA_BOUNDS } from '../../../core/schemas/common.ts';
import type { LatLng } from '../../../domain/geo-types.ts';
import { DEG } from '../../camera/camera-model.ts';
import type { LensCalibration, PhotoCamera } from '../../camera/photo-camera.ts';
import { specifiedFieldOfView } from './camera-specs.ts';
import type { PhotoMetadata } from './photo-metadata.ts';

/** The request's `imagery.camera`: every field optional; given ones replace the photo's. */
export interface CameraOverride {
  readonly lat?: number;
  readonly lng?: number;
  readonly height_m?: number;
  readonly yaw_deg?: number;
  readonly pitch_deg?: number;
  readonly roll_deg?: number;
  readonly horizontal_fov_deg?: number;
}

type CameraField = keyof CameraOverride;

/**
 * The range of each camera value, whoever gives it: the request's imagery.camera is held to it by its
 * schema (a 400 naming the field), and a value from the photo's XMP or EXIF outside it ends the job
 * CAMERA_POSE_INVALID naming the file's field, before any picture is projected through it.
 */
export const CAMERA_LIMITS: Readonly<
  Record<CameraField, { readonly min: number; readonly max: number; readonly unit: string }>
> = {
  lat: { min: AUSTRALIA_BOUNDS.minLat, max: AUSTRALIA_BOUNDS.maxLat, unit: '° (Australia)' },
  lng: { min: AUSTRALIA_BOUNDS.minLng, max: AUSTRALIA_BOUNDS.maxLng, unit: '° (Australia)' },
  height_m: { min: 1, max: 1_500, unit: ' m' },
  yaw_deg: { min: -360, max: 360, unit: '°' },
  pitch_deg: { min: -90, max: 0, unit: '°' },
  roll_deg: { min: -45, max: 45, unit: '°' },
  horizontal_fov_deg: { min: 10, max: 150, unit: '°' },
};

/** The fields whose value from the photo is outside CAMERA_LIMITS (or not a number), in words. */
function outOfRange(
  value: Partial<Record<CameraField, number>>,
  sources: Partial<Record<CameraField, string>>,
): string[] {
  const problems: string[] = [];
  for (const [field, limit] of Object.entries(CAMERA_LIMITS) as Array<
    [CameraField, (typeof CAMERA_LIMITS)[CameraField]]
  >) {
    const v = value[field];
    const source = sources[field];
    if (v === undefined || source === 'request' || source?.startsWith('default')) continue;
    if (Number.isFinite(v) && v >= limit.min && v <= limit.max) continue;
    problems.push(
      `${source} is ${v}, outside ${limit.min} to ${limit.max}${limit.unit} (send imagery.camera.${field} if the photo's value is wrong)`,
    );
  }
  return problems;
}

export interface ResolvedPhotoPose {
  readonly camera: PhotoCamera;
  /** The ground point under the camera. */
  readonly position: LatLng;
  /** Where each value came from: "request", "xmp:GimbalYawDegree", "exif:FocalLength+sensor table (FC6310)", … */
  readonly sources: Readonly<Record<CameraField, string>>;
  /** Whether the photo's lens calibration (DJI DewarpData) is applied, and why not when it is not. */
  readonly lensCalibration:
    | 'applied'
    | 'not in the photo'
    | 'already removed by the camera'
    | 'not applied: unreadable';
}

/**
 * Sensor widths (mm) of common drone cameras by their EXIF model, for photos that give a focal length in
 * millimetres but neither a calibrated focal length nor a 35 mm equivalent.
 */
const SENSOR_WIDTH_MM: Readonly<Record<string, number>> = {
  FC6310: 13.2, // Phantom 4 Pro / Pro V2.0, 1"
  FC6310S: 13.2,
  FC6310R: 13.2, // Phantom 4 RTK
  FC3411: 13.2, // Air 2S, 1"
  'L1D-20c': 13.2, // Mavic 2 Pro (Hasselblad), 1"
  'L2D-20c': 17.3, // Mavic 3 (Hasselblad), 4/3"
  M3E: 17.3, // Mavic 3 Enterprise wide camera, 4/3"
  FC3170: 6.4, // Mavic Air 2, 1/2"
  FC2103: 6.17, // Mavic Air, 1/2.3"
  FC220: 6.17, // Mavic Pro, 1/2.3"
  FC330: 6.17, // Phantom 4, 1/2.3"
  FC7203: 6.17, // Mavic Mini, 1/2.3"
  FC7303: 6.17, // Mini 2, 1/2.3"
  FC3582: 9.6, // Mini 3 Pro, 1/1.3"
  FC3682: 9.6, // Mini 3, 1/1.3"
  FC8482: 9.6, // Mini 4 Pro, 1/1.3"
  FC4170: 9.6, // Air 3 wide camera, 1/1.3"
  FC6510: 13.2, // Zenmuse X4S, 1"
  FC6520: 17.3, // Zenmuse X5S, 4/3"
  ZenmuseP1: 35.9, // Zenmuse P1, full frame
};

/** The 35 mm frame's diagonal: a 35 mm-equivalent focal length is defined by it. */
const FULL_FRAME_DIAGONAL_MM = Math.hypot(36, 24);

const degrees = (radians: number) => radians / DEG;

/**
 * Horizontal field of view and where it came from; else, when the camera is known but not which of its
 * lenses took the photo, what to choose from.
 */
function fieldOfView(
  meta: PhotoMetadata,
  width: number,
  height: number,
): { fov: number; source: string } | { choices: string } | undefined {
  // DJI's calibration is for the photo at full size; a photo exported smaller scales it.
  const native = meta.calibratedOpticalCenter ? 2 * meta.calibratedOpticalCenter.x : width;
  const scale = Math.abs(native / width - 1) > 0.02 && native > 0 ? width / native : 1;
  if (meta.calibratedFocalLengthPx && meta.calibratedFocalLengthPx > 0) {
    const f = meta.calibratedFocalLengthPx * scale;
    return { fov: degrees(2 * Math.atan(width / 2 / f)), source: 'xmp:CalibratedFocalLength' };
  }
  const specified = specifiedFieldOfView(meta.model, meta.imageSource, meta.focalLengthMm, width, height);
  if (specified?.kind === 'known') return { fov: specified.horizontalFovDeg, source: specified.source };
  if (meta.focalLengthMm && meta.focalLengthMm > 0) {
    const sensor = meta.sensorWidthMmFromExif ?? (meta.model ? SENSOR_WIDTH_MM[meta.model] : undefined);
    if (sensor) {
      const how = meta.sensorWidthMmFromExif ? 'exif:FocalPlaneXResolution' : `sensor table (${meta.model})`;
      return {
        fov: degrees(2 * Math.atan(sensor / 2 / meta.focalLengthMm)),
        source: `exif:FocalLength+${how}`,
      };
    }
  }
  if (meta.focalLength35mm && meta.focalLength35mm > 0) {
    // Defined on the diagonal: the diagonal field of view, then its share along the width.
    const halfDiagonal = Math.atan(FULL_FRAME_DIAGONAL_MM / 2 / meta.focalLength35mm);
    const share = width / Math.hypot(width, height);
    return {
      fov: degrees(2 * Math.atan(Math.tan(halfDiagonal) * share)),
      source: 'exif:FocalLengthIn35mmFormat',
    };
  }
  return specified?.kind === 'lens unknown' ? { choices: specified.choices } : undefined;
}

/**
 * DJI's DewarpData, "date;fx,fy,cx,cy,k1,k2,p1,p2,k3": focal lengths in pixels, the principal point as an
 * offset from the image centre, and Brown-Conrady coefficients, for the photo at full size.
 */
function parseDewarpData(
  text: string,
  width: number,
  height: number,
  native: number,
): LensCalibration | undefined {
  const values = (text.includes(';') ? text.split(';')[1]! : text).split(',').map((v) => Number(v.trim()));
  if (values.length !== 9 || !values.every(Number.isFinite)) return undefined;
  const [fx, fy, dcx, dcy, k1, k2, p1, p2, k3] = values as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!(fx > 0 && fy > 0)) return undefined;
  const scale = native > 0 ? width / native : 1;
  return {
    fx: fx * scale,
    fy: fy * scale,
    cx: width / 2 + dcx * scale,
    cy: height / 2 + dcy * scale,
    k1,
    k2,
    p1,
    p2,
    k3,
  };
}

/** What a missing field is called in the photo's metadata, for the CAMERA_POSE_MISSING message. */
const FILE_NAMES: Readonly<Record<CameraField, string>> = {
  lat: 'drone-dji:GpsLatitude (or EXIF GPS)',
  lng: 'drone-dji:GpsLongitude (or EXIF GPS)',
  height_m: 'drone-dji:RelativeAltitude',
  yaw_deg: 'drone-dji:GimbalYawDegree',
  pitch_deg: 'drone-dji:GimbalPitchDegree',
  roll_deg: 'drone-dji:GimbalRollDegree',
  horizontal_fov_deg:
    'a focal length (drone-dji:CalibratedFocalLength, EXIF FocalLength with a known camera, or FocalLengthIn35mmFormat), or a camera whose published field of view is known',
};

/**
 * Settles the camera of a photo `width` x `height` pixels as stored (before its EXIF orientation).
 * Throws CAMERA_POSE_MISSING naming each field neither the photo nor the request gives.
 */
export function resolvePhotoPose(
  meta: PhotoMetadata,
  override: CameraOverride | undefined,
  width: number,
  height: number,
  options: { readonly applyLensCalibration: boolean },
): ResolvedPhotoPose {
  const fov = fieldOfView(meta, width, height);
  const fromFile: Partial<Record<CameraField, [number, string]>> = {
    ...(meta.latitude !== undefined
      ? { lat: [meta.latitude, meta.latitudeSource ?? 'xmp:GpsLatitude'] }
      : {}),
    ...(meta.longitude !== undefined
      ? { lng: [meta.longitude, meta.longitudeSource ?? 'xmp:GpsLongitude'] }
      : {}),
    ...(meta.relativeAltitudeM !== undefined
      ? { height_m: [meta.relativeAltitudeM, 'xmp:RelativeAltitude'] }
      : {}),
    ...(meta.gimbalYawDeg !== undefined ? { yaw_deg: [meta.gimbalYawDeg, 'xmp:GimbalYawDegree'] } : {}),
    ...(meta.gimbalPitchDeg !== undefined
      ? { pitch_deg: [meta.gimbalPitchDeg, 'xmp:GimbalPitchDegree'] }
      : {}),
    roll_deg:
      meta.gimbalRollDeg !== undefined
        ? [meta.gimbalRollDeg, 'xmp:GimbalRollDegree']
        : [0, 'default (level)'],
    ...(fov && 'fov' in fov ? { horizontal_fov_deg: [fov.fov, fov.source] } : {}),
  };
  const fields = Object.keys(FILE_NAMES) as CameraField[];
  const value: Partial<Record<CameraField, number>> = {};
  const sources: Partial<Record<CameraField, string>> = {};
  const missing: CameraField[] = [];
  for (const field of fields) {
    const given = override?.[field];
    if (given !== undefined) {
      value[field] = given;
      sources[field] = 'request';
    } else if (fromFile[field]) {
      [value[field], sources[field]] = fromFile[field]!;
    } else {
      missing.push(field);
    }
  }
  if (missing.length > 0) {
    // A known camera with several lenses says which fields of view the caller can choose from.
    const named = (f: CameraField) =>
      f === 'horizontal_fov_deg' && fov && 'choices' in fov ? fov.choices : FILE_NAMES[f];
    throw new JobError(
      'CAMERA_POSE_MISSING',
      `The drone photo does not say its camera's ${missing.map((f) => `${f} (${named(f)})`).join(', ')}. Send ${missing.map((f) => `imagery.camera.${f}`).join(', ')} with the request.`,
    );
  }
  const invalid = outOfRange(value, sources);
  if (invalid.length > 0)
    throw new JobError(
      'CAMERA_POSE_INVALID',
      `The drone photo's camera cannot be used: ${invalid.join('; ')}.`,
    );
  if (!(value.height_m! > 0))
    throw new JobError(
      'CAMERA_POSE_MISSING',
      `The camera height is ${value.height_m} m (${sources.height_m}); the camera must be above the ground. Send imagery.camera.height_m, the height above the property's ground in metres.`,
    );
  if (value.pitch_deg! > -1)
    throw new JobError(
      'CAMERA_POSE_MISSING',
      `The camera pitch is ${value.pitch_deg}° (${sources.pitch_deg}): the photo looks at or above the horizon and shows no ground to draw on. Send imagery.camera.pitch_deg (-90 looks straight down) if the photo's value is wrong.`,
    );

  let lens: LensCalibration | undefined;
  let lensCalibration: ResolvedPhotoPose['lensCalibration'] = 'not in the photo';
  if (meta.dewarpData) {
    if (meta.dewarpFlag === 1) lensCalibration = 'already removed by the camera';
    else {
      const native = meta.calibratedOpticalCenter ? 2 * meta.calibratedOpticalCenter.x : width;
      lens = parseDewarpData(meta.dewarpData, width, height, native);
      lensCalibration = lens ? 'applied' : 'not applied: unreadable';
    }
  }
  // A field of view from the request describes the ideal lens: the photo's calibration no longer fits it.
  if (!options.applyLensCalibration || sources.horizontal_fov_deg === 'request') {
    if (lens) lensCalibration = 'not in the photo';
    lens = undefined;
  }
  return {
    camera: {
      pose: {
        heightM: value.height_m!,
        yawDeg: value.yaw_deg!,
        pitchDeg: value.pitch_deg!,
        rollDeg: value.roll_deg!,
      },
      width,
      height,
      horizontalFovDeg: value.horizontal_fov_deg!,
      ...(lens ? { lens } : {}),
    },
    position: { lat: value.lat!, lng: value.lng! },
    sources: sources as Record<CameraField, string>,
    lensCalibration,
  };
}
