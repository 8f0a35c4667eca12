// Fair-share benchmark (issue 36): two tenants on one local stack. Organization B's frontage jobs are timed
// end to end (request → completed) twice in the same run: first on the idle stack (the baseline), then
// while organization A's burst runs: A submits 200 heavy jobs at once, three quarters markups and a
// quarter virtual stagings whose room photo URL hangs until the download deadline (20 s), and B submits
// its 20 jobs at a steady rate meanwhile. Prints B's p50/p95 loaded against idle (goal: p95 ≤ 2×), how
// every A job ended (markups completed, hanging stagings failed IMAGE_DOWNLOAD_FAILED: each its own code,
// none lost, none for a transient reason), the most slots A held at once (its limit) and that no slot is
// held once every job has ended; the machine, load average and CPU busy share of each phase beside them.
// Exits 1 when a goal is missed.
//
// With --kill, the same run meets a crash: halfway through B's loaded jobs (between two of them, so no B job
// is timed across the outage) the stack's whole process group is SIGKILLed and started again on the same
// data directory; its restart gives back every slot and resumes A's jobs. The figures must hold all the
// same, and the slots held must come back to zero.
//
// Run: npm run bench -- fair [--a-jobs 200] [--b-jobs 20] [--b-interval 3000] [--timeout 2400] [--kill]
//   LOAD_PIN_CORE=1  run the stack under `taskset -c 0` (one core).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoJobSlots } from '../functions/adapters/dynamodb/job-slots.ts';
import { STAGES } from '../lib/config/stages.ts';
import { storeCredentials } from '../local/store-credentials.ts';
import type { Json } from '../test/support/http-client.ts';
import { newDataDir, newOrganization } from '../test/support/local-stack-process.ts';
import { freePort, keepDataIfMissed, startGroupStack } from './load-stack.ts';
import { machineLine } from './machine.ts';
import { loadText } from './stats.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    'a-jobs': { type: 'string', default: '200' },
    'b-jobs': { type: 'string', default: '20' },
    'b-interval': { type: 'string', default: '3000' },
    timeout: { type: 'string', default: '2400' },
    kill: { type: 'boolean', default: false },
  },
});
const A_JOBS = Number(args['a-jobs']);
const B_JOBS = Number(args['b-jobs']);
const B_INTERVAL_MS = Number(args['b-interval']);
const FINAL_TIMEOUT_MS = Number(args.timeout) * 1000;
const PIN_CORE = process.env.LOAD_PIN_CORE === '1';
const KILL = args.kill;
const GOAL_RATIO = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINAL = new Set(['completed', 'failed', 'canceled']);
const t0 = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${line}`);

// ---------------------------------------------------------------- CPU busy share, from /proc/stat
interface CpuSample {
  readonly busy: number;
  readonly total: number;
}
function cpuSample(): CpuSample {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}
const busyShare = (from: CpuSample, to: CpuSample) =>
  `${((100 * (to.busy - from.busy)) / Math.max(1, to.total - from.total)).toFixed(0)} %`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------- a server whose URLs never answer
const hanging = new Set<import('node:net').Socket>();
const hangingServer: Server = createServer(() => {
  // Never answers: the download runs into its deadline.
});
hangingServer.on('connection', (socket) => {
  hanging.add(socket);
  socket.on('close', () => hanging.delete(socket));
});
await new Promise<void>((resolve) => hangingServer.listen(0, '127.0.0.1', resolve));
const hangingUrl = `http://127.0.0.1:${(hangingServer.address() as AddressInfo).port}`;

// ---------------------------------------------------------------- the stack and the two organizations
const dataDir = newDataDir();
const port = await freePort();
log(`starting the local stack (data ${dataDir}, port ${port}${PIN_CORE ? ', pinned to core 0' : ''})`);
const startStack = () =>
  startGroupStack({ dataDir, port, logFile: path.join(dataDir, 'stack.log'), pinCore: PIN_CORE });
let stack = await startStack();
const baseUrl = stack.handle.url;
const orgA = await newOrganization(stack.handle, { livePerMinute: 1_000_000 });
const orgB = await newOrganization(stack.handle, { livePerMinute: 1_000_000 });
const keyA = await orgA.key('live');
const keyB = await orgB.key('live');
// The slots as the store keeps them (read again through the new emulator after a restart).
const slotsOf = () =>
  new DynamoJobSlots(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.handle.info.endpoints.dynamodb,
        region: stack.handle.info.region,
        credentials: storeCredentials(dataDir),
      }),
    ),
    stack.handle.info.tables.jobs,
  );
