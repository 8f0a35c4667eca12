// DELETE /v1/jobs/{id} and retention on the local stack, checked by looking at the stores themselves: the
// media bucket listed with the data directory's own credentials, the jobs table scanned for the personal
// text the requests carried, old media URLs fetched, usage totals compared, and the webhook endpoint's
// deliveries. A job with a short delete_after loses its media and inputs to the sweeper on schedule.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let key: string;
let orgId: string;
let otherKey: string;
let s3: S3Client;
let dynamo: DynamoDBClient;
const deliveries: Json[] = [];
let receiver: Server;

const SECRET_STREET = '17 Quillfeather Lane';
const ADDRESS = `${SECRET_STREET}, Fitzroy VIC 3065`;
const CALLBACK = { crm_contact: 'Morwenna Tregarthen', phone: '0499 123 456' };

const post = (path: string, body: unknown, k = key) => call<Json>(stack.url, 'POST', path, { key: k, body });
const get = (jobId: string, k = key) => call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key: k });
const del = (jobId: string, k = key) => call<Json>(stack.url, 'DELETE', `/v1/jobs/${jobId}`, { key: k });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function completed(res: { status: number; text: string; body: Json }) {
  expect(res.status, res.text).toBe(202);
  const job = await waitForJob(stack.url, key, res.body.data.job_id, 120_000);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return job;
}

/** Every object key the job wrote, as the bucket lists them. */
async function objectsOf(jobId: string): Promise<string[]> {
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: stack.info.mediaBucket, Prefix: `media/${orgId}/live/${jobId}/` }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/** Every media URL in a value. */
function urlsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) urlsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'url' && typeof v === 'string') out.push(v);
      else urlsIn(v, out);
    }
  }
  return out;
}

