// Where a footage frame's time goes: Remotion's seek (React update, R3F draw, delayRender cleared) versus
// its screenshot (compositing, readback, JPEG encode), per frame, for the AerialFootage and MarkupReveal
// compositions in the same browser. Loads Remotion's CommonJS build so the two steps can be timed.
// CPU time per frame is the steady figure on a shared machine (wall time swings with other people's load).
// Run: node --import tsx bench/drone-profile.ts
//   PROFILE_FRAMES (default 30), PROFILE_PARTS (footage,reveal), PROFILE_BASELINE_SITE=dir (also the footage
//   from another bundle of the site), PROFILE_VARIANTS='x264=veryfast;conc=2;format=png' (footage again
//   with each set of render options: x264 preset, concurrency, image format), PROFILE_REVEAL_VARIANTS (the
//   same for the reveal), PROFILE_GL (swangle, angle, swiftshader, egl, null), PROFILE_CAPTURE (overrides of
//   the screenshot's parameters: beyond=false, surface=false, quality=80), PROFILE_PLAIN (no extra flags).

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AERIAL_FOOTAGE, type AerialSceneProps } from '../functions/media/remotion/aerial-compositions.ts';
import { MARKUP_REVEAL } from '../functions/media/remotion/compositions.ts';
import { CHROMIUM, type ChromiumGl, chromiumFor } from '../functions/media/rendering/local-chromium.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';
import { benchReveal, memoryMedia, syntheticAerialScene } from './aerial-fixture.ts';
import { renderContext, renderMachine } from './stats.ts';

const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve('@remotion/renderer'));
const seekModule = require(path.join(dist, 'seek-to-frame.js'));
const takeModule = require(path.join(dist, 'take-frame.js'));
const timings = { seek: [] as number[], shot: [] as number[] };
for (const [mod, name, key] of [
  [seekModule, 'seekToFrame', 'seek'],
  [takeModule, 'takeFrame', 'shot'],
] as const) {
  const original = mod[name];
  mod[name] = async (...args: unknown[]) => {
    const t = performance.now();
    try {
      return await original(...args);
    } finally {
      timings[key].push(performance.now() - t);
    }
  };
}
const renderer = require('@remotion/renderer') as typeof import('@remotion/renderer');

