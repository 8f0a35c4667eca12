// Capacity and cost benchmark (issue 35 item 3; docs/readme/cost.md). On a fresh local stack with its
// accounting on (LOCAL_STACK_ACCOUNTING: state transitions and function time) and its emulators behind a
// counting pass-through (bench/counting-emulators.ts: DynamoDB request units, S3 and SQS requests, bytes
// written):
//   1. per kind (frontage_detection, markup_v2, brochure_slide): a warm-up job, then --per-kind jobs one
//      at a time, each a POST with a webhook_url for its final event and one GET of the finished job; the
//      counts ÷ jobs are the kind's use per job;
//   2. the cost per job at ap-southeast-2 list prices (bench/cost-model.ts), the stage's price beside it,
//      and the jobs per hour each quota allows on each stage;
//   3. the accounting check: --mixed jobs of the three kinds, four at a time, counted the same way and
//      compared with what the per-kind figures predict (within 10 % passes).
// Run: npm run bench -- cost [--per-kind 5] [--mixed 60]
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAccountStore } from '../functions/adapters/dynamodb/account-store.ts';
import { KeyAdmin } from '../functions/core/auth/key-admin.ts';
import { systemClock } from '../functions/core/clock.ts';
import { DEPLOYABLE_STAGES, STAGES } from '../lib/config/stages.ts';
import { HEAVY_MEMORY_MB } from '../lib/constructs/function-facts.ts';
import { accountingSnapshot, resetAccounting } from '../local/accounting.ts';
import { startEmulators } from '../local/emulators.ts';
import { storeCredentials } from '../local/store-credentials.ts';
import { resourcesOfType, synthesizeLocalApp } from '../local/synthesized-app.ts';
import { sampleRequests } from '../scripts/brochure/sample-data.ts';
import { startSampleServer } from '../scripts/brochure/sample-server.ts';
import {
  AP_SOUTHEAST_2,
  accountConcurrencyJobsPerHour,
  capacity,
  type JobUse,
  jobCost,
  margin,
  QUOTAS,
  relativeDifference,
  remotionChunks,
  type StepUse,
} from './cost-model.ts';
import { countingEmulators, type StoreCounts, s3PriceClass } from './counting-emulators.ts';
import { machineLine } from './machine.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { 'per-kind': { type: 'string', default: '5' }, mixed: { type: 'string', default: '60' } },
});
const PER_KIND = Number(args['per-kind']);
const MIXED = Number(args.mixed);

console.log(machineLine());
process.env.LOCAL_STACK_QUIET = 'true';
process.env.POWERTOOLS_TRACE_ENABLED = 'false';
process.env.LOCAL_STACK_ACCOUNTING = 'true';
// The outbox sweeper at its template rate (once a minute, as in AWS) rather than the local stack's every
// few seconds: the local schedule runs at the shorter of the two. Its runs are a fixed cost of a stage,
// measured alone and taken out of the kinds' counts below.
(STAGES.local.sweeper as { localEverySeconds: number }).localEverySeconds = 3600;

const { startLocalStack } = await import('../local/local-stack.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-cost-'));
const credentials = storeCredentials(dataDir);
const emulators = await countingEmulators(await startEmulators(dataDir, credentials));
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
const samples = await startSampleServer();

