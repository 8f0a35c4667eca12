// The first image directory of a (Geo)TIFF read and checked before any library decodes it: a classic TIFF
// whose directory lies inside the file, with a sane number of entries, every value inside the file, a size
// within the limits, a codec and sample layout the decoder handles, and as many tile or strip offsets as
// the size needs, each pointing inside the file. The chain of directories after it (overviews, masks) must
// end inside the file without coming back to a directory already read: libtiff refuses a loop only when
// it decodes pixels ("IFD looping"), long after the download was accepted. A malformed directory, a
// decompression bomb (a small file declaring gigapixels) or a tiled file with millions of tiles is refused
// here with bounded work: at most the directories' counts and links and the block offsets are read.

interface TiffStructure {
  readonly littleEndian: boolean;
  readonly width: number;
  readonly height: number;
  readonly samplesPerPixel: number;
  readonly bitsPerSample: number;
  readonly compression: number;
  readonly photometric: number;
  readonly tiled: boolean;
  readonly blocks: number;
}

interface TiffLimits {
  readonly maxPixels: number;
  readonly maxSide: number;
  /** Tiles or strips in the image (all planes). */
  readonly maxBlocks: number;
}

/** Why a file is not a TIFF the service reads, in words for the job's UNSUPPORTED_IMAGE message. */
export class TiffProblem extends Error {}

const MAX_ENTRIES = 1000;
/** Directories in one file: a GeoTIFF's image, its overviews and masks are a handful. */
const MAX_DIRECTORIES = 64;

/** Byte size of each TIFF field type (1 BYTE … 12 DOUBLE, 13 IFD). */
const TYPE_SIZE: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

const COMPRESSIONS: Readonly<Record<number, string>> = {
  1: 'none',
  5: 'LZW',
  7: 'JPEG',
  8: 'Deflate',
  32946: 'Deflate',
  32773: 'PackBits',
};

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planar: 284,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
} as const;

interface Entry {
  readonly type: number;
  readonly count: number;
  /** Where the values are: inside the entry (4 bytes) or at an offset. */
  readonly at: number;
}

/**
 * Follows the next-directory links from the first directory: each must be 0 (the end) or a directory
 * inside the file, never one already read, and there are at most MAX_DIRECTORIES.
 */
function checkDirectoryChain(
  bytes: Buffer,
  first: number,
  u16: (at: number) => number,
  u32: (at: number) => number,
): void {
  const seen = new Set<number>();
  for (let at = first; at !== 0; ) {
    if (seen.has(at))
      throw new TiffProblem(
        `its image directories loop: the directory at byte ${at} is linked to again (a damaged file)`,
      );
    if (seen.size >= MAX_DIRECTORIES)
      throw new TiffProblem(`it has more than ${MAX_DIRECTORIES} image directories (a damaged file)`);
    seen.add(at);
    if (at < 8 || at + 2 > bytes.length)
      throw new TiffProblem(`an image directory it links to (at byte ${at}) lies outside the file`);
    const entries = u16(at);
    if (at + 2 + entries * 12 + 4 > bytes.length)
      throw new TiffProblem(`an image directory (at byte ${at}) runs past the end of the file`);
    at = u32(at + 2 + entries * 12);
  }
}