const mediaServer = await memoryMedia();
const { files, base } = mediaServer;
const scene = await syntheticAerialScene(mediaServer, 'p');
const frames = Number(process.env.PROFILE_FRAMES ?? 30);
// PROFILE_CAPTURE='beyond=false,surface=false,quality=80': overrides of Remotion's Page.captureScreenshot
// parameters, to measure what each costs.
const captureOverrides = Object.fromEntries(
  (process.env.PROFILE_CAPTURE ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('='))
    .map(([k, v]) => [
      {
        beyond: 'captureBeyondViewport',
        surface: 'fromSurface',
        quality: 'quality',
        speed: 'optimizeForSpeed',
      }[k!]!,
      v === 'true' ? true : v === 'false' ? false : Number(v),
    ]),
);
if (Object.keys(captureOverrides).length > 0) {
  const screenshotModule = require(path.join(dist, 'screenshot-task.js'));
  const original = screenshotModule.screenshotTask;
  const patched = new WeakSet<object>();
  screenshotModule.screenshotTask = (args: {
    page: { _client(): { send: (method: string, params: Record<string, unknown>) => Promise<unknown> } };
  }) => {
    const client = args.page._client();
    if (!patched.has(client)) {
      patched.add(client);
      const send = client.send.bind(client);
      client.send = (method: string, params: Record<string, unknown>) =>
        send(method, method === 'Page.captureScreenshot' ? { ...params, ...captureOverrides } : params);
    }
    return original(args);
  };
}
const imageFormat = 'jpeg';
const serveUrl = await ensureSiteBundle();
// PROFILE_GL: the browser's GL backend ('null': Remotion's default), launched as the stack launches it, with
// the backend's extra flags (EXTRA_FLAGS), or with Remotion's flags alone when PROFILE_PLAIN is set.
const profileGl = process.env.PROFILE_GL ?? 'swangle';
const launched = chromiumFor(profileGl === 'null' ? undefined : (profileGl as ChromiumGl));
const webgl = {
  ...launched,
  ...(process.env.PROFILE_PLAIN ? { browserExecutable: CHROMIUM.browserExecutable } : {}),
  chromiumOptions: { gl: profileGl === 'null' ? null : launched.chromiumOptions.gl },
};
const browser = await renderer.openBrowser('chrome', { ...webgl, logLevel: 'error' });
const common = { serveUrl, puppeteerInstance: browser, ...webgl, logLevel: 'error' as const };
const out = mkdtempSync(path.join(tmpdir(), 'drone-profile-'));
/** CPU time (ms) used so far by this process and every descendant (Chromium, its GPU process, ffmpeg). */
function treeCpuMs(): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // Fields after the command: state ppid ... utime(11) stime(12) cutime(13) cstime(14), 0-based from state.
      stats.set(Number(name), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // The process ended while we read.
    }
  }
  const tree = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of stats) {
      if (tree.has(pid) || !tree.has(s.ppid)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks * 10;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function run(
  label: string,
  id: string,
  inputProps: Record<string, unknown>,
  variant = '',
  site = serveUrl,
) {
  const tokens = variant.split(',');
  const option = (name: string) => tokens.find((t) => t.startsWith(`${name}=`))?.slice(name.length + 1);
  const experiment = option('exp');
  if (experiment) inputProps = { ...inputProps, experiment };
  const composition = await renderer.selectComposition({ ...common, serveUrl: site, id, inputProps });
  timings.seek.length = 0;
  timings.shot.length = 0;
  const started = performance.now();
  const cpu0 = treeCpuMs();
  await renderer.renderMedia({
    ...common,
    serveUrl: site,
    composition,
    inputProps,
    codec: 'h264',
    crf: 18,
    imageFormat: (option('format') as 'png' | undefined) ?? imageFormat,
    jpegQuality: 90,
    concurrency: Number(option('conc') ?? 1),
    x264Preset: (option('x264') as 'veryfast' | undefined) ?? null,
    outputLocation: path.join(out, `${label}.mp4`),
    overwrite: true,
  });
  const s = (performance.now() - started) / 1000;
  const cpuPerFrame = (treeCpuMs() - cpu0) / composition.durationInFrames;
  console.log(
    `${label}: ${composition.durationInFrames} frames in ${s.toFixed(1)} s = ${(composition.durationInFrames / s).toFixed(2)} frames/s, CPU ${cpuPerFrame.toFixed(0)} ms/frame; ` +
      `seek median ${median(timings.seek).toFixed(0)} ms (first ${timings.seek[0]?.toFixed(0)}), ` +
      `screenshot median ${median(timings.shot).toFixed(0)} ms (mean ${mean(timings.shot).toFixed(0)})`,
  );
}

const parts = (process.env.PROFILE_PARTS ?? 'footage,reveal').split(',');
const footage = {
  ...scene.sceneProps,
  durationInFrames: frames,
  shotType: 'hero',
  frontDirection: scene.frontDirection,
  camera: { kind: 'path', style: 'front_left_zoom' },
} satisfies AerialSceneProps;
if (parts.includes('footage')) await run('footage', AERIAL_FOOTAGE.id, footage);
const baselineSite = process.env.PROFILE_BASELINE_SITE;
if (baselineSite) await run('footage [baseline site]', AERIAL_FOOTAGE.id, footage, '', baselineSite);
for (const variant of (process.env.PROFILE_VARIANTS ?? '').split(';').filter(Boolean))
  await run(`footage [${variant}]`, AERIAL_FOOTAGE.id, footage, variant);
if (parts.includes('reveal')) {
  const sharp = (await import('sharp')).default;
  files.set('p/reveal.jpg', {
    body: await sharp(files.get('p/aerial-ground.jpg')!.body).resize(1920, 1080).jpeg().toBuffer(),
    type: 'image/jpeg',
  });
  const reveal = benchReveal(`${base}/p/reveal.jpg`, frames);
  await run('reveal', MARKUP_REVEAL.id, reveal);
  for (const variant of (process.env.PROFILE_REVEAL_VARIANTS ?? '').split(';').filter(Boolean))
    await run(`reveal [${variant}]`, MARKUP_REVEAL.id, reveal, variant);
}
// What the figures above depend on beyond our code: the machine, Chromium, the backend, the load.
console.log(
  `${renderContext(await renderMachine(), webgl.chromiumOptions.gl ?? 'angle')}${process.env.PROFILE_PLAIN ? ' without the extra flags' : ''}; outputs ${out}`,
);
await browser.close({ silent: true });
await mediaServer.close();
