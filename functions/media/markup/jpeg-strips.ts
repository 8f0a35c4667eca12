// Baseline JPEG coded in parallel horizontal strips, joined by restart markers.
//
// libjpeg codes one image on one thread, and a 3840x2160 frame spends most of an edit in decoding and
// encoding. A restart marker resets the entropy coder's DC predictors, so the scan of an image whose
// strips each start at a restart marker is just the scans of the strips, coded separately, laid end to
// end. encodeStrips() encodes the strips concurrently (libvips threads) and joins them into one standard
// baseline JPEG with a restart interval of one strip; decodeStrips() splits such a file at its markers
// into standalone strip JPEGs and decodes them concurrently. Any decoder reads the joined file: restart
// markers are part of baseline JPEG.
//
// Strips are whole MCU rows (16 px, 4:2:0), so no 8x8 block straddles two strips and the pixels are
// those of one-piece coding, except that a decoder's chroma upsampling does not look across the strip
// boundary (a difference of a level or two in the two rows next to it).
import sharp from 'sharp';

const MCU = 16;
const MARKER = {
  SOI: 0xd8,
  EOI: 0xd9,
  SOF0: 0xc0,
  DHT: 0xc4,
  DQT: 0xdb,
  DRI: 0xdd,
  SOS: 0xda,
  RST0: 0xd0,
} as const;

interface Segment {
  readonly marker: number;
  /** The whole segment: FF, marker, length and payload. */
  readonly bytes: Buffer;
}

interface ParsedJpeg {
  /** Segments between SOI and SOS, in order (SOF0 and DRI included). */
  readonly header: Segment[];
  readonly sos: Segment;
  /** Entropy-coded data after SOS up to EOI, restart markers included. */
  readonly scan: Buffer;
}

function parse(jpeg: Buffer): ParsedJpeg | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== MARKER.SOI) return undefined;
  const header: Segment[] = [];
  let i = 2;
  while (i + 4 <= jpeg.length) {
    if (jpeg[i] !== 0xff) return undefined;
    const marker = jpeg[i + 1]!;
    const length = jpeg.readUInt16BE(i + 2);
    const bytes = jpeg.subarray(i, i + 2 + length);
    i += 2 + length;
    if (marker === MARKER.SOS) {
      // The scan runs to EOI: the last two bytes of the file for the encoders we read.
      const end = jpeg.length - 2;
      if (jpeg[end] !== 0xff || jpeg[end + 1] !== MARKER.EOI) return undefined;
      return { header, sos: { marker, bytes }, scan: jpeg.subarray(i, end) };
    }
    // Progressive and other non-baseline frames are read the ordinary way.
    if (marker >= 0xc1 && marker <= 0xcf && marker !== MARKER.DHT && marker !== 0xc8 && marker !== 0xcc)
      return undefined;
    header.push({ marker, bytes });
  }
  return undefined;
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function withHeight(sof: Segment, height: number): Buffer {
  const bytes = Buffer.from(sof.bytes);
  bytes.writeUInt16BE(height, 5);
  return bytes;
}

function frameOf(header: readonly Segment[]) {
  const sof = header.find((s) => s.marker === MARKER.SOF0);
  if (!sof) return undefined;
  const b = sof.bytes;
  const components = b[9]!;
  const sampling = Array.from({ length: components }, (_, c) => b[11 + c * 3]!);
  return { sof, height: b.readUInt16BE(5), width: b.readUInt16BE(7), sampling };
}

const isRestart = (byte: number) => byte >= MARKER.RST0 && byte <= MARKER.RST0 + 7;

/** Strip height: whole MCU rows, as even as `strips` allows (the last strip may be shorter). */
export function stripRows(height: number, strips: number): number {
  return Math.ceil(height / strips / MCU) * MCU;
}

/** Horizontal bands of an RGB frame, top to bottom: every band but the last a whole number of MCU rows. */
export interface Strip {
  readonly top: number;
  readonly height: number;
  readonly data: Buffer;
}

/** Cuts a raw RGB frame into strips for encodeStrips (views, no copies). */
export function splitFrame(raw: Buffer, width: number, height: number, strips: number): Strip[] {
  const rows = stripRows(height, Math.max(1, strips));
  const rowBytes = width * 3;
  const out: Strip[] = [];
  for (let top = 0; top < height; top += rows) {
    const h = Math.min(rows, height - top);
    out.push({ top, height: h, data: raw.subarray(top * rowBytes, (top + h) * rowBytes) });
  }
  return out;
}

const JPEG = (quality: number) => ({ quality, optimiseCoding: false, chromaSubsampling: '4:2:0' }) as const;

async function encodeWhole(strips: readonly Strip[], width: number, height: number, quality: number) {
  const raw = strips.length === 1 ? strips[0]!.data : Buffer.concat(strips.map((s) => s.data));
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg(JPEG(quality))
    .toBuffer();
}

