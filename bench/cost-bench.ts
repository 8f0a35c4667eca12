// Capacity and cost benchmark (issue 35 item 3; docs/readme/cost.md). On a fresh local stack with its
// accounting on (LOCAL_STACK_ACCOUNTING: state transitions and function time) and its emulators behind a
// counting pass-through (bench/counting-emulators.ts: DynamoDB request units, S3 and SQS requests, bytes
// written):
//   1. per job type of the registry (functions/jobs/registry.ts): a warm-up job, then --per-kind jobs
//      (--per-slow for the renders and the kit) one at a time, each a POST with a
//      webhook_url for its final event and one GET of the finished job; the counts ÷ jobs are the type's
//      use per job. Edits and reveal videos get their parents made before the count;
//   2. Remotion Lambda's share, modelled (the local stack renders without it): each video's chunks from
//      its frames and the local render's time per frame, each still one invocation of its step's time;
//   3. the cost per job at ap-southeast-2 list prices (bench/cost-model.ts), the stage's price beside it,
//      and the jobs per hour each quota allows on each stage;
//   4. the accounting check: --mixed jobs, four at a time (the cheap types in turn, --mixed-slow of each
//      other type but the kit spread among them), counted the same way and compared with what the per-type
//      figures predict (within 10 % passes).
// Run: npm run bench -- cost [--per-kind 5] [--per-slow 1] [--mixed 1000] [--mixed-slow 1]
//        [--video-seconds 5] [--kinds frontage_detection,markup_v2]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAccountStore } from '../functions/adapters/dynamodb/account-store.ts';
import { KeyAdmin } from '../functions/core/auth/key-admin.ts';
import { systemClock } from '../functions/core/clock.ts';
import { billableUnits, DEFAULT_BILLING } from '../functions/core/usage/billing.ts';
import { JOB_TYPES, jobTypeSpec } from '../functions/jobs/registry.ts';
import { DEPLOYABLE_STAGES, STAGES } from '../lib/config/stages.ts';
import { HEAVY_MEMORY_MB } from '../lib/constructs/function-facts.ts';
import { accountingSnapshot, resetAccounting } from '../local/accounting.ts';
import { startEmulators } from '../local/emulators.ts';
import { storeCredentials } from '../local/store-credentials.ts';
import { resourcesOfType, synthesizeLocalApp } from '../local/synthesized-app.ts';
import {
  SAMPLE_ADDRESS,
  sampleAssets,
  sampleBranding,
  sampleProperty,
  sampleRequests,
} from '../scripts/brochure/sample-data.ts';
import { serveCallerBundle } from '../test/support/caller-bundle.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../test/support/empty-room-photo.ts';
import {
  AP_SOUTHEAST_2,
  accountConcurrencyJobsPerHour,
  capacity,
  type JobUse,
  jobCost,
  margin,
  QUOTAS,
  REMOTION_LAMBDA,
  type RemotionUse,
  relativeDifference,
  remotionChunks,
  remotionStillUse,
  remotionVideoUse,
  renderPolls,
  type StepUse,
  withPolls,
  withRemotion,
} from './cost-model.ts';
import { countingEmulators, type StoreCounts, s3PriceClass } from './counting-emulators.ts';
import { machineLine } from './machine.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    'per-kind': { type: 'string', default: '5' },
    'per-slow': { type: 'string', default: '1' },
    mixed: { type: 'string', default: '1000' },
    'mixed-slow': { type: 'string', default: '1' },
    'video-seconds': { type: 'string', default: '5' },
    kinds: { type: 'string' },
  },
});
const PER_KIND = Number(args['per-kind']);
const PER_SLOW = Number(args['per-slow']);
const MIXED = Number(args.mixed);
const MIXED_SLOW = Number(args['mixed-slow']);
const VIDEO_SECONDS = Number(args['video-seconds']);
const KINDS: readonly string[] = args.kinds ? args.kinds.split(',') : JOB_TYPES;
for (const kind of KINDS) jobTypeSpec(kind); // an unknown type fails here, before the stack starts
const CORES = availableParallelism();

const benchStarted = performance.now();
console.log(machineLine());
process.env.LOCAL_STACK_QUIET = 'true';
process.env.POWERTOOLS_TRACE_ENABLED = 'false';
process.env.LOCAL_STACK_ACCOUNTING = 'true';
// Renders at full size, as on every stage: the time per frame below is for 1920x1080 frames.
delete process.env.LOCAL_RENDER_SCALE;
// The outbox sweeper at its template rate (once a minute, as in AWS) rather than the local stack's every
// few seconds: the local schedule runs at the shorter of the two. Its runs are a fixed cost of a stage,
// measured alone and taken out of the kinds' counts below.
(STAGES.local.sweeper as { localEverySeconds: number }).localEverySeconds = 3600;

const { startLocalStack } = await import('../local/local-stack.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-cost-'));
// The stack's data (every job's media, about 2 GB in a full run) goes with the process, also when a call
// fails part-way; the end of the run stops the stack first.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const credentials = storeCredentials(dataDir);
const emulators = await countingEmulators(await startEmulators(dataDir, credentials), credentials);
const stack = await startLocalStack({ port: 0, dataDir, emulators: Promise.resolve(emulators) });
const { info } = stack;
const admin = new KeyAdmin(
  new DynamoAccountStore(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: info.endpoints.dynamodb, region: info.region, credentials }),
    ),
    info.tables.accounts,
  ),
  STAGES.local.rateLimits,
  systemClock,
);
await admin.setLimits('cost-org', 1_000_000);
const { key } = await admin.createKey('cost-org', 'live', 'cost bench');

