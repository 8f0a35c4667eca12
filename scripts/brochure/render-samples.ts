// Renders one sample slide of every type (offline: sample images served from loopback, the local
// Remotion renderer, the offline nadir imagery) and writes the PNGs and PDFs to a directory; with
// --docs, also small JPEG copies for docs/images; with --social, each slide's social renditions too
// (square, portrait, story), and with --docs --social the README picture of one slide in every shape
// (docs/images/brochure-shapes.jpg, the --figure=<type> slide, cover by default). Prints each slide's
// layout and timings.
// Run: node --import tsx scripts/brochure/render-samples.ts [outDir] [--docs] [--all-layouts] [--social]
//   [--figure=<type>]
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { brochureSlideRequest } from '../../functions/jobs/brochure/schema.ts';
import {
  generateBrochureSlide,
  generateSlideRendition,
} from '../../functions/media/brochure/generate-slide.ts';
import { chooseLayout, SLIDE_LAYOUTS } from '../../functions/media/brochure/layout-rules.ts';
import { SyntheticNadirImagery } from '../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { imageFetcher } from '../../functions/media/images/fetch-image.ts';
import { SOCIAL_SLIDE_SHAPES } from '../../functions/media/remotion/brochure-scene.ts';
import { LocalStillRenderer } from '../../functions/media/rendering/local-still-renderer.ts';
import { ensureSiteBundle } from '../../lib/remotion/site-bundle.ts';
import { locateOffline, sampleRequests } from './sample-data.ts';
import { startSampleServer } from './sample-server.ts';

const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith('--')) ?? '/tmp/brochure-samples';
const docs = args.includes('--docs');
// --all-layouts: every layout of every type, each asked for in words (a check of the rules too).
const allLayouts = args.includes('--all-layouts');
const social = args.includes('--social');
const figure = args.find((a) => a.startsWith('--figure='))?.slice('--figure='.length) ?? 'cover';
/** The README picture's height: every shape side by side at this height, on a light gutter. */
const FIGURE_HEIGHT = 420;
const FIGURE_GAP = 24;

/** The slide and its social renditions side by side, scaled to one height (docs/images). */
async function shapesFigure(pngs: readonly Buffer[], file: string): Promise<void> {
  const scaled = await Promise.all(
    pngs.map((png) => sharp(png).resize({ height: FIGURE_HEIGHT }).toBuffer({ resolveWithObject: true })),
  );
  const width = scaled.reduce((sum, s) => sum + s.info.width, 0) + FIGURE_GAP * (scaled.length + 1);
  let left = FIGURE_GAP;
  const composites = scaled.map((s) => {
    const at = { input: s.data, left, top: FIGURE_GAP };
    left += s.info.width + FIGURE_GAP;
    return at;
  });
  await sharp({
    create: { width, height: FIGURE_HEIGHT + 2 * FIGURE_GAP, channels: 3, background: '#EEF0F3' },
  })
    .composite(composites)
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
}
const PHRASES: Record<string, string> = {
  'cover-image-left': 'large hero image left, text right',
  'cover-image-right': 'text on the left, photo on the right',
  'features-image-right': 'picture on the right',
  'features-two-column': 'two-column features',
  'gallery-grid': 'photo grid',
  'gallery-strip': 'three across in a row',
  'location-map-right': 'map on the right',
  'location-map-full': 'full-screen map',
  'agent-portrait-right': 'headshot right',
  'agent-centered': 'centred',
  'content-image-left': 'photo on the left',
  'content-image-right': 'image right',
  'content-text-only': 'text only',
};
if (docs) mkdirSync('docs/images', { recursive: true });
mkdirSync(outDir, { recursive: true });

const server = await startSampleServer();
const renderer = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
try {
  const requests = sampleRequests(server.base).flatMap((raw) =>
    allLayouts
      ? SLIDE_LAYOUTS[raw.slide.type].map((id) => ({
          ...raw,
          slide: {
            ...raw.slide,
            layout_description: PHRASES[id] ?? 'default please',
            selected_images: undefined,
          },
        }))
      : [raw],
  );
  for (const raw of requests) {
    const request = brochureSlideRequest.parse(raw);
    const name = allLayouts
      ? `${request.slide.type}-${chooseLayout(request.slide.type, request.slide.layout_description).id}`
      : request.slide.type;
    const started = Date.now();
    const ports = {
      media: server.media,
      fetchImage: imageFetcher({ allowHttp: true, allowLoopback: true }),
      renderer,
      imagery: new SyntheticNadirImagery(),
      locate: locateOffline,
    };
    const keyOf = (file: string) => `samples/${name}/${file}`;
    const renditions: Buffer[] = [];
    for (const shape of social ? SOCIAL_SLIDE_SHAPES : []) {
      const rendition = await generateSlideRendition(request, shape, ports, keyOf);
      const bytes = server.media.objects.get(rendition.png.s3_key)!;
      renditions.push(bytes);
      writeFileSync(path.join(outDir, `brochure-${name}-${shape}.png`), bytes);
      console.log(
        `${request.slide.type.padEnd(9)} ${shape.padEnd(22)} ${rendition.layout.id}${rendition.text_truncated.length ? `  truncated: ${rendition.text_truncated.join(', ')}` : ''}`,
      );
    }
    const result = await generateBrochureSlide(request, ports, keyOf);
    const png = server.media.objects.get(result.png.s3_key)!;
    const pdf = server.media.objects.get(result.pdf.s3_key)!;
    writeFileSync(path.join(outDir, `brochure-${name}.png`), png);
    writeFileSync(path.join(outDir, `brochure-${name}.pdf`), pdf);
    if (docs) {
      await sharp(png)
        .resize(640)
        .jpeg({ quality: 80, mozjpeg: true })
        .toFile(path.join('docs/images', `brochure-${request.slide.type}.jpg`));
      if (social && !allLayouts && request.slide.type === figure)
        await shapesFigure([png, ...renditions], path.join('docs/images', 'brochure-shapes.jpg'));
    }
    console.log(
      `${request.slide.type.padEnd(9)} ${result.layout.id.padEnd(22)} (${result.layout.source}) ${Date.now() - started} ms  png ${(png.length / 1024).toFixed(0)} KB  pdf ${(pdf.length / 1024).toFixed(0)} KB${result.text_truncated.length ? `  truncated: ${result.text_truncated.join(', ')}` : ''}`,
    );
  }
} finally {
  await renderer.close();
  await server.close();
}
