// What a drone photo says about itself: the camera's position, height and gimbal angles from DJI's XMP
// (`drone-dji:` GpsLatitude, GpsLongitude, RelativeAltitude, GimbalYawDegree, GimbalPitchDegree,
// GimbalRollDegree, CalibratedFocalLength, DewarpData), and from EXIF the focal length (and its 35 mm
// equivalent), the camera model, the orientation and when it was taken. exifr parses the XMP and EXIF;
// it is only ever shown a small JPEG rebuilt from the first EXIF segment and the first XMP segment
// (each at most 64 KB), found by walking the segment headers without reading their bodies, so a photo
// with megabytes of XMP, thousands of segments or extended XMP costs no more than an ordinary one.
import exifr from 'exifr';

/** Fields as the file gives them; every one may be missing. */
export interface PhotoMetadata {
  readonly make?: string;
  readonly model?: string;
  /** EXIF Orientation, 1-8 (1: as stored). */
  readonly orientation: number;
  readonly latitude?: number;
  readonly longitude?: number;
  /** DJI RelativeAltitude: metres above the take-off point. */
  readonly relativeAltitudeM?: number;
  readonly gimbalYawDeg?: number;
  readonly gimbalPitchDeg?: number;
  readonly gimbalRollDeg?: number;
  /** DJI CalibratedFocalLength, pixels of the full-size photo. */
  readonly calibratedFocalLengthPx?: number;
  /** DJI CalibratedOpticalCenterX/Y, pixels of the full-size photo. */
  readonly calibratedOpticalCenter?: { readonly x: number; readonly y: number };
  /** DJI DewarpData: "date;fx,fy,cx,cy,k1,k2,p1,p2,k3" (cx, cy: offsets of the principal point from the centre). */
  readonly dewarpData?: string;
  /** DJI DewarpFlag: 1 when the camera already removed the distortion. */
  readonly dewarpFlag?: number;
  readonly focalLengthMm?: number;
  readonly focalLength35mm?: number;
  /** Sensor width in millimetres from EXIF FocalPlaneXResolution, when the camera writes it. */
  readonly sensorWidthMmFromExif?: number;
  /** EXIF DateTimeOriginal as ISO 8601 (with its offset when OffsetTimeOriginal gives one). */
  readonly capturedAt?: string;
}

