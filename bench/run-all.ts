// `npm run bench [-- api|frontage]`: runs the benchmarks one after another, each in its own process.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const all = ['api', 'frontage', 'markup', 'brochure', 'render-load', 'drone'];
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
for (const name of chosen.length > 0 ? chosen : all) {
  console.log(`\n=== ${name} benchmark ===`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, `${name}-bench.ts`)],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
