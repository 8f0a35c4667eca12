// Markup benchmark, in one run:
//   1. Edit compositing of a 3840x2160 markup image per style (outline, darken, blur), our sharp
//      compositor beside ImageMagick's `convert` doing the same operations on the same image (decode,
//      treat the outside of the boundary, stroke the outline, encode JPEG quality 90); target >= 3x.
//      PASS when every style is >= 3.0x with outputs within 3 levels (mean |Δ|) of ImageMagick's.
//   2. The reveal video at 1920x1080 rendered locally (Remotion + Chromium, as the local stack does it):
//      3 warm renders in frames/s, each as a ratio to the still-encode baseline (Remotion's ffmpeg
//      encoding the same number of frames of a still) measured just before it; goal: median >= 0.30. The CPU, Chromium, GL backend and load are printed beside each figure.
// Run: npm run bench -- markup   (installs Debian's imagemagick when /usr/bin/convert is missing;
// MARKUP_BENCH_VARIANTS=1 also renders with one browser and as before the tuning, preset medium)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { polygonCentroid } from '../functions/domain/geometry/polygon.ts';
import { fromLocalMetres } from '../functions/media/geo/local-metric.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { drawAnnotations, resolveAnnotations } from '../functions/media/markup/annotation-layout.ts';
import {
  type BoundaryStyle,
  CODING_STRIPS,
  compositeMarkup,
  croppedSvg,
  pixelRing,
} from '../functions/media/markup/compositor.ts';
import { groundToNormalized, markupRotation, metersPerPixelFor } from '../functions/media/markup/framing.ts';
import { encodeStrips, splitFrame } from '../functions/media/markup/jpeg-strips.ts';
import { labelFont } from '../functions/media/markup/label-font.ts';
import {
  frameRuns,
  MARKUP_REVEAL,
  type MarkupRevealProps,
} from '../functions/media/remotion/compositions.ts';
import { LocalRenderer } from '../functions/media/rendering/local-renderer.ts';
import { SyntheticSiteSource } from '../functions/media/site/synthetic-site.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';
import {
  loadText,
  median,
  medianOf,
  pairedWithBaseline,
  renderContext,
  renderMachine,
  stillEncodeBaseline,
  verdict,
} from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONVERT = '/usr/bin/convert';
const work = mkdtempSync(path.join(tmpdir(), 'markup-bench-'));

function ensureImageMagick() {
  if (existsSync(CONVERT)) return;
  console.log("Installing Debian's imagemagick for the comparison…");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const aptGet = (...args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    return spawnSync(command!, rest, { stdio: 'inherit', env }).status === 0;
  };
  // A fresh machine may have no package lists yet.
  if (
    !aptGet('install', '-y', 'imagemagick') &&
    !(aptGet('update') && aptGet('install', '-y', 'imagemagick'))
  ) {
    throw new Error('imagemagick could not be installed; install it (apt-get install imagemagick) and rerun');
  }
}

// --- a real markup image: the offline aerial of an address, framed as markup_v2 frames it -------------
const address = parseAustralianAddress('10 Wattle Street, Ultimo NSW 2007');
if (!address.ok) throw new Error(address.problems.join('; '));
const origin = { lat: -33.882, lng: 151.2 };
const site = await new SyntheticSiteSource().siteAround(origin, address.address, 260);
const lot = site.parcels.find((p) => p.addressed)!.polygon;
const rotationDeg = markupRotation(195, 'bottom');
const center = polygonCentroid(lot);
const rendered = await new SyntheticNadirImagery().render({
  center: fromLocalMetres(site.origin, center),
  width: 3840,
  height: 2160,
  metersPerPixel: metersPerPixelFor({ zoom: 'standard', rotationDeg, lot }),
  rotationDeg,
  site,
});
// Coded as markup_v2 codes it (strips joined by restart markers).
const image = await encodeStrips(splitFrame(rendered.data, 3840, 2160, CODING_STRIPS), 3840, 2160, {
  quality: 90,
});
const input = path.join(work, 'markup.jpg');
writeFileSync(input, image);
// A boundary a little larger than the lot, so the inside is a real share of the frame.
const toImage = groundToNormalized(rendered.georef, center);
const boundary = lot.map(toImage).map((p) => ({ x: 0.5 + (p.x - 0.5) * 1.6, y: 0.5 + (p.y - 0.5) * 1.2 }));
const settings = { outline_color: '#FFFFFF', outline_width: 6, blur_radius: 20, darken_amount: 0.5 };
const font = labelFont();