let slots = slotsOf();
const heldBy = async (orgId: string) =>
  (await slots.list()).filter((h) => h.tenant.orgId === orgId).flatMap((h) => h.holders).length;

async function call(
  method: string,
  route: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1000);
    }
  }
}

/** Submits and polls every 100 ms until final: the job and its time end to end. */
async function timedJob(key: string, route: string, body: Json): Promise<{ ms: number; job: Json }> {
  const started = performance.now();
  const answer = await call('POST', route, key, body);
  if (answer.status !== 202) throw new Error(`${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const jobId = answer.body.data.job_id as string;
  for (;;) {
    const got = await call('GET', `/v1/jobs/${jobId}`, key);
    if (got.status === 200 && FINAL.has(got.body.data.status))
      return { ms: performance.now() - started, job: got.body.data as Json };
    await sleep(100);
  }
}

const FRONTAGE_ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '1 Martin Place, Sydney NSW 2000',
  '22 Jacaranda Avenue, Toowong QLD 4066',
  '7 Smith St Darwin NT 0800',
  '5 Banksia Drive, Mount Barker WA 6324',
];
const MARKUP_ADDRESSES = ['10 Wattle Street, Ultimo NSW 2007', '22 Smith Street, Fitzroy VIC 3065'];

/** What the crash did: when, how long the stack took to answer again, what it recovered. */
let crash: { afterB: number; restartMs: number; recovered: string; heldAfterRestart: number } | undefined;

/** SIGKILL to the stack's process group, then the stack again on the same data directory and port. */
async function killAndRestart(afterB: number): Promise<void> {
  log(`killing the stack's process group (pid ${stack.pid}) after B's job ${afterB}`);
  const at = Date.now();
  await stack.kill();
  stack = await startStack();
  slots = slotsOf();
  const recovered = /recovered jobs\s*:\s*(.+)/.exec(stack.banner)?.[1]?.trim() ?? '(not printed)';
  const heldAfterRestart = (await slots.list()).flatMap((h) => h.holders).length;
  crash = { afterB, restartMs: Date.now() - at, recovered, heldAfterRestart };
  log(`restarted in ${(crash.restartMs / 1000).toFixed(1)} s; recovered jobs: ${recovered}`);
}

/**
 * B's jobs at a steady rate, each timed end to end. With `crashAfter`, once that many of B's jobs have
 * been submitted and every one of them is final, the stack is killed and restarted before the next.
 */
async function runB(label: string, crashAfter?: number): Promise<{ times: number[]; outcomes: string[] }> {
  const runs: Promise<{ ms: number; job: Json }>[] = [];
  for (let i = 0; i < B_JOBS; i += 1) {
    if (i === crashAfter) {
      await Promise.all(runs);
      await killAndRestart(i);
    }
    runs.push(
      timedJob(keyB, '/v1/property-frontage/detect', {
        address: FRONTAGE_ADDRESSES[i % FRONTAGE_ADDRESSES.length],
      }),
    );
    await sleep(B_INTERVAL_MS);
  }
  const done = await Promise.all(runs);
  log(`${label}: B's ${B_JOBS} frontage jobs final`);
  return {
    times: done.map((d) => d.ms),
    outcomes: done.map((d) =>
      d.job.status === 'completed' ? 'completed' : `${d.job.status} ${d.job.error?.code}`,
    ),
  };
}

// ---------------------------------------------------------------- warm-up and the idle baseline
log('warm-up: one frontage job of B, one markup of A (module loads are not counted)');
await timedJob(keyB, '/v1/property-frontage/detect', { address: FRONTAGE_ADDRESSES[0] });
await timedJob(keyA, '/v2/markup/generate', { address: MARKUP_ADDRESSES[0] });

const loadIdleBefore = loadText();
const cpuIdle0 = cpuSample();
log(`idle baseline: B submits ${B_JOBS} frontage jobs, one every ${B_INTERVAL_MS} ms`);
const idle = await runB('idle');
const cpuIdle1 = cpuSample();
const loadIdleAfter = loadText();

// ---------------------------------------------------------------- A's burst, B meanwhile
// Every fourth job's room photo URL hangs: a quarter, spread through the burst.
const plan = Array.from({ length: A_JOBS }, (_, i) =>
  i % 4 === 3 ? ('staging-hanging' as const) : ('markup' as const),
);
const hangingCount = plan.filter((k) => k !== 'markup').length;
const loadBurstBefore = loadText();
const cpuBurst0 = cpuSample();
const burstStart = Date.now();
log(
  `burst: A submits ${A_JOBS} at once (${plan.filter((k) => k === 'markup').length} markups, ` +
    `${plan.filter((k) => k !== 'markup').length} stagings whose photo URL hangs); B its ${B_JOBS} meanwhile`,
);
let peakA = 0;
let peakB = 0;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    try {
      peakA = Math.max(peakA, await heldBy(orgA.orgId));
      peakB = Math.max(peakB, await heldBy(orgB.orgId));
    } catch {
      // The store is down while the stack restarts (--kill): the next sample reads the new one.
    }
    await sleep(1000);
  }
})();
const submitted: { kind: (typeof plan)[number]; status: number; jobId?: string; code?: string }[] = [];
let next = 0;
const burst = Promise.all(
  Array.from({ length: 20 }, async () => {
    for (;;) {
      const i = next++;
      if (i >= plan.length) return;
      const kind = plan[i]!;
      const answer =
        kind === 'markup'
          ? await call('POST', '/v2/markup/generate', keyA, {
              address: MARKUP_ADDRESSES[i % MARKUP_ADDRESSES.length],
            })
          : await call('POST', '/v1/virtual-staging/generate', keyA, {
              image_url: `${hangingUrl}/rooms/${i}.jpg`,
              room_type: 'living room',
            });
      submitted[i] = {
        kind,
        status: answer.status,
        jobId: answer.body.data?.job_id,
        code: answer.body.error?.code,
      };
    }
  }),
);
let burstAnswered = 0;
void burst.then(() => {
  burstAnswered = Date.now() - burstStart;
});
const loaded = await runB('loaded', KILL ? Math.floor(B_JOBS / 2) : undefined);
await burst;
const cpuB1 = cpuSample();
const loadAfterB = loadText();
log(
  `B done: p95 ${(percentile(loaded.times, 95) / 1000).toFixed(2)} s loaded, ${(percentile(idle.times, 95) / 1000).toFixed(2)} s idle; ` +
    `B's loaded times ${loaded.times.map((t) => (t / 1000).toFixed(2)).join(' ')}; ` +
    `waiting for every A job to be final (at most ${FINAL_TIMEOUT_MS / 1000} s)`,
);