export function inspectTiff(bytes: Buffer, limits: TiffLimits): TiffStructure {
  if (bytes.length < 8) throw new TiffProblem('the TIFF file ends inside its header');
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new TiffProblem('it is not a TIFF file');
  const le = order === 'II';
  const u16 = (at: number) => (le ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (le ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const magic = u16(2);
  if (magic === 43) throw new TiffProblem('it is a BigTIFF; export a classic (non-Big) GeoTIFF');
  if (magic !== 42) throw new TiffProblem('its TIFF header is damaged');
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > bytes.length)
    throw new TiffProblem('its first image directory lies outside the file');
  const count = u16(ifd);
  if (count === 0 || count > MAX_ENTRIES)
    throw new TiffProblem(`its image directory declares ${count} entries (a damaged directory)`);
  if (ifd + 2 + count * 12 + 4 > bytes.length)
    throw new TiffProblem('its image directory runs past the end of the file');
  checkDirectoryChain(bytes, ifd, u16, u32);

  const entries = new Map<number, Entry>();
  for (let i = 0; i < count; i += 1) {
    const at = ifd + 2 + i * 12;
    const tag = u16(at);
    const type = u16(at + 2);
    const n = u32(at + 4);
    const size = TYPE_SIZE[type];
    if (size === undefined) continue; // unknown types are skipped, as readers must
    const length = size * n;
    const valueAt = length <= 4 ? at + 8 : u32(at + 8);
    if (length > 4 && (valueAt + length > bytes.length || length > bytes.length))
      throw new TiffProblem(`tag ${tag} of its image directory points past the end of the file`);
    entries.set(tag, { type, count: n, at: valueAt });
  }
  const value = (tag: number, index = 0): number | undefined => {
    const e = entries.get(tag);
    if (!e || index >= e.count) return undefined;
    const at = e.at + index * TYPE_SIZE[e.type]!;
    switch (e.type) {
      case 1:
      case 7:
        return bytes[at];
      case 3:
        return u16(at);
      case 4:
      case 13:
        return u32(at);
      default:
        return undefined;
    }
  };

  const width = value(TAG.width) ?? 0;
  const height = value(TAG.height) ?? 0;
  if (width < 1 || height < 1) throw new TiffProblem('its image directory declares no valid pixel size');
  if (width > limits.maxSide || height > limits.maxSide)
    throw new TiffProblem(
      `it is ${width}x${height} pixels, longer than the ${limits.maxSide} px limit on either side`,
    );
  if (width * height > limits.maxPixels)
    throw new TiffProblem(
      `it is ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} MP), more than the ${limits.maxPixels / 1e6} MP limit`,
    );
  const samplesPerPixel = value(TAG.samplesPerPixel) ?? 1;
  const bitsPerSample = value(TAG.bitsPerSample) ?? 1;
  const compression = value(TAG.compression) ?? 1;
  const photometric = value(TAG.photometric) ?? (samplesPerPixel >= 3 ? 2 : 1);
  const planar = value(TAG.planar) ?? 1;
  if (!(compression in COMPRESSIONS))
    throw new TiffProblem(
      `its compression (TIFF code ${compression}) is not one the service decodes; export with none, LZW, Deflate, PackBits or JPEG`,
    );
  if (bitsPerSample !== 8 && bitsPerSample !== 16)
    throw new TiffProblem(`it has ${bitsPerSample}-bit samples; export 8- or 16-bit RGB or greyscale`);
  if (samplesPerPixel < 1 || samplesPerPixel > 4)
    throw new TiffProblem(`it has ${samplesPerPixel} samples per pixel; export RGB, RGBA or greyscale`);
  if (photometric !== 1 && photometric !== 2 && photometric !== 6)
    throw new TiffProblem(
      `its colour model (TIFF photometric ${photometric}) is not RGB or greyscale; export an RGB orthophoto`,
    );

  const planes = planar === 2 ? samplesPerPixel : 1;
  const tileWidth = value(TAG.tileWidth);
  const tileLength = value(TAG.tileLength);
  const tiled = tileWidth !== undefined || tileLength !== undefined;
  let blocks: number;
  let offsetsTag: number;
  let countsTag: number;
  if (tiled) {
    if (!tileWidth || !tileLength || tileWidth % 16 !== 0 || tileLength % 16 !== 0)
      throw new TiffProblem(
        `its tiles are ${tileWidth}x${tileLength} pixels; TIFF tiles are multiples of 16`,
      );
    blocks = Math.ceil(width / tileWidth) * Math.ceil(height / tileLength) * planes;
    offsetsTag = TAG.tileOffsets;
    countsTag = TAG.tileByteCounts;
  } else {
    const rows = Math.min(value(TAG.rowsPerStrip) ?? height, height);
    if (rows < 1) throw new TiffProblem('its strips declare no rows');
    blocks = Math.ceil(height / rows) * planes;
    offsetsTag = TAG.stripOffsets;
    countsTag = TAG.stripByteCounts;
  }
  if (blocks > limits.maxBlocks)
    throw new TiffProblem(
      `it is cut into ${blocks} ${tiled ? 'tiles' : 'strips'}, more than the ${limits.maxBlocks} the service reads; export with larger tiles`,
    );
  const offsets = entries.get(offsetsTag);
  const byteCounts = entries.get(countsTag);
  if (!offsets || !byteCounts || offsets.count !== blocks || byteCounts.count !== blocks)
    throw new TiffProblem(
      `its image directory lists ${offsets?.count ?? 0} ${tiled ? 'tile' : 'strip'} offsets where its size needs ${blocks}`,
    );
  for (let i = 0; i < blocks; i += 1) {
    const start = value(offsetsTag, i);
    const length = value(countsTag, i);
    if (start === undefined || length === undefined || start + length > bytes.length)
      throw new TiffProblem(
        `its ${tiled ? 'tile' : 'strip'} ${i} lies outside the file (a damaged or cut-short file)`,
      );
  }
  return {
    littleEndian: le,
    width,
    height,
    samplesPerPixel,
    bitsPerSample,
    compression,
    photometric,
    tiled,
    blocks,
  };
}
