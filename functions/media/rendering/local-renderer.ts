// Local adapter of the Renderer port: @remotion/renderer with Debian's Chromium, in the process that
// runs the step (a worker thread of the local stack). start() queues the render and returns at once, like
// Remotion Lambda; the render waits for one of the machine's render slots (RenderSlots: files shared by
// every worker thread), then runs in the background. Progress lives in a small JSON file per render under
// the local render directory, so whichever worker runs the next check can read it. The finished video is
// uploaded to the media bucket. Browsers are reused across renders (a cold Chromium ~1 s); a render of our
// own compositions is split across LOCAL_RENDER_BROWSERS of them (splitFrames, joinParts). WebGL scenes
// are drawn with the machine's fastest software WebGL (localWebGl).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import type { HeadlessBrowser } from '@remotion/renderer';
import { ENV } from '../../core/config/env.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import { logger } from '../../core/observability.ts';
import { type FrameRun, frameRuns } from '../remotion/compositions.ts';
import { bundleUrl } from './bundle-server.ts';
import { chromiumLauncher } from './chromium-launcher.ts';
import { localRenderSlots, RenderSlots } from './render-slots.ts';
import {
  BundleUnreachableError,
  CODEC_OUTPUT,
  type CompositionInfo,
  firstLineOf,
  frameEncoding,
  isTransientRenderFailure,
  pickComposition,
  type RenderCodec,
  type RenderEnv,
  type Renderer,
  type RenderGl,
  type RenderHandle,
  type RenderRequest,
  type RenderStatus,
} from './renderer.ts';

/** A backend Chromium is launched with locally: the port's two, and ANGLE on the system's OpenGL through EGL. */
export type ChromiumGl = RenderGl | 'angle-egl';

/**
 * Debian's Chromium, never a downloaded one (the machine may be offline; Remotion's download is not
 * installed by `npm ci`). GL 'angle' falls back to SwiftShader without
 * a GPU and renders the 2D compositions ~3.5x faster than 'swangle', which only WebGL scenes need.
 */
export const CHROMIUM = {
  browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeMode: 'chrome-for-testing' as const,
  chromiumOptions: { gl: 'angle' as ChromiumGl },
};

/**
 * Flags of ours per backend, after Remotion's (chromiumLauncher). With llvmpipe drawing the WebGL canvas
 * ('angle-egl'), Chromium composites the page on llvmpipe too; compositing in software instead took 7.5%
 * less CPU per frame of the aerial footage (about 270 against 292 ms in all processes, `PROFILE_GL=angle-egl
 * PROFILE_PARTS=footage node --import tsx bench/drone-profile.ts`) for the same pixels, and warm 4K stills
 * as fast. The other backends composite without a GL context already.
 */
export const EXTRA_FLAGS: Record<ChromiumGl, readonly string[]> = {
  angle: [],
  swangle: [],
  'angle-egl': ['--disable-gpu-compositing'],
};

/** The Chromium settings of a render with this OpenGL backend (default 'angle'). */
export function chromiumFor(gl: ChromiumGl | undefined): typeof CHROMIUM {
  const backend = gl ?? CHROMIUM.chromiumOptions.gl;
  return {
    ...CHROMIUM,
    browserExecutable: chromiumLauncher(CHROMIUM.browserExecutable, EXTRA_FLAGS[backend]),
    chromiumOptions: { gl: backend },
  };
}

/**
 * The Chromium settings for a request: a WebGL request ('swangle', software WebGL) is drawn with the
 * machine's fastest software WebGL (localWebGl), anything else as asked.
 */
export async function chromiumForRequest(gl: RenderGl | undefined): Promise<typeof CHROMIUM> {
  return chromiumFor(gl === 'swangle' ? await localWebGl() : gl);
}

/** LOCAL_WEBGL values: a backend, or 'auto' (the default) for a probe of what this machine has. */
export const LOCAL_WEBGL_CHOICES = ['auto', 'angle-egl', 'swangle'] as const;
let webglChoice: Promise<'angle-egl' | 'swangle'> | undefined;

