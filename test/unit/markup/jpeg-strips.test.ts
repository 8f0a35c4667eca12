// Strip-coded JPEGs: one standard baseline file with restart markers, the pixels of one-piece coding,
// readable by any decoder, and decoded in strips when it has them (one piece otherwise).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeStrips,
  encodeStrips,
  recodeStrips,
  splitFrame,
  stripRows,
} from '../../../functions/media/markup/jpeg-strips.ts';
import { rowOf } from '../../../functions/media/markup/pixels.ts';

const W = 1000;
const H = 600;
let raw: Buffer;

beforeAll(() => {
  // Texture and gradients, so the entropy coder has real work and any misplaced block shows.
  raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const i = (y * W + x) * 3;
      raw[i] = (x * 255) / W;
      raw[i + 1] = (y * 255) / H;
      raw[i + 2] = ((x * 7 + y * 13) ^ (x * y)) & 255;
    }
  }
});

const plain = () =>
  sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90, optimiseCoding: false })
    .toBuffer();

function maxDifference(a: Buffer, b: Buffer): number {
  let max = 0;
  for (let i = 0; i < a.length; i += 1) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('strip-coded JPEG', () => {
  it('cuts strips on whole 16-pixel MCU rows', () => {
    expect(stripRows(2160, 2)).toBe(1088);
    expect(stripRows(2160, 4)).toBe(544);
    const strips = splitFrame(raw, W, H, 3);
    expect(strips.map((s) => [s.top, s.height])).toEqual([
      [0, 208],
      [208, 208],
      [416, 184],
    ]);
  });

  it('joins the strips into one file with restart markers that decodes to one-piece coding', async () => {
    const joined = await encodeStrips(splitFrame(raw, W, H, 3), W, H, { quality: 90 });
    const dri = joined.indexOf(Buffer.from([0xff, 0xdd]));
    expect(dri).toBeGreaterThan(0);
    expect(joined.readUInt16BE(dri + 4)).toBe(Math.ceil(W / 16) * 13);
    const meta = await sharp(joined).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([W, H, 'jpeg']);
    const pixels = await sharp(joined).raw().toBuffer();
    const reference = await sharp(await plain())
      .raw()
      .toBuffer();
    expect(maxDifference(pixels, reference)).toBe(0);
  });

  it('is read by other decoders (ffprobe, ImageMagick when installed)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'strips-'));
    const file = path.join(dir, 'joined.jpg');
    writeFileSync(file, await encodeStrips(splitFrame(raw, W, H, 2), W, H, { quality: 90 }));
    const bin = path.dirname(
      createRequire(import.meta.url).resolve(
        `@remotion/compositor-${process.platform}-${process.arch}-gnu/package.json`,
      ),
    );
    const probe = execFileSync(
      path.join(bin, 'ffprobe'),
      ['-v', 'error', '-show_entries', 'stream=width,height,codec_name', '-of', 'csv=p=0', file],
      { env: { ...process.env, LD_LIBRARY_PATH: bin } },
    ).toString();
    expect(probe.trim()).toBe(`mjpeg,${W},${H}`);
  });

  it('decodes a strip-coded file in strips, matching one-piece decoding up to chroma at the seams', async () => {
    const joined = await encodeStrips(splitFrame(raw, W, H, 4), W, H, { quality: 90 });
    const decoded = await decodeStrips(joined, 2);
    expect(decoded.strips.length).toBe(2);
    expect(decoded.strips.map((s) => s.top)).toEqual([0, 2 * stripRows(H, 4)]);
    const pixels = Buffer.concat(decoded.strips.map((s) => s.data));
    const reference = await sharp(joined).raw().toBuffer();
    expect(pixels.length).toBe(reference.length);
    // Identical except the rows beside a seam, where chroma upsampling cannot look across it.
    const seam = decoded.strips[1]!.top;
    let differentRows = 0;
    for (let y = 0; y < H; y += 1) {
      const row = (b: Buffer) => b.subarray(y * W * 3, (y + 1) * W * 3);
      if (!row(pixels).equals(row(reference))) {
        differentRows += 1;
        expect(Math.abs(y - seam + 0.5)).toBeLessThanOrEqual(2.5);
      }
    }
    expect(differentRows).toBeLessThanOrEqual(4);
  });

  it('decodes any other JPEG in one piece', async () => {
    const decoded = await decodeStrips(await plain(), 2);
    expect(decoded.strips).toHaveLength(1);
    expect(decoded.strips[0]!.data.length).toBe(W * H * 3);
    const progressive = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await decodeStrips(progressive, 2)).strips).toHaveLength(1);
  });

  it('codes in one piece when asked for one strip', async () => {
    const single = await encodeStrips(splitFrame(raw, W, H, 1), W, H, { quality: 90 });
    expect(single.indexOf(Buffer.from([0xff, 0xdd]))).toBe(-1);
  });

  describe('recodeStrips', () => {
    // 8 strips of 80 rows; the edit paints rows 300-339, across strips 3 and 4 (rows 240-399).
    const paint = { top: 300, bottom: 340, left: 300, right: 700 };
    const touches = (top: number, height: number) => top < paint.bottom && top + height > paint.top;
    const edit = (frame: Parameters<Parameters<typeof recodeStrips>[3]>[0]) => {
      for (let y = paint.top; y < paint.bottom; y += 1) {
        const [row, start] = rowOf(frame, y);
        for (let x = paint.left; x < paint.right; x += 1) row.set([255, 0, 0], start + x * 3);
      }
    };

    it('re-codes the strips the edit touches and copies the others as they are coded', async () => {
      const original = await encodeStrips(splitFrame(raw, W, H, 8), W, H, { quality: 90 });
      const touched: number[] = [];
      const recoded = await recodeStrips(
        original,
        90,
        (top, h) => {
          if (touches(top, h)) touched.push(top);
          return touches(top, h);
        },
        edit,
      );
      expect(touched).toEqual([240, 320]);
      const before = await sharp(original).raw().toBuffer();
      const after = await sharp(recoded!).raw().toBuffer();
      expect(after.length).toBe(before.length);
      // The painted rectangle is red; rows of untouched strips decode exactly as before (the two rows
      // beside a seam may differ by chroma upsampling across it).
      const i = (320 * W + 500) * 3;
      expect([...after.subarray(i, i + 3)].map((v) => Math.round(v / 16))).toEqual([16, 0, 0]);
      for (let y = 0; y < H; y += 1) {
        const row = (b: Buffer) => b.subarray(y * W * 3, (y + 1) * W * 3);
        const nearSeam = Math.abs(y - 239.5) <= 2 || Math.abs(y - 399.5) <= 2;
        if ((y < 240 || y >= 400) && !nearSeam) expect(row(after).equals(row(before)), `row ${y}`).toBe(true);
      }
      // The touched strips are what a whole decode, edit and encode gives them (up to chroma at the seams).
      const whole = await decodeStrips(original, 2);
      edit(whole);
      const reference = await sharp(
        await encodeStrips(splitFrame(Buffer.concat(whole.strips.map((s) => s.data)), W, H, 8), W, H, {
          quality: 90,
        }),
      )
        .raw()
        .toBuffer();
      let sum = 0;
      for (let k = 240 * W * 3; k < 400 * W * 3; k += 1) sum += Math.abs(after[k]! - reference[k]!);
      expect(sum / (160 * W * 3)).toBeLessThan(0.5);
    });

    it('gives up on files it cannot mix strips of: other tables, no restart markers', async () => {
      const q95 = await encodeStrips(splitFrame(raw, W, H, 8), W, H, { quality: 95 });
      expect(await recodeStrips(q95, 90, touches, edit)).toBeUndefined();
      expect(await recodeStrips(await plain(), 90, touches, edit)).toBeUndefined();
    });
  });
});
