// Renders every slide type through the real pipeline (loopback image server, SSRF-checked downloads,
// the local Remotion still renderer with Chromium, pdf-lib): the PNG is 1920x1080, the PDF one A4
// landscape page, and every text line of the layout shows up in the rendered pixels where the layout
// put it (so Chromium drew what was measured); a slide in each social shape comes out at that shape's
// size with its text drawn (every type in portrait and story). Every request carries a brand's small print
// (a disclaimer and licence numbers): each slide draws the disclaimer inside its frame, clear of every
// other line the layout measured, and the pixels show it where it was measured. Slow (~1.5 min on two cores): it renders
// nineteen stills, the portrait and story ones at half size; the gallery slide and the square cover are
// each rendered once, by the step whose storing a test checks, and their PNGs' text checked too.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import {
  generateBrochureSlide,
  generateSlideRendition,
  prepareSlide,
  slideProps,
} from '../../../functions/media/brochure/generate-slide.ts';
import { STORY_SAFE_AREA } from '../../../functions/media/brochure/slide-layouts.ts';
import { A4_LANDSCAPE } from '../../../functions/media/brochure/slide-pdf.ts';
import { slideFont } from '../../../functions/media/brochure/text-fit.ts';
import { SyntheticNadirImagery } from '../../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { ImageFetchError, imageFetcher } from '../../../functions/media/images/fetch-image.ts';
import {
  BROCHURE_COMPOSITIONS,
  type SceneElement,
  SOCIAL_SLIDE_COMPOSITIONS,
  type SocialSlideShape,
} from '../../../functions/media/remotion/brochure-scene.ts';
import { LocalStillRenderer } from '../../../functions/media/rendering/local-still-renderer.ts';
import { ensureSiteBundle } from '../../../lib/remotion/site-bundle.ts';
import {
  locateOffline,
  sampleRequests as plainRequests,
  SAMPLE_SMALL_PRINT,
} from '../../../scripts/brochure/sample-data.ts';
import { type SampleServer, startSampleServer } from '../../../scripts/brochure/sample-server.ts';

/** The sample requests with a brand's small print: the disclaimer and both licence numbers. */
const sampleRequests = (base: string) =>
  plainRequests(base).map((raw) => ({ ...raw, branding: { ...raw.branding, ...SAMPLE_SMALL_PRINT } }));

let server: SampleServer;
let renderer: LocalStillRenderer;
const fetchImage = imageFetcher({ allowHttp: true, allowLoopback: true });
const imagery = new SyntheticNadirImagery();

beforeAll(async () => {
  server = await startSampleServer();
  renderer = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
}, 240_000);

afterAll(async () => {
  await renderer?.close();
  await server?.close();
});

const hexRgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The share of the pixels in a line's ink box (in slide pixels, drawn at `scale`) that have the text's colour. */
function inked(
  picture: { data: Buffer; width: number; height: number },
  element: Extract<SceneElement, { kind: 'text' }>,
  line: Extract<SceneElement, { kind: 'text' }>['lines'][number],
  scale = 1,
): number {
  const font = slideFont(element.weight);
  const [r, g, b] = hexRgb(element.color);
  const top = Math.round((line.baseline - font.ascender * element.size) * scale);
  const bottom = Math.round((line.baseline - font.descender * element.size) * scale);
  let hits = 0;
  let total = 0;
  for (let y = Math.max(0, top); y < Math.min(picture.height, bottom); y += 1) {
    const right = Math.min(picture.width, Math.round((line.x + line.width) * scale));
    for (let x = Math.max(0, Math.round(line.x * scale)); x < right; x += 1) {
      const i = (y * picture.width + x) * 3;
      const { data } = picture;
      total += 1;
      if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 60) hits += 1;
    }
  }
  return hits / total;
}

type TextElement = Extract<SceneElement, { kind: 'text' }>;

/** Each measured line's ink box (ascender to descender), in slide pixels. */
function lineBoxes(element: TextElement) {
  const font = slideFont(element.weight);
  return element.lines.map((line) => ({
    x0: line.x,
    x1: line.x + line.width,
    y0: line.baseline - font.ascender * element.size,
    y1: line.baseline - font.descender * element.size,
  }));
}

/**
 * The slide's small print: drawn, whole (the samples' disclaimer fits), inside the frame's margins and
 * 32 px above its foot (a story: above the app's bar), and clear of every other line the layout measured.
 */
