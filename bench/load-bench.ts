// Load benchmark (issue 20): a busy integrator against the local stack. Submits N jobs (default 200) at
// concurrency C (default 20): frontage detect and markup generate half and half, plus a few reveal videos
// (of a markup and edit made first) and drone stills; each with a webhook to a receiver on loopback that
// verifies the Standard Webhooks signature, callback_metadata carrying a per-request nonce and an
// Idempotency-Key. Polls GET /v1/jobs/{id} throughout, waits until every job is final, then prints what an
// integrator would check: answers by status, jobs created behind a non-2xx answer, final states, final
// events missing, duplicate deliveries, metered vs completed jobs, latencies and memory, beside targets.
// Exits 1 when a target is missed.
//
// Run: npm run bench -- load [--jobs 200] [--concurrency 20] [--kill] [--videos 4] [--drones 4]
//        [--pollers 4] [--poll-interval 1000] [--timeout 1800] [--webhook-wait 120]
//   --kill           SIGKILL the stack's process group after half the submissions, restart it on the same
//                    data directory and port, keep submitting (requests that got no answer are retried
//                    with the same Idempotency-Key); targets: 0 lost, 0 stuck, one job per request.
//   LOAD_PIN_CORE=1  run the stack under `taskset -c 0` (one core; the latency target does not apply).
//   The stack runs as `npm start` does (full-size videos) unless LOCAL_RENDER_SCALE etc. are set.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import type { Json } from '../test/support/http-client.ts';
import { newDataDir, newOrganization } from '../test/support/local-stack-process.ts';
import { freePort, type GroupStack, keepDataIfMissed, startGroupStack, treeMemory } from './load-stack.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    jobs: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '20' },
    kill: { type: 'boolean', default: false },
    videos: { type: 'string', default: '4' },
    drones: { type: 'string', default: '4' },
    pollers: { type: 'string', default: '4' },
    'poll-interval': { type: 'string', default: '1000' },
    timeout: { type: 'string', default: '1800' },
    'webhook-wait': { type: 'string', default: '120' },
  },
});
const JOBS = Number(args.jobs);
const CONCURRENCY = Number(args.concurrency);
const KILL = args.kill;
const VIDEOS = Number(args.videos);
const DRONES = Number(args.drones);
const POLLERS = Number(args.pollers);
const POLL_INTERVAL_MS = Number(args['poll-interval']);
const FINAL_TIMEOUT_MS = Number(args.timeout) * 1000;
const WEBHOOK_WAIT_MS = Number(args['webhook-wait']) * 1000;
const PIN_CORE = process.env.LOAD_PIN_CORE === '1';
const POST_TIMEOUT_MS = 120_000;
const GET_TIMEOUT_MS = 60_000;
const RETRY_FOR_MS = 600_000;
for (const [name, value] of Object.entries({
  JOBS,
  CONCURRENCY,
  VIDEOS,
  DRONES,
  POLLERS,
  POLL_INTERVAL_MS,
})) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINAL = new Set(['completed', 'failed', 'canceled']);
const runId = randomUUID().slice(0, 8);
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[${since()}] ${line}`);

// Inputs the integration tests use, all known to the offline providers.
const FRONTAGE_ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '1 Martin Place, Sydney NSW 2000',
  '22 Jacaranda Avenue, Toowong QLD 4066',
  '7 Smith St Darwin NT 0800',
  '5 Banksia Drive, Mount Barker WA 6324',
];
const MARKUP_ADDRESSES = ['10 Wattle Street, Ultimo NSW 2007', '22 Smith Street, Fitzroy VIC 3065'];
const DRONE_OPTIONS: Json[] = [
  { angle: 'overhead' },
  { front_direction: 200 },
  { angle: 'south_west', distance: 'close' },
  { angle: 'east', distance: 'extra_far', front_direction: 300 },
];

// ---------------------------------------------------------------- the machine
const cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
const loadBefore = loadavg();

// ---------------------------------------------------------------- the webhook receiver
interface Delivery {
  readonly webhookId: string;
  readonly type: string;
  readonly jobId: string;
  readonly at: number;
  readonly valid: boolean;
}
const deliveries: Delivery[] = [];
const ackedAt = new Map<string, number>();
const duplicates: { webhookId: string; type: string; jobId: string; delayMs: number }[] = [];
let verifiers: Webhook[] = [];

async function receive(req: IncomingMessage): Promise<number> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const webhookId = headers['webhook-id'] ?? '';
  let payload: Json | undefined;
  for (const verifier of verifiers) {
    try {
      payload = verifier.verify(body, headers) as Json;
      break;
    } catch {
      // try the next secret
    }
  }
  const at = Date.now();
  if (!payload) {
    let parsed: Json = {};
    try {
      parsed = JSON.parse(body) as Json;
    } catch {}
    deliveries.push({
      webhookId,
      type: parsed.type ?? '?',
      jobId: parsed.data?.job_id ?? '?',
      at,
      valid: false,
    });
    return 400;
  }
  const delivery = { webhookId, type: payload.type, jobId: payload.data?.job_id, at, valid: true };
  deliveries.push(delivery);
  const acked = ackedAt.get(webhookId);
  if (acked === undefined) ackedAt.set(webhookId, at);
  else duplicates.push({ ...delivery, delayMs: at - acked });
  return 200;
}

const receiver = createServer((req, res) => {
  receive(req).then(
    (status) => res.writeHead(status).end(),
    () => res.writeHead(500).end(),
  );
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

// ---------------------------------------------------------------- the stack
const dataDir = newDataDir();
const stackLog = path.join(dataDir, 'stack.log');
const port = await freePort();
log(`starting the local stack (data ${dataDir}, port ${port}${PIN_CORE ? ', pinned to core 0' : ''})`);
let stack: GroupStack = await startGroupStack({ dataDir, port, logFile: stackLog, pinCore: PIN_CORE });
const baseUrl = stack.handle.url;
const org = await newOrganization(stack.handle, { livePerMinute: 1_000_000 });
const key = await org.key('live');
verifiers = (await stack.handle.admin.webhookSecrets(org.orgId)).map((s) => new Webhook(s.secret));

interface Memory {
  readonly rss: number;
  readonly pss: number;
  readonly processes: number;
}
let peak: Memory = { rss: 0, pss: 0, processes: 0 };
const sampleMemory = (): Memory => {
  const now = treeMemory(stack.pid);
  if (now.rss > peak.rss) peak = now;
  return now;
};
const memoryAtStart = sampleMemory();
const memoryTimer = setInterval(sampleMemory, 2000);
const shutdown = () => process.exit(130);
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

// ---------------------------------------------------------------- HTTP
interface Answer {
  readonly status: number | null;
  readonly ms: number;
  readonly at: number;
  readonly body?: Json;
  readonly headers?: Headers;
  readonly error?: string;
}

async function request(
  method: string,
  route: string,
  options: { body?: unknown; idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const at = Date.now();
  const started = performance.now();
  const headers: Record<string, string> = { 'X-API-Key': key };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  try {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? GET_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      body = { raw: text };
    }
    return { status: response.status, ms: performance.now() - started, at, body, headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: null, ms: performance.now() - started, at, error: cause ?? (error as Error).name };
  }
}

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

// ---------------------------------------------------------------- submissions
type Kind = 'frontage' | 'markup' | 'video' | 'drone' | 'setup';
interface Submission {
  readonly index: number;
  readonly kind: Kind;
  readonly route: string;
  readonly body: Json;
  readonly nonce: string;
  readonly idempotencyKey: string;
  readonly attempts: Answer[];
  final?: Answer;
  jobId?: string;
  afterKill?: boolean;
}
const submissions: Submission[] = [];

function submission(index: number, kind: Kind, route: string, body: Json): Submission {
  const nonce = `${runId}-${index < 0 ? `setup${-index}` : index}`;
  const s: Submission = {
    index,
    kind,
    route,
    body: {
      ...body,
      webhook_url: `${receiverUrl}/hook/${nonce}`,
      callback_metadata: { bench: 'load', run: runId, nonce, kind },
    },
    nonce,
    idempotencyKey: `load-${nonce}-${randomUUID()}`,
    attempts: [],
  };
  submissions.push(s);
  return s;
}

/** Polled by the pollers until final: every job id a 2xx answer gave. */
const watched = new Map<string, { lastPolled: number; final: boolean }>();

/** Sends the request; no answer, 429 and IDEMPOTENCY_IN_PROGRESS are retried with the same key. */
async function submit(s: Submission): Promise<void> {
  const giveUp = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const answer = await request('POST', s.route, {
      body: s.body,
      idempotencyKey: s.idempotencyKey,
      timeoutMs: POST_TIMEOUT_MS,
    });
    s.attempts.push(answer);
    const retry =
      answer.status === null ||
      answer.status === 429 ||
      (answer.status === 409 && answer.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retry || Date.now() > giveUp) {
      s.final = answer;
      if (is2xx(answer.status) && answer.body?.data?.job_id) {
        s.jobId = answer.body.data.job_id as string;
        watched.set(s.jobId, { lastPolled: 0, final: false });
      }
      return;
    }
    const retryAfter = Number(answer.headers?.get('retry-after') ?? '');
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 30) * 1000 : 1000);
  }
}

// ---------------------------------------------------------------- polling
interface Poll {
  readonly ms: number;
  readonly status: number | null;
  readonly duringBurst: boolean;
}
const polls: Poll[] = [];
let burstActive = false;
let pollingDone = false;

async function poller(): Promise<void> {
  while (!pollingDone) {
    let next: [string, { lastPolled: number; final: boolean }] | undefined;
    for (const entry of watched) {
      if (!entry[1].final && (!next || entry[1].lastPolled < next[1].lastPolled)) next = entry;
    }
    if (!next) {
      await sleep(100);
      continue;
    }
    const wait = next[1].lastPolled + POLL_INTERVAL_MS - Date.now();
    if (wait > 0) {
      await sleep(Math.min(wait, 100));
      continue;
    }
    const [jobId, state] = next;
    state.lastPolled = Date.now();
    const duringBurst = burstActive;
    const answer = await request('GET', `/v1/jobs/${jobId}`);
    polls.push({ ms: answer.ms, status: answer.status, duringBurst });
    if (answer.status === 200 && FINAL.has(answer.body?.data?.status)) state.final = true;
  }
}

// ---------------------------------------------------------------- listing and usage
async function listAll(): Promise<Json[]> {
  for (let attempt = 0; ; attempt += 1) {
    const jobs: Json[] = [];
    let offset: number | null = 0;
    let failed: Answer | undefined;
    while (offset !== null) {
      const page = await request('GET', `/v1/jobs?limit=100&offset=${offset}`);
      if (page.status !== 200) {
        failed = page;
        break;
      }
      jobs.push(...(page.body!.data.jobs as Json[]));
      offset = page.body!.data.pagination.next_offset as number | null;
    }
    if (!failed) return jobs;
    if (attempt >= 30) throw new Error(`GET /v1/jobs kept failing: ${failed.status ?? failed.error}`);
    await sleep(2000);
  }
}

async function usage(): Promise<Json | undefined> {
  const answer = await request('GET', '/v1/usage');
  return answer.status === 200 ? (answer.body!.data as Json) : undefined;
}

// ---------------------------------------------------------------- setup: a markup and an edit to reveal
async function untilFinal(jobId: string, timeoutMs = 600_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await request('GET', `/v1/jobs/${jobId}`);
    if (answer.status === 200 && FINAL.has(answer.body!.data.status)) return answer.body!.data as Json;
    if (Date.now() > deadline) throw new Error(`setup job ${jobId} not final in ${timeoutMs} ms`);
    await sleep(500);
  }
}

let setups = 0;
/** A setup job, submitted again (a new request) when it fails: up to 3 tries; every try counts as a job. */
async function setupJob(route: string, body: Json): Promise<Json> {
  for (let attempt = 1; ; attempt += 1) {
    setups += 1;
    const s = submission(-setups, 'setup', route, body);
    await submit(s);
    if (!s.jobId) throw new Error(`setup ${route}: ${s.final?.status} ${JSON.stringify(s.final?.body)}`);
    const job = await untilFinal(s.jobId);
    watched.get(s.jobId)!.final = true;
    if (job.status === 'completed') return job;
    log(`setup ${route} ended ${job.status}: ${JSON.stringify(job.error)}`);
    if (attempt === 3) throw new Error(`setup ${route} failed 3 times`);
  }
}

let editId: string | undefined;
if (VIDEOS > 0) {
  log('setup: a markup and an edit for the reveal videos');
  const markup = await setupJob('/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' });
  const edit = await setupJob(`/v2/markup/jobs/${markup.job_id}/edit`, {
    boundary_polygon: markup.output.suggested_boundary,
    text_annotations: [
      { type: 'label', text: '22 Smith Street', position: { x: 0.5, y: 0.08 } },
      { type: 'area' },
    ],
    options: { style: 'blur' },
  });
  editId = edit.job_id as string;
}

// ---------------------------------------------------------------- the plan
const specials: Kind[] = [];
for (let k = 0; k < Math.max(VIDEOS, DRONES); k += 1) {
  if (k < VIDEOS) specials.push('video');
  if (k < DRONES) specials.push('drone');
}
const plan: Kind[] = [];
{
  const at = new Map(specials.map((kind, k) => [Math.floor(((k + 1) * JOBS) / (specials.length + 1)), kind]));
  let plain = 0;
  for (let i = 0; i < JOBS; i += 1) plan.push(at.get(i) ?? (plain++ % 2 === 0 ? 'frontage' : 'markup'));
}
const burst: Submission[] = plan.map((kind, i) => {
  switch (kind) {
    case 'frontage':
      return submission(i, kind, '/v1/property-frontage/detect', {
        address: FRONTAGE_ADDRESSES[i % FRONTAGE_ADDRESSES.length],
      });
    case 'markup':
      return submission(i, kind, '/v2/markup/generate', {
        address: MARKUP_ADDRESSES[i % MARKUP_ADDRESSES.length],
      });
    case 'video':
      return submission(i, kind, `/v2/markup/jobs/${editId}/video`, { options: { duration: 5 } });
    default:
      return submission(i, kind, '/v1/drone-stills/generate', {
        address: '10 Wattle Street, Ultimo NSW 2007',
        options: DRONE_OPTIONS[i % DRONE_OPTIONS.length],
      });
  }
});

// ---------------------------------------------------------------- the burst
const memoryBefore = sampleMemory();
const killAt = KILL ? Math.floor(JOBS / 2) : -1;
let kill: { at: number; restartedAt?: number; recovered?: string } | undefined;
let restarting: Promise<void> | undefined;

async function killAndRestart(): Promise<void> {
  kill = { at: Date.now() };
  log(`killing the stack's process group (pid ${stack.pid}) after ${killAt} submissions`);
  await stack.kill();
  stack = await startGroupStack({ dataDir, port, logFile: stackLog, pinCore: PIN_CORE });
  kill.restartedAt = Date.now();
  kill.recovered = /recovered jobs\s*:\s*(.+)/.exec(stack.banner)?.[1]?.trim();
  log(
    `restarted in ${((kill.restartedAt - kill.at) / 1000).toFixed(1)} s; recovered jobs: ${kill.recovered}`,
  );
}

