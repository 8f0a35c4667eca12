// Brochure slide benchmark, in one run on the same machine:
//   1. each of the six slide types through the whole pipeline (downloads from loopback, layout and
//      text fitting, attention crops, Remotion still render with Chromium, vector PDF): the still's
//      render time and the other stages, median of BENCH_RUNS runs after a warm-up;
//   2. the markup reveal video (1920x1080, 7 s at 30 fps) rendered by the local renderer: its export
//      frames/s, the baseline a still is compared with (a still costs about how many video frames?).
//   3. video export: the test fixture bundle served over http, rendered at 1920x1080 (150 frames, h264):
//      the export frames/s beside the reveal video's.
//   4. the print deck of the six slides (their PDFs, each with its PNG for the bleed): its time beside
//      one PNG encode of each slide at the same compression, the least a deck with PNG bleeds costs.
// Run: npm run bench -- brochure
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { brochureSlideRequest } from '../functions/jobs/brochure/schema.ts';
import { printDeck } from '../functions/media/brochure/deck-pdf.ts';
import { prepareSlide, slideProps } from '../functions/media/brochure/generate-slide.ts';
import { slidePdf } from '../functions/media/brochure/slide-pdf.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { imageFetcher } from '../functions/media/images/fetch-image.ts';
import { BROCHURE_COMPOSITIONS } from '../functions/media/remotion/brochure-scene.ts';
import { MARKUP_REVEAL, type MarkupRevealProps } from '../functions/media/remotion/compositions.ts';
import { LocalRenderer } from '../functions/media/rendering/local-renderer.ts';
import { LocalStillRenderer } from '../functions/media/rendering/local-still-renderer.ts';
import type { RenderRequest } from '../functions/media/rendering/renderer.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';
import { locateOffline, sampleRequests } from '../scripts/brochure/sample-data.ts';
import { startSampleServer } from '../scripts/brochure/sample-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const work = mkdtempSync(path.join(tmpdir(), 'brochure-bench-'));
const serveUrl = await ensureSiteBundle();
const server = await startSampleServer();
const stills = new LocalStillRenderer({ serveUrl });
const fetchImage = imageFetcher({ allowHttp: true, allowLoopback: true });
const imagery = new SyntheticNadirImagery();