function smallPrintProblems(elements: readonly SceneElement[], width: number, bottom: number): string[] {
  const texts = elements.filter((e): e is TextElement => e.kind === 'text');
  const disclaimer = texts.find((e) => e.role === 'disclaimer');
  if (!disclaimer) return ['no disclaimer drawn'];
  const problems: string[] = [];
  if (disclaimer.truncated) problems.push('the disclaimer was cut');
  const own = lineBoxes(disclaimer);
  for (const b of own)
    if (b.x0 < 48 || b.x1 > width - 48 || b.y0 < 0 || b.y1 > bottom)
      problems.push(`disclaimer line ${JSON.stringify(b)} outside the frame`);
  for (const other of texts.filter((e) => e !== disclaimer))
    for (const o of lineBoxes(other))
      for (const b of own)
        if (b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1)
          problems.push(`disclaimer overlaps ${other.role}`);
  return problems;
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** `make` run once, by whichever test asks first. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** The gallery slide (sample request 2) as the job stores it: PNG and PDF. */
const gallerySlide = once(() =>
  generateBrochureSlide(
    brochureSlideRequest.parse(sampleRequests(server.base)[2]),
    { media: server.media, fetchImage, renderer, imagery, locate: locateOffline },
    (n) => `test/full/${n}`,
  ),
);

/** The cover (sample request 0) as a stored square rendition. */
const coverSquare = once(() =>
  generateSlideRendition(
    brochureSlideRequest.parse(sampleRequests(server.base)[0]),
    'social_square',
    { media: server.media, fetchImage, renderer, imagery },
    (n) => `test/rendition/${n}`,
  ),
);

describe('brochure slides rendered', () => {
  it('draws every text line of every slide type where the layout measured it', async () => {
    for (const raw of sampleRequests(server.base)) {
      const request = brochureSlideRequest.parse(raw);
      const prepared = await prepareSlide(request, { fetchImage, imagery, locate: locateOffline });
      // The gallery's PNG is the one the PNG-and-PDF test below stores (one render for both).
      const png =
        request.slide.type === 'gallery'
          ? server.media.objects.get((await gallerySlide()).png.s3_key)!
          : await renderer.renderStill({
              composition: BROCHURE_COMPOSITIONS[request.slide.type],
              inputProps: await slideProps(prepared, server.media, (n) => `test/${request.slide.type}/${n}`),
              format: 'png',
            });
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1920, 1080, 'png']);
      expect(smallPrintProblems(prepared.scene.elements, 1920, 1080 - 32), request.slide.type).toEqual([]);
      const picture = await pixels(png);
      for (const element of prepared.scene.elements) {
        if (element.kind !== 'text') continue;
        for (const line of element.lines) {
          // Pixels of the text colour inside the line's ink box: glyphs are there.
          expect(
            inked(picture, element, line),
            `${request.slide.type} ${element.role} "${line.text}"`,
          ).toBeGreaterThan(0.04);
        }
      }
    }
  }, 300_000);

  it('renders every slide type in portrait and story (and one in the square) at its size, its text drawn', async () => {
    const requests = sampleRequests(server.base);
    const scale = 0.5;
    const picks: [SocialSlideShape, number][] = [
      ...requests.flatMap((_, index): [SocialSlideShape, number][] => [
        ['social_portrait', index],
        ['social_story', index],
      ]),
      ['social_square', 0],
    ];
    for (const [shape, index] of picks) {
      const request = brochureSlideRequest.parse(requests[index]);
      const prepared = await prepareSlide(request, { fetchImage, imagery, locate: locateOffline }, shape);
      const { id, width, height } = SOCIAL_SLIDE_COMPOSITIONS[shape];
      // The square is the rendition the test below stores, at full size (one render for both).
      const square = shape === 'social_square';
      const drawn = square ? 1 : scale;
      const png = square
        ? server.media.objects.get((await coverSquare()).png.s3_key)!
        : await renderer.renderStill({
            composition: id,
            inputProps: await slideProps(prepared, server.media, (n) => `test/social/${n}`),
            format: 'png',
            scale,
          });
      const picture = await pixels(png);
      const what = `${shape} ${request.slide.type}`;
      expect([picture.width, picture.height], what).toEqual([width * drawn, height * drawn]);
      const foot = Math.min(height - 32, shape === 'social_story' ? height - STORY_SAFE_AREA : height);
      expect(smallPrintProblems(prepared.scene.elements, width, foot), what).toEqual([]);
      const texts = prepared.scene.elements.filter((e) => e.kind === 'text');
      expect(texts.length, what).toBeGreaterThan(1);
      for (const element of texts) {
        // At half size the strokes are thinner and softer: the block's best line still shows its colour.
        const best = Math.max(...element.lines.map((line) => inked(picture, element, line, drawn)));
        expect(best, `${what} ${element.role}`).toBeGreaterThan(0.04);
      }
    }
  }, 300_000);

  it('stores a social rendition beside the slide without overwriting its crops', async () => {
    const result = await coverSquare();
    expect(result).toMatchObject({ slide_type: 'cover', shape: 'social_square', text_truncated: [] });
    expect(result.png).toMatchObject({ content_type: 'image/png', width: 1080, height: 1080 });
    expect(result.png.s3_key).toContain('brochure-cover-social_square.png');
    expect(server.media.objects.has('test/rendition/slide-social_square-photo-0.jpg')).toBe(true);
  }, 120_000);

  it('stores a PNG and an A4 landscape PDF and reports layout and images', async () => {
    const request = brochureSlideRequest.parse(sampleRequests(server.base)[2]);
    const result = await gallerySlide();
    expect(result.layout).toMatchObject({ id: 'gallery-hero-grid', source: 'default' });
    expect(result.images_used).toEqual(request.slide.selected_images);
    expect(result.png).toMatchObject({ content_type: 'image/png', width: 1920, height: 1080 });
    const pdf = await PDFDocument.load(server.media.objects.get(result.pdf.s3_key)!);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([width, height]).toEqual([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
  }, 120_000);

  it('fails with IMAGE_DOWNLOAD_FAILED naming the broken URL', async () => {
    const raw = sampleRequests(server.base)[0]!;
    const broken = `${server.base}/photos/missing.jpg`;
    const request = brochureSlideRequest.parse({ ...raw, property: { ...raw.property, images: [broken] } });
    const error = await prepareSlide(request, { fetchImage, imagery }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({ code: 'IMAGE_DOWNLOAD_FAILED', url: broken });
    expect((error as Error).message).toContain(broken);
  });
});
