// The still renditions checked on their decoded pixels. Each source is drawn here: a noisy ground (so a
// blurred area is told from the picture by its detail) with a red polygon (the boundary) and a blue box
// (a label) at places the test chooses; the subject given to the engine is those same coordinates. What is
// expected follows from the sources themselves: the red and blue pixels counted in the source, scaled by
// the size the rendition shows the picture at, must all be found inside the frame with a margin.
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../../functions/domain/geo-types.ts';
import {
  type FittedImage,
  type NormalizedBox,
  PORTAL_LIMITS,
  RenditionError,
  SOCIAL_FRAMES,
  stillRenditions,
  toFrame,
} from '../../../functions/media/renditions/still-renditions.ts';

interface Scene {
  readonly width: number;
  readonly height: number;
  readonly polygon: readonly Point[];
  readonly box: NormalizedBox;
}

/** The scene as a JPEG (or PNG), optionally with EXIF of its own and an ICC profile. */
async function draw(
  scene: Scene,
  options: { format?: 'jpeg' | 'png'; exif?: Record<string, Record<string, string>>; p3?: boolean } = {},
) {
  const { width, height, polygon, box } = scene;
  const ring = polygon.map((p) => `${p.x * width},${p.y * height}`).join(' ');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><polygon points="${ring}" fill="#ff0000"/><rect x="${box.left * width}" y="${box.top * height}" width="${box.width * width}" height="${box.height * height}" fill="#0000ff"/></svg>`,
  );
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#646464',
      noise: { type: 'gaussian', mean: 100, sigma: 20 },
    },
  }).composite([{ input: svg }]);
  if (options.exif) image = image.withExif(options.exif);
  if (options.p3) image = image.withIccProfile('p3');
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

interface Mark {
  count: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The red and blue pixels of a decoded image: how many, and their bounding box (inclusive, in pixels). */
async function marks(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const empty = (): Mark => ({ count: 0, x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
  const red = empty();
  const blue = empty();
  for (let y = 0; y < info.height; y += 1)
    for (let x = 0; x < info.width; x += 1) {
      const i = (y * info.width + x) * info.channels;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const mark = r > 200 && g < 60 && b < 60 ? red : b > 200 && r < 60 && g < 60 ? blue : undefined;
      if (!mark) continue;
      mark.count += 1;
      mark.x0 = Math.min(mark.x0, x);
      mark.y0 = Math.min(mark.y0, y);
      mark.x1 = Math.max(mark.x1, x);
      mark.y1 = Math.max(mark.y1, y);
    }
  return { red, blue, width: info.width, height: info.height };
}

/**
 * The subject drawn in `source` is whole in `output`, shown at `scale` output pixels per source pixel:
 * as many red and blue pixels as the source's scaled by the area, bounding boxes of the scaled size (so
 * nothing cut, nothing squashed), and every one of them at least `margin` px from the frame's edges.
 */
async function expectSubjectWhole(
  source: Buffer,
  output: Buffer,
  scale: number,
  margin: number | { readonly x: number; readonly y: number },
) {
  const { x: mx, y: my } = typeof margin === 'number' ? { x: margin, y: margin } : margin;
  const [before, after] = await Promise.all([marks(source), marks(output)]);
  for (const colour of ['red', 'blue'] as const) {
    const a = before[colour];
    const b = after[colour];
    expect(b.count / (a.count * scale * scale), colour).toBeGreaterThan(0.88);
    expect(b.count / (a.count * scale * scale), colour).toBeLessThan(1.12);
    expect(b.x1 - b.x0, `${colour} width`).toBeCloseTo((a.x1 - a.x0) * scale, -1);
    expect(b.y1 - b.y0, `${colour} height`).toBeCloseTo((a.y1 - a.y0) * scale, -1);
    expect(b.x0, colour).toBeGreaterThanOrEqual(mx);
    expect(b.y0, colour).toBeGreaterThanOrEqual(my);
    expect(after.width - 1 - b.x1, colour).toBeGreaterThanOrEqual(mx);
    expect(after.height - 1 - b.y1, colour).toBeGreaterThanOrEqual(my);
  }
  return { before, after };
}

/** The mapping the engine reports puts the source's red box where the output shows it (within 3 px). */
function expectMappingAgrees(
  image: FittedImage,
  before: Mark,
  after: Mark,
  source: { width: number; height: number },
) {
  const topLeft = toFrame(image.mapping, { x: before.x0 / source.width, y: before.y0 / source.height });
  const bottomRight = toFrame(image.mapping, {
    x: (before.x1 + 1) / source.width,
    y: (before.y1 + 1) / source.height,
  });
  expect(Math.abs(topLeft.x * image.width - after.x0)).toBeLessThan(3);
  expect(Math.abs(topLeft.y * image.height - after.y0)).toBeLessThan(3);
  expect(Math.abs(bottomRight.x * image.width - (after.x1 + 1))).toBeLessThan(3);
  expect(Math.abs(bottomRight.y * image.height - (after.y1 + 1))).toBeLessThan(3);
}

/** Mean absolute difference between horizontal neighbours (luminance) over rows y0..y1: detail. */
async function detail(image: Buffer, y0: number, y1: number): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 1)
    for (let x = 0; x + 1 < info.width; x += 1) {
      sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x + 1]!);
      n += 1;
    }
  return sum / n;
}

async function meanLevel(image: Buffer, y0: number, y1: number): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = y0 * info.width; i < y1 * info.width; i += 1) sum += data[i]!;
  return sum / ((y1 - y0) * info.width);
}

const subjectOf = (scene: Scene) => ({ points: scene.polygon, boxes: [scene.box] });

/** A compact subject left of centre: the boundary and its label below it. */
const compact: Scene = {
  width: 1920,
  height: 1080,
  polygon: [
    { x: 0.22, y: 0.3 },
    { x: 0.34, y: 0.28 },
    { x: 0.36, y: 0.62 },
    { x: 0.24, y: 0.66 },
  ],
  box: { left: 0.25, top: 0.7, width: 0.09, height: 0.06 },
};

describe('social renditions', () => {
  it('cuts each social shape around a compact subject, keeping all of it inside with a margin', async () => {
    const picture = await draw(compact);
    const out = await stillRenditions({
      picture,
      subject: subjectOf(compact),
      renditions: ['social_square', 'social_portrait', 'social_story'],
    });
    for (const name of ['social_square', 'social_portrait', 'social_story'] as const) {
      const image = out[name]!;
      const frame = SOCIAL_FRAMES[name];
      const meta = await sharp(image.data).metadata();
      expect([image.width, image.height, meta.width, meta.height]).toEqual([
        frame.width,
        frame.height,
        frame.width,
        frame.height,
      ]);
      expect([image.format, meta.format, meta.space, image.contentType]).toEqual([
        'jpeg',
        'jpeg',
        'srgb',
        'image/jpeg',
      ]);
      expect(image.bytes).toBe(image.data.length);
      expect(meta.exif).toBeUndefined();
      expect(image.fit).toBe('crop');
      // A 16:9 picture into a taller frame is cut at its full height: shown at frame height / 1080. The
      // cut keeps a margin round the subject (4% of the picture's width, 77 px before scaling up).
      const { before, after } = await expectSubjectWhole(picture, image.data, frame.height / 1080, 60);
      expectMappingAgrees(image, before.red, after.red, compact);
    }
  });

  it("shows a wide subject's span across a story over a blurred, darkened continuation, not squashed", async () => {
    const wide: Scene = {
      ...compact,
      polygon: [
        { x: 0.1, y: 0.3 },
        { x: 0.9, y: 0.25 },
        { x: 0.85, y: 0.65 },
        { x: 0.15, y: 0.6 },
      ],
      box: { left: 0.4, top: 0.7, width: 0.2, height: 0.08 },
    };
    const picture = await draw(wide);
    const out = await stillRenditions({ picture, subject: subjectOf(wide), renditions: ['social_story'] });
    const story = out.social_story!;
    expect(story.fit).toBe('extend');
    expect([story.width, story.height]).toEqual([1080, 1920]);
    // The subject's span (x 0.1-0.9, with the 4 % margin 0.06-0.94 of the picture, all of its height)
    // across the frame's width: the subject as large as the frame allows, aspect kept (same scale both
    // ways, which the red and blue boxes' sizes confirm).
    const scale = 1080 / ((0.94 - 0.06) * 1920);
    const { before, after } = await expectSubjectWhole(picture, story.data, scale, 0);
    expectMappingAgrees(story, before.red, after.red, wide);
    expect(story.mapping.scaleX * 1080).toBeCloseTo(story.mapping.scaleY * 1920 * (16 / 9), 3);
    // The picture fills the middle rows; above and below, its continuation: far less detail than the
    // picture's own noisy ground, and not black bars.
    const band = Math.round((1920 - 1080 * scale) / 2);
    const inner = await detail(story.data, band + 20, band + 120);
    const border = await detail(story.data, 40, band - 40);
    expect(border).toBeLessThan(inner / 5);
    expect(await meanLevel(story.data, 40, band - 40)).toBeGreaterThan(30);
    expect(await meanLevel(story.data, 1920 - band + 40, 1880)).toBeGreaterThan(30);
  });
});

describe('web rendition', () => {
  it('makes WebP and AVIF at 2048, 1024 and 400 px of a 4K still, sRGB, without metadata', async () => {
    const scene: Scene = { ...compact, width: 3840, height: 2160 };
    const picture = await draw(scene, { exif: { IFD0: { Make: 'DJI', Artist: 'pilot' } } });
    const { web } = await stillRenditions({ picture, subject: subjectOf(scene), renditions: ['web'] });
    for (const [format, files] of [
      ['webp', web!.webp],
      ['avif', web!.avif],
    ] as const) {
      expect(files.map((f) => [f.width, f.height])).toEqual([
        [2048, 1152],
        [1024, 576],
        [400, 225],
      ]);
      for (const file of files) {
        const meta = await sharp(file.data).metadata();
        expect([meta.width, meta.height]).toEqual([file.width, file.height]);
        expect(file.format).toBe(format);
        expect(file.contentType).toBe(`image/${format}`);
        expect(format === 'avif' ? [meta.format, meta.compression] : [meta.format]).toEqual(
          format === 'avif' ? ['heif', 'av1'] : ['webp'],
        );
        expect(meta.space).toBe('srgb');
        expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
        expect(file.bytes).toBe(file.data.length);
      }
    }
  });

  it('never widens a small picture: one file of each format at its own width', async () => {
    const scene: Scene = { ...compact, width: 360, height: 240 };
    const { web } = await stillRenditions({
      picture: await draw(scene, { format: 'png' }),
      subject: subjectOf(scene),
      renditions: ['web'],
    });
    expect(web!.webp.map((f) => [f.width, f.height])).toEqual([[360, 240]]);
    expect(web!.avif.map((f) => [f.width, f.height])).toEqual([[360, 240]]);
  });
});

describe('portal rendition', () => {
  const copyright = '© 2026 Example Realty';
  const disclosure = 'Virtually staged: furniture added digitally';

  it('is a 3000x2000 sRGB JPEG of the text-free source with only orientation, copyright and disclosure', async () => {
    const scene: Scene = { ...compact, width: 3840, height: 2160 };
    // The text-free twin stands in for the picture too: only its size is read for a portal-only request.
    const exif = {
      IFD0: { Make: 'DJI', Model: 'FC6310', Artist: 'pilot', Software: 'editor' },
      IFD2: { DateTimeOriginal: '2026:03:14 10:21:33' },
      IFD3: { GPSLatitudeRef: 'S', GPSLongitudeRef: 'E' },
    };
    const textFree = await draw(scene, { exif });
    const out = await stillRenditions({
      picture: textFree,
      textFree,
      subject: subjectOf(scene),
      metadata: { copyright, disclosure },
      renditions: ['portal'],
    });
    const portal = out.portal!;
    const meta = await sharp(portal.data).metadata();
    expect([portal.width, portal.height, meta.width, meta.height]).toEqual([3000, 2000, 3000, 2000]);
    expect([meta.format, meta.space, portal.contentType]).toEqual(['jpeg', 'srgb', 'image/jpeg']);
    expect(portal.width).toBeLessThanOrEqual(PORTAL_LIMITS.maxLongSide);
    expect(portal.bytes).toBe(portal.data.length);
    expect(portal.bytes).toBeLessThan(PORTAL_LIMITS.maxBytes);
    expect(portal.fit).toBe('crop');
    // Cut to 3:2 at full height (3240 px of 3840), then 3000/3240 of that size.
    await expectSubjectWhole(textFree, portal.data, 3000 / 3240, 20);

    const tags = await exifr.parse(portal.data, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: true,
      interop: true,
      xmp: true,
      icc: true,
      iptc: true,
      mergeOutput: false,
      translateValues: false,
    });
    // What the file says: orientation, copyright and disclosure. The rest is the structure libvips writes
    // with any EXIF (resolution, the EXIF version, the pixel size, ColorSpace 1 = sRGB).
    expect(tags.ifd0).toMatchObject({
      Orientation: 1,
      Copyright: '(C) 2026 Example Realty',
      ImageDescription: disclosure,
    });
    expect(Object.keys(tags.ifd0).sort()).toEqual(
      [
        'Copyright',
        'ImageDescription',
        'Orientation',
        'ResolutionUnit',
        'XResolution',
        'YCbCrPositioning',
        'YResolution',
      ].sort(),
    );
    expect(Object.keys(tags.exif).sort()).toEqual(
      [
        'ColorSpace',
        'ComponentsConfiguration',
        'ExifImageHeight',
        'ExifImageWidth',
        'ExifVersion',
        'FlashpixVersion',
      ].sort(),
    );
    expect(tags.exif.ColorSpace).toBe(1);
    expect([tags.gps, tags.ifd1, tags.icc, tags.iptc]).toEqual([undefined, undefined, undefined, undefined]);
    // The XMP keeps the exact text (EXIF ASCII cannot hold the © sign).
    expect(tags.dc).toEqual({
      rights: { lang: 'x-default', value: copyright },
      description: { lang: 'x-default', value: disclosure },
    });
  });

  it('extends a portrait source to 4:3 over its continuation, whole and not squashed', async () => {
    const scene: Scene = {
      width: 1080,
      height: 1920,
      polygon: [
        { x: 0.3, y: 0.3 },
        { x: 0.7, y: 0.3 },
        { x: 0.7, y: 0.6 },
        { x: 0.3, y: 0.6 },
      ],
      box: { left: 0.35, top: 0.65, width: 0.3, height: 0.05 },
    };
    const textFree = await draw(scene);
    const { portal } = await stillRenditions({
      picture: textFree,
      textFree,
      subject: subjectOf(scene),
      renditions: ['portal'],
    });
    expect(portal!.fit).toBe('extend');
    expect([portal!.width, portal!.height]).toEqual([2560, 1920]);
    // Shown at its own size (the frame is as high as the source), centred: 740 px of continuation each
    // side, so the subject (from 0.3 of the source's width) is at least 740 + 324 px from either side.
    await expectSubjectWhole(textFree, portal!.data, 1, { x: 740 + 320, y: 20 });
    // The continuation beside the picture: far less detail than the picture's noisy ground, not black.
    const { data } = await sharp(portal!.data).greyscale().raw().toBuffer({ resolveWithObject: true });
    const rowDetail = (x0: number, x1: number) => {
      let sum = 0;
      for (let y = 100; y < 1820; y += 10)
        for (let x = x0; x < x1; x += 1) sum += Math.abs(data[y * 2560 + x]! - data[y * 2560 + x + 1]!);
      return sum / (172 * (x1 - x0));
    };
    expect(rowDetail(40, 700)).toBeLessThan(rowDetail(760, 1000) / 5);
    expect(portal!.scale).toBe(1);
  });

  it('enlarges a source narrower than 1200 px (at most 2x) to the minimum', async () => {
    const scene: Scene = { ...compact, width: 800, height: 450 };
    const textFree = await draw(scene);
    const { portal } = await stillRenditions({
      picture: textFree,
      textFree,
      subject: subjectOf(scene),
      renditions: ['portal'],
    });
    expect([portal!.width, portal!.height]).toEqual([1200, 800]);
    await expectSubjectWhole(textFree, portal!.data, 1200 / 675, 20);
  });

  it('refuses a source too small for the portals, and a text-free source of another shape', async () => {
    const small: Scene = { ...compact, width: 400, height: 300 };
    const tiny = await draw(small);
    await expect(
      stillRenditions({ picture: tiny, textFree: tiny, subject: subjectOf(small), renditions: ['portal'] }),
    ).rejects.toThrow(/portal: the text-free source is 400x300 px; the portals need at least 1200 px/);
    const picture = await draw(compact);
    const other = await draw({ ...compact, width: 1200, height: 900 });
    const mismatch = stillRenditions({
      picture,
      textFree: other,
      subject: subjectOf(compact),
      renditions: ['portal'],
    });
    await expect(mismatch).rejects.toThrow(RenditionError);
    await expect(mismatch).rejects.toThrow(/1200x900 px but the picture is 1920x1080 px/);
  });
});

describe('colour', () => {
  it('converts a Display P3 picture to sRGB in every rendition', async () => {
    const size = { width: 1200, height: 800 };
    const green = [40, 180, 60];
    // The green drawn in sRGB, stored as Display P3 numbers with the P3 profile attached.
    const p3 = await sharp({
      create: { ...size, channels: 3, background: { r: green[0]!, g: green[1]!, b: green[2]! } },
    })
      .withIccProfile('p3')
      .jpeg({ quality: 95 })
      .toBuffer();
    // Read without the profile, the numbers are another colour: what a rendition would show unconverted.
    const { data: stored } = await sharp(p3).keepIccProfile().raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(...green.map((v, c) => Math.abs(stored[c]! - v)))).toBeGreaterThan(15);
    const out = await stillRenditions({
      picture: p3,
      textFree: p3,
      subject: { points: [{ x: 0.5, y: 0.5 }] },
      renditions: ['portal', 'web', 'social_square'],
    });
    const files = [out.portal!, out.web!.webp[0]!, out.web!.avif[0]!, out.social_square!];
    for (const file of files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.space).toBe('srgb');
      expect(meta.icc).toBeUndefined();
      const { data } = await sharp(file.data)
        .extract({ left: Math.round(file.width / 2), top: Math.round(file.height / 2), width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let c = 0; c < 3; c += 1)
        expect(Math.abs(data[c]! - green[c]!), `${file.format} channel ${c}`).toBeLessThan(6);
    }
  });
});
