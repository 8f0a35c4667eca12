// Drone benchmark, in one run on the same machine, every render figure printed with the CPU, Chromium,
// the GL backend it ran on and the load average beside it, and as PASS/MISS against its goal:
//   1. 3840x2160 drone stills of the offline aerial scene (hero grade), rendered through Remotion's still
//      path: one cold, then 3 warm, each right after its same-run baseline, the same composition at the
//      same size with an empty scene (no houses, trees or windows, a flat ground: the page, the WebGL
//      canvas, the screenshot and the JPEG encode); goal: the median warm still <= 1.5 x its baseline (and,
//      absolute, <= 2 s; machines differ by up to 3x), after the scene's one-off preparation, timed apart;
//   2. drone footage at 1920x1080 30 fps (front_left_zoom) rendered as the local stack renders it
//      (LocalRenderer: the machine's software WebGL, split across browsers): 3 warm renders in frames/s,
//      each as a ratio to the still-encode baseline measured just before it; goal: median >= 0.15;
//   3. the markup reveal video (1920x1080, 210 frames) as the local stack renders it: 3 warm renders,
//      each as a ratio to the baseline measured just before it; goal: median >= 0.30;
//   4. (part `social`, with 1 and 2) the social_story renditions re-framed by the camera: the 1080x1920
//      still of the same pose rendered right after each 4K still, as a ratio of their times (goal: every
//      warm ratio <= 1, a re-framed still costs no more than the original), and the 1080x1920 footage of
//      the same path rendered right after each 16:9 footage render, as a ratio of their frame rates
//      (goal: median >= 0.9).
// The still-encode baseline (bench/stats.ts): Remotion's ffmpeg encoding 210 frames of a 1080p still.
// Run: node --import tsx bench/drone-bench.ts   (DRONE_BENCH_OUT=dir keeps the still, frames and videos;
// DRONE_BENCH_SECONDS sets the footage length, default the style's own (front_left_zoom: 8 s; each
// browser of a split pays the page's scene set-up once, so short clips render slower per frame);
// DRONE_BENCH_BEFORE=1 also renders the footage as before (SwiftShader, one browser) in the same run;
// DRONE_BENCH_BASELINE_SITE=dir also renders the still and the footage from another bundle of the site,
// e.g. an older commit's, in the same run; DRONE_BENCH_X264 sets the encoder preset of the
// baseline-site renders, DRONE_BENCH_CONCURRENCY their number of browser tabs; DRONE_BENCH_GL the
// stills' backend, default the stack's (localWebGl))
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { planStill } from '../functions/jobs/drone/outputs.ts';
import { planFootageRendition, planStillRendition } from '../functions/jobs/drone/renditions.ts';
import { FOOTAGE_PATHS, type FootageStyle } from '../functions/media/camera/presets.ts';
import {
  AERIAL_FOOTAGE,
  AERIAL_STILL,
  type AerialSceneProps,
} from '../functions/media/remotion/aerial-compositions.ts';
import { frameRuns, MARKUP_REVEAL } from '../functions/media/remotion/compositions.ts';
import { bundleUrl } from '../functions/media/rendering/bundle-server.ts';
import { chromiumFor } from '../functions/media/rendering/local-chromium.ts';
import { LocalRenderer } from '../functions/media/rendering/local-renderer.ts';
import { localWebGl } from '../functions/media/rendering/local-webgl.ts';
import type { RenderRequest } from '../functions/media/rendering/renderer.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';
import { benchReveal, memoryMedia, syntheticAerialScene } from './aerial-fixture.ts';
import {
  median,
  medianOf,
  type PairedRates,
  pairedWithBaseline,
  renderContext,
  renderMachine,
  stillEncodeBaseline,
  verdict,
} from './stats.ts';

const seconds = Number(
  process.env.DRONE_BENCH_SECONDS ??
    FOOTAGE_PATHS[(process.env.DRONE_BENCH_STYLE ?? 'front_left_zoom') as FootageStyle].defaultDurationS,
);
const out = process.env.DRONE_BENCH_OUT ?? mkdtempSync(path.join(tmpdir(), 'drone-bench-'));
mkdirSync(out, { recursive: true });
const shots = (process.env.DRONE_BENCH_SHOTS ?? 'hero').split(',') as AerialSceneProps['shotType'][];

