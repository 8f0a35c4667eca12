// Local adapter of the Renderer port: @remotion/renderer with Debian's Chromium, in the process that
// runs the step (a worker thread of the local stack). start() queues the render and returns at once, like
// Remotion Lambda; the render waits for one of the machine's render slots (RenderSlots: files shared by
// every worker thread), then runs in the background. The finished video is uploaded to the media bucket.
// The parts are one-purpose modules: Chromium and its software WebGL (local-chromium.ts, local-webgl.ts),
// the shared browsers (browser-pool.ts), the port Remotion's servers listen on (remotion-server.ts), the
// split across browsers (split-render.ts), held frames (held-frames.ts), progress (render-progress-file.ts).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { ENV } from '../../core/config/env.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import { frameRuns } from '../remotion/compositions.ts';
import { discardBrowser, sharedBrowser } from './browser-pool.ts';
import { bundleUrl } from './bundle-server.ts';
import { renderHeldFrames } from './held-frames.ts';
import { chromiumFor } from './local-chromium.ts';
import { chromiumForRequest } from './local-webgl.ts';
import { remotionServerOptions } from './remotion-server.ts';
import { RenderProgressFiles } from './render-progress-file.ts';
import { localRenderSlots, RenderSlots } from './render-slots.ts';
import {
  CODEC_OUTPUT,
  type CompositionInfo,
  firstLineOf,
  frameEncoding,
  isTransientRenderFailure,
  lookUpComposition,
  type RenderCodec,
  type RenderEnv,
  type Renderer,
  type RenderHandle,
  type RenderRequest,
  type RenderStatus,
} from './renderer.ts';
import {
  beforeOutput,
  joinParts,
  localRenderBrowsers,
  PART_X264_PARAMS,
  splitFrames,
  splitRuns,
} from './split-render.ts';

/** Every codec the bundled ffmpeg encodes (verified by test/component/rendering/caller-bundle-render.test.ts). */
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LocalRenderer implements Renderer {
  readonly name = 'remotion-local';
  readonly codecs = LOCAL_CODECS;
  private readonly slots: RenderSlots;
  private readonly browsersPerRender: number;
  private readonly records: RenderProgressFiles;

  constructor(private readonly options: LocalRendererOptions) {
    mkdirSync(options.workDir, { recursive: true });
    this.records = new RenderProgressFiles(options.workDir);
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
        const record = this.records.read(renderId);
        return (
          record !== undefined &&
          (record.state === 'queued' || record.state === 'rendering') &&
          Date.now() - record.updatedAt <= STALE_AFTER_MS
        );
      },
    });
  }

  async start(request: RenderRequest, env?: RenderEnv): Promise<RenderHandle> {
    if (!this.codecs.includes(request.codec))
      throw new Error(`the local renderer does not render codec '${request.codec}'`);
    const renderId = randomUUID();
    const started = new Date();
    // The record first: a ticket whose render has no live record is cleared as abandoned.
    this.records.write(renderId, { state: 'queued', progress: 0 });
    this.slots.enqueue(renderId);
    this.records.write(renderId, {
      state: 'queued',
      progress: 0,
      ahead: Math.max(0, this.slots.ahead(renderId)),
    });
    void this.queueAndRender(renderId, request, env).catch((error: unknown) => {
      const message = firstLineOf(error);
      const transient = isTransientRenderFailure(message);
      if (BROWSER_GONE.test(message)) void discardBrowser(request.gl);
      this.records.write(renderId, { state: 'failed', progress: 0, message, transient });
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
        this.records.write(renderId, {
          state: 'queued',
          progress: 0,
          ahead: Math.max(0, this.slots.ahead(renderId)),
        });
        await sleep(QUEUE_POLL_MS);
      }
      this.records.write(renderId, { state: 'rendering', progress: 0 });
      await this.render(renderId, request, env);
    } finally {
      this.slots.release(renderId);
    }
  }

  private async render(renderId: string, request: RenderRequest, env: RenderEnv | undefined): Promise<void> {
    let progress = 0;
    let written = 0;
    // Keeps the record fresh while the page loads, a long frame renders or the encoder finishes.
    const heartbeat = setInterval(
      () => this.records.write(renderId, { state: 'rendering', progress }),
      HEARTBEAT_MS,
    );
    try {
      await this.renderWith(renderId, request, env, (p) => {
        progress = p;
        // A few writes a second at most: the checks poll every second.
        if (Date.now() - written > 250) {
          written = Date.now();
          this.records.write(renderId, { state: 'rendering', progress });
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
      this.records.write(renderId, { state: 'done', progress: 1, sizeBytes: size });
    } finally {
      for (const f of new Set([file, ...partFiles])) rmSync(f, { force: true });
    }
  }

  async status(handle: RenderHandle): Promise<RenderStatus> {
    const file = this.records.read(handle.render_id);
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
    const chromium = chromiumFor(undefined);
    return lookUpComposition(
      serveUrl,
      id,
      async () =>
        getCompositions(serveUrl, {
          ...(await remotionServerOptions()),
          inputProps,
          puppeteerInstance: await sharedBrowser(chromium),
          timeoutInMilliseconds: PAGE_TIMEOUT_MS,
          ...chromium,
          logLevel: 'error',
        }),
      // A browser that is gone is dropped, as after a render (BROWSER_GONE), and the second lookup opens a
      // new one; a slow one (a timeout) is kept: other renders are using it.
      async (failure) => {
        if (BROWSER_GONE.test(firstLineOf(failure))) await discardBrowser(undefined);
      },
    );
  }
}
