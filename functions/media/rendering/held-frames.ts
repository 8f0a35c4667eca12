// Local H.264 renders of our compositions whose frames repeat (the reveal's holds): each distinct picture
// is captured once and handed to the encoder as many times as it lasts.
import type { HeadlessBrowser } from '@remotion/renderer';
import type { FrameRun } from '../remotion/compositions.ts';
import type { CHROMIUM } from './local-chromium.ts';
import type { frameEncoding } from './renderer.ts';
import { PART_X264_PARAMS } from './split-render.ts';

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
export async function renderHeldFrames(render: HeldFramesRender): Promise<void> {
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
