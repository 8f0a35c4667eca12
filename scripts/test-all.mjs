// `npm test`: the static checks (Biome, the TypeScript compiler on the project and on the dashboard) and
// vitest's every project, side by side. The checks are single-threaded and take about a minute; vitest
// leaves part of the machine idle while its integration files wait for the stack, and the checks, at the
// lowest priority, take that idle time instead of a minute of their own before vitest. The checks' output is held and
// printed after vitest's, so neither interleaves with the other; the run fails if either fails.
// The Remotion site is bundled first (tests and the stack would otherwise each wait for it).
// Everything the run writes to the temporary directory (the local stacks' data, CDK's cloud assemblies,
// Chromium's profiles: up to 0.8 GB at once) goes into one directory of its own, removed when the run
// ends, whether it passed or not; the shared stack's log is kept beside it (docs/readme/hardening.md).
// Runs under ensure-deps.mjs (node_modules/.bin first on PATH); plain JS on purpose.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const bundle = spawnSync('node', ['--import', 'tsx', 'scripts/bundle-remotion-site.ts'], {
  stdio: 'inherit',
});
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

// Plain text: their output is shown after vitest's, not on a terminal.
// At the lowest CPU priority: they fill what vitest leaves idle instead of slowing its renders (on a
// machine vitest keeps busy they finish after it, no later than when run first).
const CHECKS = [
  'nice -n 19 biome ci --colors=off .',
  'nice -n 19 tsc -p . --pretty false',
  'nice -n 19 tsc -p dashboard --pretty false',
];

/** Runs the checks one after the other, output held; resolves with what they said and whether all passed. */
function staticChecks() {
  return new Promise((resolve) => {
    const said = [];
    const next = (i) => {
      if (i === CHECKS.length) return resolve({ ok: true, said });
      const t = Date.now();
      const child = spawn(CHECKS[i], { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code) => {
        said.push(
          `$ ${CHECKS[i]}  (${((Date.now() - t) / 1000).toFixed(1)} s, exit ${code})\n${Buffer.concat(out).toString()}`,
        );
        if (code === 0) next(i + 1);
        else resolve({ ok: false, said });
      });
    };
    next(0);
  });
}

// Short: the local Remotion functions' Chromium sockets live below it (local/lambda-endpoint.ts).
const outerTmp = tmpdir();
const scratch = mkdtempSync(path.join(outerTmp, 'pms-test-'));
// A full disk fails tests far from its cause (a synthesis, a render, a browser's start): say it first.
// A full run holds up to about 0.8 GB there at once (2026-11-30); twice that leaves room to grow.
const NEEDED_GB = 2;
const freeGb = (() => {
  const { bavail, bsize } = statfsSync(outerTmp);
  return (bavail * bsize) / 1e9;
})();
if (freeGb < NEEDED_GB) {
  console.warn(
    `npm test: only ${freeGb.toFixed(1)} GB free in ${outerTmp}; a full run holds up to about 1 GB there at once (the local stacks' media, CDK's assemblies, Chromium's profiles), and tests fail with ENOSPC when it runs out. Free some space, or point TMPDIR at a larger disk.`,
  );
}

/** Bytes under `dir`, for the line that says what the run wrote. */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      total += statSync(path.join(entry.parentPath, entry.name)).size;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const checks = staticChecks();
// In a process group of its own, with what it starts (the shared local stack, browsers): a signal reaches
// all of them, not vitest alone, which exits on one without stopping the stack its global setup started.
// A watchdog in the group stops it if this process is killed outright (SIGKILL), which nothing passes on.
const vitest = spawn(
  'sh',
  [
    '-c',
    `(while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -TERM 0) & exec vitest run "$@"`,
    'sh',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, TMPDIR: scratch }, detached: true },
);
const toGroup = (signal) => {
  try {
    process.kill(-vitest.pid, signal);
    return true;
  } catch {
    return false; // no process left in the group
  }
};
for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) process.on(signal, () => toGroup(signal));
const vitestCode = await new Promise((resolve) =>
  vitest.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))),
);
// Nothing of the run outlives it or writes into its files once they are removed: what is left of the group
// (after a signal, a stack still shutting down) is asked to stop, then killed after 30 s.
if (toGroup('SIGTERM')) {
  const until = Date.now() + 30_000;
  while (toGroup(0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
  toGroup('SIGKILL');
}
const { ok, said } = await checks;
const sharedStackLog = path.join(scratch, 'pms-shared-stack.log');
if (existsSync(sharedStackLog)) renameSync(sharedStackLog, path.join(outerTmp, 'pms-shared-stack.log'));
const written = sizeOf(scratch);
rmSync(scratch, { recursive: true, force: true });
console.log(`\nStatic checks (${CHECKS.join(', ')}), run beside vitest:`);
for (const text of said) console.log(text.trimEnd());
console.log(
  `\nnpm test: static checks ${ok ? 'passed' : 'FAILED'}, vitest ${vitestCode === 0 ? 'passed' : `FAILED (exit ${vitestCode})`}; ${seconds()} in all; its temporary files (${(written / 1e9).toFixed(2)} GB at the end) removed.`,
);
process.exit(ok && vitestCode === 0 ? 0 : 1);