try {
  // --- 1. the six slides ----------------------------------------------------------------------------------
  console.log(`Brochure slides, 1920x1080, median of ${RUNS} runs after a warm-up (ms)`);
  console.log(
    `${'type'.padEnd(10)}${'prepare'.padEnd(10)}${'store'.padEnd(8)}${'render'.padEnd(9)}${'pdf'.padEnd(8)}total`,
  );
  const renderTimes: number[] = [];
  /** The last run's slide of each type, for the print deck (4). */
  const deckSlides: Array<{ pdf: Uint8Array; png: Buffer }> = [];
  for (const raw of sampleRequests(server.base)) {
    const request = brochureSlideRequest.parse(raw);
    const times = {
      prepare: [] as number[],
      store: [] as number[],
      render: [] as number[],
      pdf: [] as number[],
    };
    for (let run = 0; run <= RUNS; run += 1) {
      let t = performance.now();
      const prepared = await prepareSlide(request, { fetchImage, imagery, locate: locateOffline });
      const prepareMs = performance.now() - t;
      t = performance.now();
      const props = await slideProps(
        prepared,
        server.media,
        (n) => `bench/${request.slide.type}/${run}/${n}`,
      );
      const storeMs = performance.now() - t;
      t = performance.now();
      const png = await stills.renderStill({
        composition: BROCHURE_COMPOSITIONS[request.slide.type],
        inputProps: props,
        format: 'png',
      });
      const renderMs = performance.now() - t;
      t = performance.now();
      const pdf = await slidePdf(props, prepared.images, { title: request.slide.type });
      const pdfMs = performance.now() - t;
      if (run === RUNS) deckSlides.push({ pdf, png });
      if (run === 0) continue; // warm-up: opens Chromium, loads fonts and the gazetteer
      times.prepare.push(prepareMs);
      times.store.push(storeMs);
      times.render.push(renderMs);
      times.pdf.push(pdfMs);
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
      keyof typeof times,
      number
    >;
    renderTimes.push(m.render);
    console.log(
      `${request.slide.type.padEnd(10)}${m.prepare.toFixed(0).padEnd(10)}${m.store.toFixed(0).padEnd(8)}${m.render.toFixed(0).padEnd(9)}${m.pdf.toFixed(0).padEnd(8)}${(m.prepare + m.store + m.render + m.pdf).toFixed(0)}`,
    );
  }
  await stills.close();

  // --- 2. the reveal video, the baseline -------------------------------------------------------------------
  const { fps } = MARKUP_REVEAL;
  const seconds = 7;
  const exterior = `${server.base}/photos/exterior.jpg`;
  const base = await sharp(Buffer.from(await (await fetch(exterior)).arrayBuffer()))
    .resize(1920, 1080)
    .jpeg()
    .toBuffer();
  await server.media.put('bench/reveal-base.jpg', base, 'image/jpeg');
  const props: MarkupRevealProps = {
    durationInFrames: seconds * fps,
    baseImage: await server.media.urlOf('bench/reveal-base.jpg'),
    boundary: [
      { x: 700, y: 300 },
      { x: 1250, y: 320 },
      { x: 1230, y: 820 },
      { x: 690, y: 800 },
    ],
    outline: { color: '#FFFFFF', width: 4 },
    effect: { kind: 'darken', amount: 0.5 },
    annotations: [],
  };
  const videos = new LocalRenderer({
    serveUrl,
    workDir: path.join(work, 'renders'),
    media: {
      put: async (key, body) => ({ s3_key: key, content_type: 'video/mp4', size_bytes: body.length }),
    },
  });
  /** Milliseconds from start to a finished file. */
  const renderToEnd = async (request: RenderRequest) => {
    const started = performance.now();
    const handle = await videos.start(request);
    for (;;) {
      const status = await videos.status(handle);
      if (status.state === 'done') return performance.now() - started;
      if (status.state === 'failed') throw new Error(status.message);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const renderVideo = () =>
    renderToEnd({
      composition: MARKUP_REVEAL.id,
      inputProps: props,
      codec: 'h264',
      scale: 1,
      outputKey: 'reveal.mp4',
      timeoutSeconds: 900,
    });
  await renderVideo(); // warm-up
  const videoMs = await renderVideo();

  // --- 3. video export: a caller-hosted bundle (the test fixture) served over http, at 1920x1080 ----------
  const { bundle } = await import('@remotion/bundler');
  const bundleDir = path.join(work, 'caller-bundle');
  await bundle({
    entryPoint: path.resolve('test/fixtures/caller-bundle/index.ts'),
    outDir: bundleDir,
    enableCaching: true,
    publicPath: './',
  });
  const bundleServer = createServer(async (req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    try {
      res.end(await readFile(path.join(bundleDir, url === '/' ? 'index.html' : path.normalize(url))));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => bundleServer.listen(0, '127.0.0.1', resolve));
  const callerUrl = `http://127.0.0.1:${(bundleServer.address() as AddressInfo).port}/`;
  const exportFrames = 150;
  const renderExport = () =>
    renderToEnd({
      serveUrl: callerUrl,
      composition: 'Tiny',
      inputProps: {},
      codec: 'h264',
      crf: 23,
      width: 1920,
      height: 1080,
      fps: 30,
      durationInFrames: exportFrames,
      scale: 1,
      outputKey: 'export.mp4',
      timeoutSeconds: 900,
    });
  await renderExport(); // warm-up
  const exportMs = await renderExport();
  bundleServer.close();
  const frames = seconds * fps;
  const stillMs = median(renderTimes);
  console.log(
    `\nReveal video, same run: ${frames} frames at 1920x1080 in ${(videoMs / 1000).toFixed(1)} s = ${(frames / (videoMs / 1000)).toFixed(1)} frames/s (${(videoMs / frames).toFixed(0)} ms a frame, encoding included)`,
  );
  console.log(
    `Video export (caller-hosted bundle over http, h264 crf 23), same run: ${exportFrames} frames at 1920x1080 in ${(exportMs / 1000).toFixed(1)} s = ${(exportFrames / (exportMs / 1000)).toFixed(1)} frames/s`,
  );
  console.log(
    `Slide still render: median ${stillMs.toFixed(0)} ms over the six types = ${(stillMs / (videoMs / frames)).toFixed(1)} video frames' worth (a still pays page load, image decode and PNG encode once)`,
  );

  // --- 4. the print deck of the six slides, beside one PNG encode of each ------------------------------------
  const deckMs: number[] = [];
  const encodeMs: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    let t = performance.now();
    await printDeck(deckSlides, { title: 'bench', author: 'bench' });
    const deck = performance.now() - t;
    t = performance.now();
    for (const slide of deckSlides) await sharp(slide.png).png({ compressionLevel: 9 }).toBuffer();
    const encode = performance.now() - t;
    if (run === 0) continue;
    deckMs.push(deck);
    encodeMs.push(encode);
  }
  const deck = median(deckMs);
  const encode = median(encodeMs);
  console.log(
    `Print deck of the six slides (PNG bleeds): median ${deck.toFixed(0)} ms, ${(deck / encode).toFixed(2)} × one PNG encode of each slide (${encode.toFixed(0)} ms), same run`,
  );
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
  // The video renderer's shared Chromium stays open; end the process.
  process.exit(process.exitCode ?? 0);
}
