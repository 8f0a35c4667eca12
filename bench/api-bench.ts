// API benchmark on the local stack: requests/s and p50/p99 of GET /v1/jobs/{id} and of job creation at
// concurrency 1 and 16, beside the raw dynalite calls each request is made of, measured in the same run,
// and the store round trips each request makes (counted on the handlers' own DynamoDB client). At
// concurrency 16 it also prints each series' CPU per request by thread (thread-cpu.ts): which thread bounds
// the GET, and what the throughput ratio could reach on this machine.
// Each series runs once unmeasured (warm-up, after BENCH_WARM GETs and raw GetItems, default 4,000: the
// API's code is then as optimized as the SDK's), then ROUNDS times, the rounds interleaved so a change in the
// machine's load moves baseline and API alike; the table shows each series' medians over the rounds.
// Each series is BENCH_REQUESTS long (default 1,000; job creations an eighth, 20 to 50): at 400, the raw
// GetItem series at 16 lasted about 0.2 s, and one collection or burst of V8 compiling in it moved the
// baseline, and with it the ratio below, by up to a quarter between runs (docs/benchmarks.md).
// Run: npm run bench -- api   (BENCH_REQUESTS; BENCH_ROUNDS, default 3; BENCH_WARM)
// Goals: GET < 2 ms above its store calls at concurrency 1; ≤ 3 round trips per GET and per POST; at
// concurrency 16 the API's GET rate ≥ 0.8 × (raw GetItem rate ÷ round trips); POST …/detect p50 ≤ 41 ms
// at concurrency 1 and < 300 ms at 16.
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../functions/adapters/aws-clients.ts';
import { DynamoAccountStore } from '../functions/adapters/dynamodb/account-store.ts';
import type { ApiKeyRecord } from '../functions/core/auth/account-store.ts';
import { hashApiKey } from '../functions/core/auth/api-key.ts';
import { invocationContext } from '../local/local-lambdas.ts';
import { startBenchStack } from './bench-stack.ts';
import type { ClientSeries } from './http-client-worker.ts';
import { machineLine } from './machine.ts';
import { measure, median, printTable, type RunStats } from './stats.ts';
import { type CpuByThread, cpuByThread, threadTicks } from './thread-cpu.ts';

console.log(machineLine());
const { stack, info, db: raw, key, admin } = await startBenchStack();

// Only calls made while a route's own function runs count (workflow steps run in this process too).
let storeCalls = 0;
/** Of those, the calls on the accounts table: the admission write and its retries after a lost race. */
let accountCalls = 0;
dynamo().middlewareStack.add(
  (next) => async (args) => {
    const fn = invocationContext.getStore()?.logicalId ?? '';
    if (/^(GetJob|FrontageDetect)Function/.test(fn)) {
      storeCalls += 1;
      if ((args.input as { TableName?: string }).TableName === info.tables.accounts) accountCalls += 1;
    }
    return next(args);
  },
  { step: 'initialize', name: 'countStoreCalls' },
);