const usageTotals = async () => {
  const res = await call<Json>(stack.url, 'GET', '/v1/usage', { key });
  expect(res.status, res.text).toBe(200);
  return JSON.stringify(res.body.data);
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const org = await newOrganization(stack);
  orgId = org.orgId;
  key = await org.key('live');
  otherKey = await (await newOrganization(stack)).key('live');
  const credentials = storeCredentials(stack.dataDir);
  s3 = new S3Client({
    region: stack.info.region,
    endpoint: stack.info.endpoints.aws,
    forcePathStyle: true,
    credentials,
  });
  dynamo = new DynamoDBClient({
    region: stack.info.region,
    endpoint: stack.info.endpoints.dynamodb,
    credentials,
  });
  const endpoint = await post('/v1/webhook-endpoints', {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deleted`,
    enabled_events: ['job.deleted'],
  });
  expect(endpoint.status, endpoint.text).toBe(201);
}, 60_000);

afterAll(async () => {
  s3?.destroy();
  dynamo?.destroy();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('DELETE /v1/jobs/{jobId}', () => {
  it('erases a markup, its edit and the video still rendering from it; keeps usage and everything else', async () => {
    const markup = await completed(
      await post('/v2/markup/generate', { address: ADDRESS, callback_metadata: CALLBACK }),
    );
    const edit = await completed(
      await post(`/v2/markup/jobs/${markup.job_id}/edit`, {
        boundary_polygon: markup.output.suggested_boundary,
      }),
    );
    const bystander = await completed(await post('/v1/property-frontage/detect', { address: ADDRESS }));
    const video = await post(`/v2/markup/jobs/${edit.job_id}/video`, { options: { duration: 10 } });
    expect(video.status, video.text).toBe(202);
    const videoId = video.body.data.job_id as string;
    const oldUrls = urlsIn((await get(markup.job_id)).body.data.output);
    expect(oldUrls.length).toBeGreaterThan(0);
    expect((await fetch(oldUrls[0]!)).status).toBe(200);
    expect((await objectsOf(markup.job_id)).length).toBeGreaterThan(0);
    const usageBefore = await usageTotals();

    const deleted = await del(markup.job_id);
    expect(deleted.status, deleted.text).toBe(200);
    const receipt = deleted.body.data;
    expect(receipt.job_id).toBe(markup.job_id);
    expect(receipt.jobs.map((j: Json) => [j.job_id, j.relation])).toEqual([
      [markup.job_id, 'requested'],
      [edit.job_id, 'built_on'],
      [videoId, 'built_on'],
    ]);
    expect(receipt.jobs[0].media_objects_deleted).toBeGreaterThan(0);
    expect(receipt.kept).toEqual(['usage']);

    for (const id of [markup.job_id, edit.job_id, videoId]) expect((await get(id)).status).toBe(404);
    for (const id of [markup.job_id, edit.job_id]) expect(await objectsOf(id), id).toEqual([]);
    // The video's step may still write after the deletion (its Lambda was running): the sweeper's purge
    // passes empty the prefix again, so within a few sweeps nothing of it is left, and it stays so.
    const purgeDeadline = Date.now() + 30_000;
    await sleep(3000);
    while ((await objectsOf(videoId)).length > 0 && Date.now() < purgeDeadline) await sleep(1000);
    expect(await objectsOf(videoId)).toEqual([]);
    await sleep(6000);
    expect(await objectsOf(videoId)).toEqual([]);
    for (const url of oldUrls) expect([403, 404]).toContain((await fetch(url)).status);
    expect((await del(markup.job_id)).status).toBe(404);
    expect((await get(bystander.job_id)).status).toBe(200);
    expect((await objectsOf(bystander.job_id)).length).toBeGreaterThan(0);
    expect(await usageTotals()).toBe(usageBefore);

    // Nothing personal of the deleted jobs is left in the jobs table (the bystander still has its address).
    const scan = await dynamo.send(new ScanCommand({ TableName: stack.info.tables.jobs }));
    const mine = (scan.Items ?? []).filter((i) => i.org_id?.S === orgId);
    const items = JSON.stringify(mine.filter((i) => i.pk?.S?.startsWith('T#')));
    // The running video's purge (emptied again by the sweeper for a while) holds ids, nothing else.
    for (const purge of mine.filter((i) => i.pk?.S?.startsWith('PURGE#')))
      expect(Object.keys(purge).sort()).toEqual([
        'expiry_key',
        'job_id',
        'media_expires_at',
        'mode',
        'org_id',
        'pk',
        'purge_until',
        'sk',
      ]);
    for (const id of [markup.job_id, edit.job_id, videoId]) expect(items).not.toContain(id);
    expect(items).not.toContain(CALLBACK.crm_contact);
    expect(items).toContain(SECRET_STREET);

    // The event log keeps only the job.deleted events of the deleted jobs, and the endpoint got them.
    const events = await call<Json>(stack.url, 'GET', `/v1/events?job_id=${markup.job_id}`, { key });
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.events.map((e: Json) => e.type)).toEqual(['job.deleted']);
    const deadline = Date.now() + 20_000;
    while (deliveries.filter((d) => d.type === 'job.deleted').length < 3 && Date.now() < deadline)
      await sleep(200);
    const got = deliveries.filter((d) => d.type === 'job.deleted').map((d) => d.data.job_id);
    expect(new Set(got)).toEqual(new Set([markup.job_id, edit.job_id, videoId]));
    expect(JSON.stringify(deliveries)).not.toContain(SECRET_STREET);
  }, 300_000);

  it("answers 404 for another organization's job and leaves it whole", async () => {
    const job = await completed(await post('/v1/property-frontage/detect', { address: ADDRESS }));
    expect((await del(job.job_id, otherKey)).status).toBe(404);
    expect((await del('not-a-job')).status).toBe(404);
    expect((await get(job.job_id)).status).toBe(200);
    expect((await objectsOf(job.job_id)).length).toBeGreaterThan(0);
  }, 120_000);
});

describe('retention', () => {
  it('erases media and inputs on schedule with a short delete_after; a job kept longer is untouched', async () => {
    const short = await completed(
      await post('/v1/property-frontage/detect', {
        address: ADDRESS,
        delete_after: 'PT6S',
        callback_metadata: CALLBACK,
      }),
    );
    const kept = await completed(
      await post('/v1/property-frontage/detect', { address: ADDRESS, delete_after: 'P2D' }),
    );
    expect(Date.parse(short.media_expires_at) - Date.parse(short.created_at)).toBe(6000);
    expect(short.media_expired).toBe(false);
    const urls = urlsIn(short.output);
    expect(urls.length).toBeGreaterThan(0);
    // Erased by the sweep (every few seconds locally) once the time has come, never before it: an
    // ordering, whatever the machine's load makes of the sweep's pace.
    const deadline = Date.now() + 60_000;
    let job = short;
    while (!job.media_expired && Date.now() < deadline) {
      await sleep(500);
      job = (await get(short.job_id)).body.data;
    }
    expect(job.media_expired).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(short.media_expires_at));
    expect(job.status).toBe('completed');
    expect(job.input).toEqual({});
    expect(job.callback_metadata).toBeNull();
    expect(job.media_expires_at).toBeNull();
    expect(job.output).toBeNull();
    expect(JSON.stringify(job)).not.toContain(SECRET_STREET);
    expect(await objectsOf(short.job_id)).toEqual([]);
    for (const url of urls) expect([403, 404]).toContain((await fetch(url)).status);
    const other = (await get(kept.job_id)).body.data;
    expect(other.media_expired).toBe(false);
    expect(other.input.address).toBe(ADDRESS);
    expect((await objectsOf(kept.job_id)).length).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a delete_after outside the bounds with a 400 naming the field, creating nothing', async () => {
    for (const value of ['P1Y', 'PT1S', 'P800D', 'soon']) {
      const res = await post('/v1/property-frontage/detect', { address: ADDRESS, delete_after: value });
      expect(res.status, value).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error.details)).toContain('delete_after');
    }
  });
});
