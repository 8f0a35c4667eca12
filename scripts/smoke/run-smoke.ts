// The smoke run: every check started at once (jobs wait only for their parents), each turned into a row
// of the table. Checks talk to the API as an integrator does: the typed client, one key, webhooks
// verified with the organization's secret.
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Job, type PropertyMediaClient } from '../../clients/typescript/src/index.ts';
import { type ServedFixtures, serveFixtures } from './fixtures.ts';
import {
  JOB_PLANS,
  type JobPlan,
  type JobType,
  type SubmitInput,
  type Submitted,
  submitSlowJob,
} from './job-plans.ts';
import { isFinal, JobWatcher } from './job-watcher.ts';
import { checkMediaFile, formatBytes, mediaFilesOf } from './media.ts';
import { type SmokeOptions, servesLocalFixtures } from './options.ts';
import { pacedFetch, RatePacer } from './paced-fetch.ts';
import { type CheckResult, runCheck, Skip } from './report.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

/** A deferred value: the parent job a child waits for, the frontage request the replay repeats. */
class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;
  reject!: (error: Error) => void;
  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.promise.catch(() => undefined); // a parent's failure is reported on its own row
  }
}

interface Sent {
  readonly body: unknown;
  readonly idempotencyKey: string;
  readonly jobId: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function describeError(status: number, error: unknown): string {
  const body = error as { error?: { code?: string; message?: string } } | undefined;
  return body?.error ? `${status} ${body.error.code}: ${body.error.message}` : `${status}`;
}

function accepted(res: Submitted): string {
  if (res.response.status !== 202 || !res.data)
    throw new Error(`submit answered ${describeError(res.response.status, res.error)}`);
  return res.data.data.job_id;
}

interface SmokeRun {
  readonly results: CheckResult[];
  readonly pacer: RatePacer;
}

export async function runSmoke(
  options: SmokeOptions,
  onResult: (result: CheckResult) => void = () => undefined,
): Promise<SmokeRun> {
  const pacer = new RatePacer();
  const client: PropertyMediaClient = createClient(options.baseUrl, options.key, {
    fetch: pacedFetch(pacer),
  });
  const watcher = new JobWatcher(client, pacer);
  const runId = `smoke-${new Date().toISOString().slice(0, 19)}-${randomBytes(3).toString('hex')}`;
  const wanted = (name: string) => (options.only ? options.only.has(name) : true) && !options.skip.has(name);
  const mode = options.key.startsWith('svc_live_') ? 'live' : 'test';

  // Jobs run when asked for, or when a check asked for needs them (a child its parent, the replay frontage).
  const needed = new Set<JobType>();
  const need = (type: JobType) => {
    needed.add(type);
    const parent = JOB_PLANS.find((p) => p.type === type)?.parent;
    if (parent) need(parent);
  };
  for (const plan of JOB_PLANS) if (wanted(plan.type)) need(plan.type);
  if (wanted('idempotency')) need('frontage_detection');

  // Webhooks: a receiver here (verifies signatures) and/or a URL the stage delivers to.
  let receiver: WebhookReceiver | undefined;
  if (options.webhookListen && wanted('webhook')) {
    receiver = new WebhookReceiver(options.webhookSecret!);
    await receiver.listen(options.webhookListen.host, options.webhookListen.port);
  }
  const webhookUrl = wanted('webhook') ? (options.webhookUrl ?? receiver?.url) : undefined;

  // Inputs served from here when the stage is on this machine and the caller gave none.
  const local = servesLocalFixtures(options);
  const needsImage = [...needed].some((t) => JOB_PLANS.find((p) => p.type === t)?.needs === 'image');
  const needsBundle = needed.has('video_export');
  const serveImage = local && needsImage && !options.imageUrl;
  const serveBundle = local && needsBundle && !options.bundleUrl;
  const fixtures: Promise<ServedFixtures | undefined> =
    serveImage || serveBundle ? serveFixtures({ bundle: serveBundle }) : Promise.resolve(undefined);
  fixtures.catch(() => undefined);

  /** Every job the smoke made, with the final state it reached (for the webhook check). */
  const created = new Map<string, { type: string; final?: Job }>();
  const jobs = new Map(JOB_PLANS.map((plan) => [plan.type, new Deferred<Job>()]));
  const frontageSent = new Deferred<Sent>();

  const common = (check: string) => ({
    ...(webhookUrl ? { webhook_url: webhookUrl } : {}),
    callback_metadata: { smoke_run: runId, check },
  });

  async function submit(
    check: string,
    send: (input: SubmitInput) => Promise<Submitted>,
    parent: Job | undefined,
    inputs: { imageUrl?: string; bundleUrl?: string } = {},
  ): Promise<{ jobId: string; input: SubmitInput }> {
    const input: SubmitInput = {
      client,
      header: { 'Idempotency-Key': randomUUID() },
      common: common(check),
      address: options.address,
      parent,
      imageUrl: inputs.imageUrl ?? '',
      bundleUrl: inputs.bundleUrl ?? '',
      composition: options.composition,
    };
    const jobId = accepted(await send(input));
    created.set(jobId, { type: check });
    return { jobId, input };
  }

  async function inputsOf(plan: JobPlan): Promise<{ imageUrl?: string; bundleUrl?: string }> {
    if (plan.needs === 'image') {
      const imageUrl = options.imageUrl ?? (await fixtures)?.imageUrl;
      if (!imageUrl) throw new Skip('needs --image-url: a photo the stage can fetch (public https)');
      return { imageUrl };
    }
    if (plan.needs === 'bundle') {
      const bundleUrl = options.bundleUrl ?? (await fixtures)?.bundleUrl;
      if (!bundleUrl) throw new Skip('needs --bundle-url: a Remotion bundle on a host the stage allows');
      return { bundleUrl };
    }
    return {};
  }

  async function jobCheck(plan: JobPlan): Promise<string> {
    const mine = jobs.get(plan.type)!;
    try {
      let parent: Job | undefined;
      if (plan.parent)
        parent = await jobs
          .get(plan.parent)!
          .promise.catch(() => Promise.reject(new Error(`its parent ${plan.parent} did not complete`)));
      const inputs = await inputsOf(plan);
      const { jobId, input } = await submit(plan.type, (i) => plan.submit(i), parent, inputs);
      // The replay check repeats this request byte for byte: the body its plan sends, the same key.
      if (plan.type === 'frontage_detection')
        frontageSent.resolve({
          body: { address: options.address, ...input.common },
          idempotencyKey: input.header['Idempotency-Key'],
          jobId,
        });
      const job = await watcher.wait(jobId, plan.timeoutSeconds * options.timeoutFactor * 1000);
      created.get(jobId)!.final = job;
      if (job.status !== 'completed')
        throw new Error(
          `job ${jobId} ${job.status}: ${job.error?.code ?? ''} ${job.error?.message ?? ''}`.trim(),
        );
      mine.resolve(job);
      const files = await checkFiles(plan, job).catch((error: Error) => {
        throw new Error(`job ${jobId}: ${error.message}`);
      });
      return `job ${seconds(Date.parse(job.completed_at!) - Date.parse(job.created_at))}; ${files}`;
    } catch (error) {
      mine.reject(error as Error);
      if (plan.type === 'frontage_detection') frontageSent.reject(error as Error);
      throw error;
    }
  }

  async function checkFiles(plan: JobPlan, job: Job): Promise<string> {
    const files = mediaFilesOf(job.output);
    for (const [field, type] of Object.entries(plan.media)) {
      const file = files.find(([name]) => name === field)?.[1];
      if (!file) throw new Error(`output has no ${field} file`);
      if (type && file.content_type !== type)
        throw new Error(`${field} is ${file.content_type}, expected ${type}`);
    }
    const sizes = await Promise.all(files.map(([name, file]) => checkMediaFile(name, file)));
    return files
      .map(([name, file], i) => `${name} ${file.content_type} ${formatBytes(sizes[i]!)}`)
      .join(', ');
  }

  async function openapiCheck(): Promise<string> {
    const response = await fetch(`${options.baseUrl}/v1/openapi.json`);
    if (response.status !== 200)
      throw new Error(`GET /v1/openapi.json answered ${response.status} without a key`);
    const doc = (await response.json()) as { openapi?: string; paths?: object; 'x-job-types'?: object };
    const types = Object.keys(doc['x-job-types'] ?? {});
    const uncovered = types.filter((t) => !JOB_PLANS.some((p) => p.type === t));
    if (uncovered.length > 0) throw new Error(`job types the smoke does not cover: ${uncovered.join(', ')}`);
    return `OpenAPI ${doc.openapi}, ${Object.keys(doc.paths ?? {}).length} paths, ${types.length} job types`;
  }

  /** A 401 in the error envelope, its request id also in the X-Request-Id header. */
  async function expect401(what: string, headers: Record<string, string>): Promise<string> {
    const response = await fetch(`${options.baseUrl}/v1/jobs?limit=1`, { headers });
    const body = (await response.json().catch(() => ({}))) as {
      error?: { code?: unknown; message?: unknown };
      meta?: { request_id?: unknown; timestamp?: unknown };
    };
    if (response.status !== 401) throw new Error(`${what}: answered ${response.status}, expected 401`);
    if (body.error?.code !== 'UNAUTHORIZED' || typeof body.error.message !== 'string')
      throw new Error(`${what}: the body is not {error: {code: UNAUTHORIZED, message}}`);
    if (typeof body.meta?.request_id !== 'string' || Number.isNaN(Date.parse(String(body.meta.timestamp))))
      throw new Error(`${what}: meta has no request_id and timestamp`);
    if (response.headers.get('X-Request-Id') !== body.meta.request_id)
      throw new Error(`${what}: X-Request-Id is not meta.request_id`);
    return `${what} 401 UNAUTHORIZED`;
  }

  async function authCheck(): Promise<string> {
    const unknownKey = `svc_${mode}_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'x').slice(0, 40)}`;
    return [
      await expect401('no key', {}),
      await expect401('unknown key', { 'X-API-Key': unknownKey }),
      await expect401('malformed key', { 'X-API-Key': 'not-a-key' }),
    ].join(', ');
  }

  // One authenticated GET serves the envelope and the limit headers.
  const listed = client.GET('/v1/jobs', { params: { query: { limit: '1' } } });
  listed.catch(() => undefined);

  async function envelopeCheck(): Promise<string> {
    const { data, error, response } = await listed;
    if (response.status !== 200 || !data)
      throw new Error(`GET /v1/jobs: ${describeError(response.status, error)}`);
    const meta = data.meta;
    if (!/^req_[0-9a-f]+$/.test(meta.request_id)) throw new Error(`meta.request_id is ${meta.request_id}`);
    if (Number.isNaN(Date.parse(meta.timestamp))) throw new Error(`meta.timestamp is ${meta.timestamp}`);
    if (meta.mode !== mode) throw new Error(`meta.mode is ${meta.mode}, the key is a ${mode} key`);
    if (!Array.isArray(data.data.jobs)) throw new Error('data.jobs is not a list');
    if (response.headers.get('X-Request-Id') !== meta.request_id)
      throw new Error(`X-Request-Id ${response.headers.get('X-Request-Id')} is not meta.request_id`);
    return `data + meta {request_id, timestamp, mode: ${mode}}, X-Request-Id matches`;
  }

  async function rateLimitCheck(): Promise<string> {
    const { response } = await listed;
    const header = (name: string) => {
      const value = response.headers.get(name);
      if (value === null || !/^\d+$/.test(value)) throw new Error(`${name} is ${value ?? 'missing'}`);
      return Number(value);
    };
    const limit = header('X-RateLimit-Limit');
    const remaining = header('X-RateLimit-Remaining');
    const reset = header('X-RateLimit-Reset');
    const now = Date.now() / 1000;
    if (limit < 1 || remaining > limit) throw new Error(`limit ${limit}, remaining ${remaining}`);
    if (reset < now - 5 || reset > now + 86_400 + 60)
      throw new Error(`X-RateLimit-Reset ${reset} is not a near Unix time`);
    return `limit ${limit}, remaining ${remaining}, reset in ${Math.max(0, Math.round(reset - now))} s`;
  }

  async function idempotencyCheck(): Promise<string> {
    const sent = await frontageSent.promise.catch(() => {
      throw new Error('the frontage_detection it repeats was not accepted');
    });
    const again = await client.POST('/v1/property-frontage/detect', {
      params: { header: { 'Idempotency-Key': sent.idempotencyKey } },
      body: sent.body as { address: string },
    });
    if (again.response.status !== 202 || again.data?.data.job_id !== sent.jobId)
      throw new Error(
        `replay answered ${describeError(again.response.status, again.error)}, not the same job`,
      );
    if (again.response.headers.get('Idempotent-Replayed') !== 'true')
      throw new Error('no Idempotent-Replayed: true');
    const other = await client.POST('/v1/property-frontage/detect', {
      params: { header: { 'Idempotency-Key': sent.idempotencyKey } },
      body: {
        ...(sent.body as { address: string }),
        callback_metadata: { smoke_run: runId, check: 'conflict' },
      },
    });
    const code = (other.error as { error?: { code?: string } } | undefined)?.error?.code;
    if (other.response.status !== 409 || code !== 'IDEMPOTENCY_CONFLICT')
      throw new Error(
        `another body with the same key answered ${describeError(other.response.status, other.error)}`,
      );
    return 'same key and body: same job, Idempotent-Replayed: true; another body: 409 IDEMPOTENCY_CONFLICT';
  }

  async function cancelCheck(): Promise<string> {
    const started = Date.now();
    const { jobId } = await submit('cancel', submitSlowJob, undefined);
    const res = await client.POST('/v1/jobs/{jobId}/cancel', { params: { path: { jobId } } });
    if (res.response.status !== 200 || !res.data)
      throw new Error(`cancel answered ${describeError(res.response.status, res.error)}`);
    const at = res.data.data;
    if (at.status !== 'canceled') throw new Error(`cancel answered job ${jobId} ${at.status}`);
    const answeredMs = Date.now() - started;
    // It stays canceled: nothing the stopped execution does afterwards may land.
    await new Promise((r) => setTimeout(r, 5_000));
    const later = await watcher.wait(jobId, 60_000 * options.timeoutFactor, isFinal);
    created.get(jobId)!.final = later;
    if (later.status !== 'canceled' || later.output !== null)
      throw new Error(
        `after the cancel job ${jobId} is ${later.status}${later.output ? ' with an output' : ''}`,
      );
    return `drone_footage (15 s) submitted and canceled in ${seconds(answeredMs)} (stage ${at.progress.stage}); still canceled 5 s later`;
  }

  async function deleteCheck(): Promise<string> {
    const { jobId } = await submit('delete', submitSlowJob, undefined);
    // Deleted while it runs: it is canceled first, then erased; no final event of it is expected.
    created.delete(jobId);
    const res = await client.DELETE('/v1/jobs/{jobId}', { params: { path: { jobId } } });
    if (res.response.status !== 200 || !res.data)
      throw new Error(`delete answered ${describeError(res.response.status, res.error)}`);
    const receipt = res.data.data;
    if (receipt.job_id !== jobId || !receipt.jobs[0]?.canceled)
      throw new Error(`delete's receipt does not name job ${jobId} as canceled and erased`);
    const read = await client.GET('/v1/jobs/{jobId}', { params: { path: { jobId } } });
    if (read.response.status !== 404)
      throw new Error(`a deleted job answers ${read.response.status}, not 404`);
    const again = await client.DELETE('/v1/jobs/{jobId}', { params: { path: { jobId } } });
    if (again.response.status !== 404)
      throw new Error(`deleting again answered ${again.response.status}, not 404`);
    const objects = receipt.jobs.reduce((n, j) => n + j.media_objects_deleted, 0);
    return `a running job deleted: canceled, ${objects} media objects erased, then 404 to GET and to DELETE`;
  }

  async function webhookCheck(jobChecks: Promise<unknown>): Promise<string> {
    if (!webhookUrl) throw new Skip('no --webhook-url or --webhook-listen');
    await jobChecks;
    // Every job that reached a final state must have had its final event delivered.
    const finals: Array<{ jobId: string; type: string; event: string }> = [];
    for (const [jobId, { type, final }] of created)
      if (final && isFinal(final)) finals.push({ jobId, type, event: `job.${final.status}` });
    if (finals.length === 0) throw new Error('no job reached a final state to deliver');
    const deadline = Date.now() + 60_000 * options.timeoutFactor;
    if (!receiver) {
      // Only the stage's delivery record: a 2xx from the receiver for each final event.
      await Promise.all(
        finals.map((f) =>
          watcher.wait(f.jobId, deadline - Date.now(), (job) =>
            (job.webhook?.attempts ?? []).some((a) => a.type === f.event && a.delivered),
          ),
        ),
      ).catch((error: Error) => {
        throw new Error(`a final event was not delivered: ${error.message}`);
      });
      return `final event of ${finals.length} jobs delivered (2xx in webhook.attempts); signatures not checked (no --webhook-listen)`;
    }
    const missing = () =>
      finals.filter(
        (f) =>
          !receiver!.deliveries.some((d) => d.event?.type === f.event && d.event.data.job_id === f.jobId),
      );
    const failedVerification = () => receiver!.deliveries.some((d) => d.problem);
    while (missing().length > 0 && !failedVerification() && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    const bad = receiver.deliveries.find((d) => d.problem);
    if (bad) throw new Error(`delivery ${bad.webhookId}: ${bad.problem}`);
    const ours = receiver.deliveries.filter(
      (d) =>
        (d.event?.data as { callback_metadata?: { smoke_run?: string } | null } | undefined)
          ?.callback_metadata?.smoke_run === runId,
    );
    const notOurs = receiver.deliveries.filter(
      (d) => d.event && created.has(d.event.data.job_id) && !ours.includes(d),
    );
    if (notOurs.length > 0) throw new Error(`${notOurs.length} deliveries lost their callback_metadata`);
    const absent = missing();
    if (absent.length > 0)
      throw new Error(
        `no ${absent[0]!.event} for ${absent[0]!.type} (${absent[0]!.jobId}) after 60 s; ${absent.length} final events missing`,
      );
    const kinds = new Set(ours.map((d) => d.event!.type));
    return `${ours.length} deliveries verified (Standard Webhooks signature, callback_metadata) · final event of ${finals.length}/${finals.length} jobs · ${[...kinds].sort().join(', ')}`;
  }

  const checks: Array<[string, () => Promise<string>]> = [];
  const add = (name: string, body: () => Promise<string>) => {
    if (wanted(name) || (JOB_PLANS.some((p) => p.type === name) && needed.has(name as JobType)))
      checks.push([name, body]);
  };
  add('openapi', openapiCheck);
  add('auth', authCheck);
  add('envelope', envelopeCheck);
  add('rate-limit-headers', rateLimitCheck);
  for (const plan of JOB_PLANS) add(plan.type, () => jobCheck(plan));
  add('idempotency', idempotencyCheck);
  add('cancel', cancelCheck);
  add('delete', deleteCheck);

  const running = checks.map(([name, body]) =>
    runCheck(name, body).then((result) => {
      onResult(result);
      return result;
    }),
  );
  if (wanted('webhook')) {
    const webhook = runCheck('webhook', () => webhookCheck(Promise.allSettled(running))).then((result) => {
      onResult(result);
      return result;
    });
    running.push(webhook);
  }
  try {
    return { results: await Promise.all(running), pacer };
  } finally {
    receiver?.close();
    (await fixtures.catch(() => undefined))?.close();
  }
}
