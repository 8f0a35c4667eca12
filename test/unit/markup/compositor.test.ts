// The compositor's pixels on a synthetic frame: the stroke sits on the polygon in its colour and width,
// darken and blur change the outside only, annotations land where they were asked for.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAnnotations } from '../../../functions/media/markup/annotation-layout.ts';
import {
  type BoundaryStyle,
  CODING_STRIPS,
  compositeMarkup,
} from '../../../functions/media/markup/compositor.ts';
import { encodeStrips, splitFrame, stripRows } from '../../../functions/media/markup/jpeg-strips.ts';
import { labelFont } from '../../../functions/media/markup/label-font.ts';

const W = 1920;
const H = 1080;
const boundary = [
  { x: 0.35, y: 0.3 },
  { x: 0.62, y: 0.26 },
  { x: 0.66, y: 0.72 },
  { x: 0.38, y: 0.76 },
];
const settings = { outline_color: '#00FF00', outline_width: 12, blur_radius: 30, darken_amount: 0.6 };
let image: Buffer;
let source: Buffer;

beforeAll(async () => {
  // A checkerboard: blur flattens it, darkening scales it, and both are easy to see in numbers.
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1)
      raw.fill(((x >> 3) + (y >> 3)) % 2 ? 220 : 60, (y * W + x) * 3, (y * W + x) * 3 + 3);
  image = await encodeStrips(splitFrame(raw, W, H, 2), W, H, { quality: 95 });
  source = await sharp(image).raw().toBuffer();
});

const at = (buf: Buffer, x: number, y: number): [number, number, number] => {
  const i = (Math.round(y) * W + Math.round(x)) * 3;
  return [buf[i]!, buf[i + 1]!, buf[i + 2]!];
};
const composite = async (style: BoundaryStyle) =>
  sharp(
    (await compositeMarkup({ image, boundary, style, settings, annotations: [], font: labelFont() })).jpeg,
  )
    .raw()
    .toBuffer();
/** Mean brightness and mean neighbour contrast over a 40x40 patch centred at (x, y). */
function patch(buf: Buffer, x: number, y: number) {
  let sum = 0;
  let contrast = 0;
  for (let dy = -20; dy < 20; dy += 1)
    for (let dx = -20; dx < 20; dx += 1) {
      sum += at(buf, x + dx, y + dy)[0];
      contrast += Math.abs(at(buf, x + dx, y + dy)[0] - at(buf, x + dx + 1, y + dy)[0]);
    }
  return { mean: sum / 1600, contrast: contrast / 1600 };
}
const inside = { x: 0.5 * W, y: 0.5 * H };
const outside = { x: 0.12 * W, y: 0.5 * H };

describe('compositor', () => {
  it('strokes the boundary in its colour, centred on the edges, the width asked for', async () => {
    const out = await composite('outline');
    const a = { x: boundary[0]!.x * W, y: boundary[0]!.y * H };
    const b = { x: boundary[1]!.x * W, y: boundary[1]!.y * H };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    expect(at(out, mid.x, mid.y)).toEqual([
      expect.closeTo(0, -1.5),
      expect.closeTo(255, -1.5),
      expect.closeTo(0, -1.5),
    ]);
    // Green across the stroke's width (6 px at 1080: 12 at 2160), not beyond it.
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    const green = (d: number) => {
      const [r, g, bl] = at(out, mid.x + n.x * d, mid.y + n.y * d);
      return g > 200 && r < 90 && bl < 90;
    };
    expect(green(-2)).toBe(true);
    expect(green(2)).toBe(true);
    expect(green(6)).toBe(false);
    expect(green(-6)).toBe(false);
    expect(patch(out, outside.x, outside.y)).toEqual(patch(source, outside.x, outside.y));
  });

  it('outlines a frame coded as markup_v2 codes it by re-coding only the strips the stroke crosses', async () => {
    // Quality 90 and CODING_STRIPS strips, as the markup job writes its aerial: strips are mixed.
    const raw = await sharp(image).raw().toBuffer();
    const coded = await encodeStrips(splitFrame(raw, W, H, CODING_STRIPS), W, H, { quality: 90 });
    const before = await sharp(coded).raw().toBuffer();
    const { jpeg } = await compositeMarkup({
      image: coded,
      boundary,
      style: 'outline',
      settings,
      annotations: [],
      font: labelFont(),
    });
    const out = await sharp(jpeg).raw().toBuffer();
    const a = { x: boundary[0]!.x * W, y: boundary[0]!.y * H };
    const d = { x: boundary[3]!.x * W, y: boundary[3]!.y * H };
    const [r, g, b] = at(out, (a.x + d.x) / 2, (a.y + d.y) / 2);
    expect(g > 200 && r < 90 && b < 90).toBe(true);
    // Rows of strips the stroke does not reach are the coded original's, untouched by a second coding.
    const rows = stripRows(H, CODING_STRIPS);
    const top = Math.min(...boundary.map((p) => p.y * H)) - 8;
    const untouched = Math.floor(top / rows) * rows - 2;
    expect(untouched).toBeGreaterThan(100);
    const band = (buf: Buffer) => buf.subarray(0, untouched * W * 3);
    expect(band(out).equals(band(before))).toBe(true);
  });

  it('darkens only outside', async () => {
    const out = await composite('darken');
    expect(patch(out, inside.x, inside.y).mean).toBeCloseTo(patch(source, inside.x, inside.y).mean, 0);
    expect(patch(out, outside.x, outside.y).mean / patch(source, outside.x, outside.y).mean).toBeCloseTo(
      0.4,
      1,
    );
  });

  it('blurs only outside', async () => {
    const out = await composite('blur');
    expect(patch(out, inside.x, inside.y).contrast).toBeGreaterThan(
      0.9 * patch(source, inside.x, inside.y).contrast,
    );
    expect(patch(out, outside.x, outside.y).contrast).toBeLessThan(
      0.2 * patch(source, outside.x, outside.y).contrast,
    );
    // The treatment stops at the boundary: just inside the stroke the checkerboard is still sharp.
    const edgeInside = { x: 0.36 * W + 30, y: 0.5 * H };
    expect(patch(out, edgeInside.x, edgeInside.y).contrast).toBeGreaterThan(
      0.8 * patch(source, edgeInside.x, edgeInside.y).contrast,
    );
  });

  it('draws annotations over the effect, and writes a strip-coded JPEG of the same size', async () => {
    const annotations = resolveAnnotations(
      [{ type: 'label', text: 'Lot 12', position: { x: 0.12, y: 0.5 }, color: '#FF0000', size: 'large' }],
      boundary,
      { metersPerPixel: 0.05, width: W, height: H },
    );
    const result = await compositeMarkup({
      image,
      boundary,
      style: 'darken',
      settings,
      annotations,
      font: labelFont(),
    });
    expect([result.width, result.height]).toEqual([W, H]);
    expect(result.jpeg.indexOf(Buffer.from([0xff, 0xdd]))).toBeGreaterThan(0);
    const out = await sharp(result.jpeg).raw().toBuffer();
    let red = 0;
    for (let dx = -80; dx < 80; dx += 2) {
      const [r, g, b] = at(out, outside.x + dx, outside.y);
      if (r > 180 && g < 80 && b < 80) red += 1;
    }
    expect(red).toBeGreaterThan(3);
  });
});