/** Limits of the segment walk: a JPEG's metadata sits in its first segments. */
const MAX_SEGMENTS = 2000;
const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const XMP_ID = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** The first EXIF and XMP APP1 segments of a JPEG (whole segments, marker included). */
function metadataSegments(jpeg: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let exif = false;
  let xmp = false;
  let at = 2;
  for (let n = 0; n < MAX_SEGMENTS && at + 4 <= jpeg.length; n += 1) {
    if (jpeg[at] !== 0xff) break;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Image data, its end, or a frame header: the metadata is behind us.
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = jpeg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpeg.length) break;
    if (marker === 0xe1) {
      const body = jpeg.subarray(at + 4, at + 2 + length);
      if (!exif && body.subarray(0, EXIF_ID.length).equals(EXIF_ID)) {
        exif = true;
        found.push(jpeg.subarray(at, at + 2 + length));
      } else if (!xmp && body.subarray(0, XMP_ID.length).equals(XMP_ID)) {
        xmp = true;
        found.push(jpeg.subarray(at, at + 2 + length));
      }
      if (exif && xmp) break;
    }
    at += 2 + length;
  }
  return found;
}

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value.trim()) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** EXIF "YYYY:MM:DD HH:MM:SS" (and an optional "+HH:MM") as ISO 8601; undefined when it is not a date. */
export function exifDateToIso(value: unknown, offset?: unknown): string | undefined {
  const text = str(value);
  const m = text?.match(/^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  if (y === '0000' || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return undefined;
  const zone = str(offset)?.match(/^[+-]\d{2}:\d{2}$/)?.[0] ?? '';
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}

/** Millimetres per unit of EXIF FocalPlaneResolutionUnit (2 inch, 3 cm, 4 mm, 5 µm). */
const RESOLUTION_UNIT_MM: Readonly<Record<number, number>> = { 2: 25.4, 3: 10, 4: 1, 5: 0.001 };

/**
 * Reads the metadata of a JPEG. A file without EXIF or XMP (or another format) gives only the
 * orientation 1: the caller's `camera` has to say the rest.
 */
export async function readPhotoMetadata(file: Buffer, fileWidth: number): Promise<PhotoMetadata> {
  const isJpeg = file.length > 4 && file[0] === 0xff && file[1] === 0xd8;
  const segments = isJpeg ? metadataSegments(file) : [];
  if (segments.length === 0) return { orientation: 1 };
  const mini = Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, Buffer.from([0xff, 0xd9])]);
  let parsed: Record<string, Record<string, unknown> | undefined>;
  try {
    parsed =
      (await exifr.parse(mini, {
        tiff: true,
        exif: true,
        gps: true,
        xmp: true,
        ifd1: false,
        icc: false,
        iptc: false,
        jfif: false,
        ihdr: false,
        interop: false,
        makerNote: false,
        userComment: false,
        multiSegment: false,
        mergeOutput: false,
        translateValues: false,
        reviveValues: false,
      })) ?? {};
  } catch {
    // Metadata the parser cannot read is metadata we do not have; the camera may still come from the request.
    return { orientation: 1 };
  }
  const ifd0 = parsed.ifd0 ?? {};
  const exif = parsed.exif ?? {};
  const gps = parsed.gps ?? {};
  const dji = parsed['drone-dji'] ?? {};
  const orientation = num(ifd0.Orientation);
  const center =
    num(dji.CalibratedOpticalCenterX) !== undefined && num(dji.CalibratedOpticalCenterY) !== undefined
      ? { x: num(dji.CalibratedOpticalCenterX)!, y: num(dji.CalibratedOpticalCenterY)! }
      : undefined;
  const planeResolution = num(exif.FocalPlaneXResolution);
  const planeUnit = RESOLUTION_UNIT_MM[num(exif.FocalPlaneResolutionUnit) ?? 2];
  const exifWidth = num(exif.ExifImageWidth) ?? fileWidth;
  return {
    make: str(ifd0.Make),
    model: str(ifd0.Model) ?? str(parsed.tiff?.Model),
    orientation: orientation !== undefined && orientation >= 1 && orientation <= 8 ? orientation : 1,
    latitude: num(dji.GpsLatitude) ?? gpsDegrees(gps.GPSLatitude, gps.GPSLatitudeRef, 'S'),
    longitude:
      num(dji.GpsLongitude ?? dji.GpsLongtitude) ?? gpsDegrees(gps.GPSLongitude, gps.GPSLongitudeRef, 'W'),
    relativeAltitudeM: num(dji.RelativeAltitude),
    gimbalYawDeg: num(dji.GimbalYawDegree),
    gimbalPitchDeg: num(dji.GimbalPitchDegree),
    gimbalRollDeg: num(dji.GimbalRollDegree),
    calibratedFocalLengthPx: num(dji.CalibratedFocalLength),
    calibratedOpticalCenter: center,
    dewarpData: str(dji.DewarpData),
    dewarpFlag: num(dji.DewarpFlag),
    focalLengthMm: num(exif.FocalLength),
    focalLength35mm: num(exif.FocalLengthIn35mmFormat),
    sensorWidthMmFromExif:
      planeResolution && planeResolution > 0 && planeUnit
        ? (exifWidth / planeResolution) * planeUnit
        : undefined,
    capturedAt: exifDateToIso(exif.DateTimeOriginal, exif.OffsetTimeOriginal),
  };
}

/** EXIF GPS degrees (degrees, minutes, seconds) with their hemisphere. */
function gpsDegrees(value: unknown, ref: unknown, negative: string): number | undefined {
  if (!Array.isArray(value) || value.length < 1) return undefined;
  const [d = 0, m = 0, s = 0] = value.map((x) => num(x) ?? Number.NaN);
  const degrees = d + m / 60 + s / 3600;
  if (!Number.isFinite(degrees)) return undefined;
  return str(ref)?.toUpperCase() === negative ? -degrees : degrees;
}