log(
  `burst: ${JOBS} submissions at concurrency ${CONCURRENCY} (${count(plan, 'frontage')} frontage, ` +
    `${count(plan, 'markup')} markup, ${count(plan, 'video')} reveal videos, ${count(plan, 'drone')} drone stills)` +
    (KILL ? `; the stack is killed after ${killAt}` : ''),
);
const pollers = Array.from({ length: POLLERS }, () => poller());
burstActive = true;
const burstStart = Date.now();
let nextIndex = 0;
let answered = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (;;) {
      const i = nextIndex++;
      if (i >= burst.length) return;
      if (i === killAt) restarting = killAndRestart();
      burst[i]!.afterKill = kill !== undefined;
      await submit(burst[i]!);
      answered += 1;
      if (answered % 50 === 0) log(`${answered} of ${JOBS} submissions answered`);
    }
  }),
);
await restarting;
burstActive = false;
const burstEnd = Date.now();
log(`burst over in ${((burstEnd - burstStart) / 1000).toFixed(1)} s; waiting for every job to be final`);

function count<T>(items: readonly T[], item: T): number {
  return items.filter((x) => x === item).length;
}

// ---------------------------------------------------------------- until every job is final
let jobs: Json[] = [];
let lastReport = 0;
const finalDeadline = Date.now() + FINAL_TIMEOUT_MS;
for (;;) {
  jobs = await listAll();
  const unfinished = jobs.filter((j) => !FINAL.has(j.status));
  if (unfinished.length === 0) break;
  if (Date.now() > finalDeadline) {
    log(`timeout: ${unfinished.length} jobs not final after ${FINAL_TIMEOUT_MS / 1000} s`);
    break;
  }
  if (Date.now() - lastReport > 30_000) {
    lastReport = Date.now();
    const stages = new Map<string, number>();
    for (const j of unfinished) stages.set(j.progress?.stage, (stages.get(j.progress?.stage) ?? 0) + 1);
    log(
      `${jobs.length - unfinished.length} of ${jobs.length} final; unfinished by stage: ` +
        [...stages].map(([stage, n]) => `${stage} ${n}`).join(', '),
    );
  }
  await sleep(5000);
}
const allFinalAt = Date.now();
pollingDone = true;
await Promise.all(pollers);

