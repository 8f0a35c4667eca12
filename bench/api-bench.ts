// API benchmark on the local stack: requests/s and p50/p99 of GET /v1/jobs/{id} and of job creation at
// concurrency 1 and 16, beside the raw dynalite GetItem/PutItem rate measured in the same run, and the
// store round trips each request makes (counted on the handlers' own DynamoDB client).
// Run: npm run bench -- api   (target: API p50 within 5 ms of its raw store calls; ≤ 3 round trips)
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../functions/core/clients.ts';
import { invocationContext } from '../lib/local/local-lambdas.ts';
import { startBenchStack } from './bench-stack.ts';
import { measure, printTable, type RunStats } from './stats.ts';

const { stack, info, db: raw, key } = await startBenchStack();

// Only calls made while a route's own function runs count (workflow steps run in this process too).
let storeCalls = 0;
dynamo().middlewareStack.add(
  (next) => async (args) => {
    const fn = invocationContext.getStore()?.logicalId ?? '';
    if (/^(GetJob|FrontageDetect)Function/.test(fn)) storeCalls += 1;
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

const detectBody = {
  address: '10 Wattle Street, Ultimo NSW 2007',
  options: { lat: -33.8787, lng: 151.1986 },
};
const { job_id: jobId } = (await api('POST', '/v1/property-frontage/detect', detectBody)).data;

const rows: RunStats[] = [];
const roundTrips: Record<string, number> = {};
const N = Number(process.env.BENCH_REQUESTS ?? 400);

for (const concurrency of [1, 16]) {
  rows.push(
    await measure('raw dynalite GetItem (jobs, consistent)', N, concurrency, async () => {
      await raw.send(
        new GetCommand({
          TableName: info.tables.jobs,
          Key: { pk: 'T#bench-org#live', sk: `J#${jobId}` },
          ConsistentRead: true,
        }),
      );
    }),
  );
  rows.push(
    await measure('raw dynalite PutItem', N, concurrency, async (i) => {
      await raw.send(
        new PutCommand({ TableName: info.tables.rateLimit, Item: { pk: `bench#${concurrency}#${i}`, n: i } }),
      );
    }),
  );
  rows.push(
    await measure('raw dynalite conditional UpdateItem (ADD)', N, concurrency, async (i) => {
      await raw.send(
        new UpdateCommand({
          TableName: info.tables.rateLimit,
          Key: { pk: `bench-counter#${concurrency}#${i % 8}` },
          UpdateExpression: 'ADD n :one',
          ConditionExpression: 'attribute_not_exists(n) OR n < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': 1e9 },
        }),
      );
    }),
  );
  storeCalls = 0;
  rows.push(
    await measure(
      'API GET /v1/jobs/{id}',
      N,
      concurrency,
      async () => void (await api('GET', `/v1/jobs/${jobId}`)),
    ),
  );
  roundTrips['GET /v1/jobs/{id}'] = storeCalls / N;
  storeCalls = 0;
  const creations = Math.max(20, Math.floor(N / 8));
  rows.push(
    await measure(
      'API POST /v1/property-frontage/detect',
      creations,
      concurrency,
      async () => void (await api('POST', '/v1/property-frontage/detect', detectBody)),
    ),
  );
  roundTrips['POST /v1/property-frontage/detect'] = storeCalls / creations;
  await stack.idle();
}

printTable(rows);
const p50 = (label: string, c: number) => rows.find((r) => r.label === label && r.concurrency === c)!.p50;
console.log('\nstore round trips per request (incl. the API key check and the rate counter):');
for (const [route, n] of Object.entries(roundTrips)) console.log(`  ${route.padEnd(40)} ${n.toFixed(2)}`);
console.log('\nAPI overhead at concurrency 1 (API p50 minus the p50 of the store calls it makes):');
const get =
  p50('API GET /v1/jobs/{id}', 1) -
  (p50('raw dynalite GetItem (jobs, consistent)', 1) +
    2 * p50('raw dynalite conditional UpdateItem (ADD)', 1));
console.log(`  GET /v1/jobs/{id}: ${get.toFixed(2)} ms  (target < 5 ms)`);
await stack.stop();
process.exit(0);