// ---------------------------------------------------------------- a webhook receiver: one final event a job
const received = new Set<string>();
const receiver = createServer((req, res) => {
  received.add(String(req.url).split('/').pop() ?? '');
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

type Kind = 'frontage_detection' | 'markup_v2' | 'brochure_slide';
const KINDS: readonly Kind[] = ['frontage_detection', 'markup_v2', 'brochure_slide'];
const ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '22 Smith Street, Fitzroy VIC 3065',
  '45 Macquarie Street, Hobart TAS 7000',
  '3 Jacaranda Avenue, Toowong QLD 4066',
];
const brochure = sampleRequests(samples.base)[0]!;
let submitted = 0;

function request(kind: Kind, i: number): { route: string; body: Record<string, unknown> } {
  const address = ADDRESSES[i % ADDRESSES.length];
  switch (kind) {
    case 'frontage_detection':
      return { route: '/v1/property-frontage/detect', body: { address } };
    case 'markup_v2':
      return { route: '/v2/markup/generate', body: { address } };
    default:
      return { route: '/v1/brochure-slides/generate', body: { ...brochure } };
  }
}

/** One job: POST with a webhook for its final event, wait for that event, one GET of the job. */
async function runJob(kind: Kind): Promise<void> {
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
  const deadline = Date.now() + 600_000;
  while (!received.has(nonce)) {
    if (Date.now() > deadline) throw new Error(`${kind}: no final webhook within 10 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const job = (await (
    await fetch(`${info.url}/v1/jobs/${answer.data.job_id}`, { headers: { 'X-API-Key': key } })
  ).json()) as { data: { status: string; error?: unknown } };
  if (job.data.status !== 'completed') throw new Error(`${kind}: ${JSON.stringify(job.data)}`);
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
const { service, stateful } = await synthesizeLocalApp();
const gsiMax = Math.max(
  ...resourcesOfType(stateful, 'AWS::DynamoDB::Table').map(
    ([, table]) => ((table.Properties?.GlobalSecondaryIndexes as unknown[] | undefined) ?? []).length,
  ),
);
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
    dynamodbReadUnits: counted.store.dynamodbReadUnits / jobs,
    s3Tier1Requests: byClass('tier1') / jobs,
    s3Tier2Requests: byClass('tier2') / jobs,
    s3BytesStored: counted.store.s3BytesPut / jobs,
    storedMonths: STAGES.prod.retention.defaultDays / (365 / 12),
    sqsRequests: sqs / jobs,
    apiRequests: 2,
  };
}

const uses = new Map<Kind, JobUse>();
const raw = new Map<Kind, Counted>();
for (const kind of KINDS) {
  await runJob(kind); // warm-up: module loads, Chromium, the gazetteer
  await settle();
  takeCounts();
  const started = performance.now();
  for (let i = 0; i < PER_KIND; i += 1) await runJob(kind);
  await settle();
  const counted = withoutSweeper(takeCounts());
  raw.set(kind, counted);
  uses.set(kind, perJob(kind, counted, PER_KIND));
  console.log(
    `${kind}: ${PER_KIND} jobs one at a time in ${((performance.now() - started) / 1000).toFixed(1)} s`,
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

console.log(`\nUse per job (measured above, ${PER_KIND} jobs per kind; Lambda ms are local wall time):`);
for (const use of uses.values()) {
  console.log(
    `${use.kind}: ${fmt(use.stateTransitions, 1)} transitions, ${fmt(use.executions, 1)} executions, DynamoDB ${fmt(use.dynamodbWriteUnits, 1)} WRU + ${fmt(use.dynamodbReadUnits, 1)} RRU, S3 ${fmt(use.s3Tier1Requests, 1)} PUT-class + ${fmt(use.s3Tier2Requests, 1)} GET-class, ${(use.s3BytesStored / 1024).toFixed(0)} KB stored, SQS ${fmt(use.sqsRequests, 1)}, API ${use.apiRequests}`,
  );
  const store = raw.get(use.kind as Kind)!.store;
  const ops = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([op, n]) => `${op} ${fmt(n / PER_KIND, 1)}`)
      .join(', ');
  console.log(`    DynamoDB: ${ops(store.dynamodbRequests)}`);
  console.log(`    S3: ${ops(store.s3Requests)}; SQS: ${ops(store.sqsRequests)}`);
  for (const s of [...use.steps].sort(
    (a, b) => b.invocationsPerJob * b.msPerInvocation - a.invocationsPerJob * a.msPerInvocation,
  ))
    console.log(
      `    ${s.functionId.padEnd(48)} ${String(s.memoryMb).padStart(5)} MB × ${fmt(s.invocationsPerJob, 2).padStart(5)} × ${fmt(s.msPerInvocation, 0).padStart(6)} ms`,
    );
}

console.log(
  '\nCost per job (USD) and the stage price beside it (AUD, lib/config/stages.ts usage.livePerUnit):',
);
console.log(
  `${'kind'.padEnd(20)}${'GB-s'.padEnd(9)}${'Lambda'.padEnd(11)}${'SFN'.padEnd(11)}${'DynamoDB'.padEnd(11)}${'S3 req'.padEnd(11)}${'S3 store'.padEnd(11)}${'SQS'.padEnd(11)}${'API'.padEnd(11)}${'total'.padEnd(11)}${'AUD cost'.padEnd(10)}${'price'.padEnd(7)}margin`,
);
for (const use of uses.values()) {
  const cost = jobCost(use, AP_SOUTHEAST_2);
  const price = STAGES.prod.usage.livePerUnit[use.kind as Kind] ?? 0;
  const m = margin(price, cost.usd.total, AP_SOUTHEAST_2);
  const u = cost.usd;
  console.log(
    `${use.kind.padEnd(20)}${fmt(cost.lambdaGbSeconds, 2).padEnd(9)}${[u.lambda, u.stepFunctions, u.dynamodb, u.s3Requests, u.s3Storage, u.sqs, u.api, u.total].map((v) => usd(v).padEnd(11)).join('')}${fmt(m.costAud, 4).padEnd(10)}${fmt(price, 2).padEnd(7)}${m.share === null ? '-' : `${(m.share * 100).toFixed(1)} %`}`,
  );
}
console.log(
  `DynamoDB above counts the tables' own request units (the emulator's); index writes are not in them: with every write copied to all ${gsiMax} indexes of the busiest table, at most ×${gsiMax + 1} the write units: ${[...uses.values()].map((u) => `${u.kind} ${usd(u.dynamodbWriteUnits * (gsiMax + 1) * AP_SOUTHEAST_2.dynamodbWriteUnit.usd + u.dynamodbReadUnits * AP_SOUTHEAST_2.dynamodbReadUnit.usd)}`).join(', ')}`,
);
for (const frames of [150, 300, 900]) {
  const chunks = remotionChunks(frames);
  console.log(
    `Remotion Lambda, a ${frames}-frame video (${frames / 30} s at 30 fps): ${chunks} chunk invocations + 1 orchestrator at ${STAGES.prod.renderer.memoryMb} MB (duration not measured here)`,
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

console.log('\nCapacity: jobs per hour of one kind running alone; the first quota each stage hits');
for (const stageName of DEPLOYABLE_STAGES) {
  const stage = STAGES[stageName];
  for (const use of uses.values()) {
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
      `  ${stageName.padEnd(8)} ${use.kind.padEnd(20)} first: ${first.limit} → ${Math.round(first.jobsPerHour).toLocaleString('en-AU')}/h; next: ${next ? `${next.limit} → ${Math.round(next.jobsPerHour).toLocaleString('en-AU')}/h` : '-'}; all ${QUOTAS.lambdaConcurrency.value} on it: ${Math.round(accountConcurrencyJobsPerHour(use)).toLocaleString('en-AU')}/h`,
    );
  }
}
console.log(
  `  (heavy step functions in the template: ${heavyFunctionCount}; other reserved concurrency: ${otherReserved}; hottest item: an API key's, 1 write a request)`,
);

// ---------------------------------------------------------------- 3. the accounting check
const mix: Kind[] = Array.from({ length: MIXED }, (_, i) => KINDS[i % KINDS.length]!);
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < mix.length) await runJob(mix[next++]!);
  }),
);
await settle();
const mixed = takeCounts();
const mixedUse = perJob('mixed', mixed, 1);
// The model: each kind's per-job figures × its jobs, plus the sweeper's own use × its runs in the batch.
const mixedSweeperRuns = sweeper ? sweeperRuns(mixed) : 0;
const sweeperUse = sweeper ? perJob('sweeper', sweeper, 1) : undefined;
const predicted = (f: (u: JobUse) => number) =>
  KINDS.reduce((sum, kind) => sum + f(uses.get(kind)!) * mix.filter((k) => k === kind).length, 0) +
  (sweeperUse ? mixedSweeperRuns * f(sweeperUse) : 0);
