// The typed TypeScript client (clients/typescript) against the local stack, as an integrator uses it:
// submit a job, wait for it, read its output and download its image; replay a POST with an
// Idempotency-Key; read usage; an unknown job is an ApiRequestError with the API's code.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  createClient,
  type PropertyMediaClient,
  waitForJob,
} from '../../clients/typescript/src/index.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let client: PropertyMediaClient;

beforeAll(async () => {
  const org = await newOrganization(stack);
  client = createClient(stack.url, await org.key('live'));
});

describe('TypeScript client on the local stack', () => {
  it('submits a frontage detection, waits for it and downloads its reference image', async () => {
    const idempotencyKey = randomUUID();
    const body = { address: '10 Wattle Street, Ultimo NSW 2007' };
    const submitted = await client.POST('/v1/property-frontage/detect', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    });
    expect(submitted.response.status, JSON.stringify(submitted.error)).toBe(202);
    const jobId = submitted.data!.data.job_id;

    const replayed = await client.POST('/v1/property-frontage/detect', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    });
    expect(replayed.data!.data.job_id).toBe(jobId);
    expect(replayed.response.headers.get('Idempotent-Replayed')).toBe('true');

    const statuses: string[] = [];
    const job = await waitForJob(client, jobId, {
      timeoutMs: 60_000,
      intervalMs: 100,
      onPoll: (j) => statuses.push(j.status),
    });
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(statuses.at(-1)).toBe('completed');
    const output = job.output as { reference_image: { url: string; content_type: string } };
    expect(output.reference_image.content_type).toBe('image/jpeg');
    const image = await fetch(output.reference_image.url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const listed = await client.GET('/v1/jobs', { params: { query: { status: 'completed' } } });
    expect(listed.data!.data.jobs.map((j) => j.job_id)).toContain(jobId);
  });

  it('reads usage through the client', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const usage = await client.GET('/v1/usage', { params: { query: { from: today, to: today } } });
    expect(usage.response.status, JSON.stringify(usage.error)).toBe(200);
    expect(usage.data!.data).toMatchObject({ object: 'usage', mode: 'live', from: today, to: today });
    const bad = await client.GET('/v1/usage', { params: { query: { from: today, to: '2000-01-01' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('turns an error answer into ApiRequestError', async () => {
    const error = await waitForJob(client, '0193a0b2-0000-7000-8000-000000000000').catch((e) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(error.requestId).toMatch(/^req_/);
  });
});
