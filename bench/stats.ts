// Timing helpers for the benchmarks: run N operations at a concurrency, report rate and percentiles; the
// machine facts printed beside render figures, and the still-encode baseline they are measured against.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';

export interface RunStats {
  readonly label: string;
  readonly count: number;
  readonly concurrency: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measure(
  label: string,
  count: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label,
    count,
    concurrency,
    perSecond: count / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function printTable(rows: readonly RunStats[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `${pad('operation', 44)}${pad('conc', 6)}${pad('n', 6)}${pad('req/s', 10)}${pad('p50 ms', 10)}p99 ms`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.label, 44)}${pad(String(r.concurrency), 6)}${pad(String(r.count), 6)}${pad(r.perSecond.toFixed(0), 10)}${pad(r.p50.toFixed(2), 10)}${r.p99.toFixed(2)}`,
    );
  }
}

/** The median (of an even count, the mean of the middle two). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The 1/5/15-minute load averages, as printed beside every figure. */
export function loadText(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join('/');
}

/** "PASS" or "MISS" against a goal, with the goal. */
export function verdict(ok: boolean, goal: string): string {
  return `${ok ? 'PASS' : 'MISS'} (goal ${goal})`;
}

/** What a render figure depends on beyond our code: the CPU, Chromium, the GL backends it runs on. */
interface RenderMachine {
  readonly cpu: string;
  /** The vector extensions x264, libjpeg-turbo and llvmpipe pick their code paths by. */
  readonly cpuFeatures: string;
  readonly cores: number;
  readonly chromium: string;
  /** Backend → the renderer string Chromium reports there (null: no WebGL context). */
  readonly gl: Readonly<Record<string, string | null>>;
  /** Backend → the flags the stack adds to Remotion's (EXTRA_FLAGS), e.g. software compositing. */
  readonly extraFlags: Readonly<Record<string, readonly string[]>>;
}

export async function renderMachine(): Promise<RenderMachine> {
  const { CHROMIUM, EXTRA_FLAGS, GL_FLAGS } = await import('../functions/media/rendering/local-chromium.ts');
  const { localWebGl, probeWebGl } = await import('../functions/media/rendering/local-webgl.ts');
  const info = readFileSync('/proc/cpuinfo', 'utf8');
  const flags = new Set((/^flags\s*:\s*(.*)$/m.exec(info)?.[1] ?? '').split(' '));
  const chromium = (() => {
    try {
      return execFileSync(CHROMIUM.browserExecutable, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      return `unknown (${CHROMIUM.browserExecutable})`;
    }
  })();
  const webgl = await localWebGl();
  const backends = [...new Set(['angle', webgl] as const)];
  const probed = await Promise.all(
    backends.map((gl) => probeWebGl(CHROMIUM.browserExecutable, GL_FLAGS[gl])),
  );
  return {
    cpu: /^model name\s*:\s*(.*)$/m.exec(info)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown',
    cpuFeatures: ['avx2', 'avx512f', 'avx512bw', 'sha_ni'].filter((f) => flags.has(f)).join(' ') || 'no AVX2',
    cores: availableParallelism(),
    chromium,
    gl: Object.fromEntries(backends.map((gl, i) => [gl, probed[i] ?? null])),
    extraFlags: EXTRA_FLAGS,
  };
}

/** One line for a render figure: the machine, Chromium, the GL backend the figure ran on, the load now. */
export function renderContext(machine: RenderMachine, gl: string): string {
  const probed = machine.gl[gl];
  // Without a GPU or display, plain 'angle' finds no GL: Chromium then composites in software.
  const renderer = !(gl in machine.gl)
    ? 'not probed'
    : probed
      ? (/\((?:[^,]*, )?([^(,]+)/.exec(probed)?.[1]?.trim() ?? probed)
      : 'no GL context (software compositing)';
  const extra = machine.extraFlags[gl]?.length ? ` (${machine.extraFlags[gl].join(' ')})` : '';
  return `[${machine.cpu}, ${machine.cores} cores (${machine.cpuFeatures}); ${machine.chromium.replace(/ built on.*/, '')}; GL ${gl} = ${renderer}${extra}; load ${loadText()}]`;
}

/**
 * The still-encode baseline: frames/s of Remotion's own ffmpeg (x264 at its default preset, crf 18)
 * encoding `frames` copies of one JPEG, the median of `runs`. Render figures are given as ratios to it,
 * measured in the same run, so a slower machine is no excuse and a faster one no credit.
 */
export async function stillEncodeBaseline(
  still: Buffer,
  frames: number,
  fps: number,
  runs = 3,
): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'encode-baseline-'));
  const binaries = path.dirname(
    createRequire(import.meta.url).resolve(
      `@remotion/compositor-${process.platform}-${process.arch}-gnu/package.json`,
    ),
  );
  try {
    const input = path.join(dir, 'still.jpg');
    writeFileSync(input, still);
    const rates: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      execFileSync(
        path.join(binaries, 'ffmpeg'),
        [
          ...['-v', 'error', '-y', '-loop', '1', '-framerate', String(fps), '-i', input],
          ...['-frames:v', String(frames), '-c:v', 'libx264', '-crf', '18', '-pix_fmt', 'yuv420p'],
          path.join(dir, 'still.mp4'),
        ],
        { env: { ...process.env, LD_LIBRARY_PATH: binaries } },
      );
      rates.push(frames / ((performance.now() - started) / 1000));
    }
    return median(rates);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Render rates beside the still-encode baseline, each render paired with a baseline measured just before it. */
export interface PairedRates {
  readonly rates: readonly number[];
  readonly baselines: readonly number[];
  /** rates[i] / baselines[i]. */
  readonly ratios: readonly number[];
  /** The load average (1 min) at each pair. */
  readonly loads: readonly number[];
}

/**
 * Runs `runs` pairs of (baseline, render): on a shared machine the load swings within a minute, and a
 * baseline measured right beside each render is hit by the same load. Report the median ratio.
 */
export async function pairedWithBaseline(
  runs: number,
  baseline: () => Promise<number>,
  render: () => Promise<number>,
): Promise<PairedRates> {
  const rates: number[] = [];
  const baselines: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    baselines.push(await baseline());
    loads.push(loadavg()[0]!);
    rates.push(await render());
  }
  return { rates, baselines, loads, ratios: rates.map((r, i) => r / baselines[i]!) };
}

/** "x.xx (a, b, c)": the median and every value. */
export function medianOf(xs: readonly number[], digits = 1): string {
  return `${median(xs).toFixed(digits)} (${xs.map((x) => x.toFixed(digits)).join(', ')})`;
}
