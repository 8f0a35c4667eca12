// The header scanner reads type and size from a download chunk by chunk: the same answer however the
// bytes are split, and work per segment, not per byte, so a photo whose frame header follows megabytes
// of EXIF costs nothing more than a small one.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImageHeaderScanner } from '../../../functions/media/images/image-header.ts';
import { bigExifJpeg, blackPng } from '../../support/image-files.ts';

let jpeg: Buffer;
let webp: Buffer;
let tallPng: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#993366' } })
    .webp()
    .toBuffer();
  tallPng = blackPng(1, 39_000_000);
});

/** Feeds `bytes` in `chunkSize` pieces until the scanner knows enough, as the download does. */
function scan(bytes: Buffer, chunkSize: number): ImageHeaderScanner {
  const scanner = new ImageHeaderScanner();
  for (let at = 0; at < bytes.length && !scanner.done; at += chunkSize) {
    scanner.push(bytes.subarray(at, at + chunkSize));
  }
  return scanner;
}

describe('ImageHeaderScanner', () => {
  it.each([1, 7, 1024])('reads JPEG, PNG and WebP sizes fed in %i-byte chunks', (chunkSize) => {
    expect(scan(jpeg, chunkSize)).toMatchObject({ format: 'jpeg', size: { width: 640, height: 480 } });
    expect(scan(webp, chunkSize)).toMatchObject({ format: 'webp', size: { width: 30, height: 20 } });
    expect(scan(tallPng, chunkSize)).toMatchObject({
      format: 'png',
      size: { width: 1, height: 39_000_000 },
    });
  });

  it('finds the frame header of a 19 MB photo behind 300 APPn segments, skipping their bodies', () => {
    const big = bigExifJpeg(jpeg, 300);
    expect(big.length).toBeGreaterThan(19_000_000);
    // The decoys inside the segments (a 9999x9999 frame header, an end of image) are never read.
    const scanner = scan(big, 16 * 1024);
    expect(scanner).toMatchObject({ format: 'jpeg', size: { width: 640, height: 480 } });
    // Every segment costs its marker and length (4 bytes); nothing else of its 64 KB body is read.
    const segments = 301;
    expect(scanner.bytesExamined).toBeLessThan(segments * 4 + 1024);
    expect(scanner.bytesSeen).toBeGreaterThan(19_000_000);
  });

  it('does work linear in the segments and independent of how the bytes are split', () => {
    const examined = (segments: number, chunkSize: number) =>
      scan(bigExifJpeg(jpeg, segments), chunkSize).bytesExamined;
    const small = examined(10, 16 * 1024);
    const large = examined(300, 16 * 1024);
    // 290 more segments, 4 bytes each: the growth is the segment headers and nothing else.
    expect(large - small).toBe(290 * 4);
    expect(examined(300, 1000)).toBe(large);
    expect(examined(10, 1)).toBe(small);
  });

  it('waits for more bytes while the header is incomplete', () => {
    const scanner = scan(bigExifJpeg(jpeg, 2).subarray(0, 100_000), 4096);
    expect(scanner.done).toBe(false);
    expect(scanner.format).toBe('jpeg');
    expect(scanner.size).toBeUndefined();
  });

  it('calls a JPEG damaged when image data or garbage comes before the frame header', () => {
    const sos = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(scan(sos, 3).size).toEqual({ width: 0, height: 0 });
    const garbage = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0x12, 0x34, 0, 0, 0, 0]);
    expect(scan(garbage, 5).size).toEqual({ width: 0, height: 0 });
  });

  it('knows at 12 bytes that a GIF, an SVG or an HEIC is not one of its formats', () => {
    for (const head of ['GIF89a\x40\x00\x30\x00\x00\x00', '<svg xmlns="http://www.w3.org/2000/svg">']) {
      expect(scan(Buffer.from(head, 'latin1'), 5).format).toBe('unknown');
    }
    expect(scan(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'), 1).format).toBe('unknown');
  });
});
