// Webhook endpoints under load on the local stack (issue 34's check). Two organizations submit a burst of
// frontage jobs side by side: A has three endpoints, two healthy and one answering 500 to everything; B
// has two healthy endpoints only, and is the baseline: the same burst, the same moment, the same machine
// load, without a failing endpoint. Measured: every event is recorded in the event log; the healthy
// endpoints get every event, A's with a delay (event → arrival) compared against B's; the failing endpoint
// is disabled on schedule (LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS stands in for the stage's 3 days); once it
// recovers it is enabled again and a range resend replays every event to it.
// Run: npm run bench -- webhooks [--jobs 200] [--local-retries]
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STAGES } from '../lib/config/stages.ts';
import { machineLine } from './machine.ts';

const DISABLE_AFTER_SECONDS = 20;
process.env.LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS = String(DISABLE_AFTER_SECONDS);
// The deployed stages' retry schedule (lib/config/stages.ts), unless --local-retries: the local stack's
// own compressed schedule (eight attempts in seven seconds) makes a failing endpoint cost four times the
// attempts a deployed stage would make of it during a burst.
const DEPLOYED_RETRIES = STAGES.prod.webhooks.retryScheduleSeconds;
const localRetries = process.argv.includes('--local-retries');
if (!localRetries) process.env.LOCAL_WEBHOOK_RETRY_SCHEDULE_SECONDS = JSON.stringify(DEPLOYED_RETRIES);
const { startBenchStack } = await import('./bench-stack.ts');

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const JOBS = arg('jobs', 200);

interface Arrival {
  readonly eventId: string;
  readonly type: string;
  readonly jobId: string | undefined;
  readonly delayMs: number;
}

/** A receiver that records each delivery (its webhook-id and delay from the event) and answers `status()`. */
async function receiver(status: () => number) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        created_at: string;
        data?: { job_id?: string };
      };
      const code = status();
      if (code < 300)
        arrivals.push({
          eventId: String(req.headers['webhook-id']),
          type: body.type,
          jobId: body.data?.job_id,
          delayMs: Date.now() - Date.parse(body.created_at),
        });
      res.writeHead(code).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { arrivals, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const { stack, info, key, admin } = await startBenchStack();
await admin.setLimits('bench-org-b', 1_000_000);
const { key: keyB } = await admin.createKey('bench-org-b', 'live', 'bench b');

const api = async (method: string, path: string, body?: unknown, k = key) => {
  const res = await fetch(`${info.url}${path}`, {
    method,
    headers: { 'X-API-Key': k, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ADDRESSES = [
  '10 Wattle Street, Ultimo NSW 2007',
  '22 Smith Street, Fitzroy VIC 3065',
  '45 Macquarie Street, Hobart TAS 7000',
  '7 Mitchell Street, Darwin NT 0800',
];

/** Submits `count` frontage jobs at once with key `k` and waits until every one has finished. */
async function burst(count: number, k: string): Promise<string[]> {
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const data = await api(
        'POST',
        '/v1/property-frontage/detect',
        { address: ADDRESSES[i % ADDRESSES.length] },
        k,
      );
      return String(data.job_id);
    }),
  );
  const pending = new Set(ids);
  const deadline = Date.now() + 30 * 60_000;
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`${pending.size} jobs unfinished after 30 minutes`);
    for (const id of [...pending]) {
      const job = await api('GET', `/v1/jobs/${id}`, undefined, k);
      if (['completed', 'failed', 'canceled'].includes(String(job.status))) pending.delete(id);
    }
    if (pending.size > 0) await sleep(1000);
  }
  return ids;
}

/** Every event the log recorded for these jobs. */
async function recordedEvents(jobIds: readonly string[], k: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const jobId of jobIds) {
    const page = await api('GET', `/v1/events?job_id=${jobId}&limit=100`, undefined, k);
    for (const e of page.events as Array<{ id: string }>) ids.add(e.id);
  }
  return ids;
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

const delivered = (arrivals: readonly Arrival[], jobIds: ReadonlySet<string>) =>
  new Set(arrivals.filter((a) => a.jobId && jobIds.has(a.jobId)).map((a) => a.eventId));
const delays = (arrivals: readonly Arrival[], jobIds: ReadonlySet<string>) =>
  arrivals.filter((a) => a.jobId && jobIds.has(a.jobId)).map((a) => a.delayMs);

