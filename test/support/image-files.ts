// Image files that real cameras and real mistakes produce, built byte by byte for the image download
// tests: a JPEG whose frame header follows megabytes of APPn segments (EXIF, ICC, maker notes), a PNG of
// any declared size with valid zlib data, and the formats the service does not take.
import { crc32, deflateSync } from 'node:zlib';

/** One APPn segment of `bodyBytes` (at most 65533) filled with `fill`. */
function appSegment(n: number, bodyBytes: number, fill: Uint8Array): Buffer {
  const segment = Buffer.alloc(4 + bodyBytes);
  segment[0] = 0xff;
  segment[1] = 0xe0 + n;
  segment.writeUInt16BE(bodyBytes + 2, 2);
  for (let i = 0; i < bodyBytes; i += fill.length) segment.set(fill.subarray(0, bodyBytes - i), 4 + i);
  return segment;
}

/**
 * `jpeg` with a 64 KB EXIF segment and then `extraSegments` more 64 KB APPn segments before its frame
 * header (about 64 KB each: 300 make a 19 MB file). The segment bodies are full of what looks like a
 * 9999x9999 frame header and an end-of-image marker, as an embedded thumbnail would be: a scanner must
 * skip them by their length, not search them.
 */
export function bigExifJpeg(jpeg: Buffer, extraSegments: number): Buffer {
  const decoy = Uint8Array.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x27, 0x0f, 0x27, 0x0f, 0xff, 0xd9, 0x00]);
  const exif = appSegment(1, 65_533, decoy);
  exif.write('Exif\0\0', 4, 'latin1');
  const segments = [exif];
  for (let i = 0; i < extraSegments; i += 1) segments.push(appSegment(2 + (i % 14), 65_533, decoy));
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 8-bit greyscale PNG of any size, all black: 1x39,000,000 or 39,000,000x1 is a few tens of
 * kilobytes (39 MP, under the 40 MP cap) that libvips takes seconds to decode row by row.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0); // each row: filter type 0, then its pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of formats the service refuses (an HEIC's ftyp box; an SVG is text). */
export const HEIC_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(64, 0),
]);
export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>';
