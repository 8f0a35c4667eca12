// Image type and pixel size read from the first bytes of a file, before anything decodes it: a
// download can be refused as "not an image" or "too many pixels" while it is still streaming, and a
// decompression bomb (a small file that decodes to gigapixels) never reaches the decoder.

export type ImageFormat = 'jpeg' | 'png' | 'webp';
/** What a caller's imagery may also be: a (Geo)TIFF, whose size is read from its directory once it is in. */
export type AnyImageFormat = ImageFormat | 'tiff';

export const IMAGE_CONTENT_TYPES: Record<AnyImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

/** The format from the magic bytes, 'unknown' when they are not one of ours, undefined when too few bytes. */
export function sniffFormat(bytes: Uint8Array): AnyImageFormat | 'unknown' | undefined {
  if (bytes.length < 12) return undefined;
  // Classic TIFF (42) and BigTIFF (43), either byte order; the directory check refuses BigTIFF by name.
  if (
    (bytes[0] === 0x49 && bytes[1] === 0x49 && (bytes[2] === 42 || bytes[2] === 43) && bytes[3] === 0) ||
    (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0 && (bytes[3] === 42 || bytes[3] === 43))
  )
    return 'tiff';
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

interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** What a header says when it is not a header: the caller refuses the file as damaged. */
const DAMAGED: ImageSize = { width: 0, height: 0 };

/** Bytes the PNG and WebP sizes are read from; the longest JPEG piece read at once is a frame header (9). */
const PNG_HEAD = 24;
const WEBP_HEAD = 30;

/** Start-of-frame markers: SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Markers without a length: SOI, RST0-7 and TEM. */
const isStandalone = (marker: number) =>
  marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

type Stage = 'sniff' | 'fixed' | 'jpeg-marker' | 'jpeg-length' | 'jpeg-frame';

/**
 * Reads type and pixel size from a download as its chunks arrive, each byte at most once. A JPEG's frame
 * header can follow megabytes of EXIF, ICC profiles and thumbnails (APPn segments), so the scanner keeps
 * only the few bytes of the piece it is reading (a marker, a segment length, the frame header) and skips
 * each segment's body by its length without looking at it: the work is per segment, never per byte, and
 * no chunk is joined to another. (Re-reading the joined download on every chunk made a large photo with a
 * late frame header cost far more CPU: docs/benchmarks.md.)
 */
export class ImageHeaderScanner {
  /** 'unknown' when the file is not a JPEG, PNG, WebP or TIFF; undefined while fewer than 12 bytes arrived. */
  format: AnyImageFormat | 'unknown' | undefined;
  /** The pixel size once the header has it; 0x0 when the header is damaged. */
  size: ImageSize | undefined;
  /** Bytes pushed so far. */
  bytesSeen = 0;
  /** Bytes the scanner actually read (the rest it skipped as segment bodies); bounded by the segments. */
  bytesExamined = 0;

  #stage: Stage = 'sniff';
  #head = new Uint8Array(WEBP_HEAD);
  #filled = 0;
  #want = 12;
  #skip = 0;

  /**
   * Nothing more to learn: the type is not ours, or the size (or damage) is known. A TIFF's directory may
   * sit anywhere in the file, so its size is read once the whole file is in (tiff-structure.ts).
   */
  get done(): boolean {
    return this.format === 'unknown' || this.format === 'tiff' || this.size !== undefined;
  }

  push(chunk: Uint8Array): void {
    this.bytesSeen += chunk.length;
    this.#feed(chunk);
  }

  #feed(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && !this.done) {
      if (this.#skip > 0) {
        const n = Math.min(this.#skip, chunk.length - at);
        this.#skip -= n;
        at += n;
        continue;
      }
      const n = Math.min(this.#want - this.#filled, chunk.length - at);
      this.#head.set(chunk.subarray(at, at + n), this.#filled);
      this.#filled += n;
      this.bytesExamined += n;
      at += n;
      if (this.#filled === this.#want) this.#step();
    }
  }

  /** The piece being read is complete: decide what it says and what to read (or skip) next. */
  #step(): void {
    const b = this.#head;
    switch (this.#stage) {
      case 'sniff': {
        this.format = sniffFormat(b.subarray(0, 12));
        if (this.format === 'png' || this.format === 'webp') {
          this.#stage = 'fixed';
          this.#want = this.format === 'png' ? PNG_HEAD : WEBP_HEAD;
        } else if (this.format === 'jpeg') {
          // The segments start after SOI (2 bytes): read the 10 sniffed bytes after it again as the
          // start of the segment stream (counted once: they were examined already).
          const rest = b.slice(2, 12);
          this.#read('jpeg-marker', 2);
          this.bytesExamined -= rest.length;
          this.#feed(rest);
        }
        return;
      }
      case 'fixed':
        this.size = (this.format === 'png' ? pngSize(b) : webpSize(b)) ?? DAMAGED;
        return;
      case 'jpeg-marker': {
        if (b[0] !== 0xff) {
          this.size = DAMAGED; // not a marker where one must be
          return;
        }
        const marker = b[1]!;
        if (marker === 0xff) {
          this.#filled = 1; // a fill byte: the second 0xFF may start the marker
        } else if (isStandalone(marker)) {
          this.#read('jpeg-marker', 2);
        } else if (isSof(marker)) {
          this.#stage = 'jpeg-frame';
          this.#want = 9; // marker, length, precision, height, width
        } else if (marker === 0xd9 || marker === 0xda) {
          this.size = DAMAGED; // image data (or its end) before a frame header
        } else {
          this.#stage = 'jpeg-length';
          this.#want = 4;
        }
        return;
      }
      case 'jpeg-length': {
        const length = u16be(b, 2);
        if (length < 2) {
          this.size = DAMAGED;
          return;
        }
        this.#skip = length - 2;
        this.#read('jpeg-marker', 2);
        return;
      }
      case 'jpeg-frame':
        this.size = u16be(b, 2) < 8 ? DAMAGED : { width: u16be(b, 7), height: u16be(b, 5) };
        return;
    }
  }

  #read(stage: Stage, want: number): void {
    this.#stage = stage;
    this.#want = want;
    this.#filled = 0;
  }
}

function pngSize(b: Uint8Array): ImageSize | undefined {
  // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4).
  if (ascii(b, 12, 4) !== 'IHDR') return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function webpSize(b: Uint8Array): ImageSize | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    // 14-bit width-1 and height-1 packed after the 0x2f signature byte.
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return undefined;
}
