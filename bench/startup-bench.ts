// Start-up benchmark: wall time from running `npm start` until the API answers GET /v1/openapi.json,
// for a first start (which may synthesize the templates) and for later starts with nothing changed
// (same data directory, same sources), with the phases the stack reports for its last start.
// Run: npm run bench -- startup   (goal: a later start answers in < 2 s)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { machineLine } from './machine.ts';
import { answers, stopGroup } from './npm-start.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LATER_STARTS = Number(process.env.BENCH_STARTS ?? 5);

interface Start {
  readonly ms: number;
  readonly phases: string;
}

async function timeOneStart(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOCAL_STACK_QUIET: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    const url = /LOCAL_STACK_READY (\S+)/.exec(output)?.[1];
    if (url && (await answers(url))) break;
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if (performance.now() - started > 300_000)
      throw new Error(`npm start did not answer in 300 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  await stopGroup(child);
  return { ms, phases: /start-up\s*:\s*(.*)/.exec(output)?.[1] ?? '' };
}

console.log(machineLine());
const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-startup-'));
try {
  const first = await timeOneStart(dataDir);
  console.log(`first start on a new data directory: ${(first.ms / 1000).toFixed(2)} s\n  ${first.phases}`);
  const later: Start[] = [];
  for (let i = 0; i < LATER_STARTS; i += 1) later.push(await timeOneStart(dataDir));
  const sorted = later.map((s) => s.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `later starts, nothing changed (${LATER_STARTS}): ${sorted.map((ms) => (ms / 1000).toFixed(2)).join(' ')} s`,
  );
  console.log(`  last: ${later.at(-1)!.phases}`);
  console.log(`median ${(median / 1000).toFixed(2)} s   goal < 2 s   ${median < 2000 ? 'PASS' : 'MISS'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(machineLine());