// ---------------------------------------------------------------- what the jobs fetch: images, a bundle
// The brochure samples and an empty room photo, served over loopback as an integrator's would be.
const files = new Map((await sampleAssets()).files);
const room = await renderEmptyRoom(EMPTY_ROOMS.find((r) => r.format === 'jpeg')!);
files.set('/rooms/lounge.jpg', { bytes: room.image, contentType: 'image/jpeg' });
const fileServer = createServer((req, res) => {
  const file = files.get(decodeURIComponent(req.url ?? ''));
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file.contentType }).end(file.bytes);
});
await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
// Video export renders a caller's bundle: the test fixture's, bundled once and served over loopback.
const bundleDir = mkdtempSync(path.join(tmpdir(), 'pms-cost-bundle-'));
process.on('exit', () => rmSync(bundleDir, { recursive: true, force: true }));
const bundle = KINDS.includes('video_export') ? await serveCallerBundle(bundleDir) : undefined;

// ---------------------------------------------------------------- a webhook receiver: one final event a job
const received = new Set<string>();
const receiver = createServer((req, res) => {
  received.add(String(req.url).split('/').pop() ?? '');
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

// ---------------------------------------------------------------- the local renderer's renders, timed
// The local renderer keeps a progress file per render (<dataDir>/renders/<id>.json); a render's time is
// from its first 'rendering' record to its 'done' record, read every 250 ms.
const renderDir = path.join(dataDir, 'renders');
const renders = new Map<string, { started?: number; ended?: number; taken?: boolean }>();
const renderPoll = setInterval(() => {
  let names: string[];
  try {
    names = readdirSync(renderDir).filter((n) => n.endsWith('.json'));
  } catch {
    return;
  }
  for (const name of names) {
    const id = name.slice(0, -'.json'.length);
    const seen = renders.get(id) ?? {};
    if (seen.ended !== undefined) continue;
    try {
      const record = JSON.parse(readFileSync(path.join(renderDir, name), 'utf8')) as {
        state: string;
        updatedAt: number;
      };
      if (record.state === 'rendering' && seen.started === undefined) seen.started = record.updatedAt;
      if (record.state === 'done') seen.ended = record.updatedAt;
      renders.set(id, seen);
    } catch {
      // written aside and renamed: a record is never half-written, but one may be replaced mid-read
    }
  }
}, 250);
/** The renders finished since the last call: each one's ms from its first 'rendering' record to 'done'. */
function takeRenders(): number[] {
  const done: number[] = [];
  for (const r of renders.values())
    if (r.ended !== undefined && !r.taken) {
      r.taken = true;
      done.push(r.ended - (r.started ?? r.ended));
    }
  return done;
}

// ---------------------------------------------------------------- the requests
const ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '22 Smith Street, Fitzroy VIC 3065',
  '45 Macquarie Street, Hobart TAS 7000',
  '3 Jacaranda Avenue, Toowong QLD 4066',
];
const DRONE_ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
const brochure = sampleRequests(base)[0]!;
const { address: _address, ...kitProperty } = sampleProperty(base, { aerial: false });
/**
 * The types whose jobs render with Chromium or take minutes: --per-slow of each, --mixed-slow in the mix.
 * The others (a few seconds each here, the offline stager's staged room too) take turns in the mix.
 */
const SLOW = new Set([
  'video_export',
  'drone_stills',
  'drone_stills_capture',
  'drone_footage',
  'markup_v2_video',
  'listing_kit',
]);
/** The step that renders a job type's one still (on AWS: one renderStillOnLambda while it waits). */
const STILL_STEP: Record<string, string> = {
  brochure_slide: 'GenerateBrochureSlideFunction',
  drone_stills: 'RenderDroneStillFunction',
  drone_stills_capture: 'RenderDroneStillFunction',
  drone_footage: 'StoreDroneFootageFunction', // the poster, the clip's last frame
};

// biome-ignore lint/suspicious/noExplicitAny: API responses are free-form JSON the benchmark indexes into.
type Json = Record<string, any>;
async function api(method: string, route: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${info.url}${route}`, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Json;
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Parents the edits and the reveal video need, made once before anything is counted. */
const parents: { frontage?: Json; markup?: Json } = {};
async function completed(route: string, body: unknown): Promise<Json> {
  const { job_id } = await api('POST', route, body);
  for (;;) {
    const job = await api('GET', `/v1/jobs/${job_id}`);
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'canceled')
      throw new Error(`${route}: ${JSON.stringify(job.error)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
async function prepare(kind: string): Promise<void> {
  if (kind === 'frontage_edit' && !parents.frontage)
    parents.frontage = await completed('/v1/property-frontage/detect', { address: ADDRESSES[0] });
  if ((kind === 'markup_v2_edit' || kind === 'markup_v2_video') && !parents.markup) {
    parents.markup = await completed('/v2/markup/generate', { address: ADDRESSES[1] });
    // A reveal video reveals the markup's latest completed edit.
    await completed(`/v2/markup/jobs/${parents.markup.job_id}/edit`, markupEdit());
  }
}
function markupEdit(): Json {
  return {
    boundary_polygon: parents.markup!.output.suggested_boundary,
    text_annotations: [
      { type: 'label', text: '22 Smith Street', position: { x: 0.5, y: 0.08 } },
      { type: 'area' },
    ],
    options: { style: 'darken' },
  };
}

function request(kind: string, i: number): { route: string; body: Json } {
  const address = ADDRESSES[i % ADDRESSES.length];
  switch (kind) {
    case 'frontage_detection':
      return { route: '/v1/property-frontage/detect', body: { address } };
    case 'frontage_edit':
      return {
        route: `/v1/property-frontage/jobs/${parents.frontage!.job_id}/edit`,
        body: { direction: (37 * i) % 360 },
      };
    case 'markup_v2':
      return { route: '/v2/markup/generate', body: { address } };
    case 'markup_v2_edit':
      return { route: `/v2/markup/jobs/${parents.markup!.job_id}/edit`, body: markupEdit() };
    case 'markup_v2_video':
      return {
        route: `/v2/markup/jobs/${parents.markup!.job_id}/video`,
        body: { options: { duration: VIDEO_SECONDS } },
      };
    case 'brochure_slide':
      return { route: '/v1/brochure-slides/generate', body: { ...brochure } };
    case 'virtual_staging':
      return {
        route: '/v1/virtual-staging/generate',
        body: { image_url: `${base}/rooms/lounge.jpg`, room_type: 'living_room' },
      };
    case 'video_export':
      return {
        route: '/v1/video-export/render',
        body: {
          serve_url: bundle!.url,
          composition_id: 'Tiny',
          input_props: { color: '#2a9d8f' },
          options: { width: 1920, height: 1080, fps: 30, duration_in_frames: 30 * VIDEO_SECONDS },
        },
      };
    case 'drone_stills':
      return {
        route: '/v1/drone-stills/generate',
        body: { address: DRONE_ADDRESS, options: { front_direction: 200 } },
      };
    case 'drone_stills_capture':
      return {
        route: '/v2/drone-stills/capture',
        body: {
          address: DRONE_ADDRESS,
          camera: { azimuth: 20, tilt: 70, distance: 350, pitch: 25 },
          options: { front_direction: 200 },
        },
      };
    case 'drone_footage':
      return {
        route: '/v2/drone-footage/generate',
        body: {
          address: DRONE_ADDRESS,
          options: { style: 'front_left_zoom', duration: VIDEO_SECONDS, front_direction: 200 },
        },
      };
    case 'listing_kit':
      return {
        route: '/v1/listing-kits/generate',
        body: {
          address: SAMPLE_ADDRESS,
          property: kitProperty,
          branding: sampleBranding(base),
          rooms: [{ image_url: `${base}/rooms/lounge.jpg`, room_type: 'living_room' }],
        },
      };
    default:
      throw new Error(`no request written for job type '${kind}'`);
  }
}

/** A finished job as the GET answered it: its type and output (a kit's children are fetched later). */
interface Finished {
  readonly jobId: string;
  readonly type: string;
  readonly output: Json;
}
let finished: Finished[] = [];
let submitted = 0;

/** One job: POST with a webhook for its final event, wait for that event, one GET of the job. */
async function runJob(kind: string): Promise<void> {
  submitted += 1;
  const nonce = `job${submitted}`;
  const { route, body } = request(kind, submitted);
  const posted = await fetch(`${info.url}${route}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...body,
      webhook_url: `${receiverUrl}/hook/${nonce}`,
      webhook_events: ['job.completed', 'job.failed'],
    }),
  });
  const answer = (await posted.json()) as { data?: { job_id: string } };
  if (!answer.data) throw new Error(`${kind}: ${posted.status} ${JSON.stringify(answer)}`);
  const deadline = Date.now() + 900_000;
  while (!received.has(nonce)) {
    if (Date.now() > deadline) throw new Error(`${kind}: no final webhook within 15 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const job = (await (
    await fetch(`${info.url}/v1/jobs/${answer.data.job_id}`, { headers: { 'X-API-Key': key } })
  ).json()) as { data: { status: string; error?: unknown; output: Json } };
  if (job.data.status !== 'completed') throw new Error(`${kind}: ${JSON.stringify(job.data)}`);
  finished.push({ jobId: answer.data.job_id, type: kind, output: job.data.output });
}

/** Waits for every execution and for the webhook queue's messages to be deleted, then a short quiet spell. */
async function settle(): Promise<void> {
  await stack.idle();
  await new Promise((r) => setTimeout(r, 2500));
}

interface Counted {
  readonly store: StoreCounts;
  readonly run: ReturnType<typeof accountingSnapshot>;
}
function takeCounts(): Counted {
  const counted = { store: emulators.counts(), run: accountingSnapshot() };
  emulators.reset();
  resetAccounting();
  return counted;
}

// ---------------------------------------------------------------- the template: memory of each function
const { service } = await synthesizeLocalApp();
const memoryOf = new Map<string, number>();
let otherReserved = 0;
for (const [id, fn] of resourcesOfType(service, 'AWS::Lambda::Function')) {
  memoryOf.set(id, Number(fn.Properties?.MemorySize ?? 128));
  otherReserved += Number(fn.Properties?.ReservedConcurrentExecutions ?? 0);
}
const stepFunctionIds = new Set<string>();
for (const [, machine] of resourcesOfType(service, 'AWS::StepFunctions::StateMachine')) {
  const text = JSON.stringify(machine.Properties?.DefinitionString);
  for (const id of memoryOf.keys()) if (text.includes(`"${id}"`)) stepFunctionIds.add(id);
}
const heavyFunctionCount = [...stepFunctionIds].filter(
  (id) => (memoryOf.get(id) ?? 0) >= HEAVY_MEMORY_MB,
).length;

// ---------------------------------------------------------------- 0. the outbox sweeper, a fixed cost
// Its schedule runs it once a minute, in AWS as here, whatever the jobs: measured alone once (the first
// run after the start, with no job about), then taken out of the kinds' counts, and added to the model's
// side of the accounting check for each run that fell in the mixed batch.
const sweeperId = [...memoryOf.keys()].find((id) => id.startsWith('OutboxSweeperFunction'));
const sweeperRuns = (c: Counted) => (sweeperId ? (c.run.invocations[sweeperId]?.count ?? 0) : 0);
takeCounts();
let sweeper: Counted | undefined;
if (sweeperId) {
  const until = Date.now() + 75_000;
  while (Date.now() < until && (accountingSnapshot().invocations[sweeperId]?.count ?? 0) === 0)
    await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 1000));
  const counted = takeCounts();
  if (sweeperRuns(counted) === 1) sweeper = counted;
}

/** A counted stretch without its sweeper runs (the sweeper's own use, measured above, times its runs). */
function withoutSweeper(c: Counted): Counted {
  const runs = sweeperRuns(c);
  if (!sweeper || !sweeperId || runs === 0) return c;
  const minus = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.entries(a).map(([k, n]) => [k, n - runs * (b[k] ?? 0)]));
  const s = sweeper.store;
  const { [sweeperId]: _, ...invocations } = c.run.invocations;
  return {
    store: {
      dynamodbRequests: minus(c.store.dynamodbRequests, s.dynamodbRequests),
      dynamodbReadUnits: c.store.dynamodbReadUnits - runs * s.dynamodbReadUnits,
      dynamodbWriteUnits: c.store.dynamodbWriteUnits - runs * s.dynamodbWriteUnits,
      dynamodbIndexWriteUnits: c.store.dynamodbIndexWriteUnits - runs * s.dynamodbIndexWriteUnits,
      s3Requests: minus(c.store.s3Requests, s.s3Requests),
      s3BytesPut: c.store.s3BytesPut - runs * s.s3BytesPut,
      sqsRequests: c.store.sqsRequests,
    },
    run: { ...c.run, invocations },
  };
}

// ---------------------------------------------------------------- 1. per kind
/** Per-job figures of a counted stretch of `jobs` jobs (SQS ReceiveMessage polls are background, left out). */
function perJob(kind: string, counted: Counted, jobs: number): JobUse {
  const steps: StepUse[] = Object.entries(counted.run.invocations).map(([functionId, t]) => ({
    functionId,
    memoryMb: memoryOf.get(functionId) ?? 128,
    invocationsPerJob: t.count / jobs,
    msPerInvocation: t.ms / t.count,
  }));
  const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
  const s3 = counted.store.s3Requests;
  const byClass = (cls: 'tier1' | 'tier2') =>
    Object.entries(s3)
      .filter(([name]) => s3PriceClass(name) === cls)
      .reduce((a, [, n]) => a + n, 0);
  const sqs = Object.entries(counted.store.sqsRequests)
    .filter(([op]) => op !== 'ReceiveMessage')
    .reduce((a, [, n]) => a + n, 0);
  return {
    kind,
    steps,
    stateTransitions: sum(counted.run.transitions) / jobs,
    executions: sum(counted.run.executions) / jobs,
    dynamodbWriteUnits: counted.store.dynamodbWriteUnits / jobs,
    dynamodbIndexWriteUnits: counted.store.dynamodbIndexWriteUnits / jobs,
    dynamodbReadUnits: counted.store.dynamodbReadUnits / jobs,
    s3Tier1Requests: byClass('tier1') / jobs,
    s3Tier2Requests: byClass('tier2') / jobs,
    s3BytesStored: counted.store.s3BytesPut / jobs,
    storedMonths: STAGES.prod.retention.defaultDays / (365 / 12),
    sqsRequests: sqs / jobs,
    apiRequests: 2,
  };
}

/** The kit's children, each fetched with its output (after the count: these requests are not the job's). */
async function kitChildren(kitId: string): Promise<Finished[]> {
  const list = await api('GET', `/v1/jobs?kit_job_id=${kitId}&limit=100`);
  const children: Finished[] = [];
  for (const child of list.jobs as Json[]) {
    const job = await api('GET', `/v1/jobs/${child.job_id}`);
    children.push({ jobId: job.job_id, type: job.job_type, output: job.output ?? {} });
  }
  return children;
}

/** What a job type is sold for (prod's usage.livePerUnit × the job's billable units; a kit: its children's). */
function priceOf(job: Finished): number {
  const spec = jobTypeSpec(job.type);
  return (
    (STAGES.prod.usage.livePerUnit[job.type] ?? 0) *
    billableUnits(spec.billing ?? DEFAULT_BILLING, job.output)
  );
}

const VIDEO_TYPES = new Set(['markup_v2_video', 'drone_footage', 'video_export']);
function framesOf(job: Finished): number {
  const o = job.output;
  if (typeof o.duration_in_frames === 'number') return o.duration_in_frames;
  return Math.round(Number(o.duration_seconds) * Number(o.fps ?? 30));
}

interface Measured {
  readonly kind: string;
  readonly jobs: number;
  readonly counted: Counted;
  readonly use: JobUse;
  /** The jobs the count covers: the type's own and, for a kit, its children. */
  readonly made: readonly Finished[];
  readonly renderMs: readonly number[];
  readonly seconds: number;
}

/** A type's jobs alone (one at a time, no children): its functions' mean ms and its renders' ms per frame. */
interface AloneTimes {
  readonly stepMs: Map<string, { count: number; ms: number }>;
  readonly msPerFrame: Map<string, number>;
}
const meanMs = (times: AloneTimes, functionId: string) => {
  const t = times.stepMs.get(functionId);
  return t ? t.ms / t.count : undefined;
};

/**
 * Remotion Lambda's share of a counted stretch, modelled: each video of `made` in chunks at a time per
 * frame (the local renders' wall time × this machine's cores ÷ their frames: a render here has every core,
 * a Lambda chunk one Chromium), each still one invocation of its step's mean time here. A kit's children
 * run side by side here and wait for the two cores and the one render slot, as on Lambda they would not:
 * with `alone`, the times are those of each type's own jobs alone.
 */
function remotionOf(
  m: Measured,
  alone?: AloneTimes,
): { renders: RemotionUse[]; msPerFrame?: number; frames: number[]; awsPolls: number } {
  const memoryMb = STAGES.prod.renderer.memoryMb;
  const videos = m.made.filter((j) => VIDEO_TYPES.has(j.type));
  const frames = videos.map(framesOf);
  const totalFrames = frames.reduce((a, b) => a + b, 0);
  const renderMs = m.renderMs.reduce((a, b) => a + b, 0);
  const msPerFrame = totalFrames > 0 ? (renderMs * CORES) / totalFrames : undefined;
  const renders: RemotionUse[] = videos.map((job, i) =>
    remotionVideoUse(frames[i]!, alone?.msPerFrame.get(job.type) ?? msPerFrame ?? 0, memoryMb),
  );
  // Each video's checks on AWS: for as long as its orchestrator runs.
  const awsPolls = renders.reduce(
    (a, r) => a + renderPolls(r.steps.at(-1)!.msPerInvocation, REMOTION_LAMBDA.pollSeconds),
    0,
  );
  for (const job of m.made) {
    const step = STILL_STEP[job.type];
    if (!step) continue;
    const [id, tally] = Object.entries(m.counted.run.invocations).find(([id]) => id.startsWith(step)) ?? [];
    if (!id || !tally) continue;
    const ms = (alone && meanMs(alone, id)) ?? tally.ms / tally.count;
    renders.push(remotionStillUse(ms, memoryMb));
  }
  return { renders, msPerFrame, frames, awsPolls };
}

const measured = new Map<string, Measured>();
const prepared = new Set<string>();
for (const kind of KINDS) {
  const jobs = SLOW.has(kind) ? PER_SLOW : PER_KIND;
  await prepare(kind);
  prepared.add(kind);
  // Warm-up: module loads, Chromium, the gazetteer, scenes. A kit's children are warm already.
  if (kind !== 'listing_kit') await runJob(kind);
  await settle();
  takeCounts();
  takeRenders();
  finished = [];
  const started = performance.now();
  for (let i = 0; i < jobs; i += 1) await runJob(kind);
  await settle();
  const seconds = (performance.now() - started) / 1000;
  const counted = withoutSweeper(takeCounts());
  const renderMs = takeRenders();
  const made = [...finished];
  for (const job of finished) if (job.type === 'listing_kit') made.push(...(await kitChildren(job.jobId)));
  // The children's fetch above is no job's: left out of the next count.
  emulators.reset();
  resetAccounting();
  measured.set(kind, {
    kind,
    jobs,
    counted,
    use: perJob(kind, counted, jobs),
    made,
    renderMs,
    seconds,
  });
  console.log(
    `${kind}: ${jobs} job(s) one at a time in ${seconds.toFixed(1)} s${made.length > jobs ? ` (${made.length - jobs} children)` : ''}${renderMs.length ? `; renders ${renderMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}` : ''}`,
  );
}

// ---------------------------------------------------------------- 2. cost, margin, capacity
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const usd = (n: number) => `$${n.toFixed(6)}`;
console.log(`\nPrices (${AP_SOUTHEAST_2.region}, USD, list prices copied by hand; bench/cost-model.ts):`);
for (const [name, p] of Object.entries(AP_SOUTHEAST_2))
  if (typeof p === 'object')
    console.log(
      `  ${name.padEnd(18)} ${p.usd.toPrecision(6).padEnd(12)} per ${p.per} (${p.source}, ${p.copied})`,
    );
console.log(`  audPerUsd          ${AP_SOUTHEAST_2.audPerUsd} (an assumption to set, not a quoted rate)`);

/** Each type's use per job with Remotion Lambda's modelled share added: what is priced. */
const priced = new Map<string, JobUse>();
console.log(
  `\nUse per job (measured above, ${PER_KIND} jobs per type, ${PER_SLOW} per slow type; Lambda ms are local wall time; Remotion Lambda modelled, ${REMOTION_LAMBDA.overheadMs} ms overhead per invocation assumed):`,
);
// Each type's own jobs alone: the times a kit's children are priced at.
const alone: AloneTimes = { stepMs: new Map(), msPerFrame: new Map() };
for (const m of measured.values()) {
  if (m.made.some((j) => j.type !== m.kind)) continue;
  for (const [id, t] of Object.entries(m.counted.run.invocations)) {
    const sum = alone.stepMs.get(id) ?? { count: 0, ms: 0 };
    sum.count += t.count;
    sum.ms += t.ms;
    alone.stepMs.set(id, sum);
  }
  const perFrame = remotionOf(m).msPerFrame;
  if (perFrame !== undefined) alone.msPerFrame.set(m.kind, perFrame);
}
for (const m of measured.values()) {
  const withChildren = m.made.some((j) => j.type !== m.kind);
  const use: JobUse = withChildren
    ? {
        ...m.use,
        steps: m.use.steps.map((s) => ({
          ...s,
          msPerInvocation: meanMs(alone, s.functionId) ?? s.msPerInvocation,
        })),
      }
    : m.use;
  const remotion = remotionOf(m, withChildren ? alone : undefined);
  if (withChildren)
    console.log(
      `${m.kind}: its children ran side by side on ${CORES} cores and one render slot; priced at each function's and each video type's times alone (above) where measured`,
    );
  // The render checks as AWS would make them (every few seconds while the chunks run), not as here.
  const check = use.steps.find((s) => s.functionId.startsWith('CheckRenderFunction'));
  priced.set(
    m.kind,
    withRemotion(
      check ? withPolls(use, check.functionId, check.invocationsPerJob, remotion.awsPolls / m.jobs) : use,
      remotion.renders,
      m.jobs,
    ),
  );
  console.log(
    `${use.kind}: ${fmt(use.stateTransitions, 1)} transitions, ${fmt(use.executions, 1)} executions, DynamoDB ${fmt(use.dynamodbWriteUnits, 1)} WRU + ${fmt(use.dynamodbReadUnits, 1)} RRU, S3 ${fmt(use.s3Tier1Requests, 1)} PUT-class + ${fmt(use.s3Tier2Requests, 1)} GET-class, ${(use.s3BytesStored / 1024).toFixed(0)} KB stored, SQS ${fmt(use.sqsRequests, 1)}, API ${use.apiRequests}`,
  );
  const store = m.counted.store;
  const ops = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([op, n]) => `${op} ${fmt(n / m.jobs, 1)}`)
      .join(', ');
  console.log(`    DynamoDB: ${ops(store.dynamodbRequests)}`);
  console.log(`    S3: ${ops(store.s3Requests)}; SQS: ${ops(store.sqsRequests)}`);
  if (remotion.frames.length)
    console.log(
      `    videos: ${remotion.frames.map((f) => `${f} frames → ${remotionChunks(f)} chunks`).join(', ')}; local render ${m.renderMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} → ${fmt(remotion.msPerFrame ?? 0, 0)} ms a frame (× ${CORES} cores); checks ${fmt(check?.invocationsPerJob ?? 0, 1)} here, ${fmt(remotion.awsPolls / m.jobs, 1)} on AWS (every ${REMOTION_LAMBDA.pollSeconds} s): ${fmt(priced.get(m.kind)!.stateTransitions, 1)} transitions priced`,
    );
  for (const s of [...priced.get(m.kind)!.steps].sort(
    (a, b) => b.invocationsPerJob * b.msPerInvocation - a.invocationsPerJob * a.msPerInvocation,
  ))
    console.log(
      `    ${s.functionId.padEnd(48)} ${String(s.memoryMb).padStart(5)} MB × ${fmt(s.invocationsPerJob, 2).padStart(6)} × ${fmt(s.msPerInvocation, 0).padStart(6)} ms`,
    );
}

