// Image type and pixel size read from the first bytes of a file, before anything decodes it: a
// download can be refused as "not an image" or "too many pixels" while it is still streaming, and a
// decompression bomb (a small file that decodes to gigapixels) never reaches the decoder.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The format from the magic bytes, 'unknown' when they are not one of ours, undefined when too few bytes. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | 'unknown' | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'png';
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return 'unknown';
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Pixel size from the header of a file of the given format; undefined while the bytes seen so far
 * do not reach it yet (a JPEG's frame header can follow tens of kilobytes of EXIF and thumbnails).
 */
export function readImageSize(format: ImageFormat, b: Uint8Array): ImageSize | undefined {
  switch (format) {
    case 'png':
      // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4).
      if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return undefined;
      return { width: u32be(b, 16), height: u32be(b, 20) };
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
  }
}

function webpSize(b: Uint8Array): ImageSize | undefined {
  if (b.length < 30) return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    // 14-bit width-1 and height-1 packed after the 0x2f signature byte.
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return { width: 0, height: 0 };
}

/** Start-of-frame markers: SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Uint8Array): ImageSize | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { width: 0, height: 0 }; // not a marker where one must be: corrupt
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (isSof(marker)) return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    if (marker === 0xd9 || marker === 0xda) return { width: 0, height: 0 }; // image data before a frame header
    i += 2 + u16be(b, i + 2);
  }
  return undefined;
}