const api = (method: string, route: string, body?: unknown) =>
  fetch(`${info.url}${route}`, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => {
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${route}: ${r.status} ${text}`);
    return JSON.parse(text) as { data: { job_id: string } };
  });

// The measured requests come from a worker thread (bench/http-client-worker.ts), as from another process.
const client = new Worker(new URL('./http-client-worker.ts', import.meta.url), {
  execArgv: ['--import', 'tsx'],
});
/** The client's thread id, as it last said (thread-cpu.ts). */
let clientTid: string | undefined;
const series = (s: Omit<ClientSeries, 'url' | 'key'>) =>
  new Promise<RunStats>((resolve, reject) => {
    client.once(
      'message',
      (reply: { ok: true; stats: RunStats; tid?: string } | { ok: false; message: string }) => {
        if (!reply.ok) return reject(new Error(reply.message));
        clientTid = reply.tid;
        resolve(reply.stats);
      },
    );
    client.postMessage({ ...s, url: info.url, key });
  });

/** `run`'s statistics and, at concurrency 16, its CPU per request by thread. */
async function withCpu(
  cpu: Record<string, CpuByThread>,
  label: string,
  concurrency: number,
  run: () => Promise<RunStats>,
): Promise<RunStats> {
  const before = concurrency === 16 ? threadTicks() : undefined;
  const stats = await run();
  const after = before && threadTicks();
  if (before && after) {
    cpu[label] = cpuByThread(before, after, stats.count, stats.count / stats.perSecond, clientTid);
  }
  return stats;
}

const detectBody = {
  address: '10 Wattle Street, Ultimo NSW 2007',
  options: { lat: -33.8787, lng: 151.1986 },
};
const { job_id: jobId } = (await api('POST', '/v1/property-frontage/detect', detectBody)).data;
await stack.idle();

const N = Number(process.env.BENCH_REQUESTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GET_ROW = 'API GET /v1/jobs/{id}';
const POST_ROW = 'API POST /v1/property-frontage/detect';
const RAW_GET = 'raw GetItem (jobs, consistent)';
const RAW_ADMIT = 'raw admission UpdateItem (as the API)';
const RAW_PUT = 'raw conditional PutItem (jobs)';

// The raw admission series makes the API's own admission call (DynamoAccountStore.admit: one conditional
// UpdateItem planned from what the last write left, as in a GET) on the bench's client, for a live key of
// its own per concurrency, so that its bucket is not the API's.
const admissionKeys = new Map<number, string>();
for (const concurrency of [1, 16])
  admissionKeys.set(
    concurrency,
    hashApiKey((await admin.createKey('bench-org', 'live', `raw ${concurrency}`)).key),
  );
const accounts = new DynamoAccountStore(raw, info.tables.accounts);
const limitOf = (record: ApiKeyRecord) => record.requestsPerMinute;
/** Store calls the raw admission series made, and how many of its admissions there were. */
let rawAdmissionCalls = 0;
let rawAdmissions = 0;
raw.middlewareStack.add(
  (next) => async (args) => {
    if ((args.input as { TableName?: string }).TableName === info.tables.accounts) rawAdmissionCalls += 1;
    return next(args);
  },
  { step: 'initialize', name: 'countRawAdmissionCalls' },
);

/** The GET's own read, made raw: a consistent GetItem of the job. */
const rawGet = async () => {
  await raw.send(
    new GetCommand({
      TableName: info.tables.jobs,
      Key: { pk: 'T#bench-org#live', sk: `J#${jobId}` },
      ConsistentRead: true,
    }),
  );
};