console.log(
  "\nCost per job (USD; Lambda includes Remotion Lambda, modelled) and the stage price beside it (AUD, lib/config/stages.ts usage.livePerUnit × billed units; a kit: its children's):",
);
console.log(
  `${'kind'.padEnd(21)}${'GB-s'.padEnd(9)}${'Remotion'.padEnd(9)}${'Lambda'.padEnd(11)}${'SFN'.padEnd(11)}${'DynamoDB'.padEnd(11)}${'S3 req'.padEnd(11)}${'S3 store'.padEnd(11)}${'SQS'.padEnd(11)}${'API'.padEnd(11)}${'total'.padEnd(11)}${'AUD cost'.padEnd(10)}${'price'.padEnd(7)}margin`,
);
const remotionGbSeconds = (use: JobUse) =>
  use.steps
    .filter((s) => s.unreserved)
    .reduce(
      (a, s) => a + s.invocationsPerJob * (s.memoryMb / 1024) * (Math.ceil(s.msPerInvocation) / 1000),
      0,
    );
for (const m of measured.values()) {
  const use = priced.get(m.kind)!;
  const cost = jobCost(use, AP_SOUTHEAST_2);
  const own = m.made.filter((j) => j.type === m.kind);
  const children = m.made.filter((j) => j.type !== m.kind);
  const price =
    (own.reduce((a, j) => a + priceOf(j), 0) + children.reduce((a, j) => a + priceOf(j), 0)) / m.jobs;
  const mg = margin(price, cost.usd.total, AP_SOUTHEAST_2);
  const u = cost.usd;
  console.log(
    `${m.kind.padEnd(21)}${fmt(cost.lambdaGbSeconds, 2).padEnd(9)}${fmt(remotionGbSeconds(use), 2).padEnd(9)}${[u.lambda, u.stepFunctions, u.dynamodb, u.s3Requests, u.s3Storage, u.sqs, u.api, u.total].map((v) => usd(v).padEnd(11)).join('')}${fmt(mg.costAud, 4).padEnd(10)}${fmt(price, 2).padEnd(7)}${mg.share === null ? '-' : `${(mg.share * 100).toFixed(1)} %`}`,
  );
}
{
  // Measured, not in the table above: what the indexes' entries add to each kind's DynamoDB.
  const write = AP_SOUTHEAST_2.dynamodbWriteUnit.usd;
  console.log(
    `DynamoDB above counts the tables' own request units; index writes, measured (DynamoDB's rules, local/dynalite-index-units.ts), add per job: ${[
      ...measured.values(),
    ]
      .map(({ use: u }) => {
        const own = u.dynamodbWriteUnits * write + u.dynamodbReadUnits * AP_SOUTHEAST_2.dynamodbReadUnit.usd;
        const indexes = (u.dynamodbIndexWriteUnits ?? 0) * write;
        return `${u.kind} ${fmt(u.dynamodbIndexWriteUnits ?? 0, 1)} WRU ${usd(indexes)} (DynamoDB ×${fmt((own + indexes) / own, 2)})`;
      })
      .join(', ')}`,
  );
}