// Media served over HTTP from memory, as presigned URLs would serve them.
const mediaServer = await memoryMedia();
const { files, base } = mediaServer;
let started = performance.now();
const scene = await syntheticAerialScene(mediaServer, 'bench', process.env.DRONE_BENCH_ADDRESS);
console.log(
  `Scene preparation (site model, ${scene.buildings} houses, 3072² nadir ground, scene JSON): ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const { renderStill, renderMedia, selectComposition, openBrowser } = await import('@remotion/renderer');
const serveUrl = await ensureSiteBundle();
// Pages load the bundle as the stack's renderers do: from one loopback origin for the whole run, so the
// browser keeps its scripts cached and compiled between renders (bundle-server.ts).
const siteUrl = await bundleUrl(serveUrl);
// WebGL without a GPU: the stack's choice (Mesa's llvmpipe through EGL where the machine has it, else
// SwiftShader through ANGLE, 'swangle'), or DRONE_BENCH_GL.
const gl = (process.env.DRONE_BENCH_GL ?? (await localWebGl())) as 'swangle' | 'angle-egl';
const machine = await renderMachine();
console.log(`Software WebGL: ${gl}; ${renderContext(machine, gl)}`);
// Launched as the stack launches it for this backend (its extra flags included).
const webgl = chromiumFor(gl);
const parts = (process.env.DRONE_BENCH_PARTS ?? 'still,footage,reveal,social').split(',');
const browser = await openBrowser('chrome', { ...webgl, logLevel: 'error' });
const common = { serveUrl: siteUrl, puppeteerInstance: browser, ...webgl, logLevel: 'error' as const };
// The site as it is now, and optionally a baseline bundle rendered the same way in the same run.
const baselineSite = process.env.DRONE_BENCH_BASELINE_SITE;
const sites = [
  { label: '', serveUrl: siteUrl },
  ...(baselineSite ? [{ label: ' [baseline site]', serveUrl: baselineSite }] : []),
];
const x264Preset = (process.env.DRONE_BENCH_X264 ?? null) as 'veryfast' | null;
const concurrency = process.env.DRONE_BENCH_CONCURRENCY ? Number(process.env.DRONE_BENCH_CONCURRENCY) : null;
// The synthetic site's own front bearing, as a frontage detection would report it.
const front = Number(process.env.DRONE_BENCH_FRONT ?? scene.frontDirection);

// --- 1. stills -----------------------------------------------------------------------------------------
const pose = {
  azimuth: Number(process.env.DRONE_BENCH_AZIMUTH ?? 20),
  tilt: Number(process.env.DRONE_BENCH_TILT ?? 55),
  distance: Number(process.env.DRONE_BENCH_DISTANCE ?? 200),
  pitch: Number(process.env.DRONE_BENCH_PITCH ?? 0),
};
const stillsWarm: number[] = [];
/** Each warm still ÷ the empty-scene still rendered right before it (the same page, size and encoder). */
const stillRatios: number[] = [];
// The stills' same-run baseline: the AerialStill composition at 3840x2160 with no scene in it (no houses,
// trees or windows; a flat 16x16 ground): Chromium's page, WebGL canvas, screenshot and JPEG encode of the
// same size, through the same Remotion path. What the still costs beyond it is the scene.
await mediaServer.put(
  'bench/empty-scene.json',
  Buffer.from(JSON.stringify({ buildings: [], trees: [], windows: [] })),
  'application/json',
);
await mediaServer.put(
  'bench/empty-ground.jpg',
  await sharp({ create: { width: 16, height: 16, channels: 3, background: '#6b7a5a' } })
    .jpeg()
    .toBuffer(),
  'image/jpeg',
);
const emptySceneProps: Pick<AerialSceneProps, 'sceneUrl' | 'groundImage' | 'farGroundImage'> = {
  sceneUrl: (await mediaServer.sign('bench/empty-scene.json')).url,
  groundImage: (await mediaServer.sign('bench/empty-ground.jpg')).url,
  farGroundImage: (await mediaServer.sign('bench/empty-ground.jpg')).url,
};
/** The re-framed 1080x1920 stills' warm times, and each as a share of the 4K still's just before it. */
const storyWarm: number[] = [];
const storyRatios: number[] = [];
for (const shotType of parts.includes('still') ? shots : []) {
  const props: AerialSceneProps = {
    ...scene.sceneProps,
    durationInFrames: 1,
    shotType,
    frontDirection: front,
    camera: { kind: 'pose', pose },
  };
  // The same pose framed again for 9:16, as the renditions are planned (the parcel from the scene).
  const story = planStillRendition(scene, planStill(scene, pose, front, shotType), 'social_story');
  for (const site of sites) {
    const composition = await selectComposition({
      ...common,
      serveUrl: site.serveUrl,
      id: AERIAL_STILL.id,
      inputProps: props,
    });
    const storyComposition =
      parts.includes('social') && !site.label
        ? await selectComposition({
            ...common,
            serveUrl: site.serveUrl,
            id: story.request.composition,
            inputProps: story.request.inputProps,
          })
        : null;
    const emptyProps = { ...props, ...emptySceneProps };
    const emptyComposition = site.label
      ? null
      : await selectComposition({ ...common, id: AERIAL_STILL.id, inputProps: emptyProps });
    const warm: number[] = [];
    for (const run of ['cold', 'warm', 'warm', 'warm']) {
      // The baseline right before the still, under the same load.
      let baselineMs = 0;
      if (emptyComposition) {
        started = performance.now();
        await renderStill({
          ...common,
          composition: emptyComposition,
          inputProps: emptyProps,
          output: path.join(out, 'still-empty-scene.jpg'),
          imageFormat: 'jpeg',
          jpegQuality: 90,
          overwrite: true,
        });
        baselineMs = performance.now() - started;
      }
      started = performance.now();
      const name = `still-${shotType}${site.label ? '-baseline' : ''}`;
      const output = path.join(out, `${name}.jpg`);
      await renderStill({
        ...common,
        serveUrl: site.serveUrl,
        composition,
        inputProps: props,
        output,
        imageFormat: 'jpeg',
        jpegQuality: 90,
        overwrite: true,
      });
      const ms = performance.now() - started;
      if (run === 'warm') warm.push(ms);
      if (run === 'warm' && baselineMs > 0) stillRatios.push(ms / baselineMs);
      const ratio = baselineMs > 0 ? ms / baselineMs : undefined;
      console.log(
        `4K still (${shotType}, ${run})${site.label}: ${(ms / 1000).toFixed(2)} s${ratio === undefined ? '' : `, ${ratio.toFixed(2)} x the empty scene's ${(baselineMs / 1000).toFixed(2)} s just before ${run === 'warm' ? verdict(ratio <= 1.5, '<= 1.5') : ''}`} (absolute goal ${run === 'warm' ? verdict(ms <= 2000, '<= 2 s warm') : '<= 2 s warm'}) ${renderContext(machine, gl)}`,
      );
      await sharp(output)
        .resize(960)
        .jpeg({ quality: 80 })
        .toFile(path.join(out, `${name}-small.jpg`));
      if (!storyComposition) continue;
      // Right after the 4K still, under the same load: the re-framed story still of the same pose.
      started = performance.now();
      await renderStill({
        ...common,
        serveUrl: site.serveUrl,
        composition: storyComposition,
        inputProps: story.request.inputProps,
        output: path.join(out, `still-${shotType}-story.jpg`),
        imageFormat: 'jpeg',
        jpegQuality: 90,
        overwrite: true,
      });
      const storyMs = performance.now() - started;
      if (run === 'warm') {
        storyWarm.push(storyMs);
        storyRatios.push(storyMs / ms);
      }
      console.log(
        `1080x1920 re-framed still (${shotType}, ${run}; ${story.framing.rule}, vertical fov ${story.verticalFovDeg.toFixed(1)}°): ${(storyMs / 1000).toFixed(2)} s, ${(storyMs / ms).toFixed(2)} of the 4K still just before ${run === 'warm' ? verdict(storyMs <= ms, '<= 1') : ''} ${renderContext(machine, gl)}`,
      );
    }
    if (!site.label) stillsWarm.push(...warm);
  }
}

// --- 2. footage ----------------------------------------------------------------------------------------
// The still-encode baseline each video figure is paired with: Remotion's ffmpeg encoding the reveal's
// 210 frames of its 1080p still, measured right before each warm render.
const reveal = await sharp(files.get('bench/aerial-ground.jpg')!.body).resize(1920, 1080).jpeg().toBuffer();
files.set('bench/reveal-base.jpg', { body: reveal, type: 'image/jpeg' });
const REVEAL_FRAMES = 7 * MARKUP_REVEAL.fps;
const encodeBaseline = () => stillEncodeBaseline(reveal, REVEAL_FRAMES, MARKUP_REVEAL.fps, 1);
// Through the local stack's adapter: its WebGL backend, its split across browsers, x264 veryfast.
const media = {
  put: async (key: string, body: Buffer | Uint8Array) => {
    writeFileSync(path.join(out, key), body);
    return { s3_key: key, content_type: 'video/mp4' };
  },
};
async function viaStack(
  renderer: LocalRenderer,
  request: Omit<RenderRequest, 'codec' | 'timeoutSeconds' | 'scale'>,
  frames: number,
): Promise<number> {
  started = performance.now();
  const handle = await renderer.start({ ...request, codec: 'h264', scale: 1, timeoutSeconds: 900 });
  for (;;) {
    const status = await renderer.status(handle);
    if (status.state === 'done') break;
    if (status.state === 'failed') throw new Error(status.message);
    await new Promise((r) => setTimeout(r, 100));
  }
  return frames / ((performance.now() - started) / 1000);
}
// Another bundle of the site (DRONE_BENCH_BASELINE_SITE), rendered directly in the stills' browser.
async function video(
  id: string,
  inputProps: Record<string, unknown>,
  name: string,
  site = sites[0]!,
): Promise<number> {
  const composition = await selectComposition({ ...common, serveUrl: site.serveUrl, id, inputProps });
  started = performance.now();
  await renderMedia({
    ...common,
    serveUrl: site.serveUrl,
    composition,
    x264Preset,
    concurrency,
    inputProps,
    codec: 'h264',
    crf: 18,
    imageFormat: 'jpeg',
    jpegQuality: 90,
    outputLocation: path.join(out, name),
    overwrite: true,
  });
  return composition.durationInFrames / ((performance.now() - started) / 1000);
}
const style = (process.env.DRONE_BENCH_STYLE ?? 'front_left_zoom') as FootageStyle;
const frames = seconds * AERIAL_FOOTAGE.fps;
const footageProps = {
  ...scene.sceneProps,
  durationInFrames: frames,
  shotType: 'hero',
  frontDirection: front,
  camera: { kind: 'path', style },
} satisfies AerialSceneProps;
const stackRenderer = new LocalRenderer({ serveUrl, workDir: path.join(out, 'renders'), media });
let footage: PairedRates | undefined;
let footageContext = '';
/** The 9:16 footage's warm frame rates, and each as a share of the 16:9 rate just before it. */
const storyFps: number[] = [];
const storyFpsRatios: number[] = [];
if (parts.includes('footage')) {
  const request = { composition: AERIAL_FOOTAGE.id, inputProps: footageProps, gl: 'swangle' as const };
  // The same flight re-framed for 9:16: the story composition and its one lens, nothing else changed.
  const storyPlan = planFootageRendition(
    scene,
    { style, duration: seconds, front_direction: front },
    'social_story',
    `footage-${style}-story.mp4`,
  );
  const storyRequest = {
    composition: storyPlan.request.composition,
    // The plan's lens and its per-frame sky limit, on the bench's footage props.
    inputProps: {
      ...footageProps,
      verticalFovDeg: storyPlan.verticalFovDeg,
      skyCap: storyPlan.framing.skyCap,
    },
    gl: 'swangle' as const,
    outputKey: `footage-${style}-story.mp4`,
  };
  const social = parts.includes('social');
  // The first render opens the browsers (reused afterwards, as in a long-lived worker).
  const cold = await viaStack(stackRenderer, { ...request, outputKey: `footage-${style}.mp4` }, frames);
  if (social) await viaStack(stackRenderer, storyRequest, frames);
  footage = await pairedWithBaseline(3, encodeBaseline, async () => {
    const fps = await viaStack(stackRenderer, { ...request, outputKey: `footage-${style}.mp4` }, frames);
    if (social) {
      // Right after the 16:9 render, under the same load.
      const story = await viaStack(stackRenderer, storyRequest, frames);
      storyFps.push(story);
      storyFpsRatios.push(story / fps);
    }
    return fps;
  });
  footageContext = renderContext(machine, gl);
  console.log(
    `Footage 1920x1080 ${seconds} s (${style}) as the stack renders it (${gl}, split across browsers): ${medianOf(footage.rates)} frames/s warm, ${cold.toFixed(1)} with the browsers' start ${footageContext}`,
  );
  if (social)
    console.log(
      `Footage 1080x1920 re-framed (${storyPlan.framing.rule}, vertical fov ${storyPlan.framing.skyCap.minFovDeg.toFixed(1)}-${storyPlan.verticalFovDeg.toFixed(1)}° along the path), each right after a 16:9 render: ${medianOf(storyFps)} frames/s warm, ${medianOf(storyFpsRatios, 3)} of the 16:9 rate ${verdict(median(storyFpsRatios) >= 0.9, 'median >= 0.9')} ${renderContext(machine, gl)}`,
    );
  if (process.env.DRONE_BENCH_BEFORE === '1') {
    // As it rendered before, in the same run: SwiftShader, one browser.
    const forced = process.env.LOCAL_WEBGL;
    process.env.LOCAL_WEBGL = 'swangle';
    const before = new LocalRenderer({
      serveUrl,
      workDir: path.join(out, 'renders-before'),
      media,
      browsersPerRender: 1,
    });
    await viaStack(before, { ...request, outputKey: 'footage-swangle.mp4' }, frames);
    const beforeFps = await viaStack(before, { ...request, outputKey: 'footage-swangle.mp4' }, frames);
    if (forced === undefined) delete process.env.LOCAL_WEBGL;
    else process.env.LOCAL_WEBGL = forced;
    console.log(
      `Footage as rendered before (swangle, one browser), same run: ${beforeFps.toFixed(1)} frames/s warm ${renderContext(machine, 'swangle')}`,
    );
  }
}
for (const site of parts.includes('footage') ? sites.slice(1) : []) {
  const fps = await video(AERIAL_FOOTAGE.id, footageProps, `footage-${style}-baseline.mp4`, site);
  console.log(`Footage 1920x1080 ${seconds} s (${style})${site.label}: ${fps.toFixed(1)} frames/s`);
}

