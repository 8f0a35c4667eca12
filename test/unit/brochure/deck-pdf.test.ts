// The listing kit deck: six real slide PDFs (every slide type laid out and drawn by slidePdf, the photo
// slots filled with flat colours) merged into the screen deck and the print deck. Checked without a
// rasteriser: page order through the content streams, the print page boxes in points, the crop marks
// from the content stream operators, and that what fills the bleed covers it and comes from the slide.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  type PDFRef,
  PDFStream,
} from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bleedImage,
  PT_PER_MM,
  printDeck,
  printSheet,
  type Rect,
  screenDeck,
  slideTrimBox,
} from '../../../functions/media/brochure/deck-pdf.ts';
import { SLIDE_LAYOUTS } from '../../../functions/media/brochure/layout-rules.ts';
import type { PreparedImage } from '../../../functions/media/brochure/prepare-images.ts';
import { layoutSlide } from '../../../functions/media/brochure/slide-layouts.ts';
import { A4_LANDSCAPE, slidePdf } from '../../../functions/media/brochure/slide-pdf.ts';
import { BROCHURE_SLIDE_TYPES } from '../../../functions/media/remotion/brochure-scene.ts';

const TRIM = { width: 841.89, height: (1080 * 841.89) / 1920 }; // 297 x 167.06 mm
const BLEED = 3 * PT_PER_MM; // 8.5039 pt
const MARGIN = 13 * PT_PER_MM; // bleed + 10 mm slug = 36.8504 pt
const meta = { title: '27 Wattle Street – listing kit', author: 'Harbour & Co Property' };

interface TestSlide {
  readonly type: string;
  readonly pdf: Buffer;
}
let slides: TestSlide[];

const SLOT_COLOURS = ['#3B6E8F', '#8F3B4A', '#4A8F3B', '#8F7A3B', '#5B3B8F', '#3B8F84'];

beforeAll(async () => {
  slides = await Promise.all(
    BROCHURE_SLIDE_TYPES.map(async (type, i) => {
      const scene = layoutSlide({
        type,
        layout: SLIDE_LAYOUTS[type][0]!,
        address: '27 Wattle Street, Ultimo NSW 2007',
        title: `${type} slide`,
        description: 'Four bedrooms\nTwo bathrooms\nNorth-facing terrace',
        price: 'Auction Saturday 14 June',
        agent: { name: 'Olivia Harrington', phone: '0412 345 678', agency: 'Harbour & Co Property' },
        colours: {
          primary: ['#1F3A5F', '#0F3B4A', '#7A1F2B', '#1F5F3A', '#333333', '#5F4B1F'][i]!,
          secondary: '#C9A227',
        },
        photoCount: 6,
        logo: { width: 400, height: 120 },
        hasHeadshot: true,
      });
      const images = new Map<string, PreparedImage>();
      for (const [j, slot] of scene.slots.entries()) {
        const width = Math.round(slot.w);
        const height = Math.round(slot.h);
        // As prepare-images.ts makes them: photos JPEG, the logo PNG (kept transparent).
        const logo = slot.source.kind === 'logo';
        const flat = sharp({
          create: { width, height, channels: 3, background: SLOT_COLOURS[(i + j) % SLOT_COLOURS.length]! },
        });
        const bytes = await (logo ? flat.png() : flat.jpeg()).toBuffer();
        const contentType = logo ? 'image/png' : 'image/jpeg';
        images.set(slot.name, { name: slot.name, bytes, contentType, width, height });
      }
      return { type, pdf: await slidePdf(scene, images, { title: `${type} slide` }) };
    }),
  );
}, 60_000);

/** The decoded content of a page (all its streams, in order). */
function pageContent(doc: PDFDocument, index: number): string {
  const node = doc.getPage(index).node;
  const contents = node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams.map((s) => streamText(s)).join('\n');
}

function streamText(stream: unknown): string {
  if (stream instanceof PDFRawStream)
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  throw new Error(`not a raw stream: ${String(stream)}`);
}

/** The operators of a content stream, each with its numeric or name operands. */
function operators(content: string): { op: string; args: string[] }[] {
  const out: { op: string; args: string[] }[] = [];
  let args: string[] = [];
  for (const token of content.split(/\s+/).filter(Boolean)) {
    if (/^[-+]?[\d.]+$/.test(token) || token.startsWith('/')) args.push(token);
    else {
      out.push({ op: token, args });
      args = [];
    }
  }
  return out;
}