if (sweeper && sweeperId) {
  const t = sweeper.run.invocations[sweeperId]!;
  const runsPerMonth = (365 / 12) * 24 * (60 / STAGES.prod.sweeper.everyMinutes);
  const runCost = jobCost(
    {
      kind: 'sweeper',
      steps: [
        {
          functionId: sweeperId,
          memoryMb: memoryOf.get(sweeperId)!,
          invocationsPerJob: 1,
          msPerInvocation: t.ms,
        },
      ],
      stateTransitions: 0,
      executions: 0,
      dynamodbWriteUnits: sweeper.store.dynamodbWriteUnits,
      dynamodbReadUnits: sweeper.store.dynamodbReadUnits,
      s3Tier1Requests: 0,
      s3Tier2Requests: 0,
      s3BytesStored: 0,
      storedMonths: 0,
      sqsRequests: 0,
      apiRequests: 0,
    },
    AP_SOUTHEAST_2,
  );
  console.log(
    `Fixed: the outbox sweeper, one run (no job about): ${t.ms.toFixed(0)} ms at ${memoryOf.get(sweeperId)} MB, DynamoDB ${JSON.stringify(sweeper.store.dynamodbRequests)} = ${sweeper.store.dynamodbReadUnits} RRU + ${sweeper.store.dynamodbWriteUnits} WRU: ${usd(runCost.usd.total)} a run, ${Math.round(runsPerMonth).toLocaleString('en-AU')} runs a month (every ${STAGES.prod.sweeper.everyMinutes} min) = $${(runCost.usd.total * runsPerMonth).toFixed(2)} a month per stage`,
  );
} else console.log('Fixed: the outbox sweeper was not measured alone (no single run within 75 s)');

