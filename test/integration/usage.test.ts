// Usage metering on the local stack: completed jobs are counted per day and job type in the key's
// organization and mode; live usage is priced at the stage's rates, test usage is tracked but not billed;
// a failed job is not counted; another organization's or mode's jobs never show; bad ranges are 400s.
// (A retried completion counted once is tested against dynalite in test/unit/usage.)
import { beforeAll, describe, expect, it } from 'vitest';
import { usageReport } from '../../functions/api/usage-schemas.ts';
import { STAGES } from '../../lib/config/stages.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const rates = STAGES.local.usage.livePerUnit;
const keys = {} as Record<'aLive' | 'aTest' | 'bLive' | 'bTest', string>;
const orgs = {} as Record<'a' | 'b', string>;
const today = new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const usage = (key: string, query = '') => call<Json>(stack.url, 'GET', `/v1/usage${query}`, { key });

async function submit(key: string, path: string, body: unknown): Promise<string> {
  const res = await call<Json>(stack.url, 'POST', path, { key, body });
  expect(res.status, res.text).toBe(202);
  return res.body.data.job_id as string;
}

/** Test keys allow 10 requests a minute: their jobs are watched in the store, not over the API. */
async function finishedInStore(orgId: string, jobId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await stack.jobs.get({ orgId, mode: 'test' }, jobId);
    if (job && ['completed', 'failed', 'canceled'].includes(job.status)) return job.status;
    if (Date.now() > deadline) throw new Error(`test job ${jobId} did not finish`);
    await sleep(200);
  }
}

/** The usage report once it counts `jobs` jobs (the record lands just after the job completes). */
async function usageCounting(key: string, jobs: number, intervalMs = 250): Promise<Json> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await usage(key);
    expect(res.status, res.text).toBe(200);
    // Every answer matches the schema the OpenAPI document publishes.
    expect(usageReport.safeParse(res.body.data).error).toBeUndefined();
    if (res.body.data.totals.jobs >= jobs || Date.now() > deadline) return res.body.data;
    await sleep(intervalMs);
  }
}

beforeAll(async () => {
  const a = await newOrganization(stack);
  const b = await newOrganization(stack);
  orgs.a = a.orgId;
  orgs.b = b.orgId;
  keys.aLive = await a.key('live');
  keys.aTest = await a.key('test');
  keys.bLive = await b.key('live');
  keys.bTest = await b.key('test');

  const frontage = { address: '10 Wattle Street, Ultimo NSW 2007' };
  const liveJobs = [
    await submit(keys.aLive, '/v1/property-frontage/detect', frontage),
    await submit(keys.aLive, '/v1/property-frontage/detect', { address: '7 Smith St Darwin NT 0800' }),
    await submit(keys.aLive, '/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' }),
  ];
  // Unknown to the gazetteer: the job fails with ADDRESS_NOT_FOUND.
  const failing = await submit(keys.aLive, '/v1/property-frontage/detect', {
    address: '12 Example Road, Notarealplace QLD 4000',
  });
  const bJob = await submit(keys.bLive, '/v1/property-frontage/detect', frontage);
  const testJob = await submit(keys.aTest, '/v1/property-frontage/detect', frontage);

  for (const id of liveJobs)
    expect((await waitForJob(stack.url, keys.aLive, id, 90_000)).status).toBe('completed');
  const failed = await waitForJob(stack.url, keys.aLive, failing, 60_000);
  expect(failed.status).toBe('failed');
  expect(failed.error.code).toBe('ADDRESS_NOT_FOUND');
  expect((await waitForJob(stack.url, keys.bLive, bJob, 60_000)).status).toBe('completed');
  expect(await finishedInStore(orgs.a, testJob)).toBe('completed');
}, 240_000);

