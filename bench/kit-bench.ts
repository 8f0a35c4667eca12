// Listing kit benchmark, in one run on the same machine and the same local stack:
//   1. one kit with property images, branding and one room: its end-to-end time (accepted → completed);
//   2. the same children run alone, one after another: each child's request as the kit made it (from its
//      own inputs and its completed parents), submitted with nothing else running, accepted → completed;
//      their sum is what the kit's parallel schedule is measured against.
// Target: the kit in ≤ 3 minutes on a quiet machine, and no slower than its children one after another.
// Run: npm run bench -- kit
import { mkdirSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import * as path from 'node:path';
import {
  type ChildState,
  type KitRole,
  kitRoles,
  readyChildren,
} from '../functions/jobs/listing-kit/plan.ts';
import { listingKitRequest } from '../functions/jobs/listing-kit/schema.ts';
import { jobTypeSpec } from '../functions/jobs/registry.ts';
import {
  SAMPLE_ADDRESS,
  sampleAssets,
  sampleBranding,
  sampleProperty,
} from '../scripts/brochure/sample-data.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../test/support/empty-room-photo.ts';
import { startBenchStack } from './bench-stack.ts';
import { machineLine } from './machine.ts';

// biome-ignore lint/suspicious/noExplicitAny: API responses are free-form JSON the benchmark indexes into.
type Json = Record<string, any>;

const { stack, info, key } = await startBenchStack();
const api = info.url;
const files = new Map((await sampleAssets()).files);
const room = await renderEmptyRoom(EMPTY_ROOMS.find((r) => r.format === 'jpeg')!);
files.set('/rooms/lounge.jpg', { bytes: room.image, contentType: 'image/jpeg' });
const server = http.createServer((req, res) => {
  const file = files.get(req.url ?? '');
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file.contentType }).end(file.bytes);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function request(method: string, path: string, body?: unknown): Promise<Json> {
  for (;;) {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    const json = (await res.json()) as Json;
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }
}

async function waitFor(jobId: string): Promise<Json> {
  for (;;) {
    const job = await request('GET', `/v1/jobs/${jobId}`);
    if (['completed', 'failed', 'canceled'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Submits, waits, and answers the job with its wall time (ms, accepted → ended). */
async function timed(method: string, path: string, body: unknown): Promise<{ job: Json; ms: number }> {
  const started = performance.now();
  const accepted = await request(method, path, body);
  const job = await waitFor(accepted.job_id);
  return { job, ms: performance.now() - started };
}

const { address: _address, ...property } = sampleProperty(base, { aerial: false });
const body = {
  address: SAMPLE_ADDRESS,
  property,
  branding: sampleBranding(base),
  rooms: [{ image_url: `${base}/rooms/lounge.jpg`, room_type: 'living_room' }],
};

try {
  console.log(machineLine());
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // A warm-up kit: the first renders start Chromium and load the compositions.
  await timed('POST', '/v1/listing-kits/generate', body);
  const kit = await timed('POST', '/v1/listing-kits/generate', body);
  if (kit.job.status !== 'completed')
    throw new Error(`the kit ended ${kit.job.status}: ${JSON.stringify(kit.job.error)}`);
  const manifest = kit.job.output.manifest as Json[];
  await saveOutputs(kit.job);
  console.log(
    `\nkit: ${(kit.ms / 1000).toFixed(1)} s end to end, ${manifest.length} children, partial ${kit.job.output.partial}`,
  );

  // The children alone, in the kit's order: each request made as the kit made it, from its completed
  // parents in this run (the kit's own children: their outputs are the same kind of input).
  const input = listingKitRequest.parse(body);
  const states = new Map<KitRole, ChildState>();
  for (const entry of manifest) {
    const child = await request('GET', `/v1/jobs/${entry.job_id}`);
    const stored = await fetchStored(child);
    states.set(entry.role as KitRole, stored);
  }
  let sum = 0;
  const rows: string[] = [];
  for (const role of kitRoles(input)) {
    const others = new Map(states);
    others.delete(role);
    const ready = readyChildren(input, others, (url) => url).find((r) => r.role === role);
    if (!ready) throw new Error(`${role} is not ready from the kit's children`);
    const route = jobTypeSpec(ready.jobType).route;
    const path = route.path.replace('{jobId}', ready.parentJobId ?? '');
    const alone = await timed('POST', path, ready.body);
    sum += alone.ms;
    rows.push(
      `  ${role.padEnd(26)}${ready.jobType.padEnd(22)}${(alone.ms / 1000).toFixed(1).padStart(7)} s  ${alone.job.status}`,
    );
  }
  console.log('children run alone, one after another:');
  for (const row of rows) console.log(row);
  console.log(`  ${'sum'.padEnd(48)}${(sum / 1000).toFixed(1).padStart(7)} s`);
  const ratio = kit.ms / sum;
  console.log(
    `\nkit ÷ children one after another: ${ratio.toFixed(2)} (goal ≤ 1.00) ${ratio <= 1 ? 'PASS' : 'MISS'}; kit ${(kit.ms / 1000).toFixed(0)} s (goal ≤ 180 s on a quiet machine) ${kit.ms <= 180_000 ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  server.close();
  await stack.stop();
}

/** With `--save DIR`: the kit's decks, images and videos, to look at. */
async function saveOutputs(job: Json): Promise<void> {
  const at = process.argv.indexOf('--save');
  if (at < 0) return;
  const dir = process.argv[at + 1];
  if (!dir) throw new Error('--save needs a directory');
  mkdirSync(dir, { recursive: true });
  const save = async (url: string, name: string) =>
    writeFileSync(path.join(dir, name), Buffer.from(await (await fetch(url)).arrayBuffer()));
  const deck = job.output.brochure_deck;
  if (deck) {
    await save(deck.pdf.url, 'deck.pdf');
    await save(deck.print.pdf.url, 'deck-print.pdf');
  }
  for (const entry of job.output.manifest as Json[]) {
    if (entry.image?.url) await save(entry.image.url, `${entry.role}.jpg`);
    if (entry.video?.url) await save(entry.video.url, `${entry.role}.mp4`);
  }
  console.log(`saved the decks, images and videos in ${dir}`);
}

/** The job view's media ({ url, expires_at }) as stored media whose key is that URL (the planner's urlOf). */
function asStored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asStored);
  if (typeof value !== 'object' || value === null) return value;
  const { url, expires_at, ...rest } = value as Json;
  if (typeof url === 'string' && typeof expires_at === 'string') return { s3_key: url, ...rest };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStored(v)]));
}

/** A child as the planner reads it. */
async function fetchStored(child: Json): Promise<ChildState> {
  return {
    jobId: child.job_id,
    jobType: child.job_type,
    status: child.status,
    output: asStored(child.output ?? undefined),
    error: child.error ?? undefined,
  };
}