// ---------------------------------------------------------------- final events and usage settle
const expectedEvent = (job: Json) => `job.${job.status}`;
const deliveredFinal = () => {
  const set = new Set<string>();
  for (const d of deliveries)
    if (d.valid && /^job\.(completed|failed|canceled)$/.test(d.type)) set.add(`${d.jobId} ${d.type}`);
  return set;
};
const missingFinalEvents = () => {
  const delivered = deliveredFinal();
  return jobs.filter(
    (j) => FINAL.has(j.status) && j.webhook_url && !delivered.has(`${j.job_id} ${expectedEvent(j)}`),
  );
};
let usageReport: Json | undefined;
const completedCount = () => jobs.filter((j) => j.status === 'completed').length;
log(`waiting up to ${WEBHOOK_WAIT_MS / 1000} s for final webhooks and usage records`);
const settleDeadline = Date.now() + WEBHOOK_WAIT_MS;
for (;;) {
  usageReport = await usage();
  const settled = missingFinalEvents().length === 0 && usageReport?.totals?.jobs === completedCount();
  if (settled || Date.now() > settleDeadline) break;
  await sleep(2000);
}
jobs = await listAll(); // the webhook attempts as the service saw them
usageReport = (await usage()) ?? usageReport;
const memoryAfter = sampleMemory();
clearInterval(memoryTimer);
const loadAfter = loadavg();