try {
  console.log(machineLine());
  console.log(
    `retry schedule: ${localRetries ? "the local stack's (1 s steps)" : `the deployed stages' (${DEPLOYED_RETRIES.join(', ')} s)`}; failing endpoint disabled after ${DISABLE_AFTER_SECONDS} s`,
  );
  let failingAnswers = 500;
  const a1 = await receiver(() => 204);
  const a2 = await receiver(() => 204);
  const bad = await receiver(() => failingAnswers);
  const b1 = await receiver(() => 204);
  const b2 = await receiver(() => 204);
  const endpoint = async (url: string, k: string) =>
    String((await api('POST', '/v1/webhook-endpoints', { url, enabled_events: ['*'] }, k)).id);
  await endpoint(`${a1.url}/a1`, key);
  await endpoint(`${a2.url}/a2`, key);
  const badId = await endpoint(`${bad.url}/c`, key);
  await endpoint(`${b1.url}/b1`, keyB);
  await endpoint(`${b2.url}/b2`, keyB);

  // The burst: A and B side by side, half the jobs each.
  const createdFrom = new Date().toISOString();
  const startedAt = Date.now();
  const [aIds, bIds] = await Promise.all([
    burst(Math.ceil(JOBS / 2), key),
    burst(Math.floor(JOBS / 2), keyB),
  ]);
  const burstSeconds = (Date.now() - startedAt) / 1000;
  const aSet = new Set(aIds);
  const bSet = new Set(bIds);
  const [aEvents, bEvents] = await Promise.all([recordedEvents(aIds, key), recordedEvents(bIds, keyB)]);
  await until(
    'healthy endpoints to get every event',
    () =>
      delivered(a1.arrivals, aSet).size >= aEvents.size &&
      delivered(a2.arrivals, aSet).size >= aEvents.size &&
      delivered(b1.arrivals, bSet).size >= bEvents.size &&
      delivered(b2.arrivals, bSet).size >= bEvents.size,
    10 * 60_000,
  );
  const aDelays = [...delays(a1.arrivals, aSet), ...delays(a2.arrivals, aSet)];
  const bDelays = [...delays(b1.arrivals, bSet), ...delays(b2.arrivals, bSet)];

  // The failing endpoint is disabled once every attempt has failed for DISABLE_AFTER_SECONDS.
  let disabled: Record<string, unknown> = {};
  await until(
    'the failing endpoint to be disabled',
    async () => {
      disabled = await api('GET', `/v1/webhook-endpoints/${badId}`);
      return disabled.enabled === false;
    },
    5 * 60_000,
  );
  // Disabling is the endpoint's last change: its updated_at is when, failing_since when the streak began.
  const disabledAfter =
    (Date.parse(String(disabled.updated_at)) - Date.parse(String(disabled.failing_since))) / 1000;

  // It recovers: enabled again, and everything since it was created is resent to it (pages of 500).
  failingAnswers = 204;
  await api('PATCH', `/v1/webhook-endpoints/${badId}`, { enabled: true });
  let createdTo = new Date().toISOString();
  let resends = 0;
  for (;;) {
    const answer = await api('POST', '/v1/events/resend', {
      created_from: createdFrom,
      created_to: createdTo,
      failed_only: false,
      endpoint_id: badId,
    });
    resends += Number(answer.deliveries);
    const ids = answer.event_ids as string[];
    if (!answer.has_more || ids.length === 0) break;
    // The oldest event resent (ids are UUIDv7: their first 48 bits are its time) bounds the next page.
    const oldest = Math.min(...ids.map((id) => Number.parseInt(id.replace(/^evt_/, '').slice(0, 12), 16)));
    createdTo = new Date(oldest).toISOString();
  }
  await until(
    'the recovered endpoint to have every event',
    () => delivered(bad.arrivals, aSet).size >= aEvents.size,
    10 * 60_000,
  );

  const ratio = pct(aDelays, 95) / Math.max(1, pct(bDelays, 95));
  const got = (r: { arrivals: Arrival[] }, set: ReadonlySet<string>, all: Set<string>) =>
    `${[...all].filter((e) => delivered(r.arrivals, set).has(e)).length}/${all.size}`;
  console.log(
    `jobs: ${aIds.length} of A and ${bIds.length} of B at once, all final in ${burstSeconds.toFixed(1)} s; events recorded: A ${aEvents.size}, B ${bEvents.size}`,
  );
  console.log(
    `healthy endpoints: A ${got(a1, aSet, aEvents)} and ${got(a2, aSet, aEvents)}, B ${got(b1, bSet, bEvents)} and ${got(b2, bSet, bEvents)} events`,
  );
  console.log(
    `delay event → arrival: A (beside its failing endpoint) p50 ${pct(aDelays, 50)} ms, p95 ${pct(aDelays, 95)} ms; B (no failing endpoint, the baseline) p50 ${pct(bDelays, 50)} ms, p95 ${pct(bDelays, 95)} ms; p95 A ÷ B ${ratio.toFixed(2)} (goal ≤ 1.5): ${ratio <= 1.5 ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `failing endpoint: disabled (${String(disabled.disabled_reason)}) ${disabledAfter.toFixed(1)} s after its first failure (setting ${DISABLE_AFTER_SECONDS} s); after recovery ${resends} resends, ${delivered(bad.arrivals, aSet).size}/${aEvents.size} events delivered`,
  );
  console.log(machineLine());
  for (const r of [a1, a2, bad, b1, b2]) r.server.close();
} finally {
  await stack.stop();
}