console.log(
  '\nCapacity: jobs per hour of one type running alone (Remotion Lambda in the unreserved pool); the first quota each stage hits',
);
for (const stageName of DEPLOYABLE_STAGES) {
  const stage = STAGES[stageName];
  for (const use of priced.values()) {
    const bounds = capacity(use, {
      heavyStepConcurrency: stage.heavyStepConcurrency,
      heavyFunctionCount,
      otherReserved,
      heavyMemoryMb: HEAVY_MEMORY_MB,
      hotKeyWritesPerRequest: 1,
    });
    const first = bounds[0]!;
    const next = bounds[1];
    console.log(
      `  ${stageName.padEnd(8)} ${use.kind.padEnd(21)} first: ${first.limit} → ${Math.round(first.jobsPerHour).toLocaleString('en-AU')}/h; next: ${next ? `${next.limit} → ${Math.round(next.jobsPerHour).toLocaleString('en-AU')}/h` : '-'}; all ${QUOTAS.lambdaConcurrency.value} on it: ${Math.round(accountConcurrencyJobsPerHour(use)).toLocaleString('en-AU')}/h`,
    );
  }
}
console.log(
  `  (heavy step functions in the template: ${heavyFunctionCount}; other reserved concurrency: ${otherReserved}; hottest item: an API key's, 1 write a request)`,
);