async function listA(): Promise<Json[]> {
  const jobs: Json[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await call('GET', `/v1/jobs?limit=100&offset=${offset}`, keyA);
    if (page.status !== 200) throw new Error(`GET /v1/jobs: ${page.status}`);
    jobs.push(...(page.body.data.jobs as Json[]));
    offset = page.body.data.pagination.next_offset as number | null;
  }
  return jobs;
}
const ids = new Set(submitted.filter((s) => s.status === 202).map((s) => s.jobId!));
const deadline = Date.now() + FINAL_TIMEOUT_MS;
let listed: Json[] = [];
let waitingSeen = 0;
for (;;) {
  listed = (await listA()).filter((j) => ids.has(j.job_id));
  waitingSeen = Math.max(
    waitingSeen,
    listed.filter((j) => j.progress?.stage === 'waiting_for_your_other_jobs').length,
  );
  const open = listed.filter((j) => !FINAL.has(j.status)).length;
  if (open === 0 || Date.now() > deadline) break;
  log(`A: ${listed.length - open} of ${ids.size} final, ${open} open`);
  await sleep(10_000);
}
const cpuBurst1 = cpuSample();
const loadBurstAfter = loadText();
const burstSeconds = (Date.now() - burstStart) / 1000;
// Slots are given back by the execution-ended rule just after a job's end: give it a moment.
let heldAtEnd = { a: await heldBy(orgA.orgId), b: await heldBy(orgB.orgId) };
for (let i = 0; i < 30 && heldAtEnd.a + heldAtEnd.b > 0; i += 1) {
  await sleep(1000);
  heldAtEnd = { a: await heldBy(orgA.orgId), b: await heldBy(orgB.orgId) };
}
sampling = false;
await sampler;

