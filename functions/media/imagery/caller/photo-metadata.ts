// What a drone photo says about itself: the camera's position, height and gimbal angles from DJI's XMP
// (`drone-dji:` GpsLatitude, GpsLongitude, RelativeAltitude, GimbalYawDegree, GimbalPitchDegree,
// GimbalRollDegree, CalibratedFocalLength, DewarpData, ImageSource), and from EXIF the focal length (and its
// 35 mm equivalent), the camera model, the orientation, the GPS position and when it was taken. DJI writes
// the XMP values as attributes (consumer drones: `drone-dji:GimbalYawDegree="+30.40"`) or as elements
// (enterprise cameras: `<drone-dji:RelativeAltitude>47.000000</drone-dji:RelativeAltitude>`); exifr reads
// both. Some DJI cameras keep the XMP packet in EXIF's ApplicationNotes tag instead of an XMP segment; it is
// read from there when no XMP segment has the drone's values. exifr is only ever shown a small JPEG rebuilt
// from the first EXIF segment and one XMP segment (each at most 64 KB), found by walking the segment headers
// without reading their bodies, so a photo with megabytes of XMP, thousands of segments or extended XMP
// costs no more than an ordinary one.
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
  /** DJI ImageSource: which camera of a multi-camera payload took it ("InfraredCamera", "WideCamera", …). */
  readonly imageSource?: string;
  /** Where the position was read: "xmp:GpsLatitude" or "exif:GPSLatitude" (and the same for longitude). */
  readonly latitudeSource?: string;
  readonly longitudeSource?: string;
  readonly focalLengthMm?: number;
  readonly focalLength35mm?: number;
  /** Sensor width in millimetres from EXIF FocalPlaneXResolution, when the camera writes it. */
  readonly sensorWidthMmFromExif?: number;
  /** EXIF DateTimeOriginal as ISO 8601 (with its offset when OffsetTimeOriginal gives one). */
  readonly capturedAt?: string;
}

/** Limits of the segment walk: a JPEG's metadata sits in its first segments. */
const MAX_SEGMENTS = 2000;
/** XMP segments looked into for the drone's namespace: an editor's packet may come before the drone's. */
const MAX_XMP_SEGMENTS = 8;
const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const XMP_ID = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const DJI_NAMESPACE = Buffer.from('http://www.dji.com/drone-dji/1.0/', 'latin1');

/**
 * The first EXIF APP1 segment of a JPEG and its first XMP segment that declares DJI's namespace (else its
 * first XMP segment), whole segments, marker included.
 */
function metadataSegments(jpeg: Buffer): Buffer[] {
  let exif: Buffer | undefined;
  let firstXmp: Buffer | undefined;
  let djiXmp: Buffer | undefined;
  let xmpSeen = 0;
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
      const segment = jpeg.subarray(at, at + 2 + length);
      const body = segment.subarray(4);
      if (!exif && body.subarray(0, EXIF_ID.length).equals(EXIF_ID)) {
        exif = segment;
      } else if (xmpSeen < MAX_XMP_SEGMENTS && body.subarray(0, XMP_ID.length).equals(XMP_ID)) {
        xmpSeen += 1;
        firstXmp ??= segment;
        if (body.includes(DJI_NAMESPACE)) djiXmp ??= segment;
      }
      if (exif && (djiXmp || xmpSeen >= MAX_XMP_SEGMENTS)) break;
    }
    at += 2 + length;
  }
  return [exif, djiXmp ?? firstXmp].filter((segment): segment is Buffer => segment !== undefined);
}

/**
 * exifr gives an XMP element that has attributes (rdf:datatype, xml:lang) as `{value, …}`, and an rdf:Seq,
 * Bag or Alt as its one item or an array: the plain value either way (undefined for several items).
 */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 1 ? plain(value[0]) : undefined;
  if (value !== null && typeof value === 'object' && 'value' in value) return plain(value.value);
  return value;
}

