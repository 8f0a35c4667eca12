// ffprobe and ffmpeg from Remotion's compositor package (they ship inside the npm package), for tests
// that check what a rendered video really is: codec, size, frame rate, duration, and its frames.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const binaries = path.dirname(
  createRequire(import.meta.url).resolve(
    `@remotion/compositor-${process.platform}-${process.arch}-gnu/package.json`,
  ),
);

function run(tool: 'ffprobe' | 'ffmpeg', args: string[]): Buffer {
  return execFileSync(path.join(binaries, tool), args, {
    env: { ...process.env, LD_LIBRARY_PATH: binaries },
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface VideoFacts {
  readonly codec: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly durationSeconds: number;
  readonly frames: number;
  readonly pixelFormat: string;
  readonly container: string;
}

export function probeVideo(video: Buffer): VideoFacts {
  const dir = mkdtempSync(path.join(tmpdir(), 'probe-'));
  try {
    const file = path.join(dir, 'video');
    writeFileSync(file, video);
    const out = JSON.parse(
      run('ffprobe', [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height,r_frame_rate,nb_read_frames,pix_fmt:format=duration,format_name',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      streams: Array<{
        codec_name: string;
        width: number;
        height: number;
        r_frame_rate: string;
        nb_read_frames: string;
        pix_fmt: string;
      }>;
      format: { duration: string; format_name: string };
    };
    const stream = out.streams[0]!;
    const [num, den] = stream.r_frame_rate.split('/').map(Number) as [number, number];
    return {
      codec: stream.codec_name,
      width: stream.width,
      height: stream.height,
      fps: num / den,
      durationSeconds: Number(out.format.duration),
      frames: Number(stream.nb_read_frames),
      pixelFormat: stream.pix_fmt,
      container: out.format.format_name,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One frame of a video as PNG, `seconds` from its start (negative: from its end). */
export function videoFrame(video: Buffer, seconds: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'frame-'));
  try {
    const file = path.join(dir, 'video');
    const png = path.join(dir, 'frame.png');
    writeFileSync(file, video);
    run('ffmpeg', [
      '-v',
      'error',
      seconds < 0 ? '-sseof' : '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-y',
      png,
    ]);
    return readFileSync(png);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
