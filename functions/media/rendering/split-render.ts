// A local render of our own compositions split across LOCAL_RENDER_BROWSERS browsers: contiguous frame
// ranges (splitFrames) or groups of held-frame runs (splitRuns), each encoded as an H.264 part of its own
// and joined without re-encoding (joinParts).
import { rmSync, writeFileSync } from 'node:fs';
import type { FrameRun } from '../remotion/compositions.ts';
import type { ChromiumGl } from './local-chromium.ts';
import type { RenderRequest } from './renderer.ts';

/**
 * x264 settings for each part of a split render. One thread: the parts already encode in parallel, one
 * per browser, and the capture sets the pace, so a frame-threaded encoder only adds its own overhead.
 * Diamond motion search: on the drone footage less of the encoder's CPU than `veryfast`'s hexagon, for a
 * negligible loss of PSNR and size.
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
 * (`gl`: the backend the render runs on). One SwiftShader WebGL page already keeps the cores busy (a
 * split measured no faster), while an llvmpipe page ('angle-egl') leaves a core partly idle during the
 * capture, and two browsers rendered the footage faster (bench/drone-bench.ts).
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

/**
 * The parts of a split render joined into one MP4 without re-encoding (ffmpeg's concat demuxer, Remotion's
 * own ffmpeg): every part is H.264 from the same encoder settings and starts on a key frame.
 */
export async function joinParts(parts: readonly string[], output: string): Promise<void> {
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