const num = (raw: unknown): number | undefined => {
  const value = plain(raw);
  const n =
    typeof value === 'string' && value.trim() !== ''
      ? Number(value.trim())
      : typeof value === 'number'
        ? value
        : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const str = (raw: unknown): string | undefined => {
  const value = plain(raw);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

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
  let parsed: Parsed;
  try {
    parsed = await parse(segments);
  } catch {
    // Metadata the parser cannot read is metadata we do not have; the camera may still come from the request.
    return { orientation: 1 };
  }
  const ifd0 = parsed.ifd0 ?? {};
  const exif = parsed.exif ?? {};
  const gps = parsed.gps ?? {};
  let dji = parsed['drone-dji'] ?? {};
  if (Object.keys(dji).length === 0) dji = (await applicationNotesXmp(ifd0, exif)) ?? {};
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
    ...position(dji, gps),
    relativeAltitudeM: num(dji.RelativeAltitude),
    gimbalYawDeg: num(dji.GimbalYawDegree),
    gimbalPitchDeg: num(dji.GimbalPitchDegree),
    gimbalRollDeg: num(dji.GimbalRollDegree),
    calibratedFocalLengthPx: num(dji.CalibratedFocalLength),
    calibratedOpticalCenter: center,
    dewarpData: str(dji.DewarpData),
    dewarpFlag: num(dji.DewarpFlag),
    imageSource: str(dji.ImageSource),
    focalLengthMm: num(exif.FocalLength),
    focalLength35mm: num(exif.FocalLengthIn35mmFormat),
    sensorWidthMmFromExif:
      planeResolution && planeResolution > 0 && planeUnit
        ? (exifWidth / planeResolution) * planeUnit
        : undefined,
    capturedAt: exifDateToIso(exif.DateTimeOriginal, exif.OffsetTimeOriginal),
  };
}

type Parsed = Record<string, Record<string, unknown> | undefined>;

const PARSE_OPTIONS = {
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
} as const;

/** exifr's reading of a small JPEG holding only these segments. */
async function parse(segments: readonly Buffer[], options: object = PARSE_OPTIONS): Promise<Parsed> {
  const mini = Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, Buffer.from([0xff, 0xd9])]);
  return ((await exifr.parse(mini, options)) as Parsed | undefined) ?? {};
}

/**
 * The `drone-dji:` values of an XMP packet kept in EXIF's ApplicationNotes (0x02BC, in IFD0 or the EXIF
 * directory): exifr leaves it as bytes in a JPEG, so it is read as an XMP segment of its own.
 */
async function applicationNotesXmp(
  ifd0: Record<string, unknown>,
  exif: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const notes = [exif[0x02bc], exif.ApplicationNotes, ifd0[0x02bc], ifd0.ApplicationNotes].find(
    (value): value is Uint8Array => value instanceof Uint8Array,
  );
  if (!notes || !Buffer.from(notes.buffer, notes.byteOffset, notes.byteLength).includes(DJI_NAMESPACE))
    return undefined;
  const body = Buffer.concat([XMP_ID, notes]);
  // It came out of one EXIF segment, so it fits in one XMP segment.
  if (body.length + 2 > 0xffff) return undefined;
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);
  try {
    return (await parse([segment], { ...PARSE_OPTIONS, tiff: false, exif: false, gps: false }))['drone-dji'];
  } catch {
    return undefined;
  }
}

/** The camera's position: DJI's XMP where it gives it, else EXIF GPS (a Mavic Pro writes it only there). */
function position(
  dji: Record<string, unknown>,
  gps: Record<string, unknown>,
): Pick<PhotoMetadata, 'latitude' | 'longitude' | 'latitudeSource' | 'longitudeSource'> {
  const xmpLat = num(dji.GpsLatitude);
  // Older drones spell it GpsLongtitude.
  const lngName = dji.GpsLongitude !== undefined ? 'GpsLongitude' : 'GpsLongtitude';
  const xmpLng = num(dji[lngName]);
  const exifLat = gpsDegrees(gps.GPSLatitude, gps.GPSLatitudeRef, 'S');
  const exifLng = gpsDegrees(gps.GPSLongitude, gps.GPSLongitudeRef, 'W');
  return {
    ...(xmpLat !== undefined
      ? { latitude: xmpLat, latitudeSource: 'xmp:GpsLatitude' }
      : exifLat !== undefined
        ? { latitude: exifLat, latitudeSource: 'exif:GPSLatitude' }
        : {}),
    ...(xmpLng !== undefined
      ? { longitude: xmpLng, longitudeSource: `xmp:${lngName}` }
      : exifLng !== undefined
        ? { longitude: exifLng, longitudeSource: 'exif:GPSLongitude' }
        : {}),
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
