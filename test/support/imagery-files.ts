// Test files of a caller's imagery, written here by hand (not by the code under test): DJI-style XMP put
// into a JPEG, and baseline TIFFs with GeoTIFF tags (tie point and pixel scale, or a model
// transformation, and the GeoKey directory), plus the malformed and hostile variants the service must
// refuse with bounded work.

/** What a DJI drone writes into its photos' XMP (drone-dji namespace). */
export interface DjiPose {
  readonly lat: number;
  readonly lng: number;
  readonly relativeAltitudeM: number;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly rollDeg?: number;
  /** Focal length in pixels of the photo (DJI CalibratedFocalLength). */
  readonly calibratedFocalLengthPx?: number;
  /** "date;fx,fy,cx,cy,k1,k2,p1,p2,k3" */
  readonly dewarpData?: string;
  readonly model?: string;
}

const signed = (v: number, digits: number) => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

export function djiXmp(pose: DjiPose): string {
  const attrs = [
    `drone-dji:GpsLatitude="${signed(pose.lat, 9)}"`,
    `drone-dji:GpsLongitude="${signed(pose.lng, 9)}"`,
    `drone-dji:AbsoluteAltitude="${signed(pose.relativeAltitudeM + 21.5, 3)}"`,
    `drone-dji:RelativeAltitude="${signed(pose.relativeAltitudeM, 3)}"`,
    `drone-dji:GimbalRollDegree="${signed(pose.rollDeg ?? 0, 2)}"`,
    `drone-dji:GimbalYawDegree="${signed(pose.yawDeg, 2)}"`,
    `drone-dji:GimbalPitchDegree="${signed(pose.pitchDeg, 2)}"`,
    `drone-dji:FlightYawDegree="${signed(pose.yawDeg, 2)}"`,
    ...(pose.calibratedFocalLengthPx !== undefined
      ? [`drone-dji:CalibratedFocalLength="${pose.calibratedFocalLengthPx.toFixed(6)}"`]
      : []),
    ...(pose.dewarpData ? [`drone-dji:DewarpData="${pose.dewarpData}"`, 'drone-dji:DewarpFlag="0"'] : []),
  ];
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="DJI Meta Data" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ${attrs.join(' ')}>${pose.model ? `<tiff:Model>${pose.model}</tiff:Model>` : ''}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/** Six decimals and no plus sign, as DJI's enterprise cameras write XMP values ("47.000000"). */
const unsigned6 = (v: number) => v.toFixed(6);

/**
 * DJI XMP as its enterprise cameras write it (Zenmuse XT2, Mavic 2 Enterprise, …): the `drone-dji:` values
 * as elements of the rdf:Description, not attributes, unsigned with six decimals.
 */
export function djiElementXmp(pose: DjiPose): string {
  const elements: Array<[string, string]> = [
    ...(pose.model
      ? ([
          ['tiff:Make', 'DJI'],
          ['tiff:Model', pose.model],
        ] as Array<[string, string]>)
      : []),
    ['drone-dji:GpsLatitude', unsigned6(pose.lat)],
    ['drone-dji:GpsLongitude', unsigned6(pose.lng)],
    ['drone-dji:AbsoluteAltitude', unsigned6(pose.relativeAltitudeM + 21.5)],
    ['drone-dji:RelativeAltitude', unsigned6(pose.relativeAltitudeM)],
    ['drone-dji:GimbalRollDegree', unsigned6(pose.rollDeg ?? 0)],
    ['drone-dji:GimbalYawDegree', unsigned6(pose.yawDeg)],
    ['drone-dji:GimbalPitchDegree', unsigned6(pose.pitchDeg)],
    ['drone-dji:FlightRollDegree', unsigned6(0)],
    ['drone-dji:FlightYawDegree', unsigned6(pose.yawDeg)],
    ['drone-dji:FlightPitchDegree', unsigned6(0)],
    ...(pose.calibratedFocalLengthPx !== undefined
      ? ([['drone-dji:CalibratedFocalLength', unsigned6(pose.calibratedFocalLengthPx)]] as Array<
          [string, string]
        >)
      : []),
  ];
  const body = elements.map(([name, value]) => `   <${name}>${value}</${name}>`).join('\n');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 5.1.2">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about=""',
    '    xmlns:tiff="http://ns.adobe.com/tiff/1.0/"',
    '    xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/">',
    body,
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** The JPEG with an XMP packet (one APP1 segment after SOI). */
export function withXmp(jpeg: Buffer, packet: string): Buffer {
  return withSegments(jpeg, [app1(Buffer.concat([XMP_NAMESPACE, Buffer.from(packet, 'utf8')]))]);
}

export interface ExifFields {
  readonly make?: string;
  readonly model?: string;
  readonly focalLengthMm?: number;
  /** An XMP packet stored in the EXIF directory's ApplicationNotes tag (0x02BC), as some DJI cameras do. */
  readonly applicationNotes?: string;
}

/**
 * An EXIF APP1 segment written by hand (little-endian TIFF): Make and Model in IFD0, FocalLength and
 * ApplicationNotes in the EXIF directory. sharp cannot write ApplicationNotes.
 */
export function exifSegment(fields: ExifFields): Buffer {
  type Field = { tag: number; type: number; count: number; data: Buffer };
  const ascii = (tag: number, text: string): Field => {
    const data = Buffer.from(`${text}\0`, 'latin1');
    return { tag, type: 2, count: data.length, data };
  };
  const ifd0: Field[] = [];
  if (fields.make) ifd0.push(ascii(0x010f, fields.make));
  if (fields.model) ifd0.push(ascii(0x0110, fields.model));
  const exif: Field[] = [];
  if (fields.applicationNotes !== undefined) {
    const data = Buffer.from(fields.applicationNotes, 'utf8');
    exif.push({ tag: 0x02bc, type: 1, count: data.length, data });
  }
  if (fields.focalLengthMm !== undefined) {
    const data = Buffer.alloc(8);
    data.writeUInt32LE(Math.round(fields.focalLengthMm * 1000), 0);
    data.writeUInt32LE(1000, 4);
    exif.push({ tag: 0x920a, type: 5, count: 1, data });
  }
  // IFD0 (with the EXIF pointer), then the EXIF directory, then the values that do not fit in an entry.
  const ifdSize = (n: number) => 2 + n * 12 + 4;
  const ifd0At = 8;
  const exifAt = ifd0At + ifdSize(ifd0.length + 1);
  let valuesAt = exifAt + ifdSize(exif.length);
  const tiffBytes: Buffer[] = [];
  const header = Buffer.from([0x49, 0x49, 42, 0, ifd0At, 0, 0, 0]);
  const values: Buffer[] = [];
  const directory = (entries: Field[], pointer?: number): Buffer => {
    const all =
      pointer === undefined
        ? entries
        : [...entries, { tag: 0x8769, type: 4, count: 1, data: Buffer.alloc(4) }];
    all.sort((a, b) => a.tag - b.tag);
    const out = Buffer.alloc(ifdSize(all.length));
    out.writeUInt16LE(all.length, 0);
    all.forEach((e, i) => {
      const at = 2 + i * 12;
      out.writeUInt16LE(e.tag, at);
      out.writeUInt16LE(e.type, at + 2);
      out.writeUInt32LE(e.count, at + 4);
      if (e.tag === 0x8769) out.writeUInt32LE(pointer!, at + 8);
      else if (e.data.length <= 4) e.data.copy(out, at + 8);
      else {
        out.writeUInt32LE(valuesAt, at + 8);
        const padded = e.data.length % 2 ? Buffer.concat([e.data, Buffer.alloc(1)]) : e.data;
        values.push(padded);
        valuesAt += padded.length;
      }
    });
    return out;
  };
  tiffBytes.push(header, directory(ifd0, exifAt), directory(exif), ...values);
  return app1(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), ...tiffBytes]));
}