// --- 1. compositing ---------------------------------------------------------------------------------------
ensureImageMagick();
const polygon = pixelRing(boundary, 3840, 2160)
  .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
  .join(' ');
const outline = [
  '-fill',
  'none',
  '-stroke',
  settings.outline_color,
  '-strokewidth',
  String(settings.outline_width),
  '-draw',
  `polygon ${polygon}`,
];
/** The same operations in ImageMagick: the treated frame, the original pasted through a polygon mask. */
function imageMagickArgs(style: BoundaryStyle, out: string): string[] {
  if (style === 'outline') return [input, ...outline, '-quality', '90', out];
  const treat =
    style === 'blur'
      ? ['-blur', `0x${settings.blur_radius / 2}`]
      : ['-fill', 'black', '-colorize', `${settings.darken_amount * 100}%`];
  return [
    input,
    '(',
    '+clone',
    ...treat,
    ')',
    '+swap',
    '(',
    '+clone',
    '-threshold',
    '101%',
    '-fill',
    'white',
    '-stroke',
    'none',
    '-draw',
    `polygon ${polygon}`,
    ')',
    '-composite',
    ...outline,
    '-quality',
    '90',
    out,
  ];
}

async function time(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const annotations = resolveAnnotations(
  [
    { type: 'label', text: '10 Wattle Street', position: { x: 0.5, y: 0.08 }, size: 'large' },
    { type: 'measurement', from: boundary[0]!, to: boundary[1]! },
    { type: 'area' },
  ],
  boundary,
  { metersPerPixel: rendered.georef.metersPerPixel, width: 3840, height: 2160 },
);

console.log(
  `Edit compositing, 3840x2160, median of ${RUNS} runs (sharp: ${availableParallelism()} threads; ImageMagick: its OpenMP default)`,
);
console.log(
  `${'style'.padEnd(22)}${'sharp ms'.padEnd(12)}${'convert ms'.padEnd(13)}${'speed-up'.padEnd(11)}${'mean |Δ|'.padEnd(12)}${'load'.padEnd(16)}verdict`,
);
for (const style of ['outline', 'darken', 'blur'] as const) {
  const ours: number[] = [];
  const theirs: number[] = [];
  let result: Buffer | undefined;
  const imOut = path.join(work, `im-${style}.jpg`);
  for (let i = 0; i < RUNS + 1; i += 1) {
    const ms = await time(async () => {
      result = (
        await compositeMarkup({ image, boundary, style, settings, annotations: [], font, jpegQuality: 90 })
      ).jpeg;
    });
    const imMs = await time(() => execFileSync(CONVERT, imageMagickArgs(style, imOut)));
    if (i > 0) {
      // The first round warms caches (libvips, the page cache) for both.
      ours.push(ms);
      theirs.push(imMs);
    }
  }
  // How alike the two outputs are: the same operations give nearly the same pixels.
  const [a, b] = await Promise.all([
    sharp(result!).raw().toBuffer(),
    sharp(readFileSync(imOut)).raw().toBuffer(),
  ]);
  let diff = 0;
  for (let i = 0; i < a.length; i += 97) diff += Math.abs(a[i]! - b[i]!);
  const meanDiff = diff / Math.ceil(a.length / 97);
  const speedUp = median(theirs) / median(ours);
  console.log(
    `${style.padEnd(22)}${median(ours).toFixed(0).padEnd(12)}${median(theirs).toFixed(0).padEnd(13)}${`${speedUp.toFixed(1)}x`.padEnd(11)}${`${meanDiff.toFixed(1)} / 255`.padEnd(12)}${loadText().padEnd(16)}${verdict(speedUp >= 3 && meanDiff <= 3, '>= 3.0x, mean |Δ| <= 3')}`,
  );
}
const withText: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  withText.push(
    await time(() => compositeMarkup({ image, boundary, style: 'blur', settings, annotations, font })),
  );
}
console.log(
  `${'blur + 3 annotations'.padEnd(22)}${median(withText).toFixed(0).padEnd(12)}(ours only: ImageMagick has no equivalent of the annotation layout)`,
);