// --- 3. the reveal video, as the stack renders it ------------------------------------------------------
const revealProps = benchReveal(`${base}/bench/reveal-base.jpg`, REVEAL_FRAMES);
let revealRates: PairedRates | undefined;
let revealContext = '';
if (parts.includes('reveal')) {
  const request = { composition: MARKUP_REVEAL.id, inputProps: revealProps, outputKey: 'reveal.mp4' };
  await viaStack(stackRenderer, request, REVEAL_FRAMES);
  revealRates = await pairedWithBaseline(3, encodeBaseline, () =>
    viaStack(stackRenderer, request, REVEAL_FRAMES),
  );
  revealContext = renderContext(machine, 'angle');
  console.log(
    `Reveal video 1920x1080 ${REVEAL_FRAMES} frames (darken, ${frameRuns(MARKUP_REVEAL.id, revealProps, REVEAL_FRAMES)?.length ?? REVEAL_FRAMES} distinct pictures) as the stack renders it: ${medianOf(revealRates.rates)} frames/s warm ${revealContext}`,
  );
}

// --- the goals ------------------------------------------------------------------------------------------
console.log('');
for (const [label, rates, goal] of [
  ['Reveal', revealRates, 0.3],
  ['Footage', footage, 0.15],
] as const) {
  if (!rates) continue;
  console.log(
    `${label} ÷ still-encode baseline (${REVEAL_FRAMES} frames of a 1080p still, Remotion's ffmpeg, x264 default preset, crf 18, ${medianOf(rates.baselines)} frames/s just before each render): ${medianOf(rates.ratios, 3)} ${verdict(median(rates.ratios) >= goal, `>= ${goal.toFixed(2)}`)}; 1-min load at each ${rates.loads.map((l) => l.toFixed(1)).join(', ')}`,
  );
}
if (stillRatios.length > 0)
  console.log(
    `Warm 4K stills ÷ the empty-scene still just before each (same composition, size and JPEG encode; the machine-independent goal): median ${medianOf(stillRatios, 2)} ${verdict(median(stillRatios) <= 1.5, 'median <= 1.5')}`,
  );
