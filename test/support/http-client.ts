// A small JSON client for the API, as an integrator would write one. Every answer it gets is checked
// against the OpenAPI document (openapi-contract.ts): an answer the document does not describe fails the
// test that received it.
import { jobTypeSpec } from '../../functions/jobs/registry.ts';
import { expectDocumented } from './openapi-contract.ts';
export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | Buffer | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  } else if (options.rawBody !== undefined) {
    body = options.rawBody;
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  expectDocumented({ method, path, status: response.status, headers: response.headers, text });
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

// biome-ignore lint/suspicious/noExplicitAny: API responses are free-form JSON that tests index into.
export type Json = Record<string, any>;

/**
 * A completed job's output must match the output schema its kind publishes in the OpenAPI document:
 * every integration test that waits for a job checks this for every job kind, so the documented output
 * and the real one cannot drift apart.
 */
export function expectPublishedOutput(job: Json): void {
  const result = jobTypeSpec(job.job_type).output.safeParse(job.output);
  if (!result.success) {
    throw new Error(
      `${job.job_type} job ${job.job_id}: the output does not match its published schema: ${JSON.stringify(result.error.issues)}`,
    );
  }
}

/**
 * How long to wait before polling a job again, after waiting `waitedMs` for it: every 100 ms at first (a
 * quick job is seen done at once), then less often as the job proves long (a render), at most every
 * second — about a tenth of the time already waited, so a poll comes late by at most a tenth. Each poll
 * costs the stack an admission write and a read, and the test a contract check: polling a two-minute render
 * ten times a second was a share of the suite's CPU.
 */
export function pollDelayMs(waitedMs: number): number {
  return Math.min(1000, Math.max(100, Math.round(waitedMs / 10)));
}

/**
 * Polls a job until it is completed (its output checked against the published schema) or failed. A 429
 * (test keys allow 10 requests a minute) is waited out for its Retry-After, as an integrator would.
 */
export async function waitForJob(
  baseUrl: string,
  key: string,
  jobId: string,
  timeoutMs = 30_000,
): Promise<Json> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const res = await call<Json>(baseUrl, 'GET', `/v1/jobs/${jobId}`, { key });
    if (res.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`GET job ${jobId}: ${res.status} ${res.text}`);
    const job = res.body.data;
    if (job.status === 'completed') expectPublishedOutput(job);
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollDelayMs(Date.now() - started)));
  }
}