const invocations = (u: JobUse) => u.steps.reduce((a, s) => a + s.invocationsPerJob, 0);
console.log(
  `\nAccounting check: ${MIXED} mixed jobs (${KINDS.map((k) => `${mix.filter((m) => m === k).length} ${k}`).join(', ')}), four at a time, ${((performance.now() - started) / 1000).toFixed(1)} s, ${mixedSweeperRuns} sweeper run(s); counted beside the model (per-kind figures × jobs)`,
);
let worst = 0;
for (const [name, f] of [
  ['state transitions', (u: JobUse) => u.stateTransitions],
  ['executions', (u: JobUse) => u.executions],
  ['Lambda invocations', invocations],
  ['DynamoDB write units', (u: JobUse) => u.dynamodbWriteUnits],
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
    `  ${name.padEnd(24)} counted ${Math.round(counted).toString().padStart(10)}  model ${Math.round(modelled).toString().padStart(10)}  ${(diff * 100).toFixed(1).padStart(5)} % ${diff <= 0.1 ? 'ok' : 'OVER 10 %'}`,
  );
}
// Where a difference comes from: each function's invocations and each store operation, counted beside the model.
const modelOps = (pick: (c: Counted) => Record<string, number>) => {
  const total: Record<string, number> = {};
  const add = (record: Record<string, number>, times: number) => {
    for (const [k, n] of Object.entries(record)) total[k] = (total[k] ?? 0) + n * times;
  };
  for (const kind of KINDS) add(pick(raw.get(kind)!), mix.filter((k) => k === kind).length / PER_KIND);
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
  `  SQS ReceiveMessage polls (background, not per job): ${mixed.store.sqsRequests.ReceiveMessage ?? 0}; in the kinds' stretches: ${KINDS.map((k) => raw.get(k)!.store.sqsRequests.ReceiveMessage ?? 0).join(', ')}`,
);
console.log(machineLine());

receiver.close();
await samples.close();
await stack.stop();
process.exit(worst <= 0.1 ? 0 : 1);