/**
 * Encodes an RGB frame, given as strips, as one baseline 4:2:0 JPEG: the strips are coded concurrently
 * (standard Huffman tables, so they share the first strip's tables) and joined by restart markers.
 */
export async function encodeStrips(
  strips: readonly Strip[],
  width: number,
  height: number,
  options: { readonly quality: number },
): Promise<Buffer> {
  const rows = strips[0]?.height ?? 0;
  const mcusPerStrip = Math.ceil(width / MCU) * (rows / MCU);
  const aligned =
    strips.length > 1 &&
    rows % MCU === 0 &&
    strips.every(
      (s, k) => s.top === k * rows && (k === strips.length - 1 ? s.height <= rows : s.height === rows),
    ) &&
    mcusPerStrip <= 0xffff;
  if (!aligned) return encodeWhole(strips, width, height, options.quality);
  const parts = await Promise.all(
    strips.map((s) =>
      sharp(s.data, { raw: { width, height: s.height, channels: 3 } })
        .jpeg(JPEG(options.quality))
        .toBuffer(),
    ),
  );
  const parsed = parts.map(parse);
  const first = parsed[0];
  const tables = (p: ParsedJpeg) =>
    Buffer.concat(
      p.header.filter((s) => s.marker === MARKER.DQT || s.marker === MARKER.DHT).map((s) => s.bytes),
    );
  if (!first || parsed.some((p) => !p || !tables(p).equals(tables(first)))) {
    // Not the shape this joins (another encoder build): code it in one piece.
    return encodeWhole(strips, width, height, options.quality);
  }
  const frame = frameOf(first.header)!;
  const dri = Buffer.alloc(2);
  dri.writeUInt16BE(mcusPerStrip);
  const out: Buffer[] = [Buffer.from([0xff, MARKER.SOI])];
  for (const s of first.header) {
    if (s.marker === MARKER.DRI) continue;
    out.push(s === frame.sof ? withHeight(s, height) : s.bytes);
  }
  out.push(segment(MARKER.DRI, dri), first.sos.bytes);
  parsed.forEach((p, k) => {
    if (k > 0) out.push(Buffer.from([0xff, MARKER.RST0 + ((k - 1) % 8)]));
    out.push(p!.scan);
  });
  out.push(Buffer.from([0xff, MARKER.EOI]));
  return Buffer.concat(out);
}

interface DecodedFrame {
  readonly width: number;
  readonly height: number;
  readonly strips: Strip[];
}

/** Offsets of the restart markers in a scan (a marker is FF Dn; FF inside data is always stuffed). */
function restartMarkers(scan: Buffer): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const i = scan.indexOf(0xff, from);
    if (i < 0 || i + 1 >= scan.length) return found;
    if (isRestart(scan[i + 1]!)) found.push(i);
    from = i + 2;
  }
}

/**
 * Decodes a JPEG to raw RGB strips, cutting it at restart markers into `strips` concurrently decoded
 * pieces when it has them on whole MCU rows (as encodeStrips writes); anything else is one strip.
 */
export async function decodeStrips(jpeg: Buffer, strips: number): Promise<DecodedFrame> {
  const whole = async (): Promise<DecodedFrame> => {
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, strips: [{ top: 0, height: info.height, data }] };
  };
  const parsed = strips > 1 ? parse(jpeg) : undefined;
  const frame = parsed ? frameOf(parsed.header) : undefined;
  const driSegment = parsed?.header.find((s) => s.marker === MARKER.DRI);
  if (!parsed || !frame || !driSegment || frame.sampling.length !== 3 || frame.sampling[0] !== 0x22)
    return whole();
  const interval = driSegment.bytes.readUInt16BE(4);
  const mcusPerRow = Math.ceil(frame.width / MCU);
  if (interval === 0 || interval % mcusPerRow !== 0) return whole();
  const markers = restartMarkers(parsed.scan);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of markers) {
    pieces.push(parsed.scan.subarray(from, at));
    from = at + 2;
  }
  pieces.push(parsed.scan.subarray(from));
  const rowsPerPiece = (interval / mcusPerRow) * MCU;
  if (Math.ceil(frame.height / rowsPerPiece) !== pieces.length) return whole();
  // Consecutive pieces per decoder, each decoder's pieces re-joined by freshly numbered markers.
  const perGroup = Math.ceil(pieces.length / strips);
  const others = parsed.header.filter((s) => s.marker !== MARKER.SOF0 && s.marker !== MARKER.DRI);
  const groups: Buffer[][] = [];
  for (let k = 0; k < pieces.length; k += perGroup) groups.push(pieces.slice(k, k + perGroup));
  const decoded = await Promise.all(
    groups.map(async (group, g): Promise<Strip> => {
      const top = g * perGroup * rowsPerPiece;
      const height = Math.min(group.length * rowsPerPiece, frame.height - top);
      const scan: Buffer[] = [];
      group.forEach((piece, k) => {
        if (k > 0) scan.push(Buffer.from([0xff, MARKER.RST0 + ((k - 1) % 8)]));
        scan.push(piece);
      });
      const file = Buffer.concat([
        Buffer.from([0xff, MARKER.SOI]),
        ...others.map((s) => s.bytes),
        withHeight(frame.sof, height),
        ...(group.length > 1 ? [driSegment.bytes] : []),
        parsed.sos.bytes,
        ...scan,
        Buffer.from([0xff, MARKER.EOI]),
      ]);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      if (info.height !== height || info.width !== frame.width || info.channels !== 3)
        throw new Error('a strip decoded to the wrong shape');
      return { top, height, data };
    }),
  );
  return { width: frame.width, height: frame.height, strips: decoded };
}