// ---------------------------------------------------------------- 3. the accounting check
// The cheap types in turn, and --mixed-slow of each other measured type (not the kit, whose children are
// the other types) spread evenly through the batch.
const cheap = KINDS.filter((k) => !SLOW.has(k));
const slowInMix = KINDS.filter((k) => SLOW.has(k) && k !== 'listing_kit');
const slowJobs = slowInMix.flatMap((k) => Array.from({ length: MIXED_SLOW }, () => k));
const cheapJobs = cheap.length > 0 ? Math.max(0, MIXED - slowJobs.length) : 0;
const mix: string[] = [];
for (let i = 0, s = 0; i < cheapJobs || s < slowJobs.length; ) {
  // The slow jobs at even spacing among the cheap ones.
  if (s < slowJobs.length && (i >= cheapJobs || i >= ((s + 0.5) * cheapJobs) / slowJobs.length))
    mix.push(slowJobs[s++]!);
  else mix.push(cheap[i++ % cheap.length]!);
}
for (const kind of new Set(mix)) if (!prepared.has(kind)) await prepare(kind);
await settle();
takeCounts();
takeRenders();
const mixStarted = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < mix.length) await runJob(mix[next++]!);
  }),
);
await settle();
const mixSeconds = (performance.now() - mixStarted) / 1000;
const mixed = takeCounts();
const mixedUse = perJob('mixed', mixed, 1);
const jobsOf = (kind: string) => mix.filter((k) => k === kind).length;
const mixKinds = [...new Set(mix)];
// The model: each type's per-job figures × its jobs, plus the sweeper's own use × its runs in the batch.
const mixedSweeperRuns = sweeper ? sweeperRuns(mixed) : 0;
const sweeperUse = sweeper ? perJob('sweeper', sweeper, 1) : undefined;
const predicted = (f: (u: JobUse) => number) =>
  mixKinds.reduce((sum, kind) => sum + f(measured.get(kind)!.use) * jobsOf(kind), 0) +
  (sweeperUse ? mixedSweeperRuns * f(sweeperUse) : 0);