/**
 * The software WebGL backend local renders of WebGL scenes use: ANGLE on Mesa's llvmpipe through EGL
 * ('angle-egl') where the machine has Mesa's EGL driver, else SwiftShader through ANGLE ('swangle').
 * llvmpipe draws the aerial footage ~1.8x faster than SwiftShader on 2 cores (bench/drone-bench.ts) and
 * the same picture (PSNR ~40 dB, differences on polygon edges). LOCAL_WEBGL forces one; 'auto' probes
 * once per process: a headless Chromium with the backend's flags (Chromium blocklists llvmpipe, hence
 * --ignore-gpu-blocklist, which Remotion passes too) must create a WebGL2 context that is not SwiftShader.
 */
export function localWebGl(): Promise<'angle-egl' | 'swangle'> {
  const raw = process.env[ENV.localWebGl] || 'auto';
  if (!(LOCAL_WEBGL_CHOICES as readonly string[]).includes(raw))
    throw new Error(`LOCAL_WEBGL must be one of ${LOCAL_WEBGL_CHOICES.join(', ')}, got '${raw}'`);
  if (raw !== 'auto') return Promise.resolve(raw as 'angle-egl' | 'swangle');
  webglChoice ??= probeWebGl(CHROMIUM.browserExecutable).then((renderer) => {
    const choice = renderer !== null && !/swiftshader/i.test(renderer) ? 'angle-egl' : 'swangle';
    // Once per process, so an operator can see which software WebGL draws the aerial scenes.
    logger.info('Local WebGL backend chosen', { webgl: choice, probed: renderer ?? 'no WebGL2 context' });
    return choice;
  });
  return webglChoice;
}

/** Chromium's flags for each local OpenGL backend (as Remotion's openBrowser passes them). */
export const GL_FLAGS: Record<ChromiumGl, readonly string[]> = {
  angle: ['--use-gl=angle'],
  swangle: ['--use-gl=angle', '--use-angle=swiftshader'],
  'angle-egl': ['--use-gl=angle', '--use-angle=gl-egl'],
};

/**
 * The WebGL renderer string headless Chromium reports with a backend's flags (default ANGLE on EGL, e.g.
 * "ANGLE (Mesa/X.org, llvmpipe …)"), or null when it gives no WebGL2 context there.
 */
