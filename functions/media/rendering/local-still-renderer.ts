// Local adapter of the StillRenderer port: @remotion/renderer's renderStill with Debian's Chromium in the
// calling process, taking one of the machine's render slots (the queue local videos wait in), so stills
// and videos together never run more Chromium renders than the machine has slots for. One browser per
// OpenGL backend is kept (the backend is a launch flag): 'angle' for 2D slides, the machine's software
// WebGL (localWebGl: Mesa's llvmpipe or SwiftShader) for WebGL scenes.
import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HeadlessBrowser } from '@remotion/renderer';
import type { VideoConfig } from 'remotion';
import { PromiseCache } from '../../core/promise-cache.ts';
import { FIXED_METADATA_COMPOSITIONS } from '../remotion/fixed-metadata.ts';
import { bundleUrl } from './bundle-server.ts';
import { type ChromiumGl, chromiumFor } from './local-chromium.ts';
import { chromiumForRequest } from './local-webgl.ts';
import { remotionServerOptions } from './remotion-server.ts';
import type { RenderSlots } from './render-slots.ts';
import type { RenderEnv } from './renderer.ts';
import type { StillRenderer, StillRequest } from './still-renderer.ts';

export interface LocalStillRendererOptions {
  /** The bundled site: a directory (or URL) with index.html. */
  readonly serveUrl: string;
  /** Give up on a still's page after this long unless the request says; default 60 s. */
  readonly timeoutMs?: number;
  /**
   * The machine's render queue, shared with local video renders (LocalRenderer), and its directory:
   * a still waits for a slot there. Unset: no queue (scripts, benchmarks).
   */
  readonly queue?: { readonly slots: RenderSlots; readonly dir: string };
}

const QUEUE_POLL_MS = 250;
/** LocalRenderer's heartbeat: a queued or running render's record is at most this old. */
const HEARTBEAT_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LocalStillRenderer implements StillRenderer {
  readonly name = 'remotion-local';
  /** One browser per OpenGL backend; a launch that failed is tried again next time. */
  private readonly browsers = new PromiseCache<ChromiumGl, HeadlessBrowser>();
  /** What selectComposition found for compositions whose metadata does not depend on props, by URL and id. */
  private readonly fixed = new PromiseCache<string, VideoConfig>();

  constructor(private readonly options: LocalStillRendererOptions) {}

  private async openBrowser(gl: ChromiumGl): Promise<HeadlessBrowser> {
    const { openBrowser } = await import('@remotion/renderer');
    return this.browsers.get(gl, () => openBrowser('chrome', { ...chromiumFor(gl), logLevel: 'error' }));
  }

  async renderStill(request: StillRequest, env?: RenderEnv): Promise<Buffer> {
    const queue = this.options.queue;
    if (!queue) return this.render(request, env);
    const id = `still-${randomUUID()}`;
    // LocalRenderer takes a ticket or slot without a fresh record (<dir>/<id>.json, the same shape as a
    // video's) for abandoned and clears it: the record is written first and kept fresh while it waits.
    const record = path.join(queue.dir, `${id}.json`);
    const beat = (state: 'queued' | 'rendering') => {
      const aside = `${record}.${randomUUID()}.tmp`;
      writeFileSync(aside, JSON.stringify({ state, progress: 0, updatedAt: Date.now() }));
      renameSync(aside, record);
    };
    let state: 'queued' | 'rendering' = 'queued';
    beat(state);
    const heartbeat = setInterval(() => beat(state), HEARTBEAT_MS);
    try {
      queue.slots.enqueue(id);
      while (!queue.slots.tryAcquire(id)) await sleep(QUEUE_POLL_MS);
      state = 'rendering';
      beat(state);
      return await this.render(request, env);
    } finally {
      clearInterval(heartbeat);
      queue.slots.release(id);
      rmSync(record, { force: true });
    }
  }

  private async render(request: StillRequest, env: RenderEnv | undefined): Promise<Buffer> {
    const { renderStill, selectComposition } = await import('@remotion/renderer');
    const chromium = await chromiumForRequest(request.gl);
    const puppeteerInstance = await this.openBrowser(chromium.chromiumOptions.gl);
    const common = {
      // One origin for every still: the page's scripts come from the browser's caches (bundle-server.ts).
      serveUrl: await bundleUrl(this.options.serveUrl),
      inputProps: request.inputProps,
      puppeteerInstance,
      ...chromium,
      logLevel: 'error' as const,
      timeoutInMilliseconds: request.timeoutMs ?? this.options.timeoutMs ?? 60_000,
      ...(env ? { envVariables: { ...env } } : {}),
    };
    // Each call serves what it needs itself: on loopback, on a port of its own (remotionServerOptions).
    const select = async () =>
      selectComposition({ ...common, ...(await remotionServerOptions()), id: request.composition });
    // A composition whose metadata does not depend on props is looked up once (a page of its own, about
    // 0.3 s a still): later stills reuse it with their own props, resolved as Remotion resolves them.
    const composition = FIXED_METADATA_COMPOSITIONS.has(request.composition)
      ? await this.fixed.get(`${common.serveUrl}#${request.composition}`, select).then((found) => ({
          ...found,
          props: { ...found.defaultProps, ...request.inputProps },
        }))
      : await select();
    const { buffer } = await renderStill({
      ...common,
      ...(await remotionServerOptions()),
      composition,
      frame: request.frame ?? 0,
      ...(request.format === 'jpeg'
        ? { imageFormat: 'jpeg' as const, jpegQuality: request.jpegQuality ?? 80 }
        : { imageFormat: 'png' as const }),
      scale: request.scale ?? 1,
    });
    if (!buffer) throw new Error(`renderStill of ${request.composition} returned no image`);
    return buffer;
  }

  /** Closes the browsers this renderer opened (scripts and benchmarks; the local stack keeps them). */
  async close(): Promise<void> {
    await Promise.all(this.browsers.drain().map(async (b) => (await b).close({ silent: true })));
  }
}
