// The typed client: calls are typed by path and method from the generated types (checked by tsc: a
// wrong path, field or parameter is a compile error here), and waitForJob polls with growing waits,
// honours a 429's Retry-After, throws on error answers and gives up at its timeout.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ApiRequestError,
  createClient,
  type Job,
  type JobEvent,
  type PropertyMediaClient,
  type Usage,
  WaitForJobTimeoutError,
  waitForJob,
} from '../../../clients/typescript/src/index.ts';

const JOB_ID = '0193a0b2-0000-7000-8000-000000000001';

/** Type checks only: never called, compiled by `tsc -p .`. */
async function typeChecks(client: PropertyMediaClient) {
  const detect = await client.POST('/v1/property-frontage/detect', {
    body: { address: '10 Wattle Street, Ultimo NSW 2007', options: { lat: -33.88, lng: 151.2 } },
    params: { header: { 'Idempotency-Key': 'k-1' } },
  });
  expectTypeOf(detect.data!.data.job_id).toEqualTypeOf<string>();
  // @ts-expect-error misspelt field: the request schema is strict
  await client.POST('/v1/property-frontage/detect', { body: { adress: 'x' } });
  // @ts-expect-error no such route
  await client.GET('/v1/nowhere');
  const usage = await client.GET('/v1/usage', {
    params: { query: { from: '2026-05-01', to: '2026-05-31' } },
  });
  expectTypeOf(usage.data!.data).toEqualTypeOf<Usage>();
  expectTypeOf(usage.data!.data.totals.amount).toEqualTypeOf<number>();
  // @ts-expect-error dates are strings
  await client.GET('/v1/usage', { params: { query: { from: 20260501 } } });
  // @ts-expect-error the job id is a required path parameter
  await client.GET('/v1/jobs/{jobId}', {});
  const job = await client.GET('/v1/jobs/{jobId}', { params: { path: { jobId: JOB_ID } } });
  expectTypeOf(job.data!.data).toEqualTypeOf<Job>();
  expectTypeOf<Job['status']>().toEqualTypeOf<
    'queued' | 'processing' | 'completed' | 'failed' | 'canceled'
  >();
  expectTypeOf<JobEvent['type']>().toEqualTypeOf<
    'job.processing' | 'job.progress' | 'job.completed' | 'job.failed' | 'job.canceled' | 'job.deleted'
  >();
}
void typeChecks;

/** A fetch that answers GET /v1/jobs/{id} from a script of answers, recording when it was called. */
function scriptedFetch(answers: Array<{ status: number; body: unknown; headers?: Record<string, string> }>) {
  const calls: Array<{ url: string; key: string | null; at: number }> = [];
  const fetch = async (request: Request) => {
    calls.push({ url: request.url, key: request.headers.get('X-API-Key'), at: Date.now() });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const jobIn = (status: string, percent = 50) => ({
  data: { job_id: JOB_ID, status, progress: { percent, stage: status } },
  meta: { request_id: 'req_1', timestamp: '2026-05-01T10:00:00.000Z', mode: 'test' },
});

describe('waitForJob', () => {
  it('polls until the job is final, each wait longer than the last, with the key on every request', async () => {
    const { fetch, calls } = scriptedFetch([
      { status: 200, body: jobIn('queued', 0) },
      { status: 200, body: jobIn('processing', 40) },
      { status: 200, body: jobIn('processing', 80) },
      { status: 200, body: jobIn('completed', 100) },
    ]);
    const client = createClient('http://api.test/', 'svc_test_abc', { fetch });
    const seen: number[] = [];
    // The waits asked for, not the wall-clock gaps (which the machine's load stretches).
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const job = await waitForJob(client, JOB_ID, {
      intervalMs: 40,
      onPoll: (j) => seen.push(j.progress.percent),
    });
    const waits = timer.mock.calls.map((call) => call[1]);
    timer.mockRestore();
    expect(job.status).toBe('completed');
    expect(seen).toEqual([0, 40, 80, 100]);
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill(`http://api.test/v1/jobs/${JOB_ID}`));
    expect(calls.every((c) => c.key === 'svc_test_abc')).toBe(true);
    expect(waits).toEqual([40, 60, 90]);
  });

  it('returns failed and canceled jobs too (the caller reads status and error)', async () => {
    const { fetch } = scriptedFetch([{ status: 200, body: jobIn('failed') }]);
    const job = await waitForJob(createClient('http://api.test', 'k', { fetch }), JOB_ID);
    expect(job.status).toBe('failed');
  });

  it("waits out a 429's Retry-After", async () => {
    const { fetch, calls } = scriptedFetch([
      {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'slow down' } },
        headers: { 'Retry-After': '1' },
      },
      { status: 200, body: jobIn('completed') },
    ]);
    // The wait asked for, served at once: the second second of wall-clock time proves nothing more.
    const real = globalThis.setTimeout;
    const timer = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((fn: () => void) => real(fn, 0)) as unknown as typeof setTimeout);
    await waitForJob(createClient('http://api.test', 'k', { fetch }), JOB_ID, { intervalMs: 10 });
    const waits = timer.mock.calls.map((call) => call[1]);
    timer.mockRestore();
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('throws ApiRequestError with the code of an error answer', async () => {
    const { fetch } = scriptedFetch([
      {
        status: 404,
        body: {
          error: { code: 'NOT_FOUND', message: 'No job' },
          meta: { request_id: 'req_9', timestamp: 'x' },
        },
      },
    ]);
    const error = await waitForJob(createClient('http://api.test', 'k', { fetch }), JOB_ID).catch((e) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No job', requestId: 'req_9' });
  });

  it('gives up at its timeout with the last status', async () => {
    const { fetch } = scriptedFetch([{ status: 200, body: jobIn('processing') }]);
    const error = await waitForJob(createClient('http://api.test', 'k', { fetch }), JOB_ID, {
      timeoutMs: 150,
      intervalMs: 20,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(WaitForJobTimeoutError);
    expect(error.message).toBe(`Job ${JOB_ID} was still processing after 150 ms.`);
  });
});
