// Canceling jobs and Idempotency-Key replays on the local stack. A reveal video (which renders for many
// seconds) is canceled while processing: the job ends canceled, its execution is ABORTED, a job.canceled
// webhook arrives and nothing the stopped execution does afterwards is recorded. Finished jobs cannot be
// canceled (409), unknown or other tenants' jobs are 404, and a repeated cancel answers the job again.
// Idempotency-Key: a replay answers the same job (Idempotent-Replayed), another body is a 409, two
// tenants with the same key get two jobs, and a malformed key is a 400.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionArnOf } from '../../functions/adapters/step-functions/workflows.ts';
import { jobTypeSpec } from '../../functions/jobs/registry.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let key: string;
let otherKey: string;
let markup: Json;
let edit: Json;

const received: Array<{ path: string; body: Json }> = [];
let receiver: Server;
let receiverUrl = '';

const post = (path: string, body: unknown, options: { k?: string; idem?: string } = {}) =>
  call<Json>(stack.url, 'POST', path, {
    key: options.k ?? key,
    body,
    headers: options.idem === undefined ? {} : { 'Idempotency-Key': options.idem },
  });
const get = (jobId: string, k = key) => call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key: k });
const cancel = (jobId: string, k = key) =>
  call<Json>(stack.url, 'POST', `/v1/jobs/${jobId}/cancel`, { key: k });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function completed(res: { status: number; text: string; body: Json }, timeoutMs = 60_000) {
  expect(res.status, res.text).toBe(202);
  const job = await waitForJob(stack.url, key, res.body.data.job_id, timeoutMs);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return job;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** The local execution of a job, as Step Functions describes it. */
async function execution(jobType: string, jobId: string) {
  const sfn = new SFNClient({
    endpoint: stack.info.endpoints.stepfunctions,
    region: stack.info.region,
    credentials: storeCredentials(stack.dataDir),
  });
  // Local state machines are named by their logical id, which starts with the kind's workflow id.
  const prefix = `${jobTypeSpec(jobType).workflow.id}StateMachine`;
  const { stateMachines } = await sfn.send(new ListStateMachinesCommand({}));
  const machineArn = stateMachines?.find((m) => m.name?.startsWith(prefix))?.stateMachineArn;
  if (!machineArn) throw new Error(`no local state machine for ${jobType}`);
  return sfn.send(new DescribeExecutionCommand({ executionArn: executionArnOf(machineArn, jobId) }));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  key = await (await newOrganization(stack)).key('live');
  otherKey = await (await newOrganization(stack)).key('live');
  markup = await completed(
    await post('/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' }),
  );
  edit = await completed(
    await post(`/v2/markup/jobs/${markup.job_id}/edit`, {
      boundary_polygon: markup.output.suggested_boundary,
    }),
  );
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('POST /v1/jobs/{jobId}/cancel', () => {
  it('cancels a processing job: execution aborted, job.canceled sent, later progress not recorded', async () => {
    const accepted = await post(`/v2/markup/jobs/${edit.job_id}/video`, {
      options: { duration: 10 },
      webhook_url: `${receiverUrl}/cancel`,
    });
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.body.data.job_id as string;
    // Rendering: the job is processing and the render has started.
    await until('the render to start', async () => {
      const job = (await get(jobId)).body.data;
      expect(['queued', 'processing']).toContain(job.status);
      return job.status === 'processing' && job.progress.percent >= 20 ? job : undefined;
    });

    const res = await cancel(jobId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('canceled');
    expect(res.body.data.job_id).toBe(jobId);
    expect(res.body.data.completed_at).not.toBeNull();
    const progressAtCancel = res.body.data.progress;

    const described = await execution('markup_v2_video', jobId);
    expect(described.status).toBe('ABORTED');
    expect(described.error).toBe('JobCanceled');

    const canceledEvent = await until('the job.canceled webhook', async () =>
      received.find((r) => r.path === '/cancel' && r.body.type === 'job.canceled'),
    );
    expect(canceledEvent.body.data).toMatchObject({ job_id: jobId, status: 'canceled' });

    // The render that was running goes on in its worker; whatever it reports must not land.
    await sleep(8_000);
    const after = (await get(jobId)).body.data;
    expect(after.status).toBe('canceled');
    expect(after.progress).toEqual(progressAtCancel);
    expect(after.output).toBeNull();
    expect(after.error).toBeNull();
    const events = received.filter((r) => r.path === '/cancel').map((r) => r.body.type);
    expect(events).not.toContain('job.completed');
    expect(events).not.toContain('job.failed');
    expect(events.filter((t) => t === 'job.canceled')).toHaveLength(1);

    // Canceling again answers the canceled job (200), and sends nothing more.
    const again = await cancel(jobId);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.status).toBe('canceled');

    const listed = await call<Json>(stack.url, 'GET', '/v1/jobs?status=canceled', { key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.jobs.map((j: Json) => j.job_id)).toContain(jobId);
  }, 180_000);

  it('cancels a job right after it was accepted', async () => {
    const accepted = await post('/v1/property-frontage/detect', {
      address: '10 Wattle Street, Ultimo NSW 2007',
    });
    expect(accepted.status, accepted.text).toBe(202);
    const res = await cancel(accepted.body.data.job_id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('canceled');
    await sleep(3_000);
    expect((await get(accepted.body.data.job_id)).body.data.status).toBe('canceled');
  }, 60_000);

  it('refuses to cancel a completed job (409 naming its status)', async () => {
    const res = await cancel(markup.job_id);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('JOB_NOT_CANCELABLE');
    expect(res.body.error.message).toContain('completed');
    expect((await get(markup.job_id)).body.data.status).toBe('completed');
  });

  it('answers 404 for an unknown job, a malformed id and another organization’s job', async () => {
    expect((await cancel('0193a5b0-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await cancel('not-a-job')).status).toBe(404);
    const other = await cancel(markup.job_id, otherKey);
    expect(other.status, other.text).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
  });
});

describe('Idempotency-Key', () => {
  const body = { address: '10 Wattle Street, Ultimo NSW 2007' };

  it('answers a replay with the same job, flagged Idempotent-Replayed', async () => {
    const idem = `replay-${Date.now()}`;
    const first = await post('/v1/property-frontage/detect', body, { idem });
    expect(first.status, first.text).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await post('/v1/property-frontage/detect', body, { idem });
    expect(second.status, second.text).toBe(202);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const listed = await call<Json>(stack.url, 'GET', '/v1/jobs?job_type=frontage_detection&limit=100', {
      key,
    });
    const ids = listed.body.data.jobs.map((j: Json) => j.job_id);
    expect(ids.filter((id: string) => id === first.body.data.job_id)).toHaveLength(1);
  });

  it('refuses the same key with another body or route (409 IDEMPOTENCY_CONFLICT)', async () => {
    const idem = `conflict-${Date.now()}`;
    expect((await post('/v1/property-frontage/detect', body, { idem })).status).toBe(202);
    const other = await post(
      '/v1/property-frontage/detect',
      { address: '22 Smith Street, Fitzroy VIC 3065' },
      { idem },
    );
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    const otherRoute = await post('/v2/markup/generate', body, { idem });
    expect(otherRoute.status, otherRoute.text).toBe(409);
    expect(otherRoute.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('keeps two organizations’ keys apart: the same key makes two jobs', async () => {
    const idem = `shared-${Date.now()}`;
    const mine = await post('/v1/property-frontage/detect', body, { idem });
    const theirs = await post('/v1/property-frontage/detect', body, { idem, k: otherKey });
    expect(mine.status, mine.text).toBe(202);
    expect(theirs.status, theirs.text).toBe(202);
    expect(theirs.body.data.job_id).not.toBe(mine.body.data.job_id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not use up a key on a request refused by validation', async () => {
    const idem = `error-${Date.now()}`;
    const bad = await post('/v1/property-frontage/detect', { address: '' }, { idem });
    expect(bad.status).toBe(400);
    const good = await post('/v1/property-frontage/detect', body, { idem });
    expect(good.status, good.text).toBe(202);
  });

  it('replays a cancel too', async () => {
    const accepted = await post('/v1/property-frontage/detect', body);
    const idem = `cancel-${Date.now()}`;
    const path = `/v1/jobs/${accepted.body.data.job_id}/cancel`;
    const first = await call<Json>(stack.url, 'POST', path, { key, headers: { 'Idempotency-Key': idem } });
    const second = await call<Json>(stack.url, 'POST', path, { key, headers: { 'Idempotency-Key': idem } });
    expect(second.status).toBe(first.status);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('rejects a malformed key with a 400 naming the header', async () => {
    for (const idem of ['has space', 'x'.repeat(256), 'é']) {
      const res = await post('/v1/property-frontage/detect', body, { idem });
      expect(res.status, idem).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].path).toBe('headers.Idempotency-Key');
    }
  });
});