// ---------------------------------------------------------------- figures
const jobsByNonce = new Map<string, Json[]>();
for (const job of jobs) {
  const nonce = job.callback_metadata?.nonce as string | undefined;
  if (nonce) jobsByNonce.set(nonce, [...(jobsByNonce.get(nonce) ?? []), job]);
}
const jobsById = new Map(jobs.map((j) => [j.job_id as string, j]));

const statusLabel = (a: Answer | undefined) => (a?.status === null || !a ? `no answer` : String(a.status));
const tally = (labels: string[]) => {
  const m = new Map<string, number>();
  for (const l of labels) m.set(l, (m.get(l) ?? 0) + 1);
  return [...m].sort().map(([l, n]) => `${l} × ${n}`);
};
const finalAnswers = submissions.map((s) => s.final);
const finalTally = tally(finalAnswers.map(statusLabel));
const attemptTally = tally(submissions.flatMap((s) => s.attempts.map((a) => statusLabel(a))));
const fivexx = finalAnswers.filter((a) => a?.status != null && a.status >= 500).length;
const noAnswer = finalAnswers.filter((a) => !a || a.status === null).length;
const non2xx = submissions.filter((s) => !is2xx(s.final?.status ?? null));
const behindError = non2xx.flatMap((s) => jobsByNonce.get(s.nonce) ?? []);
const lost = submissions.filter((s) => s.jobId && !jobsById.has(s.jobId));
const doubled = submissions.filter((s) => (jobsByNonce.get(s.nonce) ?? []).length > 1);
const replayed = submissions
  .flatMap((s) => s.attempts)
  .filter((a) => a.headers?.get('idempotent-replayed') === 'true');
