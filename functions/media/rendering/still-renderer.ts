// Port: renders one frame of a Remotion composition to a PNG, synchronously (a still takes seconds,
// so no start/poll loop as for videos). The local adapter runs @remotion/renderer's renderStill with
// Debian's Chromium in the calling process, taking one of the machine's render slots (the queue local
// videos wait in); the cloud adapter (remotion-lambda-still-renderer.ts) calls renderStillOnLambda.
import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HeadlessBrowser } from '@remotion/renderer';
import { CHROMIUM } from './local-renderer.ts';
import type { RenderSlots } from './render-slots.ts';

export interface StillRequest {
  readonly composition: string;
  readonly inputProps: Record<string, unknown>;
  /** Output size as a share of the composition's size (1 = full size). */
  readonly scale?: number;
  readonly frame?: number;
}

export interface StillRenderer {
  readonly name: string;
  /** The frame as PNG bytes. */
  renderStill(request: StillRequest): Promise<Buffer>;
}

export interface LocalStillRendererOptions {
  /** The bundled site: a directory (or URL) with index.html. */
  readonly serveUrl: string;
  /** Give up on a still after this long; default 60 s. */
  readonly timeoutMs?: number;
  /**
   * The machine's render queue, shared with local video renders (LocalRenderer), and its directory:
   * a still waits for a slot there, so stills and videos together never run more Chromium renders
   * than the machine has slots for. Unset: no queue (scripts, benchmarks).
   */
  readonly queue?: { readonly slots: RenderSlots; readonly dir: string };
}

const QUEUE_POLL_MS = 250;
/** LocalRenderer's heartbeat: a queued or running render's record is at most this old. */
const HEARTBEAT_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LocalStillRenderer implements StillRenderer {
  readonly name = 'remotion-local';
  private browser: Promise<HeadlessBrowser> | undefined;

  constructor(private readonly options: LocalStillRendererOptions) {}

  private async openBrowser(): Promise<HeadlessBrowser> {
    const { openBrowser } = await import('@remotion/renderer');
    this.browser ??= openBrowser('chrome', { ...CHROMIUM, logLevel: 'error' });
    try {
      return await this.browser;
    } catch (error) {
      this.browser = undefined;
      throw error;
    }
  }

  async renderStill(request: StillRequest): Promise<Buffer> {
    const queue = this.options.queue;
    if (!queue) return this.render(request);
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
      return await this.render(request);
    } finally {
      clearInterval(heartbeat);
      queue.slots.release(id);
      rmSync(record, { force: true });
    }
  }

  private async render(request: StillRequest): Promise<Buffer> {
    const { renderStill, selectComposition } = await import('@remotion/renderer');
    const puppeteerInstance = await this.openBrowser();
    const common = {
      serveUrl: this.options.serveUrl,
      inputProps: request.inputProps,
      puppeteerInstance,
      ...CHROMIUM,
      logLevel: 'error' as const,
      timeoutInMilliseconds: this.options.timeoutMs ?? 60_000,
    };
    const composition = await selectComposition({ ...common, id: request.composition });
    const { buffer } = await renderStill({
      ...common,
      composition,
      frame: request.frame ?? 0,
      imageFormat: 'png',
      scale: request.scale ?? 1,
    });
    if (!buffer) throw new Error(`renderStill of ${request.composition} returned no image`);
    return buffer;
  }

  /** Closes the browser this renderer opened (scripts and benchmarks; the local stack keeps it). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser).close({ silent: true });
  }
}