const rectOf = (b: { x: number; y: number; width: number; height: number }): Rect => ({ ...b });

function expectRect(actual: Rect, expected: Rect): void {
  expect(actual.x).toBeCloseTo(expected.x, 3);
  expect(actual.y).toBeCloseTo(expected.y, 3);
  expect(actual.width).toBeCloseTo(expected.width, 3);
  expect(actual.height).toBeCloseTo(expected.height, 3);
}

/** The XObject named on a page. */
function xObject(doc: PDFDocument, pageIndex: number, name: string): PDFStream {
  const resources = doc.getPage(pageIndex).node.Resources()!;
  const xObjects = resources.lookup(PDFName.of('XObject'), PDFDict);
  return xObjects.lookup(PDFName.of(name.replace(/^\//, '')), PDFStream);
}

describe('slide trim box', () => {
  it('is the slide area of slide-pdf.ts on its A4 page', () => {
    const trim = slideTrimBox(A4_LANDSCAPE);
    expect(trim.x).toBe(0);
    expect(trim.width).toBe(841.89);
    expect(trim.height).toBeCloseTo(473.5631, 4);
    expect(trim.y).toBeCloseTo((595.28 - 473.5631) / 2, 4); // 60.8584
    expect(trim.width / trim.height).toBeCloseTo(16 / 9, 9);
    // A page wider than 16:9 holds the slide at its full height, centred across.
    expect(slideTrimBox({ width: 1000, height: 450 })).toEqual({ x: 100, y: 0, width: 800, height: 450 });
  });
});

describe('screen deck', () => {
  it('merges the six slides in order, one page each, with a bookmark per slide', async () => {
    const deck = await screenDeck(
      slides.map((s) => ({ pdf: s.pdf, title: `The ${s.type}` })),
      meta,
    );
    expect(deck.pages).toBe(6);
    const doc = await PDFDocument.load(deck.bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(6);
    for (const [i, slide] of slides.entries()) {
      const source = await PDFDocument.load(slide.pdf, { updateMetadata: false });
      expect(pageContent(doc, i), slide.type).toBe(pageContent(source, 0));
      expect(doc.getPage(i).getSize()).toEqual({ width: A4_LANDSCAPE.width, height: A4_LANDSCAPE.height });
    }
    expect(new Set(slides.map((_, i) => pageContent(doc, i))).size).toBe(6);

    const outlines = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const titles: string[] = [];
    const targets: PDFRef[] = [];
    let item = outlines.lookup(PDFName.of('First'), PDFDict) as PDFDict | undefined;
    while (item) {
      titles.push(item.lookup(PDFName.of('Title'), PDFHexString).decodeText());
      targets.push(item.lookup(PDFName.of('Dest'), PDFArray).get(0) as PDFRef);
      item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
    }
    expect(titles).toEqual(slides.map((s) => `The ${s.type}`));
    expect(targets).toEqual(doc.getPages().map((p) => p.ref));

    expect(doc.getTitle()).toBe(meta.title);
    expect(doc.getAuthor()).toBe(meta.author);
    expect(doc.getCreator()).toBe('property-media-service listing kit');
    expect(doc.getCreationDate()?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('is the same bytes for the same input, and takes every page of a multi-page slide', async () => {
    const date = new Date('2026-06-14T09:00:00Z');
    const a = await screenDeck(
      slides.map((s) => ({ pdf: s.pdf })),
      { ...meta, date },
    );
    const b = await screenDeck(
      slides.map((s) => ({ pdf: s.pdf })),
      { ...meta, date },
    );
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    expect((await PDFDocument.load(a.bytes)).getCreationDate()?.toISOString()).toBe(date.toISOString());

    const two = await PDFDocument.create();
    two.addPage([400, 300]);
    two.addPage([400, 300]);
    const mixed = await screenDeck([{ pdf: slides[0]!.pdf }, { pdf: await two.save() }], meta);
    expect(mixed.pages).toBe(3);
    await expect(screenDeck([], meta)).rejects.toThrow(/at least one slide/);
  });
});

describe('print deck', () => {
  it('has one sheet per slide with MediaBox, CropBox, BleedBox and TrimBox exact in points', async () => {
    const deck = await printDeck(
      slides.map((s) => ({ pdf: s.pdf })),
      meta,
    );
    expect(deck.pages).toBe(6);
    const doc = await PDFDocument.load(deck.bytes, { updateMetadata: false });
    const trim = { x: MARGIN, y: MARGIN, ...TRIM };
    const bleed = {
      x: MARGIN - BLEED,
      y: MARGIN - BLEED,
      width: TRIM.width + 2 * BLEED,
      height: TRIM.height + 2 * BLEED,
    };
    const media = { x: 0, y: 0, width: TRIM.width + 2 * MARGIN, height: TRIM.height + 2 * MARGIN };
    expect(BLEED).toBeCloseTo(8.5039, 4);
    for (const page of doc.getPages()) {
      expectRect(rectOf(page.getTrimBox()), trim);
      expectRect(rectOf(page.getBleedBox()), bleed);
      expectRect(rectOf(page.getMediaBox()), media);
      expectRect(rectOf(page.getCropBox()), media);
      expect(page.getTrimBox().width).toBeCloseTo(841.89, 4);
      expect(page.getTrimBox().height).toBeCloseTo(473.5631, 4);
      expect(page.getMediaBox().width).toBeCloseTo(915.5908, 4);
      expect(page.getMediaBox().height).toBeCloseTo(547.2639, 4);
    }
    expectRect(printSheet(TRIM).trim, trim);
  });

  it('draws each slide once at the trim, clipped to its slide area, in order', async () => {
    const doc = await PDFDocument.load((await printDeck(slides, meta)).bytes, { updateMetadata: false });
    for (const [i, slide] of slides.entries()) {
      const ops = operators(pageContent(doc, i));
      // The last form drawn before the crop marks is the slide, translated to the trim corner.
      const dos = ops.flatMap((o, k) => (o.op === 'Do' ? [{ name: o.args[0]!, cm: ops[k - 1]! }] : []));
      const slideDraw = dos.at(-1)!;
      expect(slideDraw.cm.op).toBe('cm');
      expect(slideDraw.cm.args.map(Number)).toEqual([
        1,
        0,
        0,
        1,
        expect.closeTo(MARGIN, 4),
        expect.closeTo(MARGIN, 4),
      ]);
      const form = xObject(doc, i, slideDraw.name);
      const bbox = form.dict
        .lookup(PDFName.of('BBox'), PDFArray)
        .asArray()
        .map((n) => Number(n.toString()));
      const area = slideTrimBox(A4_LANDSCAPE);
      expect(bbox).toEqual([area.x, area.y, area.x + area.width, area.y + area.height]);
      const matrix = form.dict
        .lookup(PDFName.of('Matrix'), PDFArray)
        .asArray()
        .map((n) => Number(n.toString()));
      expect(matrix.map((n) => n + 0)).toEqual([1, 0, 0, 1, 0 - area.x, -area.y]); // n + 0: -0 becomes 0
      const source = await PDFDocument.load(slide.pdf, { updateMetadata: false });
      expect(streamText(form), slide.type).toContain(pageContent(source, 0).trim());
    }
  });

  it('puts registration-colour crop marks on the trim lines, outside the bleed and inside the sheet', async () => {
    const doc = await PDFDocument.load((await printDeck(slides.slice(0, 1), meta)).bytes);
    const ops = operators(pageContent(doc, 0));
    const start = ops.findIndex((o) => o.op === 'CS');
    expect(ops[start]!.args).toEqual(['/Registration']);
    expect(ops[start + 1]).toEqual({ op: 'SCN', args: ['1'] });
    expect(ops.slice(start).find((o) => o.op === 'w')?.args).toEqual(['0.25']);
    const colourSpace = doc
      .getPage(0)
      .node.Resources()!
      .lookup(PDFName.of('ColorSpace'), PDFDict)
      .lookup(PDFName.of('Registration'), PDFArray);
    expect(colourSpace.asArray().slice(0, 3).map(String)).toEqual(['/Separation', '/All', '/DeviceCMYK']);

    const lines: number[][] = [];
    for (let k = start; k < ops.length; k += 1) {
      if (ops[k]!.op === 'm' && ops[k + 1]!.op === 'l' && ops[k + 2]!.op === 'S')
        lines.push([...ops[k]!.args, ...ops[k + 1]!.args].map(Number));
    }
    expect(lines).toHaveLength(8);
    const t = { left: MARGIN, bottom: MARGIN, right: MARGIN + TRIM.width, top: MARGIN + TRIM.height };
    const sheet = { width: TRIM.width + 2 * MARGIN, height: TRIM.height + 2 * MARGIN };
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-3;
    let horizontal = 0;
    for (const [x1, y1, x2, y2] of lines as [number, number, number, number][]) {
      const isHorizontal = near(y1, y2);
      if (isHorizontal) {
        horizontal += 1;
        expect(near(y1, t.bottom) || near(y1, t.top)).toBe(true); // on a trim line
        // Entirely left of the bleed or right of it: offset 3 mm, 6 mm long.
        const [a, b] = [Math.min(x1, x2), Math.max(x1, x2)];
        expect(b <= t.left - BLEED + 1e-3 || a >= t.right + BLEED - 1e-3).toBe(true);
        expect(b - a).toBeCloseTo(6 * PT_PER_MM, 4);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeLessThan(sheet.width);
      } else {
        expect(near(x1, x2)).toBe(true);
        expect(near(x1, t.left) || near(x1, t.right)).toBe(true);
        const [a, b] = [Math.min(y1, y2), Math.max(y1, y2)];
        expect(b <= t.bottom - BLEED + 1e-3 || a >= t.top + BLEED - 1e-3).toBe(true);
        expect(b - a).toBeCloseTo(6 * PT_PER_MM, 4);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeLessThan(sheet.height);
      }
    }
    expect(horizontal).toBe(4);
  });

  it('fills the bleed with the slide mirrored about each trim edge when there is no PNG', async () => {
    const doc = await PDFDocument.load((await printDeck(slides.slice(0, 1), meta)).bytes);
    const ops = operators(pageContent(doc, 0));
    // Clipped to the BleedBox first.
    const re = ops.find((o) => o.op === 're')!;
    expect(re.args.map(Number).map((n) => Number(n.toFixed(3)))).toEqual(
      [MARGIN - BLEED, MARGIN - BLEED, TRIM.width + 2 * BLEED, TRIM.height + 2 * BLEED].map((n) =>
        Number(n.toFixed(3)),
      ),
    );
    const draws = ops.flatMap((o, k) => (o.op === 'Do' ? [ops[k - 1]!.args.map(Number)] : []));
    expect(draws).toHaveLength(9);
    // Where each mirrored copy of the trim lands: together with the slide they tile the bleed box.
    const copies = draws.slice(0, 8).map(([a, , , d, e, f]) => {
      const xs = [e!, e! + a! * TRIM.width].sort((p, q) => p - q);
      const ys = [f!, f! + d! * TRIM.height].sort((p, q) => p - q);
      return { a: a!, d: d!, x0: xs[0]!, x1: xs[1]!, y0: ys[0]!, y1: ys[1]! };
    });
    // Four copies mirrored across one axis (the edges), four across both (the corners); none turned.
    expect(copies.map((c) => c.a * c.d).sort()).toEqual([-1, -1, -1, -1, 1, 1, 1, 1]);
    expect(copies.filter((c) => c.a === -1 && c.d === -1)).toHaveLength(4);
    const covered = (x: number, y: number) =>
      copies.some((c) => x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1);
    for (const [x, y] of [
      [MARGIN - BLEED + 0.1, MARGIN + 100], // left band
      [MARGIN + TRIM.width + BLEED - 0.1, MARGIN + 100], // right band
      [MARGIN + 100, MARGIN - BLEED + 0.1], // bottom band
      [MARGIN + 100, MARGIN + TRIM.height + BLEED - 0.1], // top band
      [MARGIN - BLEED + 0.1, MARGIN - BLEED + 0.1], // corners
      [MARGIN + TRIM.width + BLEED - 0.1, MARGIN + TRIM.height + BLEED - 0.1],
    ] as const)
      expect(covered(x, y), `${x},${y}`).toBe(true);
    // Each copy lies outside the trim and touches it: mirrored about the edge it touches, the bleed
    // begins with what is just inside that edge.
    const [l, b, r, t] = [MARGIN, MARGIN, MARGIN + TRIM.width, MARGIN + TRIM.height];
    const eq = (p: number, q: number) => Math.abs(p - q) < 1e-6;
    for (const c of copies) {
      const outside = c.x1 <= l + 1e-6 || c.x0 >= r - 1e-6 || c.y1 <= b + 1e-6 || c.y0 >= t - 1e-6;
      const touches = eq(c.x1, l) || eq(c.x0, r) || eq(c.y1, b) || eq(c.y0, t);
      expect(outside && touches, JSON.stringify(c)).toBe(true);
    }
  });

  it('fills the bleed from the slide PNG: its pixels land on the trim and its edges continue outwards', async () => {
    // A 1920x1080 slide: red, with a blue left edge, a green top edge and a white middle.
    const slidePng = await sharp({
      create: { width: 1920, height: 1080, channels: 3, background: '#FFFFFF' },
    })
      .composite([
        {
          input: { create: { width: 40, height: 1080, channels: 3, background: '#0000FF' } },
          left: 0,
          top: 0,
        },
        {
          input: { create: { width: 1920, height: 30, channels: 3, background: '#00FF00' } },
          left: 0,
          top: 0,
        },
        {
          input: { create: { width: 30, height: 1080, channels: 3, background: '#FF0000' } },
          left: 1890,
          top: 0,
        },
        {
          input: { create: { width: 1920, height: 30, channels: 3, background: '#FF0000' } },
          left: 0,
          top: 1050,
        },
      ])
      .png()
      .toBuffer();
    const trim = { x: MARGIN, y: MARGIN, ...TRIM };
    const bleed = await bleedImage(slidePng, trim, BLEED);
    const ppp = 1920 / TRIM.width;
    expect(bleed.pixelsPerPoint).toBeCloseTo(ppp, 9);
    const grow = Math.ceil(BLEED * ppp) + 1; // 21 px
    // The original pixels map exactly onto the trim; the image covers the whole bleed box.
    expect(bleed.placement.x + grow / ppp).toBeCloseTo(trim.x, 9);
    expect(bleed.placement.y + grow / ppp).toBeCloseTo(trim.y, 9);
    expect(bleed.placement.width - (2 * grow) / ppp).toBeCloseTo(TRIM.width, 9);
    expect(bleed.placement.height - (2 * grow) / ppp).toBeCloseTo(TRIM.height, 9);
    expect(bleed.placement.x).toBeLessThanOrEqual(MARGIN - BLEED);
    expect(bleed.placement.x + bleed.placement.width).toBeGreaterThanOrEqual(MARGIN + TRIM.width + BLEED);

    const { data, info } = await sharp(bleed.png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([1920 + 2 * grow, 1080 + 2 * grow, 3]);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const mid = Math.round(info.height / 2);
    for (let x = 0; x < grow; x += 1) expect(at(x, mid), `left bleed px ${x}`).toEqual([0, 0, 255]);
    for (let x = info.width - grow; x < info.width; x += 1) expect(at(x, mid)).toEqual([255, 0, 0]);
    for (let y = info.height - grow; y < info.height; y += 1)
      expect(at(info.width / 2, y)).toEqual([255, 0, 0]);
    // The top band is the green edge (the blue left strip continues into the corner from the side).
    for (let y = 0; y < grow; y += 1) expect(at(info.width / 2, y)).toEqual([0, 255, 0]);

    // And the print page draws that image first, behind the slide, over the placement computed here.
    const doc = await PDFDocument.load(
      (await printDeck([{ pdf: slides[0]!.pdf, png: slidePng }], meta)).bytes,
    );
    const ops = operators(pageContent(doc, 0));
    const draws = ops.flatMap((o, k) =>
      o.op === 'Do' ? [{ name: o.args[0]!, cm: ops[k - 1]!.args.map(Number) }] : [],
    );
    expect(draws).toHaveLength(2);
    const image = xObject(doc, 0, draws[0]!.name);
    expect(image.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
    const [w, , , h, x, y] = draws[0]!.cm as [number, number, number, number, number, number];
    expectRect({ x, y, width: w, height: h }, bleed.placement);
  });

  it('rejects a PNG that does not fit the slide, or one for a multi-page slide', async () => {
    const square = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    await expect(printDeck([{ pdf: slides[0]!.pdf, png: square }], meta)).rejects.toThrow(/aspect ratio/);
    const two = await PDFDocument.create();
    two
      .addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height])
      .drawRectangle({ x: 0, y: 0, width: 10, height: 10 });
    two
      .addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height])
      .drawRectangle({ x: 0, y: 0, width: 10, height: 10 });
    const pdf = await two.save();
    expect((await printDeck([{ pdf }], meta)).pages).toBe(2);
    await expect(printDeck([{ pdf, png: square }], meta)).rejects.toThrow(/single-page/);
  });

  it('is the same bytes for the same input', async () => {
    const input = slides.slice(0, 2).map((s) => ({ pdf: s.pdf }));
    const a = await printDeck(input, meta);
    const b = await printDeck(input, meta);
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    const doc = await PDFDocument.load(a.bytes);
    expect(doc.getTitle()).toBe(meta.title);
    expect(doc.getSubject()).toMatch(/3 mm bleed/);
  });
});