const tablesOf = (header: readonly Segment[]) =>
  Buffer.concat(header.filter((s) => s.marker === MARKER.DQT || s.marker === MARKER.DHT).map((s) => s.bytes));

/**
 * Re-codes only the strips of a strip-coded JPEG (as encodeStrips writes it) that an edit touches:
 * `touches(top, height)` says which strips the edit draws on; those are decoded, handed to `edit` as a
 * frame (the other strips' pixels are empty: `edit` must stay inside the strips it said it touches),
 * encoded again at `quality`, and put back between the untouched strips, which are copied as they are
 * coded. The result is the file a whole decode and encode would give, except that the untouched strips
 * are the original's pixels (one generation of JPEG loss fewer). Undefined when the file is not coded so,
 * or when `quality` codes with other tables than the file's (then its strips cannot be mixed).
 */
export async function recodeStrips(
  jpeg: Buffer,
  quality: number,
  touches: (top: number, height: number) => boolean,
  edit: (frame: DecodedFrame) => void,
): Promise<Buffer | undefined> {
  const parsed = parse(jpeg);
  const frame = parsed ? frameOf(parsed.header) : undefined;
  const dri = parsed?.header.find((s) => s.marker === MARKER.DRI);
  if (!parsed || !frame || !dri || frame.sampling.length !== 3 || frame.sampling[0] !== 0x22)
    return undefined;
  const interval = dri.bytes.readUInt16BE(4);
  const mcusPerRow = Math.ceil(frame.width / MCU);
  if (interval === 0 || interval % mcusPerRow !== 0) return undefined;
  const rows = (interval / mcusPerRow) * MCU;
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of restartMarkers(parsed.scan)) {
    pieces.push(parsed.scan.subarray(from, at));
    from = at + 2;
  }
  pieces.push(parsed.scan.subarray(from));
  if (Math.ceil(frame.height / rows) !== pieces.length) return undefined;
  const others = parsed.header.filter((s) => s.marker !== MARKER.SOF0 && s.marker !== MARKER.DRI);
  const strips = pieces.map((_, k) => {
    const top = k * rows;
    return { top, height: Math.min(rows, frame.height - top) };
  });
  const touched = strips.map((s) => touches(s.top, s.height));
  const decoded = await Promise.all(
    strips.map(async (s, k): Promise<Strip> => {
      if (!touched[k]) return { ...s, data: Buffer.alloc(0) };
      const file = Buffer.concat([
        Buffer.from([0xff, MARKER.SOI]),
        ...others.map((o) => o.bytes),
        withHeight(frame.sof, s.height),
        parsed.sos.bytes,
        pieces[k]!,
        Buffer.from([0xff, MARKER.EOI]),
      ]);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      if (info.height !== s.height || info.width !== frame.width || info.channels !== 3)
        throw new Error('a strip decoded to the wrong shape');
      return { ...s, data };
    }),
  );
  edit({ width: frame.width, height: frame.height, strips: decoded });
  const recoded = await Promise.all(
    decoded.map(async (s, k) =>
      touched[k]
        ? parse(
            await sharp(s.data, { raw: { width: frame.width, height: s.height, channels: 3 } })
              .jpeg(JPEG(quality))
              .toBuffer(),
          )
        : undefined,
    ),
  );
  const tables = tablesOf(parsed.header);
  if (
    recoded.some(
      (p, k) =>
        touched[k] && (!p || !tablesOf(p.header).equals(tables) || !p.sos.bytes.equals(parsed.sos.bytes)),
    )
  )
    return undefined;
  const out: Buffer[] = [
    Buffer.from([0xff, MARKER.SOI]),
    ...parsed.header.map((s) => s.bytes),
    parsed.sos.bytes,
  ];
  pieces.forEach((piece, k) => {
    if (k > 0) out.push(Buffer.from([0xff, MARKER.RST0 + ((k - 1) % 8)]));
    out.push(recoded[k]?.scan ?? piece);
  });
  out.push(Buffer.from([0xff, MARKER.EOI]));
  return Buffer.concat(out);
}
