// Local adapter of the Renderer port: @remotion/renderer with Debian's Chromium, in the process that
// runs the step (a worker thread of the local stack). start() launches the render in the background and
// returns at once, like Remotion Lambda; progress lives in a small JSON file per render under the local
// render directory, so whichever worker runs the next check can read it. The finished MP4 is uploaded
// to the media bucket. One browser per process is reused across renders (a cold Chromium costs ~1 s).
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { HeadlessBrowser } from '@remotion/renderer';
import type { S3MediaStore } from '../../core/media/media-store.ts';
import {
  DEFAULT_CRF,
  firstLineOf,
  type Renderer,
  type RenderHandle,
  type RenderRequest,
  type RenderStatus,
} from './renderer.ts';

/**
 * Debian's Chromium, never a downloaded one (FINDINGS.md). GL 'angle' falls back to SwiftShader without
 * a GPU and renders the 2D compositions ~3.5x faster than 'swangle', which only WebGL scenes need.
 */
export const CHROMIUM = {
  browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeMode: 'chrome-for-testing' as const,
  chromiumOptions: { gl: 'angle' as const },
};

/** A render whose progress file has not moved for this long has died with its process. */
const STALE_AFTER_MS = 120_000;

interface ProgressFile {
  readonly state: RenderStatus['state'];
  readonly progress: number;
  readonly message?: string;
  readonly sizeBytes?: number;
  readonly updatedAt: number;
}

export interface LocalRendererOptions {
  /** The bundled site: a directory (or URL) with index.html. */
  readonly serveUrl: string;
  /** Where progress files and outputs in the making are kept. */
  readonly workDir: string;
  readonly media: Pick<S3MediaStore, 'put'>;
  /** Frames rendered in parallel (Chromium tabs); default half the cores, at least 1. */
  readonly concurrency?: number;
}

let browser: Promise<HeadlessBrowser> | undefined;

async function sharedBrowser(): Promise<HeadlessBrowser> {
  const { openBrowser } = await import('@remotion/renderer');
  browser ??= openBrowser('chrome', { ...CHROMIUM, logLevel: 'error' });
  try {
    return await browser;
  } catch (error) {
    browser = undefined;
    throw error;
  }
}

export class LocalRenderer implements Renderer {
  readonly name = 'remotion-local';

  constructor(private readonly options: LocalRendererOptions) {
    mkdirSync(options.workDir, { recursive: true });
  }

  private progressFile(renderId: string) {
    return path.join(this.options.workDir, `${renderId}.json`);
  }

  private write(renderId: string, progress: Omit<ProgressFile, 'updatedAt'>) {
    writeFileSync(this.progressFile(renderId), JSON.stringify({ ...progress, updatedAt: Date.now() }));
  }

  async start(request: RenderRequest): Promise<RenderHandle> {
    const renderId = randomUUID();
    const started = new Date();
    this.write(renderId, { state: 'rendering', progress: 0 });
    void this.render(renderId, request).catch((error: unknown) => {
      this.write(renderId, { state: 'failed', progress: 0, message: firstLineOf(error) });
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

  private async render(renderId: string, request: RenderRequest): Promise<void> {
    const { renderMedia, selectComposition } = await import('@remotion/renderer');
    const puppeteerInstance = await sharedBrowser();
    const common = {
      serveUrl: this.options.serveUrl,
      inputProps: request.inputProps,
      puppeteerInstance,
      ...CHROMIUM,
      logLevel: 'error' as const,
    };
    const composition = await selectComposition({ ...common, id: request.composition });
    const output = path.join(this.options.workDir, `${renderId}.mp4`);
    let written = 0;
    try {
      await renderMedia({
        ...common,
        composition,
        codec: request.codec,
        crf: request.crf ?? DEFAULT_CRF,
        imageFormat: 'jpeg',
        jpegQuality: 90,
        scale: request.scale,
        outputLocation: output,
        overwrite: true,
        concurrency: this.options.concurrency ?? null,
        onProgress: ({ progress }) => {
          // A few writes a second at most: the checks poll every second.
          if (Date.now() - written > 250) {
            written = Date.now();
            this.write(renderId, { state: 'rendering', progress });
          }
        },
      });
      const { size } = await stat(output);
      await this.options.media.put(request.outputKey, await readFile(output), 'video/mp4');
      this.write(renderId, { state: 'done', progress: 1, sizeBytes: size });
    } finally {
      rmSync(output, { force: true });
    }
  }

  async status(handle: RenderHandle): Promise<RenderStatus> {
    let file: ProgressFile;
    try {
      file = JSON.parse(readFileSync(this.progressFile(handle.render_id), 'utf8')) as ProgressFile;
    } catch {
      return { state: 'failed', message: `render ${handle.render_id} is unknown to this machine` };
    }
    if (file.state === 'done') return { state: 'done', sizeBytes: file.sizeBytes ?? 0 };
    if (file.state === 'failed') return { state: 'failed', message: file.message ?? 'the render failed' };
    if (Date.now() - file.updatedAt > STALE_AFTER_MS) {
      return { state: 'failed', message: 'the render stopped reporting progress (its process ended)' };
    }
    return { state: 'rendering', progress: file.progress };
  }
}