const errorCodes = tally(
  submissions
    .filter((s) => s.final?.status != null && !is2xx(s.final.status))
    .map((s) => `${s.final!.status} ${s.final!.body?.error?.code ?? '?'}`),
);

const unfinished = jobs.filter((j) => !FINAL.has(j.status));
const byType = new Map<string, Json[]>();
for (const job of jobs) byType.set(job.job_type, [...(byType.get(job.job_type) ?? []), job]);
const failed = jobs.filter((j) => j.status === 'failed');
const completed = jobs.filter((j) => j.status === 'completed');

const missing = missingFinalEvents();
const neverAttempted = missing.filter(
  (j) => !(j.webhook?.attempts ?? []).some((a: Json) => a.type === expectedEvent(j)),
);
const validDeliveries = deliveries.filter((d) => d.valid);
const badSignatures = deliveries.length - validDeliveries.length;
const duplicateIds = new Set(duplicates.map((d) => d.webhookId));

const metered = (usageReport?.totals?.jobs as number | undefined) ?? Number.NaN;
const meteredByType = (usageReport?.totals?.by_job_type ?? {}) as Record<string, { jobs: number }>;
const meterMismatch = [...byType.keys()]
  .map(
    (type) =>
      [
        type,
        meteredByType[type]?.jobs ?? 0,
        byType.get(type)!.filter((j) => j.status === 'completed').length,
      ] as const,
  )
  .filter(([, m, c]) => m !== c);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const burstPolls = polls.filter((p) => p.duringBurst);