export async function probeWebGl(
  executable: string,
  flags: readonly string[] = GL_FLAGS['angle-egl'],
): Promise<string | null> {
  const profile = mkdtempSync(path.join(tmpdir(), 'webgl-probe-'));
  const page =
    'data:text/html,<body><script>const g=document.createElement("canvas").getContext("webgl2");' +
    'const d=g&&g.getExtension("WEBGL_debug_renderer_info");' +
    'document.body.textContent="webgl:"+(g?g.getParameter(d?d.UNMASKED_RENDERER_WEBGL:g.RENDERER):"none")</script>';
  try {
    const dom = await new Promise<string>((resolve) => {
      execFile(
        executable,
        [
          '--headless=new',
          '--no-sandbox',
          ...flags,
          '--ignore-gpu-blocklist',
          '--disable-extensions',
          `--user-data-dir=${profile}`,
          '--dump-dom',
          page,
        ],
        { timeout: 30_000 },
        (_error, stdout) => resolve(String(stdout ?? '')),
      );
    });
    const renderer = /webgl:([^<]*)</.exec(dom)?.[1]?.trim();
    return renderer && renderer !== 'none' ? renderer : null;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The local API's default port (bin/local.ts): no render server may take it, even while it is free. */
const API_DEFAULT_PORT = 3000;
let remotionOnLoopback = false;

/**
 * The `port` option of a Remotion call that starts a server (renderMedia, renderStill, selectComposition,
 * getCompositions: each serves the bundle directory, or only its media proxy when the bundle is a URL).
 * Left alone, Remotion takes the first free port from 3000 (the API's, when the stack runs on another
 * one or has not bound it yet) and binds every interface ('::' or 0.0.0.0), so any machine on the network
 * could fetch our compositions and use the proxy. The port is one the OS hands out on 127.0.0.1; the
 * binding is no option of Remotion's, so its per-process port config (one cached object) is set to
 * loopback here, and a Remotion whose config cannot be set fails the render instead of binding widely.
 * Between the probe and Remotion's listen another process could take the port: Remotion then fails the
 * call ("not available") rather than bind elsewhere; that takes the OS handing the port it just freed to
 * another bind within that moment.
 */
export async function remotionServerOptions(): Promise<{ port: number }> {
  if (!remotionOnLoopback) {
    const { RenderInternals } = await import('@remotion/renderer');
    const config = RenderInternals.getPortConfig(false);
    config.host = '127.0.0.1';
    config.hostsToTry = ['127.0.0.1'];
    const pinned = RenderInternals.getPortConfig(true);
    if (pinned.host !== '127.0.0.1' || pinned.hostsToTry.join() !== '127.0.0.1')
      throw new Error('Remotion’s render server could not be bound to 127.0.0.1');
    remotionOnLoopback = true;
  }
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (port !== API_DEFAULT_PORT) return { port };
  }
}

/** Every codec the bundled ffmpeg encodes (verified by test/unit/rendering/caller-bundle-render.test.ts). */
export const LOCAL_CODECS: readonly RenderCodec[] = ['h264', 'h265', 'vp8', 'vp9', 'prores', 'gif'];

/** Records are rewritten at least this often while a render waits or runs (a heartbeat). */
const HEARTBEAT_MS = 5_000;
/** A render whose record has not moved for this long has died with its process. */
const STALE_AFTER_MS = 60_000;
/** A loaded machine is slow to start a page: Remotion's 30 s default failed renders under load. */
const PAGE_TIMEOUT_MS = 90_000;
const QUEUE_POLL_MS = 500;
/** Failures that mean the shared Chromium itself is gone or wedged. */
const BROWSER_GONE =
  /target closed|session closed|browser (has )?(disconnected|closed|crashed)|page crashed|protocol error/i;

interface ProgressFile {
  readonly state: RenderStatus['state'];
  readonly progress: number;
  readonly ahead?: number;
  readonly message?: string;
  readonly transient?: boolean;
  readonly sizeBytes?: number;
  readonly updatedAt: number;
}

export interface LocalRendererOptions {
  /** Our bundled site: a directory (or URL) with index.html; requests may name another (serveUrl). */
  readonly serveUrl: string;
  /** Where progress files, the render queue and outputs in the making are kept. */
  readonly workDir: string;
  readonly media: Pick<MediaStore, 'put'>;
  /** Frames rendered in parallel within one render (Chromium tabs); default (null) Remotion's: half the cores. */
  readonly concurrency?: number | null;
  /**
   * x264 speed preset (h264 only). Default 'veryfast': at 1080p the encoder at 'medium' took about as long as
   * capturing the frames (markup bench); at crf 18 'veryfast' stays visually lossless, a little bigger.
   */
  readonly x264Preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** Renders at once on this machine; default LOCAL_RENDER_CONCURRENCY, else one per two cores. */
  readonly maxConcurrentRenders?: number;
  /**
   * Browsers one render of our own compositions is split across (contiguous frame ranges, joined without
   * re-encoding; see splitFrames); default LOCAL_RENDER_BROWSERS, else the cores each render slot has.
   */
  readonly browsersPerRender?: number;
}

/**
 * Browsers by OpenGL backend (a launch flag) and index (a render split across browsers uses several),
 * reused across renders.
 */
const browsers = new Map<string, Promise<HeadlessBrowser>>();

/** The shared browser `index` of a backend (the render's resolved `chromiumForRequest`). */
async function sharedBrowser(chromium: typeof CHROMIUM, index = 0): Promise<HeadlessBrowser> {
  const { openBrowser } = await import('@remotion/renderer');
  const key = `${chromium.chromiumOptions.gl}#${index}`;
  let browser = browsers.get(key);
  if (!browser) {
    browser = openBrowser('chrome', { ...chromium, logLevel: 'error' });
    browsers.set(key, browser);
  }
  try {
    return await browser;
  } catch (error) {
    browsers.delete(key);
    throw error;
  }
}

/** After a transient failure the browser may be the culprit (crashed, wedged): the next render opens a new one. */
async function discardBrowser(gl: RenderGl | undefined) {
  const prefix = `${(await chromiumForRequest(gl)).chromiumOptions.gl}#`;
  for (const [key, old] of [...browsers]) {
    if (!key.startsWith(prefix)) continue;
    browsers.delete(key);
    void old.then((b) => b.close({ silent: true })).catch(() => undefined);
  }
}

/**
 * x264 settings for each part of a split render. One thread: the parts already encode in parallel, one
 * per browser, and the capture sets the pace, so a frame-threaded encoder only adds its own overhead.
 * Diamond motion search: on the 8 s drone footage 7 % less of the encoder's CPU than `veryfast`'s
 * hexagon, for 0.01 dB of PSNR and 0.5 % of size.
 */
export const PART_X264_PARAMS = ['-x264-params', 'threads=1:me=dia'] as const;

/** `args` with `extra` before the output (Remotion's encoder arguments end with `-y <file>`). */
export function beforeOutput(args: readonly string[], extra: readonly string[]): string[] {
  const at = args.lastIndexOf('-y');
  if (at < 0) throw new Error(`no -y in the encoder's arguments: ${args.join(' ')}`);
  return [...args.slice(0, at), ...extra, ...args.slice(at)];
}

/** Fewer frames than this per browser and a second browser's page set-up costs more than it saves. */
const MIN_FRAMES_PER_BROWSER = 45;

/** LOCAL_RENDER_BROWSERS, else the cores each render slot has, at least 1. */
export function localRenderBrowsers(raw: string | undefined, cores: number, slots: number): number {
  if (raw === undefined || raw === '') return Math.max(1, Math.floor(cores / slots));
  const count = Number(raw);
  if (!(Number.isInteger(count) && count >= 1 && count <= 8))
    throw new Error(`LOCAL_RENDER_BROWSERS must be a whole number from 1 to 8, got '${raw}'`);
  return count;
}

/**
 * How a render is split across browsers: contiguous frame ranges, or one part (no split) when the video
 * is a caller's bundle (its audio would not join cleanly), not H.264, or short, or drawn by SwiftShader
 * (`gl`: the backend the render runs on). One SwiftShader WebGL page already keeps two cores busy (a
 * split measured no faster), while an llvmpipe page ('angle-egl') leaves a core half idle during the
 * capture, and two browsers rendered the 1080p footage ~15-25% faster (bench/drone-bench.ts).
 */
export function splitFrames(
  request: Pick<RenderRequest, 'serveUrl' | 'codec'> & { readonly gl?: ChromiumGl },
  durationInFrames: number,
  browsers: number,
): Array<[number, number]> {
  const parts = Math.min(browsers, Math.floor(durationInFrames / MIN_FRAMES_PER_BROWSER));
  if (parts < 2 || request.serveUrl !== undefined || request.codec !== 'h264' || request.gl === 'swangle')
    return [[0, durationInFrames - 1]];
  return Array.from({ length: parts }, (_, i) => [
    Math.round((i * durationInFrames) / parts),
    Math.round(((i + 1) * durationInFrames) / parts) - 1,
  ]);
}

/**
 * A render whose frames repeat (frameRuns) split across browsers by the pictures each captures: groups of
 * consecutive runs, cut at a run's start, with about as many runs each (a long hold costs one capture,
 * however many frames it lasts). Same conditions as splitFrames; one group when it would not split.
 */
export function splitRuns(
  request: Pick<RenderRequest, 'serveUrl' | 'codec'> & { readonly gl?: ChromiumGl },
  runs: readonly FrameRun[],
  browsers: number,
): FrameRun[][] {
  const parts = splitFrames(request, runs.length, browsers).length;
  return Array.from({ length: parts }, (_, i) =>
    runs.slice(Math.round((i * runs.length) / parts), Math.round(((i + 1) * runs.length) / parts)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LocalRenderer implements Renderer {
  readonly name = 'remotion-local';
  readonly codecs = LOCAL_CODECS;
  private readonly slots: RenderSlots;
  private readonly browsersPerRender: number;

  constructor(private readonly options: LocalRendererOptions) {
    mkdirSync(options.workDir, { recursive: true });
    const slots =
      options.maxConcurrentRenders ??
      localRenderSlots(process.env[ENV.localRenderConcurrency], availableParallelism());
    this.browsersPerRender =
      options.browsersPerRender ??
      localRenderBrowsers(process.env[ENV.localRenderBrowsers], availableParallelism(), slots);
    this.slots = new RenderSlots({
      dir: options.workDir,
      slots,
      staleAfterMs: STALE_AFTER_MS,
      alive: (renderId) => {
        const record = this.read(renderId);
        return (
          record !== undefined &&
          (record.state === 'queued' || record.state === 'rendering') &&
          Date.now() - record.updatedAt <= STALE_AFTER_MS
        );
      },
    });
  }

  private progressFile(renderId: string) {
    return path.join(this.options.workDir, `${renderId}.json`);
  }

  private write(renderId: string, progress: Omit<ProgressFile, 'updatedAt'>) {
    // Written aside, then renamed: other worker threads read records at any moment, and a record caught
    // half-written read as "no record" (the render was taken for dead and its ticket cleared).
    const file = this.progressFile(renderId);
    const aside = `${file}.${randomUUID()}.tmp`;
    writeFileSync(aside, JSON.stringify({ ...progress, updatedAt: Date.now() }));
    renameSync(aside, file);
  }

  private read(renderId: string): ProgressFile | undefined {
    try {
      return JSON.parse(readFileSync(this.progressFile(renderId), 'utf8')) as ProgressFile;
    } catch {
      return undefined;
    }
  }

  async start(request: RenderRequest, env?: RenderEnv): Promise<RenderHandle> {
    if (!this.codecs.includes(request.codec))
      throw new Error(`the local renderer does not render codec '${request.codec}'`);
    const renderId = randomUUID();
    const started = new Date();
    // The record first: a ticket whose render has no live record is cleared as abandoned.
    this.write(renderId, { state: 'queued', progress: 0 });
    this.slots.enqueue(renderId);
    this.write(renderId, { state: 'queued', progress: 0, ahead: Math.max(0, this.slots.ahead(renderId)) });
    void this.queueAndRender(renderId, request, env).catch((error: unknown) => {
      const message = firstLineOf(error);
      const transient = isTransientRenderFailure(message);
      if (BROWSER_GONE.test(message)) void discardBrowser(request.gl);
      this.write(renderId, { state: 'failed', progress: 0, message, transient });
    });
    return {
      render_id: renderId,
      renderer: this.name,
      output_key: request.outputKey,
      started_at: started.toISOString(),
      deadline: new Date(started.getTime() + request.timeoutSeconds * 1000).toISOString(),
      poll_seconds: 1,
    };
  }

  private async queueAndRender(
    renderId: string,
    request: RenderRequest,
    env: RenderEnv | undefined,
  ): Promise<void> {
    try {
      while (!this.slots.tryAcquire(renderId)) {
        this.write(renderId, {
          state: 'queued',
          progress: 0,
          ahead: Math.max(0, this.slots.ahead(renderId)),
        });
        await sleep(QUEUE_POLL_MS);
      }
      this.write(renderId, { state: 'rendering', progress: 0 });
      await this.render(renderId, request, env);
    } finally {
      this.slots.release(renderId);
    }
  }

  private async render(renderId: string, request: RenderRequest, env: RenderEnv | undefined): Promise<void> {
    let progress = 0;
    let written = 0;
    // Keeps the record fresh while the page loads, a long frame renders or the encoder finishes.
    const heartbeat = setInterval(() => this.write(renderId, { state: 'rendering', progress }), HEARTBEAT_MS);
    try {
      await this.renderWith(renderId, request, env, (p) => {
        progress = p;
        // A few writes a second at most: the checks poll every second.
        if (Date.now() - written > 250) {
          written = Date.now();
          this.write(renderId, { state: 'rendering', progress });
        }
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async renderWith(
    renderId: string,
    request: RenderRequest,
    env: RenderEnv | undefined,
    onProgress: (progress: number) => void,
  ): Promise<void> {
    const { renderMedia, selectComposition } = await import('@remotion/renderer');
    // The backend this render runs on (a WebGL request: the machine's software WebGL), resolved once.
    const chromium = await chromiumForRequest(request.gl);
    const common = {
      // Our bundle from one origin for every render, its scripts cached by the browser (bundle-server.ts).
      serveUrl: request.serveUrl ?? (await bundleUrl(this.options.serveUrl)),
      inputProps: request.inputProps,
      timeoutInMilliseconds: PAGE_TIMEOUT_MS,
      ...chromium,
      logLevel: 'error' as const,
      // The page's secrets (a tiles API key): in memory only, never in the progress file.
      ...(env ? { envVariables: { ...env } } : {}),
    };
    const selected = await selectComposition({
      ...common,
      ...(await remotionServerOptions()),
      puppeteerInstance: await sharedBrowser(chromium),
      id: request.composition,
    });
    const composition = {
      ...selected,
      width: request.width ?? selected.width,
      height: request.height ?? selected.height,
      fps: request.fps ?? selected.fps,
      durationInFrames: request.durationInFrames ?? selected.durationInFrames,
    };
    const output = CODEC_OUTPUT[request.codec];
    const file = path.join(this.options.workDir, `${renderId}.${output.extension}`);
    const splitBy = { ...request, gl: chromium.chromiumOptions.gl };
    // Our own compositions whose frames repeat (the reveal's holds) capture each picture once.
    const runs =
      request.serveUrl === undefined && request.codec === 'h264'
        ? frameRuns(request.composition, request.inputProps, composition.durationInFrames)
        : undefined;
    const groups =
      runs && runs.length < composition.durationInFrames
        ? splitRuns(splitBy, runs, this.browsersPerRender)
        : undefined;
    const ranges: Array<[number, number]> = groups
      ? groups.map((g) => [g[0]![0], g.at(-1)![0] + g.at(-1)![1] - 1])
      : splitFrames(splitBy, composition.durationInFrames, this.browsersPerRender);
    const partFiles =
      ranges.length === 1 ? [file] : ranges.map((_, i) => `${file}.part${i}.${output.extension}`);
    const partProgress = ranges.map(() => 0);
    try {
      await Promise.all(
        ranges.map(async (range, i) =>
          groups
            ? renderHeldFrames({
                common: { ...common, ...(await remotionServerOptions()) },
                puppeteerInstance: await sharedBrowser(chromium, i),
                composition,
                runs: groups[i]!,
                encoding: { ...frameEncoding(request), x264Preset: this.options.x264Preset ?? 'veryfast' },
                split: ranges.length > 1,
                scale: request.scale,
                concurrency: this.options.concurrency ?? null,
                output: partFiles[i]!,
                onProgress: (p) => {
                  partProgress[i] = p;
                  onProgress(partProgress.reduce((a, b) => a + b, 0) / ranges.length);
                },
              })
            : renderMedia({
                ...common,
                ...(await remotionServerOptions()),
                puppeteerInstance: await sharedBrowser(chromium, i),
                composition,
                codec: request.codec,
                ...frameEncoding(request),
                scale: request.scale,
                outputLocation: partFiles[i]!,
                overwrite: true,
                concurrency: this.options.concurrency ?? null,
                // Remotion takes the preset for h264 only (it refuses one for h265).
                ...(request.codec === 'h264'
                  ? { x264Preset: this.options.x264Preset ?? ('veryfast' as const) }
                  : {}),
                ...(request.codec === 'h264' && ranges.length > 1
                  ? {
                      ffmpegOverride: ({ type, args }: { type: string; args: string[] }) =>
                        type === 'pre-stitcher' ? beforeOutput(args, PART_X264_PARAMS) : args,
                    }
                  : {}),
                ...(ranges.length > 1 ? { frameRange: range } : {}),
                onProgress: (p) => {
                  partProgress[i] = p.progress;
                  onProgress(partProgress.reduce((a, b) => a + b, 0) / ranges.length);
                },
              }),
        ),
      );
      if (ranges.length > 1) await joinParts(partFiles, file);
      const { size } = await stat(file);
      await this.options.media.put(request.outputKey, await readFile(file), output.contentType);
      this.write(renderId, { state: 'done', progress: 1, sizeBytes: size });
    } finally {
      for (const f of new Set([file, ...partFiles])) rmSync(f, { force: true });
    }
  }

  async status(handle: RenderHandle): Promise<RenderStatus> {
    const file = this.read(handle.render_id);
    if (!file) return { state: 'failed', message: `render ${handle.render_id} is unknown to this machine` };
    if (file.state === 'done') return { state: 'done', sizeBytes: file.sizeBytes ?? 0 };
    if (file.state === 'failed')
      return {
        state: 'failed',
        message: file.message ?? 'the render failed',
        ...(file.transient ? { transient: true } : {}),
      };
    if (Date.now() - file.updatedAt > STALE_AFTER_MS) {
      // Its process ended (a restart, a crash): worth starting again.
      return {
        state: 'failed',
        message: 'the render stopped reporting progress (its process ended)',
        transient: true,
      };
    }
    if (file.state === 'queued') return { state: 'queued', ahead: file.ahead ?? 0 };
    return { state: 'rendering', progress: file.progress };
  }

  async composition(
    serveUrl: string,
    id: string,
    inputProps: Record<string, unknown>,
  ): Promise<CompositionInfo> {
    const { getCompositions } = await import('@remotion/renderer');
    let compositions: CompositionInfo[];
    try {
      compositions = await getCompositions(serveUrl, {
        ...(await remotionServerOptions()),
        inputProps,
        puppeteerInstance: await sharedBrowser(CHROMIUM),
        timeoutInMilliseconds: PAGE_TIMEOUT_MS,
        ...CHROMIUM,
        logLevel: 'error',
      });
    } catch (error) {
      throw new BundleUnreachableError(serveUrl, firstLineOf(error));
    }
    return pickComposition(compositions, id);
  }
}

/**
 * The parts of a split render joined into one MP4 without re-encoding (ffmpeg's concat demuxer, Remotion's
 * own ffmpeg): every part is H.264 from the same encoder settings and starts on a key frame.
 */
async function joinParts(parts: readonly string[], output: string): Promise<void> {
  const { RenderInternals } = await import('@remotion/renderer');
  const list = `${output}.parts.txt`;
  writeFileSync(list, parts.map((p) => `file '${p.replaceAll("'", "'\\''")}'`).join('\n'));
  try {
    await RenderInternals.callFf({
      bin: 'ffmpeg',
      args: [
        '-v',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        output,
      ],
      indent: false,
      logLevel: 'error',
      binariesDirectory: null,
      cancelSignal: undefined,
    });
  } finally {
    rmSync(list, { force: true });
  }
}

interface HeldFramesRender {
  /** renderFrames' page options: serveUrl, inputProps, Chromium, timeout, port, environment. */
  readonly common: {
    readonly serveUrl: string;
    readonly inputProps: Record<string, unknown>;
    readonly timeoutInMilliseconds: number;
    readonly logLevel: 'error';
    readonly port: number;
  } & typeof CHROMIUM & { readonly envVariables?: Record<string, string> };
  readonly puppeteerInstance: HeadlessBrowser;
  readonly composition: import('@remotion/renderer').RenderMediaOptions['composition'];
  /** Consecutive runs of identical frames, from frameRuns: each is captured once and written `length` times. */
  readonly runs: readonly FrameRun[];
  readonly encoding: ReturnType<typeof frameEncoding> & { readonly x264Preset: string };
  /** One part of a split render (PART_X264_PARAMS). */
  readonly split: boolean;
  readonly scale: number;
  readonly concurrency: number | null;
  readonly output: string;
  readonly onProgress: (progress: number) => void;
}

/**
 * An H.264 video of the frames in `runs`, each run's picture captured once (Remotion's renderFrames with
 * the `frames` it names) and piped `length` times into x264 (Remotion's own ffmpeg), with the encoder
 * settings renderMedia would use: JPEG frames through image2pipe, yuv420p, the crf and preset asked for.
 * Frames reach the encoder in order as they are captured, so capture and encoding overlap.
 */
async function renderHeldFrames(render: HeldFramesRender): Promise<void> {
  const { renderFrames, RenderInternals } = await import('@remotion/renderer');
  const { composition, runs, encoding } = render;
  const width = Math.round(composition.width * render.scale);
  const height = Math.round(composition.height * render.scale);
  const encoder = RenderInternals.callFf({
    bin: 'ffmpeg',
    args: [
      ...['-r', String(composition.fps), '-f', 'image2pipe', '-s', `${width}x${height}`],
      ...['-vcodec', encoding.imageFormat === 'jpeg' ? 'mjpeg' : 'png', '-i', '-'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', encoding.x264Preset],
      ...['-video_track_timescale', '90000', '-crf', String(encoding.crf ?? 18)],
      ...(render.split ? PART_X264_PARAMS : []),
      ...['-movflags', '+faststart', '-y', render.output],
    ],
    indent: false,
    logLevel: 'error',
    binariesDirectory: null,
    cancelSignal: undefined,
  });
  const stdin = encoder.stdin!;
  // An encoder that fails closes its input: the writes below then fail too; its own error says why.
  stdin.on('error', () => undefined);
  const write = (buffer: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (stdin.destroyed) reject(new Error('the encoder closed its input'));
      else if (stdin.write(buffer)) resolve();
      else stdin.once('drain', resolve);
    });
  const lengthOf = new Map(runs.map(([first, length]) => [first, length]));
  const captured = new Map<number, Buffer>();
  let next = 0;
  let written: Promise<void> = Promise.resolve();
  // Writes every run whose picture has arrived, in order (tabs may finish frames out of order).
  const flush = async () => {
    while (next < runs.length && captured.has(runs[next]![0])) {
      const first = runs[next]![0];
      const picture = captured.get(first)!;
      captured.delete(first);
      for (let k = 0; k < lengthOf.get(first)!; k += 1) await write(picture);
      next += 1;
    }
  };
  try {
    await renderFrames({
      ...render.common,
      puppeteerInstance: render.puppeteerInstance,
      composition,
      frames: runs.map(([first]) => first),
      imageFormat: encoding.imageFormat,
      ...(encoding.imageFormat === 'jpeg' ? { jpegQuality: encoding.jpegQuality } : {}),
      scale: render.scale,
      concurrency: render.concurrency,
      outputDir: null,
      onStart: () => undefined,
      onFrameUpdate: (framesRendered) => render.onProgress((0.95 * framesRendered) / runs.length),
      onFrameBuffer: (buffer, frame) => {
        captured.set(frame, buffer);
        written = written.then(flush);
        return written;
      },
    });
    await written;
    if (next < runs.length) throw new Error(`renderFrames delivered ${next} of ${runs.length} pictures`);
    stdin.end();
    await encoder;
    render.onProgress(1);
  } catch (error) {
    encoder.kill();
    await encoder.catch(() => undefined);
    throw error;
  }
}