// ---------------------------------------------------------------- the figures
const byId = new Map(listed.map((j) => [j.job_id as string, j]));
const tally = new Map<string, number>();
let ownCode = 0;
let wrong: string[] = [];
for (const s of submitted) {
  const job = s.jobId ? byId.get(s.jobId) : undefined;
  const outcome = !job
    ? `lost (answer ${s.status} ${s.code ?? ''})`
    : job.status === 'completed'
      ? 'completed'
      : `${job.status} ${job.error?.code ?? ''}`.trim();
  const key = `${s.kind}: ${outcome}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
  const expected = s.kind === 'markup' ? 'completed' : 'failed IMAGE_DOWNLOAD_FAILED';
  if (outcome === expected) ownCode += 1;
  else wrong.push(`${s.jobId ?? '-'} ${key}`);
}
wrong = wrong.slice(0, 10);
const idleP95 = percentile(idle.times, 95);
const loadedP95 = percentile(loaded.times, 95);
const ratio = loadedP95 / idleP95;
const limit = STAGES.local.jobConcurrency.liveDefault;
const bAllCompleted = [...idle.outcomes, ...loaded.outcomes].every((o) => o === 'completed');

console.log('');
console.log(machineLine());
console.log(
  `command: node --experimental-async-context-frame --import tsx bench/run-all.ts fair ${process.argv.slice(2).join(' ')}${PIN_CORE ? ' (LOAD_PIN_CORE=1)' : ''}`,
);
console.log(
  `date: ${new Date().toISOString()} · LOCAL_STEP_CONCURRENCY ${process.env.LOCAL_STEP_CONCURRENCY ?? 'default (one per core)'} · LOCAL_STEP_NICE ${process.env.LOCAL_STEP_NICE ?? 'default (0)'} · per-organization limit (local, live) ${limit}`,
);
console.log('');
console.log('phase                      load avg before → after       CPU busy');
console.log(
  `idle baseline (B only)     ${loadIdleBefore} → ${loadIdleAfter}      ${busyShare(cpuIdle0, cpuIdle1)}`,
);
console.log(
  `A's burst with B           ${loadBurstBefore} → ${loadAfterB}      ${busyShare(cpuBurst0, cpuB1)}`,
);
console.log(
  `until every A job final    ${loadBurstBefore} → ${loadBurstAfter}      ${busyShare(cpuBurst0, cpuBurst1)}`,
);
console.log('');
console.log(
  `B frontage end to end, idle:   p50 ${(percentile(idle.times, 50) / 1000).toFixed(2)} s, p95 ${(idleP95 / 1000).toFixed(2)} s`,
);
console.log(
  `B frontage end to end, loaded: p50 ${(percentile(loaded.times, 50) / 1000).toFixed(2)} s, p95 ${(loadedP95 / 1000).toFixed(2)} s`,
);
console.log(
  `B's times in submission order, idle:   ${idle.times.map((t) => (t / 1000).toFixed(2)).join(' ')}`,
);
console.log(
  `B's times in submission order, loaded: ${loaded.times.map((t) => (t / 1000).toFixed(2)).join(' ')}`,
);
console.log(`A's burst of ${A_JOBS} requests answered in ${(burstAnswered / 1000).toFixed(1)} s`);
console.log(
  `B p95 loaded ÷ idle: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO})${ratio <= GOAL_RATIO ? '' : '  MISSED'}`,
);
console.log(
  `B's jobs: ${bAllCompleted ? 'all completed' : `not all completed: ${[...idle.outcomes, ...loaded.outcomes].join(', ')}`}`,
);
console.log('');
console.log(`A's ${A_JOBS} jobs (${hangingCount} with a hanging URL):`);
for (const [outcome, n] of [...tally].sort()) console.log(`  ${outcome}: ${n}`);
console.log(
  `  each with its own outcome (markup completed, hanging staging IMAGE_DOWNLOAD_FAILED): ${ownCode} of ${A_JOBS}`,
);
if (wrong.length > 0) console.log(`  others: ${wrong.join('; ')}`);
console.log(
  `  most of A's jobs waiting at once (waiting_for_your_other_jobs, sampled every 10 s): ${waitingSeen}`,
);
console.log(
  `slots held at most: A ${peakA}, B ${peakB} (limit ${limit}); held once every job ended: A ${heldAtEnd.a}, B ${heldAtEnd.b}`,
);
console.log(`every A job final ${burstSeconds.toFixed(0)} s after the burst began`);
if (KILL)
  console.log(
    crash
      ? `crash: the stack was SIGKILLed after B's job ${crash.afterB} and answered again ${(crash.restartMs / 1000).toFixed(1)} s later; ` +
          `recovered jobs: ${crash.recovered}; slots held just after the restart: ${crash.heldAfterRestart}`
      : 'crash: MISSED (the stack was never killed)',
  );

const missed =
  ratio > GOAL_RATIO ||
  !bAllCompleted ||
  ownCode !== A_JOBS ||
  peakA > limit ||
  heldAtEnd.a + heldAtEnd.b > 0 ||
  (KILL && !crash);
hangingServer.closeAllConnections();
for (const socket of hanging) socket.destroy();
hangingServer.close();
await stack.stop();
keepDataIfMissed(dataDir, missed);
process.exit(missed ? 1 : 0);
