// The brochure step's renditions, with fake ports (a renderer that paints a PNG of the composition's
// size): each social shape is a slide laid out again and rendered by that shape's still, web is the
// slide's PNG as WebP and AVIF, print is the A4 PDF as a print sheet with bleed; every image is
// downloaded once for all of them; a request without renditions gets the output it always got.
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { generateSlide } from '../../../functions/jobs/brochure/steps.ts';
import { PT_PER_MM } from '../../../functions/media/brochure/deck-pdf.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import type { ImageFetcher } from '../../../functions/media/images/fetch-image.ts';
import {
  BROCHURE_SLIDE_SIZE,
  SOCIAL_SLIDE_COMPOSITIONS,
} from '../../../functions/media/remotion/brochure-scene.ts';
import type { StillRequest } from '../../../functions/media/rendering/still-renderer.ts';
import {
  fakeLocationProviders,
  fakeMediaStore,
  fakeStillRenderer,
  fixedClock,
  stepJob,
} from '../../support/fakes.ts';

const photos = ['https://photos.example/a.jpg', 'https://photos.example/b.jpg'];
const logo = 'https://photos.example/logo.png';

async function run(
  renditions?: string[],
  slide: Record<string, unknown> = { type: 'cover', title: 'A light-filled terrace' },
) {
  const media = fakeMediaStore();
  const downloads: string[] = [];
  const renders: StillRequest[] = [];
  const fetchImage: ImageFetcher = async (url) => {
    downloads.push(url);
    const [width, height] = url === logo ? [600, 200] : [1600, 1067];
    const bytes = await sharp({ create: { width, height, channels: 3, background: '#7a8c5e' } })
      .jpeg()
      .toBuffer();
    return { url, bytes, format: 'jpeg', contentType: 'image/jpeg', width, height };
  };
  const renderer = fakeStillRenderer(async (request) => {
    renders.push(request);
    const size =
      Object.values(SOCIAL_SLIDE_COMPOSITIONS).find((c) => c.id === request.composition) ??
      BROCHURE_SLIDE_SIZE;
    return sharp({
      create: { width: size.width, height: size.height, channels: 3, background: '#1F3A5F' },
    })
      .png()
      .toBuffer();
  });
  const output = await generateSlide(
    {
      job: stepJob({ job_id: 'job-1', org_id: 'org', mode: 'live', job_type: 'brochure_slide' }),
      input: brochureSlideRequest.parse({
        property: { address: '27 Wattle Street, Ultimo NSW 2007', images: photos, price_display: '$1.2m' },
        slide,
        branding: { agency_logo_url: logo, agency_name: 'Harbour Realty' },
        ...(renditions ? { renditions } : {}),
      }),
    },
    {
      fetchImage,
      media,
      clock: fixedClock(),
      providers: fakeLocationProviders(),
      stillRenderer: renderer,
      slideFonts: slideFonts(),
    },
  );
  return { output, media, downloads, renders };
}

describe('brochure slide renditions', () => {
  it('makes each one asked for and hangs them off the slide PNG', async () => {
    const { output, media, downloads, renders } = await run([
      'web',
      'social_square',
      'social_story',
      'print',
    ]);
    const r = output.png.renditions!;
    expect(Object.keys(r).sort()).toEqual(['print', 'social_square', 'social_story', 'web']);
    // The slide, then each social shape by its own still.
    expect(renders.map((x) => x.composition)).toEqual([
      'BrochureCover',
      'BrochureSlideSquare',
      'BrochureSlideStory',
    ]);
    for (const [shape, height] of [
      ['social_square', 1080],
      ['social_story', 1920],
    ] as const) {
      expect(r[shape]).toMatchObject({ content_type: 'image/png', width: 1080, height, fit: 'relaid_out' });
      expect(r[shape]!.s3_key).toMatch(new RegExp(`brochure-cover-${shape}\\.png$`));
    }
    // The slide is 1920 wide: web files at 1024 and 400 px, each format.
    expect(r.web!.map((w) => `${w.format} ${w.width}x${w.height}`).sort()).toEqual([
      'avif 1024x576',
      'avif 400x225',
      'webp 1024x576',
      'webp 400x225',
    ]);
    // Print: one sheet trimmed to the slide on the A4 page (297 mm wide) with 3 mm of bleed.
    expect(r.print).toMatchObject({ content_type: 'application/pdf' });
    const sheet = await PDFDocument.load(media.objects.get(r.print!.s3_key)!.body);
    expect(sheet.getPageCount()).toBe(1);
    const box = (name: string) =>
      (sheet.getPage(0).node.get(PDFName.of(name)) as unknown as { asArray(): { asNumber(): number }[] })
        .asArray()
        .map((n) => n.asNumber());
    const [tx1, ty1, tx2, ty2] = box('TrimBox');
    const [bx1, , bx2] = box('BleedBox');
    expect((tx2! - tx1!) / PT_PER_MM).toBeCloseTo(297, 1);
    expect((ty2! - ty1!) / PT_PER_MM).toBeCloseTo((297 * 9) / 16, 1);
    expect((bx2! - bx1! - (tx2! - tx1!)) / PT_PER_MM).toBeCloseTo(6, 1);
    // Every photo and the logo downloaded once for the slide and its two layouts.
    expect([...downloads].sort()).toEqual([...new Set(downloads)].sort());
    expect(output.pdf).not.toHaveProperty('renditions');
  });

  it("reports the text a social shape had to cut beside the slide's own", async () => {
    const description = 'A quiet street of old plane trees, a short walk to the light rail. '.repeat(14);
    const { output } = await run(['social_square'], { type: 'content', title: 'The street', description });
    expect(output.renditions_text_truncated?.social_square).toContain('description');
    expect(output.renditions_text_truncated).not.toHaveProperty('social_story');
  });

  it('makes nothing more for a request without renditions', async () => {
    const { output, renders } = await run();
    expect(renders).toHaveLength(1);
    expect(output.png).not.toHaveProperty('renditions');
    expect(Object.keys(output).sort()).toEqual(
      ['images_used', 'layout', 'pdf', 'png', 'slide_type', 'text_truncated'].sort(),
    );
  });
});

describe('the brochure renditions field', () => {
  const base = {
    property: { address: '27 Wattle Street, Ultimo NSW 2007' },
    slide: { type: 'cover' },
    branding: {},
  };
  const issues = (renditions: unknown) => {
    const parsed = brochureSlideRequest.safeParse({ ...base, renditions });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes the slide renditions, print included', () => {
    expect(issues(['web', 'social_square', 'social_portrait', 'social_story', 'print'])).toEqual([]);
  });

  it.each([
    ['portal', "renditions.0: 'portal' is not made for brochure slides"],
    ['poster', "renditions.0: 'poster' is not a rendition"],
  ])('refuses %s, naming it', (name, message) => {
    expect(issues([name]).join('\n')).toContain(message);
  });

  it('refuses a name given twice', () => {
    expect(issues(['web', 'web']).join('\n')).toContain("renditions.1: 'web' is named twice");
  });
});
