// npm run smoke -- --base-url URL --key KEY [--webhook-listen PORT --webhook-secret S] …
// A short end-to-end check of a deployed stage (or the local stack): prints a table of checks and exits 1
// when one failed. `--help` lists the options; docs/readme/runbook.md says how to read the table.

import { HELP, parseOptions } from './smoke/options.ts';
import { runProvidersSmoke } from './smoke/providers.ts';
import { formatTable } from './smoke/report.ts';
import { runSmoke } from './smoke/run-smoke.ts';

// --providers: each configured provider source called once, live (scripts/smoke/providers.ts).
if (process.argv.includes('--providers'))
  process.exit(await runProvidersSmoke(process.argv.slice(2), process.env));

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(HELP);
  process.exit(0);
}

const started = Date.now();
console.error(`smoke test of ${options.baseUrl} …`);
const { results, pacer } = await runSmoke(options, (r) =>
  console.error(
    `  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${r.outcome.padEnd(4)} ${r.check}`,
  ),
);
const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
const paced =
  pacer.rateLimited > 0 || pacer.waitedMs > 0
    ? `; paced to the key's ${pacer.limit}/min (${pacer.rateLimited} × 429, ${(pacer.waitedMs / 1000).toFixed(0)} s waited)`
    : '';
console.log(`\n${formatTable(results)}\n`);
console.log(
  `${count('pass')} passed, ${count('FAIL')} failed, ${count('skip')} skipped in ${((Date.now() - started) / 1000).toFixed(0)} s${paced}`,
);
// Loopback servers and keep-alive sockets would hold the process open.
process.exit(count('FAIL') > 0 ? 1 : 0);