let putSeq = 0;
/** One pass over every series at both concurrencies; `count` requests each (creations: an eighth, 20-50). */
async function round(count: number): Promise<{
  rows: RunStats[];
  trips: Record<string, number>;
  admission: Record<string, number>;
  cpu: Record<string, CpuByThread>;
}> {
  const rows: RunStats[] = [];
  const trips: Record<string, number> = {};
  const admission: Record<string, number> = {};
  const cpu: Record<string, CpuByThread> = {};
  for (const concurrency of [1, 16]) {
    rows.push(await withCpu(cpu, RAW_GET, concurrency, () => measure(RAW_GET, count, concurrency, rawGet)));
    rows.push(
      await measure(RAW_ADMIT, count, concurrency, async () => {
        rawAdmissions += 1;
        const outcome = await accounts.admit(admissionKeys.get(concurrency)!, new Date(), limitOf);
        if (outcome.kind !== 'admitted') throw new Error(`raw admission: ${outcome.kind}`);
      }),
    );
    rows.push(
      await measure(RAW_PUT, count, concurrency, async () => {
        putSeq += 1;
        await raw.send(
          new PutCommand({
            TableName: info.tables.jobs,
            Item: {
              pk: 'T#bench-raw#live',
              sk: `J#${concurrency}#${putSeq}`,
              status: 'queued',
              created_at: new Date().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      }),
    );
    storeCalls = 0;
    accountCalls = 0;
    rows.push(
      await withCpu(cpu, GET_ROW, concurrency, () =>
        series({ label: GET_ROW, method: 'GET', path: `/v1/jobs/${jobId}`, count, concurrency }),
      ),
    );
    trips[`GET /v1/jobs/{id}, concurrency ${concurrency}`] = storeCalls / count;
    admission[`GET /v1/jobs/{id}, concurrency ${concurrency}`] = accountCalls / count;
    storeCalls = 0;
    accountCalls = 0;
    // As many as before the series grew (each runs a workflow the stack must finish before the next series).
    const creations = Math.max(20, Math.min(50, Math.floor(count / 8)));
    rows.push(
      await series({
        label: POST_ROW,
        method: 'POST',
        path: '/v1/property-frontage/detect',
        body: detectBody,
        count: creations,
        concurrency,
      }),
    );
    trips[`POST /v1/property-frontage/detect, concurrency ${concurrency}`] = storeCalls / creations;
    admission[`POST /v1/property-frontage/detect, concurrency ${concurrency}`] = accountCalls / creations;
    await stack.idle();
  }
  return { rows, trips, admission, cpu };
}

// Warm-up. V8 (Node 22, Maglev off) optimizes a function with TurboFan after about 3,000 calls: the SDK's
// code, which every store call runs, gets there within the first rounds, while the API's own, called once a
// GET, did not before the rounds ended. So the GET and the raw calls each run WARM times at concurrency 16
// first (unmeasured), then a round as the measured ones (JIT, sockets, the container's key snapshot).
const WARM = Number(process.env.BENCH_WARM ?? 4000);
if (WARM > 0) {
  await series({ label: 'warm-up', method: 'GET', path: `/v1/jobs/${jobId}`, count: WARM, concurrency: 16 });
  await measure('warm-up', WARM, 16, rawGet);
}
await round(Math.max(50, Math.floor(N / 4)));
const rounds: Array<Awaited<ReturnType<typeof round>>> = [];
for (let r = 0; r < ROUNDS; r += 1) rounds.push(await round(N));
const rows: RunStats[] = rounds[0]!.rows.map((first, i) => {
  const all = rounds.map((r) => r.rows[i]!);
  return {
    ...first,
    count: first.count * ROUNDS,
    perSecond: median(all.map((r) => r.perSecond)),
    p50: median(all.map((r) => r.p50)),
    p99: median(all.map((r) => r.p99)),
  };
});
/** A figure per route, the median over the rounds. */
const split = (of: (r: (typeof rounds)[number], route: string) => number) =>
  Object.fromEntries(
    Object.keys(rounds[0]!.trips).map((route) => [route, median(rounds.map((r) => of(r, route)))]),
  );
const roundTrips = split((r, route) => r.trips[route]!);
/** The same split by table: the accounts table's calls, and the other tables'. */
const admissionTrips = split((r, route) => r.admission[route]!);
const otherTrips = split((r, route) => r.trips[route]! - r.admission[route]!);

console.log(
  `medians of ${ROUNDS} interleaved rounds, after ${WARM} unmeasured GETs and raw GetItems at concurrency 16 and a warm-up round:`,
);
printTable(rows);
const row = (label: string, c: number) => rows.find((r) => r.label === label && r.concurrency === c)!;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

console.log('\nstore round trips per request (the admission write, then the route’s own calls):');
for (const [route, n] of Object.entries(roundTrips)) {
  const admitting = admissionTrips[route]!;
  console.log(
    `  ${route.padEnd(40)} ${n.toFixed(2)}   goal ≤ 3   ${verdict(n <= 3)}   (accounts table ${admitting.toFixed(2)}: admission and its retries after a lost race; other tables ${otherTrips[route]!.toFixed(2)})`,
  );
}
const getRoute = 'GET /v1/jobs/{id}, concurrency 16';
const getTrips = roundTrips[getRoute]!;
// A GET is one admission write and one consistent read of the job. The read runs beside the write when the
// container has admitted the key before (RouteSpec.readOnly), so the API's own time is also shown above the
// longer of the two calls alone: what is left when the overlap is not counted as a saving.
const overhead = row(GET_ROW, 1).p50 - (row(RAW_GET, 1).p50 + row(RAW_ADMIT, 1).p50);
const aboveLonger = row(GET_ROW, 1).p50 - Math.max(row(RAW_GET, 1).p50, row(RAW_ADMIT, 1).p50);
console.log('\nGET /v1/jobs/{id} above its store calls at concurrency 1 (API p50 − raw p50s of its calls):');
console.log(`  ${overhead.toFixed(2)} ms   goal < 2 ms   ${verdict(overhead < 2)}`);
console.log(`  (${aboveLonger.toFixed(2)} ms above the admission write alone: the job read runs beside it)`);
const ratio = row(GET_ROW, 16).perSecond / (row(RAW_GET, 16).perSecond / getTrips);
console.log('\nGET throughput at concurrency 16 ÷ (raw GetItem req/s ÷ round trips):');
console.log(`  ${ratio.toFixed(2)}   goal ≥ 0.8   ${verdict(ratio >= 0.8)}`);
// The figure above counts every call as a GetItem, and so rises with a lost race's extra write. The store's
// own rate for a GET's calls takes each at its raw rate: the admission writes at the raw admission series'
// rate of UpdateItems (its admissions a second × its calls per admission), the rest as GetItems (for
// information; the goal is stated on the figure above).
const callsPerRawAdmission = rawAdmissionCalls / rawAdmissions;
const storeRate =
  1 /
  (admissionTrips[getRoute]! / (row(RAW_ADMIT, 16).perSecond * callsPerRawAdmission) +
    otherTrips[getRoute]! / row(RAW_GET, 16).perSecond);
console.log(
  `  ${(row(GET_ROW, 16).perSecond / storeRate).toFixed(2)}   of the store's rate for a GET's own calls, each at its raw rate (${storeRate.toFixed(0)} a second: the admission write as an UpdateItem, the read as a GetItem; the raw admissions made ${callsPerRawAdmission.toFixed(2)} calls each)`,
);
// Which thread bounds the GET: the series' CPU per request by thread, means over the rounds (the threads'
// clocks tick every 10 ms: a round's few hundred requests get a few dozen ticks, the rounds together more).
const cpuOf = (label: string): CpuByThread | undefined => {
  const all = rounds.flatMap((r) => (r.cpu[label] ? [r.cpu[label]] : []));
  if (all.length === 0) return undefined;
  const m = (field: keyof CpuByThread) => all.reduce((sum, c) => sum + c[field], 0) / all.length;
  return {
    main: m('main'),
    mainBusy: m('mainBusy'),
    emulator: m('emulator'),
    client: m('client'),
    others: m('others'),
    all: m('all'),
  };
};
const rawCpu = cpuOf(RAW_GET);
const getCpu = cpuOf(GET_ROW);
if (rawCpu && getCpu) {
  const us = (n: number) => n.toFixed(0).padStart(5);
  const line = (name: string, c: CpuByThread) =>
    `  ${name.padEnd(12)} main thread ${us(c.main)} (busy ${(c.mainBusy * 100).toFixed(0)} %), emulator ${us(c.emulator)}, client ${c.client > 0 ? us(c.client) : '    —'}, others ${us(c.others)}; all ${us(c.all)}`;
  console.log(
    '\nCPU per request at concurrency 16, by thread (µs, means over the rounds; /proc/self/task; the emulator is the busiest other thread):',
  );
  console.log(line('raw GetItem', rawCpu));
  console.log(line('API GET', getCpu));
  const cores = cpus().length;
  // The ratio were the main thread as busy under GETs as under raw GetItems, and the most the GET could
  // reach by all threads' CPU on this machine's cores.
  const asBusy = (getTrips * rawCpu.main) / getCpu.main;
  const byAllCores = (((cores * 1e6) / getCpu.all) * getTrips) / row(RAW_GET, 16).perSecond;
  console.log(
    `  The main thread makes the SDK's calls in both series, and runs the API's HTTP server, gateway and handler in the GET: a GET costs it ${(getCpu.main / rawCpu.main).toFixed(2)} raw GetItems. As busy in both series, the ratio above would be ${asBusy.toFixed(2)}; with all ${cores} cores busy, at most ${byAllCores.toFixed(2)}.`,
  );
}
const post1 = row(POST_ROW, 1).p50;
const post16 = row(POST_ROW, 16).p50;
console.log('\nPOST /v1/property-frontage/detect p50:');
console.log(`  concurrency 1: ${post1.toFixed(1)} ms   goal ≤ 41 ms    ${verdict(post1 <= 41)}`);
console.log(`  concurrency 16: ${post16.toFixed(1)} ms   goal < 300 ms   ${verdict(post16 < 300)}`);
console.log(`\n${machineLine()}`);
await client.terminate();
await stack.stop();
process.exit(0);
