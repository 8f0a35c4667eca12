// `npm test`'s vitest step: two vitest runs side by side. The integration files (the local stack over
// HTTP) mostly wait for stacks whose renders run in other processes, so they run two at a time in one
// run while the CPU-bound unit, component and infrastructure files run one at a time in another: three
// files at once on two cores, and never more than two of them loading the shared stack (three at once
// overloaded it: steps timed out). The integration run prints as it goes; the other run's output is kept
// and printed after it. Exits non-zero when either run failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const extra = process.argv.slice(2);
const vitest = (projects, workers, stdio) =>
  new Promise((resolve) => {
    const args = ['run', ...projects.flatMap((p) => ['--project', p]), ...extra];
    const child = spawn('vitest', args, { stdio, env: { ...process.env, VITEST_WORKERS: String(workers) } });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    child.on('error', () => resolve(1));
  });

const dir = mkdtempSync(path.join(tmpdir(), 'pms-tests-'));
const logFile = path.join(dir, 'other-projects.log');
const log = openSync(logFile, 'w');
const started = Date.now();
const [integration, others] = await Promise.all([
  vitest(['integration'], 2, 'inherit'),
  vitest(['unit', 'component', 'infra'], 1, ['ignore', log, log]),
]);
console.log('\n── unit, component and infrastructure tests (run beside the integration tests) ──\n');
process.stdout.write(readFileSync(logFile));
rmSync(dir, { recursive: true, force: true });
console.log(
  `\nnpm test: integration ${integration === 0 ? 'passed' : 'FAILED'}, unit/component/infra ${others === 0 ? 'passed' : 'FAILED'}; vitest ${Math.round((Date.now() - started) / 1000)} s in all`,
);
process.exit(integration === 0 && others === 0 ? 0 : 1);
