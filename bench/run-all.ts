// `npm run bench [-- api|frontage|…]`: runs the benchmarks one after another, each in its own process.
// Opt-in benchmarks (load, kit, webhooks, cost, fair and first-start: minutes each) run only when named; other arguments (`--kill`, `--jobs N`, …)
// are passed to every chosen benchmark.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const all = [
  'api',
  'startup',
  'frontage',
  'markup',
  'imagery',
  'renditions',
  'brochure',
  'render-load',
  'drone',
  'geocoder',
  'webhook-isolation',
];
const optIn = ['load', 'kit', 'webhooks', 'cost', 'fair', 'first-start'];
const names = new Set([...all, ...optIn]);
const args = process.argv.slice(2);
// A bare word is a benchmark's name, or the value of the flag before it (`--save DIR`); any other is a
// name mistyped, which would otherwise run every default benchmark.
const unknown = args.filter(
  (a, i) => !names.has(a) && !a.startsWith('-') && !(i > 0 && args[i - 1]!.startsWith('--')),
);
if (unknown.length > 0) {
  console.error(
    `npm run bench: no benchmark named ${unknown.map((a) => `'${a}'`).join(', ')}. The benchmarks: ${all.join(', ')}; run only when named: ${optIn.join(', ')}.`,
  );
  process.exit(2);
}
const chosen = args.filter((a) => names.has(a));
const passed = args.filter((a) => !names.has(a));
for (const name of chosen.length > 0 ? chosen : all) {
  console.log(`\n=== ${name} benchmark ===`);
  const result = spawnSync(
    process.execPath,
    // --experimental-async-context-frame: as `npm start` runs the stack (AsyncLocalStorage without async hooks).
    [
      '--experimental-async-context-frame',
      '--import',
      'tsx',
      path.join(import.meta.dirname, `${name}-bench.ts`),
      ...passed,
    ],
    // No X-Ray SDK, as on `npm start` (bin/local.ts): it must be off before any handler module loads.
    { stdio: 'inherit', env: { POWERTOOLS_TRACE_ENABLED: 'false', ...process.env } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
