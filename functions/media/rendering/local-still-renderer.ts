// Local still renderer: Remotion's renderStill with Debian's Chromium. WebGL compositions (the aerial
// scene) need SwiftShader through ANGLE ('swangle'); plain 'angle' gives no WebGL context (tried).
import type { HeadlessBrowser } from '@remotion/renderer';
import type { StillRenderer, StillRenderRequest } from './jpeg-still-renderer.ts';
import { CHROMIUM } from './local-renderer.ts';

export const WEBGL_CHROMIUM = { ...CHROMIUM, chromiumOptions: { gl: 'swangle' as const } };

export class LocalStillRenderer implements StillRenderer {
  readonly name = 'remotion-local-still';
  private browser: Promise<HeadlessBrowser> | undefined;

  /** @param serveUrl the bundled site (ensureSiteBundle()). */
  constructor(private readonly serveUrl: string) {}

  async renderStill(request: StillRenderRequest): Promise<Buffer> {
    const { openBrowser, renderStill, selectComposition } = await import('@remotion/renderer');
    this.browser ??= openBrowser('chrome', { ...WEBGL_CHROMIUM, logLevel: 'error' });
    const common = {
      serveUrl: this.serveUrl,
      inputProps: request.inputProps,
      puppeteerInstance: await this.browser,
      ...WEBGL_CHROMIUM,
      logLevel: 'error' as const,
    };
    const composition = await selectComposition({ ...common, id: request.composition });
    const { buffer } = await renderStill({
      ...common,
      composition,
      frame: request.frame ?? 0,
      imageFormat: 'jpeg',
      jpegQuality: request.jpegQuality,
      scale: request.scale ?? 1,
    });
    if (!buffer) throw new Error(`renderStill of ${request.composition} returned no image`);
    return buffer;
  }

  async close(): Promise<void> {
    const browser = await this.browser;
    this.browser = undefined;
    await browser?.close({ silent: true });
  }
}