/** An APP1 segment (marker, length, body). */
export function app1(body: Buffer): Buffer {
  if (body.length + 2 > 0xffff) throw new RangeError('an APP1 segment holds at most 65533 bytes');
  const head = Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([head, body]);
}

export const XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** The JPEG with extra segments inserted right after its SOI marker. */
export function withSegments(jpeg: Buffer, segments: readonly Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The JPEG with DJI XMP (one APP1 segment after SOI). */
export function withDjiXmp(jpeg: Buffer, pose: DjiPose): Buffer {
  return withSegments(jpeg, [app1(Buffer.concat([XMP_NAMESPACE, Buffer.from(djiXmp(pose), 'utf8')]))]);
}

// ---------------------------------------------------------------------------------------------------------
// TIFF

export interface GeoTags {
  /** ModelTiepoint: raster (i, j) ↔ model (x, y). */
  readonly tiepoint?: readonly [number, number, number, number];
  /** ModelPixelScale (sx, sy). */
  readonly pixelScale?: readonly [number, number];
  /** ModelTransformation, 16 values row-major. */
  readonly transformation?: readonly number[];
  /** GeoKeys as [key, value] (SHORT values). */
  readonly geoKeys?: ReadonlyArray<readonly [number, number]>;
}

export interface TiffOptions {
  readonly width: number;
  readonly height: number;
  /** RGB pixels, width * height * 3 (omitted: only the header is written, with offsets pointing nowhere). */
  readonly rgb?: Buffer;
  readonly geo?: GeoTags;
  /** TIFF DateTime, "YYYY:MM:DD HH:MM:SS". */
  readonly dateTime?: string;
  /** Hostile layouts: tiles of this size declared over the image (with as many offsets as they need). */
  readonly tileSize?: number;
  /** Override the compression tag. */
  readonly compression?: number;
  /** Write a BigTIFF magic number instead. */
  readonly bigTiff?: boolean;
}

type Entry = { tag: number; type: number; values: number[] | string };

const TYPE_SIZE: Record<number, number> = { 2: 1, 3: 2, 4: 4, 12: 8 };

/** A little-endian baseline TIFF: one strip of RGB (or the declared tiles), with optional GeoTIFF tags. */
export function tiff(options: TiffOptions): Buffer {
  const { width, height } = options;
  const entries: Entry[] = [
    { tag: 256, type: 4, values: [width] },
    { tag: 257, type: 4, values: [height] },
    { tag: 258, type: 3, values: [8, 8, 8] },
    { tag: 259, type: 3, values: [options.compression ?? 1] },
    { tag: 262, type: 3, values: [2] },
    { tag: 277, type: 3, values: [3] },
    { tag: 284, type: 3, values: [1] },
  ];
  const pixels = options.rgb ?? Buffer.alloc(0);
  if (options.tileSize) {
    const n = Math.ceil(width / options.tileSize) * Math.ceil(height / options.tileSize);
    entries.push(
      { tag: 322, type: 3, values: [options.tileSize] },
      { tag: 323, type: 3, values: [options.tileSize] },
      { tag: 324, type: 4, values: new Array(n).fill(8) },
      { tag: 325, type: 4, values: new Array(n).fill(1) },
    );
  } else {
    entries.push(
      { tag: 273, type: 4, values: [0] }, // patched below: the strip follows the directory
      { tag: 278, type: 4, values: [height] },
      { tag: 279, type: 4, values: [pixels.length || Math.min(width * height * 3, 0xffffffff)] },
    );
  }
  if (options.dateTime) entries.push({ tag: 306, type: 2, values: `${options.dateTime}\0` });
  const geo = options.geo;
  if (geo?.pixelScale) entries.push({ tag: 33550, type: 12, values: [...geo.pixelScale, 0] });
  if (geo?.tiepoint) {
    const [i, j, x, y] = geo.tiepoint;
    entries.push({ tag: 33922, type: 12, values: [i, j, 0, x, y, 0] });
  }
  if (geo?.transformation) entries.push({ tag: 34264, type: 12, values: [...geo.transformation] });
  if (geo?.geoKeys) {
    const keys = [...geo.geoKeys].sort((a, b) => a[0] - b[0]);
    entries.push({
      tag: 34735,
      type: 3,
      values: [1, 1, 0, keys.length, ...keys.flatMap(([k, v]) => [k, 0, 1, v])],
    });
  }
  entries.sort((a, b) => a.tag - b.tag);

  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  // Values that do not fit in an entry go after the directory; the strip after them.
  let extra = ifdOffset + ifdSize;
  const blobs: Array<{ at: number; bytes: Buffer }> = [];
  const encoded = entries.map((e) => {
    const bytes = encode(e);
    if (bytes.length <= 4) return { e, inline: bytes };
    const at = extra;
    extra += bytes.length + (bytes.length % 2);
    blobs.push({ at, bytes });
    return { e, offset: at };
  });
  const stripAt = extra;
  const total = stripAt + pixels.length;
  const out = Buffer.alloc(total);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(options.bigTiff ? 43 : 42, 2);
  out.writeUInt32LE(ifdOffset, 4);
  out.writeUInt16LE(entries.length, ifdOffset);
  encoded.forEach((item, n) => {
    const at = ifdOffset + 2 + n * 12;
    const count = typeof item.e.values === 'string' ? item.e.values.length : item.e.values.length;
    out.writeUInt16LE(item.e.tag, at);
    out.writeUInt16LE(item.e.type, at + 2);
    out.writeUInt32LE(count, at + 4);
    if (item.e.tag === 273) out.writeUInt32LE(stripAt, at + 8);
    else if ('inline' in item && item.inline) item.inline.copy(out, at + 8);
    else out.writeUInt32LE(item.offset!, at + 8);
  });
  for (const blob of blobs) blob.bytes.copy(out, blob.at);
  pixels.copy(out, stripAt);
  return out;
}

function encode(e: Entry): Buffer {
  if (typeof e.values === 'string') return Buffer.from(e.values, 'latin1');
  const size = TYPE_SIZE[e.type]!;
  const b = Buffer.alloc(size * e.values.length);
  e.values.forEach((v, i) => {
    if (size === 2) b.writeUInt16LE(v, i * 2);
    else if (size === 4) b.writeUInt32LE(v, i * 4);
    else b.writeDoubleLE(v, i * 8);
  });
  return b;
}

/** GeoKeys: model type (1 projected, 2 geographic), raster type (1 area, 2 point), and the CRS code. */
export function geoKeys(epsg: number, kind: 'projected' | 'geographic', pixelIsPoint = false) {
  return [
    [1024, kind === 'projected' ? 1 : 2],
    [1025, pixelIsPoint ? 2 : 1],
    [kind === 'projected' ? 3072 : 2048, epsg],
  ] as const;
}
