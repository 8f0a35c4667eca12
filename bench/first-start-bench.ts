// First-start benchmark: what a new user waits for on a fresh clone. Clones this repository's HEAD into a
// temporary directory (no node_modules, no build caches), then runs `npm start` there as a new user would:
// with the machine's own Node first on PATH (node_modules/.bin taken off it), so scripts/ensure-deps.mjs
// installs the npm packages (Node 22 among them) before the stack starts. Times it until GET
// /v1/openapi.json answers, with the install and the stack's own start-up phases.
// Run: npm run bench -- first-start   (goal: ready in ≤ 120 s on 2 cores)
// What it cannot take away: npm's download cache (~/.npm; a machine that never ran npm ci downloads the
// packages too) and Debian's Chromium when it is installed (ensure-deps then skips apt-get, which took
// about 24 s on a fresh 2-core machine); both are printed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';
import { machineLine } from './machine.ts';
import { answers, stopGroup } from './npm-start.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOAL_MS = 120_000;
const LIMIT_MS = 900_000;

console.log(machineLine());
const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
console.log(
  `fresh clone of ${commit} (committed files only); npm download cache ${existsSync(path.join(homedir(), '.npm', '_cacache')) ? 'present' : 'empty'}; ` +
    `Chromium ${existsSync(chromium) ? `present at ${chromium} (no apt-get in this figure)` : 'missing (apt-get included)'}`,
);
const work = mkdtempSync(path.join(tmpdir(), 'pms-first-start-'));
const checkout = path.join(work, 'checkout');
execFileSync('git', ['clone', '--quiet', ROOT, checkout]);
// The machine's Node, as CI's first run has it: no node_modules/.bin of this checkout or of whoever ran us.
const PATH = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
  .join(path.delimiter);
const { NODE_COMPILE_CACHE: _cache, ...inherited } = process.env;

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const marks: string[] = [];
const child = spawn('npm', ['start'], {
  cwd: checkout,
  detached: true,
  env: {
    ...inherited,
    PATH,
    PORT: '0',
    DATA_DIR: path.join(work, 'data'),
    LOCAL_STACK_QUIET: 'true',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const take = (chunk: Buffer) => {
  const text = chunk.toString();
  output += text;
  for (const line of text.split('\n'))
    if (/^\[setup |Remotion site bundled/.test(line))
      marks.push(`  ${seconds().padStart(6)} s  ${line.trim()}`);
};
child.stdout!.on('data', take);
child.stderr!.on('data', take);
let readyMs: number | undefined;
try {
  for (;;) {
    const url = /LOCAL_STACK_READY (\S+)/.exec(output)?.[1];
    if (url && (await answers(url))) {
      readyMs = performance.now() - started;
      break;
    }
    if (child.exitCode !== null)
      throw new Error(`npm start exited ${child.exitCode}:\n${output.slice(-4000)}`);
    if (performance.now() - started > LIMIT_MS)
      throw new Error(`npm start did not answer in ${LIMIT_MS / 1000} s:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log('what happened, in seconds from `npm start`:');
  for (const mark of marks) console.log(mark);
  console.log(`  ${(readyMs / 1000).toFixed(1).padStart(6)} s  GET /v1/openapi.json answered`);
  console.log(`stack start-up phases: ${/start-up\s*:\s*(.*)/.exec(output)?.[1] ?? '(not printed)'}`);
  console.log(
    `first start on a fresh clone: ${(readyMs / 1000).toFixed(1)} s   goal ≤ ${GOAL_MS / 1000} s   ${readyMs <= GOAL_MS ? 'PASS' : 'MISS'}`,
  );
} finally {
  await stopGroup(child);
  rmSync(work, { recursive: true, force: true });
}
console.log(machineLine());