const laterPolls = polls.filter((p) => !p.duringBurst);
const answeredMs = (ps: readonly Poll[]) => ps.filter((p) => p.status !== null).map((p) => p.ms);
const getP95 = percentile(answeredMs(burstPolls), 95);
const postAttempts = submissions.flatMap((s) => s.attempts).filter((a) => a.status !== null);
const ms = (v: number) =>
  Number.isNaN(v) ? 'n/a' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`;
const pollFigure = (ps: readonly Poll[]) => {
  const errors = ps.filter((p) => p.status === null || p.status >= 500).length;
  return `p50 ${ms(percentile(answeredMs(ps), 50))}, p95 ${ms(percentile(answeredMs(ps), 95))} (${ps.length} requests, ${errors} 5xx/no answer)`;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const memoryPoints: [string, Memory][] = [
  ['at start', memoryAtStart],
  ['before the burst', memoryBefore],
  ['after', memoryAfter],
  ['peak', peak],
];
const memoryRow = (figure: (m: Memory) => number) =>
  memoryPoints.map(([label, m]) => `${label} ${mb(figure(m))} (${m.processes} proc.)`).join(', ');

// ---------------------------------------------------------------- the table
interface Row {
  readonly measure: string;
  readonly result: string;
  readonly target: string;
  readonly ok?: boolean;
}
const rows: Row[] = [
  {
    measure: 'answers by status (final, per request)',
    result: finalTally.join(', '),
    target: '0 × 5xx, 0 unanswered',
    ok: fivexx === 0 && noAnswer === 0,
  },
  { measure: 'answers by status (every attempt)', result: attemptTally.join(', '), target: '' },
  { measure: 'non-2xx answers by code', result: errorCodes.join(', ') || 'none', target: '' },
  { measure: 'idempotent replays', result: String(replayed.length), target: '' },
  {
    measure: 'jobs created behind a non-2xx answer',
    result: `${behindError.length}${behindError.length ? ` (${tally(behindError.map((j) => j.status)).join(', ')})` : ''}`,
    target: '0',
    ok: behindError.length === 0,
  },
  {
    measure: 'jobs lost (2xx answer, no such job)',
    result: String(lost.length),
    target: '0',
    ok: lost.length === 0,
  },
  {
    measure: 'requests with more than one job',
    result: String(doubled.length),
    target: '0',
    ok: doubled.length === 0,
  },
  {
    measure: 'jobs / requests',
    result: `${jobs.length} jobs for ${submissions.length} requests (${JOBS} + ${submissions.length - JOBS} setup)`,
    target: 'equal',
    ok: jobs.length === submissions.length,
  },
  {
    measure: 'final states',
    result: `${completed.length} completed, ${failed.length} failed, ${jobs.filter((j) => j.status === 'canceled').length} canceled`,
    target: '0 failed',
    ok: failed.length === 0,
  },
  {
    measure: 'stuck (not final)',
    result: String(unfinished.length),
    target: '0',
    ok: unfinished.length === 0,
  },
  {
    measure: 'final events missing',
    result: `${missing.length}${missing.length ? ` (${neverAttempted.length} never attempted, ${missing.length - neverAttempted.length} attempted, not delivered)` : ''}`,
    target: '0',
    ok: missing.length === 0,
  },
  {
    measure: 'webhook deliveries',
    result: `${deliveries.length} (${ackedAt.size} event ids), ${badSignatures} bad signatures`,
    target: '0 bad signatures',
    ok: badSignatures === 0,
  },
  {
    measure: 'duplicate deliveries (same id after a 2xx)',
    result: duplicates.length
      ? `${duplicateIds.size} ids, ${duplicates.length} extra deliveries, ${(Math.min(...duplicates.map((d) => d.delayMs)) / 1000).toFixed(0)}-${(Math.max(...duplicates.map((d) => d.delayMs)) / 1000).toFixed(0)} s after the 2xx`
      : '0',
    target: 'rare (not a pass/fail target)',
  },
  {
    measure: 'metered jobs vs completed jobs',
    result: `${metered} metered, ${completed.length} completed${meterMismatch.length ? ` (${meterMismatch.map(([t, m, c]) => `${t} ${m}/${c}`).join(', ')})` : ''}`,
    target: 'equal',
    ok: metered === completed.length,
  },
  {
    measure: 'GET /v1/jobs/{id} during the burst',
    result: pollFigure(burstPolls),
    target: KILL || PIN_CORE ? 'p95 < 500 ms (not applied: kill/pinned)' : 'p95 < 500 ms',
    ...(KILL || PIN_CORE ? {} : { ok: getP95 < 500 }),
  },
  { measure: 'GET /v1/jobs/{id} after the burst', result: pollFigure(laterPolls), target: '' },
  {
    measure: 'POST p50 / p95 (answered attempts)',
    result: `p50 ${ms(
      percentile(
        postAttempts.map((a) => a.ms),
        50,
      ),
    )}, p95 ${ms(
      percentile(
        postAttempts.map((a) => a.ms),
        95,
      ),
    )}`,
    target: '',
  },
  {
    measure: 'time: burst / until every job final',
    result: `${((burstEnd - burstStart) / 1000).toFixed(1)} s / ${((allFinalAt - burstStart) / 1000).toFixed(1)} s`,
    target: '',
  },
  {
    measure: "memory: RSS of the stack's processes, summed",
    result: memoryRow((m) => m.rss),
    target: '',
  },
  {
    measure: "memory: PSS of the stack's processes, summed",
    result: memoryRow((m) => m.pss),
    target: '',
  },
];
if (kill) {
  rows.push({
    measure: 'kill: downtime / recovered at restart',
    result: `${(((kill.restartedAt ?? Date.now()) - kill.at) / 1000).toFixed(1)} s / ${kill.recovered ?? '?'}`,
    target: '',
  });
}

const header = [
  '',
  `Load benchmark${KILL ? ' (--kill: stack killed and restarted half-way)' : ''}: ${JOBS} submissions at concurrency ${CONCURRENCY} ` +
    `(${count(plan, 'frontage')} frontage_detection, ${count(plan, 'markup')} markup_v2, ${count(plan, 'video')} markup_v2_video, ` +
    `${count(plan, 'drone')} drone_stills) + ${submissions.length - JOBS} setup jobs, webhooks on all`,
  `machine: ${cpuModel}, ${availableParallelism()} cores${PIN_CORE ? ', stack pinned to core 0 (taskset -c 0)' : ''}; ` +
    `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ` +
    `node ${process.version}; LOCAL_RENDER_SCALE=${process.env.LOCAL_RENDER_SCALE ?? '(unset: full size)'}; ` +
    `pollers ${POLLERS} × every ${POLL_INTERVAL_MS} ms per job`,
  `stack log: ${stackLog}`,
  '',
];
console.log(header.join('\n'));
const width = (f: (r: Row) => string) => Math.max(...rows.map((r) => f(r).length));
const w1 = width((r) => r.measure) + 2;
const w2 =
  Math.min(
    90,
    width((r) => r.result),
  ) + 2;
const w3 = width((r) => r.target) + 2;
console.log(`${'measure'.padEnd(w1)}${'result'.padEnd(w2)}${'target'.padEnd(w3)}`);
for (const r of rows) {
  const verdict = r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED';
  console.log(`${r.measure.padEnd(w1)}${r.result.padEnd(w2)}${r.target.padEnd(w3)}${verdict}`);
}

console.log('\nfinal states by job type');
console.log(
  `${'job type'.padEnd(20)}${'jobs'.padEnd(7)}${'completed'.padEnd(11)}${'failed'.padEnd(8)}${'canceled'.padEnd(10)}${'unfinished'.padEnd(12)}error codes`,
);
for (const [type, list] of [...byType].sort()) {
  const n = (status: string) => String(list.filter((j) => j.status === status).length);
  const codes = tally(list.filter((j) => j.error).map((j) => j.error.code as string)).join(', ');
  console.log(
    `${type.padEnd(20)}${String(list.length).padEnd(7)}${n('completed').padEnd(11)}${n('failed').padEnd(8)}${n('canceled').padEnd(10)}${String(list.filter((j) => !FINAL.has(j.status)).length).padEnd(12)}${codes}`,
  );
}
if (failed.length) {
  console.log('\nfailure messages (first of each)');
  const seen = new Set<string>();
  for (const j of failed) {
    const line = `${j.error.code}: ${String(j.error.message).slice(0, 200)}`;
    if (!seen.has(j.error.code)) console.log(`  ${j.job_type} ${j.job_id} ${line}`);
    seen.add(j.error.code);
  }
}
if (unfinished.length) {
  console.log('\nstuck jobs');
  for (const j of unfinished.slice(0, 20))
    console.log(`  ${j.job_type} ${j.job_id} ${j.status} ${j.progress?.stage} ${j.progress?.percent}%`);
}
if (missing.length) {
  console.log('\nfinal events missing (first 20)');
  for (const j of missing.slice(0, 20)) {
    const attempts = (j.webhook?.attempts ?? []).filter((a: Json) => a.type === expectedEvent(j));
    console.log(
      `  ${j.job_type} ${j.job_id} ${j.status}: ${attempts.length ? attempts.map((a: Json) => `${a.outcome} ${a.status_code ?? a.error}`).join('; ') : 'never attempted'}`,
    );
  }
}
if (behindError.length) {
  console.log('\njobs behind a non-2xx answer (first 10)');
  for (const j of behindError.slice(0, 10)) {
    const s = submissions.find((x) => x.nonce === j.callback_metadata.nonce)!;
    console.log(
      `  ${j.job_type} ${j.job_id} ${j.status}: answered ${statusLabel(s.final)} ${s.final?.body?.error?.code ?? s.final?.error ?? ''}`,
    );
  }
}

if (doubled.length) {
  console.log('\nrequests with more than one job (first 10)');
  for (const s of doubled.slice(0, 10)) {
    const attempts = tally(s.attempts.map((a) => statusLabel(a))).join(', ');
    const list = (jobsByNonce.get(s.nonce) ?? []).map((j) => `${j.job_id} ${j.status}`).join(', ');
    console.log(
      `  ${s.kind} #${s.index} answered ${s.jobId ?? statusLabel(s.final)} after ${attempts}: jobs ${list}`,
    );
  }
}
if (duplicates.length) {
  console.log(`\nduplicate deliveries by event type: ${tally(duplicates.map((d) => d.type)).join(', ')}`);
}

const missed = rows.filter((r) => r.ok === false).map((r) => r.measure);
console.log(missed.length ? `\n${missed.length} targets missed: ${missed.join('; ')}` : '\nevery target met');
await stack.stop();
keepDataIfMissed(dataDir, missed.length > 0);
receiver.close();
process.exit(missed.length ? 1 : 0);