describe('GET /v1/usage', () => {
  it("counts the organization's completed live jobs per day and job type, priced at the stage's rates", async () => {
    const report = await usageCounting(keys.aLive, 3);
    const frontage = 2 * rates.frontage_detection!;
    const markup = rates.markup_v2!;
    expect(report).toMatchObject({
      object: 'usage',
      organization_id: orgs.a,
      mode: 'live',
      to: today,
      currency: 'AUD',
      billed: true,
    });
    // The failed job is not there: 3 jobs, not 4.
    expect(report.days).toEqual([
      { date: today, job_type: 'frontage_detection', jobs: 2, units: 2, renditions: 0, amount: frontage },
      { date: today, job_type: 'markup_v2', jobs: 1, units: 1, renditions: 0, amount: markup },
    ]);
    expect(report.totals).toEqual({
      jobs: 3,
      units: 3,
      renditions: 0,
      amount: Math.round((frontage + markup) * 100) / 100,
      by_job_type: {
        frontage_detection: { jobs: 2, units: 2, renditions: 0, amount: frontage },
        markup_v2: { jobs: 1, units: 1, renditions: 0, amount: markup },
      },
      by_rendition: {},
      // No office: every job is the organization's own.
      by_office: {
        none: { jobs: 3, units: 3, renditions: 0, amount: Math.round((frontage + markup) * 100) / 100 },
      },
    });
    // The default range is the last 30 days.
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(report.from).toBe(from);
  });

  it('tracks test usage apart from live usage, never billed', async () => {
    const report = await usageCounting(keys.aTest, 1, 2_000);
    expect(report).toMatchObject({ organization_id: orgs.a, mode: 'test', billed: false });
    expect(report.days).toEqual([
      { date: today, job_type: 'frontage_detection', jobs: 1, units: 1, renditions: 0, amount: 0 },
    ]);
    expect(report.totals).toMatchObject({ jobs: 1, units: 1, amount: 0 });
  });

  it("never shows another organization's usage", async () => {
    const b = await usageCounting(keys.bLive, 1);
    expect(b.organization_id).toBe(orgs.b);
    expect(b.totals).toEqual({
      jobs: 1,
      units: 1,
      renditions: 0,
      amount: rates.frontage_detection,
      by_job_type: {
        frontage_detection: { jobs: 1, units: 1, renditions: 0, amount: rates.frontage_detection },
      },
      by_rendition: {},
      by_office: { none: { jobs: 1, units: 1, renditions: 0, amount: rates.frontage_detection } },
    });
    const bTest = await usage(keys.bTest);
    expect(bTest.status, bTest.text).toBe(200);
    expect(bTest.body.data.days).toEqual([]);
    expect(bTest.body.data.totals).toEqual({
      jobs: 0,
      units: 0,
      renditions: 0,
      amount: 0,
      by_job_type: {},
      by_rendition: {},
      by_office: {},
    });
  });

  it('reads only the days asked for', async () => {
    const past = await usage(keys.aLive, '?from=2025-01-01&to=2025-12-31');
    expect(past.status, past.text).toBe(200);
    expect(past.body.data).toMatchObject({ from: '2025-01-01', to: '2025-12-31', days: [] });
    const one = await usage(keys.aLive, `?from=${today}&to=${today}`);
    expect(one.body.data.totals.jobs).toBe(3);
  });

  it.each([
    ['from after to', '?from=2026-03-02&to=2026-03-01', 'from', /must not be after to/],
    ['more than 366 days', '?from=2024-01-01&to=2025-01-01', 'from', /367 days; at most 366/],
    ['not a calendar date', '?from=2026-02-30', 'from', /YYYY-MM-DD/],
    ['not a date at all', '?to=yesterday', 'to', /YYYY-MM-DD/],
    ['an unknown parameter', '?since=2026-01-01', 'since', /unknown parameter/],
  ])('answers 400 VALIDATION_ERROR for %s', async (_what, query, path, message) => {
    const res = await usage(keys.aLive, query);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const detail = (res.body.error.details as Json[]).find((d) => String(d.path).startsWith(path));
    expect(detail, res.text).toBeDefined();
    expect(`${detail!.path} ${detail!.message}`).toMatch(message);
  });

  it('needs an API key', async () => {
    const res = await call<Json>(stack.url, 'GET', '/v1/usage');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});
