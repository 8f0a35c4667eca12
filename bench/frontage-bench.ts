// Frontage benchmark on the local stack: end-to-end time of a frontage_detection job (request → status
// completed, polled every 10 ms) beside the time of each step run directly in the same process, so the
// orchestration overhead (API, state machine, job writes) shows as the difference.
// Run: npm run bench -- frontage   (target: under 2 s end to end locally)

import { s3Client } from '../functions/adapters/aws-clients.ts';
import { S3MediaStore } from '../functions/adapters/s3/media-store.ts';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { detectFrontage } from '../functions/media/frontage/detect-frontage.ts';
import { renderFrontageReference } from '../functions/media/frontage/reference-image.ts';
import { GazetteerGeocoder } from '../functions/media/geo/offline-geocoder.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { SyntheticSiteSource } from '../functions/media/site/synthetic-site.ts';
import { startBenchStack } from './bench-stack.ts';

const { stack, info, key } = await startBenchStack();

const ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '22 Smith Street, Fitzroy VIC 3065',
  '45 Macquarie Street, Hobart TAS 7000',
  '7 Mitchell Street, Darwin NT 0800',
  '8 Brisbane Avenue, Barton ACT 2600',
  '12 King William Road, North Adelaide SA 5006',
  '3 Jacaranda Avenue, Toowong QLD 4066',
  '5 Banksia Drive, Mount Barker WA 6324',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 8);

async function endToEnd(address: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${info.url}/v1/property-frontage/detect`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  const { data } = (await res.json()) as { data: { job_id: string } };
  for (;;) {
    const job = (await (
      await fetch(`${info.url}/v1/jobs/${data.job_id}`, { headers: { 'X-API-Key': key } })
    ).json()) as {
      data: { status: string; error?: unknown };
    };
    if (job.data.status === 'completed') return performance.now() - started;
    if (job.data.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job.data.error)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const geocoder = new GazetteerGeocoder();
const siteSource = new SyntheticSiteSource();
const imagery = new SyntheticNadirImagery();
const media = new S3MediaStore(s3Client(), info.mediaBucket, 3600);
const steps: Record<string, number[]> = {
  geocode: [],
  'site model': [],
  'detect bearing': [],
  'render reference image': [],
  'store in S3': [],
};

async function timed<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const t = performance.now();
  const result = await fn();
  steps[name]!.push(performance.now() - t);
  return result;
}

async function direct(address: string): Promise<number> {
  const started = performance.now();
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const location = await timed('geocode', () => geocoder.geocode(parsed.address));
  const site = await timed('site model', () =>
    siteSource.siteAround(location!.position, parsed.address, 150),
  );
  const detection = await timed('detect bearing', () => detectFrontage(site));
  const image = await timed('render reference image', () =>
    renderFrontageReference({ imagery, site, center: location!.position, bearingDeg: detection.bearingDeg }),
  );
  await timed('store in S3', () => media.put(`bench/${Date.now()}.jpg`, image.jpeg, image.contentType));
  return performance.now() - started;
}

await endToEnd(ADDRESSES[0]!); // warm-up: first geocoder lookup and module loads
await direct(ADDRESSES[0]!);
for (const list of Object.values(steps)) list.length = 0;

const e2e: number[] = [];
const directTotals: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const address = ADDRESSES[i % ADDRESSES.length]!;
  e2e.push(await endToEnd(address));
  directTotals.push(await direct(address));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
console.log(`frontage_detection, ${RUNS} runs, local stack (2048x2048 reference image)`);
console.log(`${'measure'.padEnd(40)}${'median ms'.padEnd(12)}max ms`);
for (const [name, xs] of Object.entries(steps))
  console.log(`  step: ${name.padEnd(32)}${median(xs).toFixed(1).padEnd(12)}${max(xs).toFixed(1)}`);
console.log(
  `${'steps run directly (baseline)'.padEnd(40)}${median(directTotals).toFixed(1).padEnd(12)}${max(directTotals).toFixed(1)}`,
);
console.log(
  `${'end to end over the API'.padEnd(40)}${median(e2e).toFixed(1).padEnd(12)}${max(e2e).toFixed(1)}`,
);
console.log(
  `orchestration overhead (median): ${(median(e2e) - median(directTotals)).toFixed(1)} ms; target end to end < 2000 ms: ${median(e2e) < 2000 ? 'met' : 'NOT met'}`,
);
await stack.stop();
process.exit(0);