if (stillsWarm.length > 0)
  console.log(
    `Warm 4K stills: ${stillsWarm.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s ${verdict(Math.max(...stillsWarm) <= 2000, 'every warm still <= 2 s')} (absolute: machines differ by up to 3x)`,
  );
if (storyRatios.length > 0)
  console.log(
    `Warm 1080x1920 re-framed stills: ${storyWarm.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; ÷ the 4K still just before: ${storyRatios.map((r) => r.toFixed(2)).join(', ')} ${verdict(Math.max(...storyRatios) <= 1, 'every warm ratio <= 1')}`,
  );
if (storyFpsRatios.length > 0)
  console.log(
    `9:16 footage ÷ 16:9 footage frame rate (each pair in turn): ${medianOf(storyFpsRatios, 3)} ${verdict(median(storyFpsRatios) >= 0.9, 'median >= 0.9')}`,
  );
console.log(`  ${renderContext(machine, gl)}`);
console.log(`Outputs: ${out}`);
writeFileSync(
  path.join(out, 'figures.json'),
  JSON.stringify({
    footage,
    reveal: revealRates,
    stillsWarmMs: stillsWarm,
    stillBaselineRatios: stillRatios,
    social: { storyStillsWarmMs: storyWarm, storyStillRatios: storyRatios, storyFps, storyFpsRatios },
    machine,
  }),
);
await browser.close({ silent: true });
await mediaServer.close();
// The local renderer keeps its browsers open for the next render, as in a long-lived worker.
process.exit(0);
