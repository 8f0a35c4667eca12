// Port: renders one frame of a Remotion composition to a PNG, synchronously (a still takes seconds,
// so no start/poll loop as for videos). The local adapter runs @remotion/renderer's renderStill with
// Debian's Chromium; a cloud adapter would call renderStillOnLambda with the same request.
import type { HeadlessBrowser } from '@remotion/renderer';
import { CHROMIUM } from './local-renderer.ts';

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
}

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