// --- 2. the reveal video ---------------------------------------------------------------------------------
const { width: W, height: H, fps } = MARKUP_REVEAL;
const base = await sharp(image).resize(W, H).jpeg({ quality: 92 }).toBuffer();
const blurred = await sharp(base).blur({ sigma: 5 }).jpeg({ quality: 92 }).toBuffer();
const drawn = drawAnnotations(font, annotations, W, H);
const files = new Map<string, Buffer>([
  ['/base.jpg', base],
  ['/blur.jpg', blurred],
  ...(await Promise.all(
    drawn.map(
      async (a, i) => [`/a${i}.png`, await sharp(croppedSvg(a.svg, a.bounds)).png().toBuffer()] as const,
    ),
  )),
]);
const server = createServer((req, res) => {
  const body = files.get((req.url ?? '').split('?')[0]!);
  res.statusCode = body ? 200 : 404;
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const seconds = 7;
const props: MarkupRevealProps = {
  durationInFrames: seconds * fps,
  baseImage: `${origin2}/base.jpg`,
  boundary: pixelRing(boundary, W, H),
  outline: { color: settings.outline_color, width: 3 },
  effect: { kind: 'blur', image: `${origin2}/blur.jpg` },
  annotations: drawn.map((a, i) => ({ src: `${origin2}/a${i}.png`, ...a.bounds })),
};
const output = path.join(work, 'reveal.mp4');
const serveUrl = await ensureSiteBundle();
const media = {
  put: async (key: string, body: Buffer | Uint8Array) => {
    writeFileSync(output, body);
    return { s3_key: key, content_type: 'video/mp4' };
  },
};
// As the local stack renders (the adapter's defaults: split across the cores' browsers, held frames
// captured once); with MARKUP_BENCH_VARIANTS=1 also with one browser and as before the tuning (one
// browser, x264 preset medium), in the same run.
const tuned = new LocalRenderer({ serveUrl, workDir: path.join(work, 'renders'), media });
const variants = process.env.MARKUP_BENCH_VARIANTS === '1';
async function renderOnce(renderer: LocalRenderer): Promise<number> {
  const started = performance.now();
  const handle = await renderer.start({
    composition: MARKUP_REVEAL.id,
    inputProps: props,
    codec: 'h264',
    scale: 1,
    outputKey: 'reveal.mp4',
    timeoutSeconds: 600,
  });
  for (;;) {
    const status = await renderer.status(handle);
    if (status.state === 'done') return performance.now() - started;
    if (status.state === 'failed') throw new Error(status.message);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const machine = await renderMachine();
const frames = seconds * fps;
const rate = (ms: number) => frames / (ms / 1000);
// The first render also opens Chromium (reused afterwards, as in a long-lived worker).
const cold = await renderOnce(tuned);
// Three warm renders, each right after a still-encode baseline of the same frame count.
const paired = await pairedWithBaseline(
  3,
  () => stillEncodeBaseline(base, frames, fps, 1),
  async () => rate(await renderOnce(tuned)),
);
const extra: Array<[string, number]> = [];
if (variants) {
  for (const [label, options] of [
    ['one browser (LOCAL_RENDER_BROWSERS=1)', { browsersPerRender: 1 }],
    ['before tuning (one browser, preset medium)', { browsersPerRender: 1, x264Preset: 'medium' as const }],
  ] as const) {
    const workDir = path.join(work, `renders-${extra.length}`);
    const renderer = new LocalRenderer({ serveUrl, workDir, media, ...options });
    await renderOnce(renderer);
    extra.push([label, rate(await renderOnce(renderer))]);
  }
}
server.close();
const baseline = median(paired.baselines);
const captures = frameRuns(MARKUP_REVEAL.id, props, frames)?.length ?? frames;
console.log(
  `\nReveal video, ${W}x${H} ${fps} fps, ${seconds} s (${frames} frames, ${captures} distinct pictures captured), blur style with 3 annotations, rendered locally`,
);
console.log(`  first render (opens Chromium): ${rate(cold).toFixed(1)} frames/s`);
console.log(`  browser reused, frames/s, median of 3: ${medianOf(paired.rates)}`);
console.log(
  `  still-encode baseline (Remotion's ffmpeg, x264 default preset, crf 18, ${frames} frames of the reveal's 1080p still) just before each: ${medianOf(paired.baselines)} frames/s`,
);
for (const [label, fps] of extra)
  console.log(`  ${label}: ${fps.toFixed(1)} frames/s = ${(fps / baseline).toFixed(3)} of the baseline`);
const ratio = median(paired.ratios);
console.log(
  `Reveal ÷ still-encode baseline: ${medianOf(paired.ratios, 3)} ${verdict(ratio >= 0.3, '>= 0.30')}`,
);
console.log(
  `  ${renderContext(machine, 'angle')}; 1-min load at each pair ${paired.loads.map((l) => l.toFixed(1)).join(', ')}`,
);
rmSync(work, { recursive: true, force: true });
process.exit(0);