const invocations = (u: JobUse) => u.steps.reduce((a, s) => a + s.invocationsPerJob, 0);
console.log(
  `\nAccounting check: ${mix.length} mixed jobs (${mixKinds.map((k) => `${jobsOf(k)} ${k}`).join(', ')}), four at a time, ${mixSeconds.toFixed(1)} s, ${mixedSweeperRuns} sweeper run(s); counted beside the model (per-type figures × jobs)`,
);
let worst = 0;
for (const [name, f] of [
  ['state transitions', (u: JobUse) => u.stateTransitions],
  ['executions', (u: JobUse) => u.executions],
  ['Lambda invocations', invocations],
  ['DynamoDB write units', (u: JobUse) => u.dynamodbWriteUnits],
  ['DynamoDB index write units', (u: JobUse) => u.dynamodbIndexWriteUnits ?? 0],
  ['DynamoDB read units', (u: JobUse) => u.dynamodbReadUnits],
  ['S3 PUT-class requests', (u: JobUse) => u.s3Tier1Requests],
  ['S3 GET-class requests', (u: JobUse) => u.s3Tier2Requests],
  ['S3 bytes written', (u: JobUse) => u.s3BytesStored],
  ['SQS requests', (u: JobUse) => u.sqsRequests],
] as const) {
  const counted = f(mixedUse);
  const modelled = predicted(f);
  const diff = relativeDifference(counted, modelled);
  worst = Math.max(worst, diff);
  console.log(
    `  ${name.padEnd(24)} counted ${Math.round(counted).toString().padStart(11)}  model ${Math.round(modelled).toString().padStart(11)}  ${(diff * 100).toFixed(1).padStart(5)} % ${diff <= 0.1 ? 'ok' : 'OVER 10 %'}`,
  );
}
// Where a difference comes from: each function's invocations and each store operation, counted beside the model.
const modelOps = (pick: (c: Counted) => Record<string, number>) => {
  const total: Record<string, number> = {};
  const add = (record: Record<string, number>, times: number) => {
    for (const [k, n] of Object.entries(record)) total[k] = (total[k] ?? 0) + n * times;
  };
  for (const kind of mixKinds) {
    const m = measured.get(kind)!;
    add(pick(m.counted), jobsOf(kind) / m.jobs);
  }
  if (sweeper) add(pick(sweeper), mixedSweeperRuns);
  return total;
};
const differing = (label: string, counted: Record<string, number>, model: Record<string, number>) => {
  const names = new Set([...Object.keys(counted), ...Object.keys(model)]);
  const parts = [...names]
    .filter((n) => n !== 'ReceiveMessage' && Math.abs((counted[n] ?? 0) - (model[n] ?? 0)) >= 0.5)
    .map((n) => `${n} ${Math.round(counted[n] ?? 0)} vs ${Math.round(model[n] ?? 0)}`);
  console.log(`  ${label}, counted vs model where they differ: ${parts.join('; ') || 'none'}`);
};
const counts = (c: Counted) =>
  Object.fromEntries(Object.entries(c.run.invocations).map(([id, t]) => [id, t.count]));
differing('invocations', counts(mixed), modelOps(counts));
differing(
  'DynamoDB requests',
  mixed.store.dynamodbRequests,
  modelOps((c) => c.store.dynamodbRequests),
);
differing(
  'SQS requests',
  mixed.store.sqsRequests,
  modelOps((c) => c.store.sqsRequests),
);
console.log(
  `  worst difference ${(worst * 100).toFixed(1)} %: ${worst <= 0.1 ? 'within 10 %' : 'NOT within 10 %'}`,
);
console.log(
  `  SQS ReceiveMessage polls (background, not per job): ${mixed.store.sqsRequests.ReceiveMessage ?? 0}`,
);
{
  // Where the index writes of the whole run (every kind's jobs and the mixed batch) come from.
  const byIndex = Object.entries(emulators.indexWriteUnitsByIndex()).sort(([, a], [, b]) => b - a);
  const all = byIndex.reduce((sum, [, units]) => sum + units, 0);
  console.log(
    `DynamoDB index write units of the whole run, by table and index: ${byIndex.map(([name, units]) => `${name.replace(/^pms-local-/, '')} ${units} (${((units / all) * 100).toFixed(0)} %)`).join(', ')}`,
  );
}
console.log(`whole run ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
console.log(machineLine());

clearInterval(renderPoll);
receiver.close();
fileServer.close();
bundle?.close();
await stack.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(worst <= 0.1 ? 0 : 1);
