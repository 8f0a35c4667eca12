import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../functions/core/jobs/job.ts';
import {
  appendLogContext,
  businessMetrics,
  instrumented,
  isInstrumented,
  jobOfEvent,
  logger,
  REDACTED,
  redactText,
  tracer,
  withLogContext,
} from '../../../functions/core/observability.ts';
import { deliverWebhook } from '../../../functions/core/webhooks/deliver-event.ts';
import { fakeAccountStore, fakeJobStore, memoryEndpointStore, memoryEventLog } from '../../support/fakes.ts';

/** Everything written to stdout and stderr while `run` runs (Powertools writes to both streams). */
async function captureOutput(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const grab = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  try {
    await run().catch(() => undefined);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return chunks.join('');
}

function jsonLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const context = (functionName: string) => ({ functionName, awsRequestId: `aws-${functionName}` }) as Context;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('log context', () => {
  it('puts the function, request id and job on every line, without mixing concurrent invocations', async () => {
    const step = instrumented(
      'step',
      async (event: { job: { job_id: string; job_type: string }; request: string }) => {
        appendLogContext({ request_id: event.request });
        await tick();
        logger.info('working');
        await tick();
        logger.warn('still working');
      },
      jobOfEvent,
    );
    const output = await captureOutput(() =>
      Promise.all([
        step({ job: { job_id: 'job-a', job_type: 'markup_v2' }, request: 'req_a' }, context('FnA')),
        step({ job: { job_id: 'job-b', job_type: 'brochure_slide' }, request: 'req_b' }, context('FnB')),
      ]),
    );
    const lines = jsonLines(output);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const which = line.job_id === 'job-a' ? 'a' : 'b';
      expect(line).toMatchObject({
        service: 'property-media',
        function_name: which === 'a' ? 'FnA' : 'FnB',
        aws_request_id: which === 'a' ? 'aws-FnA' : 'aws-FnB',
        request_id: `req_${which}`,
        job_type: which === 'a' ? 'markup_v2' : 'brochure_slide',
      });
    }
    expect(lines.map((l) => l.job_id).sort()).toEqual(['job-a', 'job-a', 'job-b', 'job-b']);
  });

  it('gives each record of a batch its own job on top of the invocation', async () => {
    const batch = instrumented('batch', async (records: string[]) => {
      await Promise.all(
        records.map((jobId) =>
          withLogContext({ job_id: jobId }, async () => {
            await tick();
            logger.info('record');
          }),
        ),
      );
      logger.info('batch done');
    });
    const lines = jsonLines(await captureOutput(() => batch(['j1', 'j2'], context('Deliver'))));
    expect(lines.map((l) => [l.message, l.job_id ?? null, l.function_name])).toEqual(
      expect.arrayContaining([
        ['record', 'j1', 'Deliver'],
        ['record', 'j2', 'Deliver'],
        ['batch done', null, 'Deliver'],
      ]),
    );
  });

  it('logs an escaping error with its job and rethrows it', async () => {
    const failing = instrumented(
      'failing',
      async () => {
        throw new Error('provider down');
      },
      () => ({ job_id: 'job-x' }),
    );
    let thrown: unknown;
    const output = await captureOutput(() => failing({}, context('Fn')).catch((e) => (thrown = e)));
    expect((thrown as Error).message).toBe('provider down');
    const [line] = jsonLines(output);
    expect(line).toMatchObject({ level: 'WARN', message: 'invocation failed', job_id: 'job-x' });
    expect((line!.error as { message: string }).message).toBe('provider down');
  });

  it('marks wrapped handlers (the infra test checks every function for it)', () => {
    expect(isInstrumented(instrumented('x', async () => 1))).toBe(true);
    expect(isInstrumented(async () => 1)).toBe(false);
  });
});

describe('secrets never reach the logs', () => {
  const liveKey = 'svc_live_Q2hK8dN3xP0aLmZ7vR4sT9wY1bC6eF5g';
  const testKey = 'svc_test_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';
  const webhookSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('redacts keys, webhook secrets, signatures and presigned credentials wherever they appear', async () => {
    const handler = instrumented('api', async (event: { headers: Record<string, string> }) => {
      logger.info('request', { headers: event.headers, note: `retrying with ${testKey}` });
      logger.error('lookup failed', {
        error: new Error(`key ${liveKey} rejected while signing with ${webhookSecret}`),
        url: 'https://media.s3.amazonaws.com/a.jpg?X-Amz-Credential=AKIAEXAMPLE%2F20261122&X-Amz-Signature=0123abcd',
        apiKey: 'anything at all',
        webhook_secret: { current: 'nested-value' },
      });
      throw new Error(`unexpected: ${liveKey}`);
    });
    const output = await captureOutput(() =>
      handler(
        {
          headers: {
            'X-API-Key': liveKey,
            Authorization: 'Bearer abc.def',
            'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
          },
        },
        context('Api'),
      ),
    );
    for (const secret of [
      liveKey,
      testKey,
      webhookSecret,
      'Bearer abc.def',
      'K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN',
      'AKIAEXAMPLE',
      '0123abcd',
      'anything at all',
      'nested-value',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(jsonLines(output)).toHaveLength(3);
    expect(output).toContain(REDACTED);
    // What is not secret stays readable.
    expect(output).toContain('https://media.s3.amazonaws.com/a.jpg');
    expect(output).toContain('rejected while signing');
  });

  it('logs a failed webhook attempt without its signature or the signing secret', async () => {
    const job = {
      jobId: '01a20000-0000-7000-8000-000000000001',
      orgId: 'acme',
      mode: 'live',
      jobType: 'frontage_detection',
      status: 'completed',
      createdAt: '2026-11-22T00:00:00.000Z',
      updatedAt: '2026-11-22T00:00:00.000Z',
      progress: { percent: 100, stage: 'completed' },
      input: {},
      output: {},
      webhookUrl: 'https://hooks.example.com/pms',
    } as Job;
    const signatures: string[] = [];
    const deliver = instrumented('deliver', () =>
      deliverWebhook(
        {
          jobs: fakeJobStore({ get: async () => job, recordWebhookAttempt: async () => undefined }),
          accounts: fakeAccountStore({
            getWebhookSecrets: async () => ({
              secrets: [{ secret: webhookSecret, created_at: '2026-11-22T00:00:00.000Z' }],
              version: 1,
            }),
          }),
          signer: { sign: async (key: string) => ({ url: `https://media/${key}`, expiresAt: '' }) },
          queue: { enqueue: async () => undefined, deadLetter: async () => undefined },
          retryScheduleSeconds: [0, 5],
          allowHttp: false,
          allowLoopback: false,
          clock: { now: () => new Date('2026-11-22T00:00:00.000Z') },
          send: async (_url, headers) => {
            signatures.push(headers['webhook-signature']!);
            return { statusCode: 500, error: `receiver echoed ${headers['webhook-signature']}` };
          },
          endpoints: memoryEndpointStore(),
          eventLog: memoryEventLog(),
          eventRetentionDays: 30,
          endpointDisableAfterDays: 3,
        },
        {
          event_id: 'evt_1',
          type: 'job.completed',
          created_at: '2026-11-22T00:00:00.000Z',
          job: { job_id: job.jobId, org_id: 'acme', mode: 'live', job_type: 'frontage_detection' },
          status: 'completed',
          progress: { percent: 100, stage: 'completed' },
          attempt: 1,
          target: { kind: 'webhook_url' },
        },
      ),
    );
    const output = await captureOutput(() => deliver({}, context('Deliver')));
    const [line] = jsonLines(output);
    expect(line).toMatchObject({ message: 'webhook attempt', status_code: 500, outcome: 'retrying' });
    expect(signatures).toHaveLength(1);
    expect(output).not.toContain(signatures[0]!.slice(3));
    expect(output).not.toContain(webhookSecret);
    expect(output).not.toContain(webhookSecret.slice('whsec_'.length));
  });

  it('redacts text on its own', () => {
    expect(redactText(`a ${liveKey} b`)).toBe(`a ${REDACTED} b`);
    expect(redactText('x?X-Amz-Signature=abc&y=1')).toBe(`x?X-Amz-Signature=${REDACTED}&y=1`);
  });
});

describe('business metrics', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.POWERTOOLS_METRICS_DISABLED;
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('writes CloudWatch EMF per job type when enabled', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const output = await captureOutput(async () => {
      businessMetrics.jobCreated('markup_v2');
      businessMetrics.jobFailed('markup_v2_video', 'RENDER_FAILED');
      businessMetrics.renderDuration('markup_v2_video', 23_800);
      businessMetrics.webhookDelivery(false);
    });
    const emf = jsonLines(output);
    const summary = emf.map((line) => {
      const aws = line._aws as {
        CloudWatchMetrics: Array<{
          Namespace: string;
          Dimensions: string[][];
          Metrics: Array<{ Name: string; Unit: string }>;
        }>;
      };
      const [directive] = aws.CloudWatchMetrics;
      const name = directive!.Metrics[0]!.Name;
      return {
        name,
        unit: directive!.Metrics[0]!.Unit,
        value: line[name],
        dimensions: directive!.Dimensions[0],
        JobType: line.JobType,
        Outcome: line.Outcome,
        service: line.service,
      };
    });
    expect(summary).toEqual([
      {
        name: 'JobsCreated',
        unit: 'Count',
        value: 1,
        dimensions: ['service', 'JobType'],
        JobType: 'markup_v2',
        Outcome: undefined,
        service: 'property-media',
      },
      {
        name: 'JobsFailed',
        unit: 'Count',
        value: 1,
        dimensions: ['service', 'JobType'],
        JobType: 'markup_v2_video',
        Outcome: undefined,
        service: 'property-media',
      },
      {
        name: 'RenderFailures',
        unit: 'Count',
        value: 1,
        dimensions: ['service'],
        JobType: undefined,
        Outcome: undefined,
        service: 'property-media',
      },
      {
        name: 'RenderDuration',
        unit: 'Milliseconds',
        value: 23_800,
        dimensions: ['service', 'JobType'],
        JobType: 'markup_v2_video',
        Outcome: undefined,
        service: 'property-media',
      },
      {
        name: 'WebhookDeliveries',
        unit: 'Count',
        value: 1,
        dimensions: ['service', 'Outcome'],
        JobType: undefined,
        Outcome: 'failure',
        service: 'property-media',
      },
    ]);
  });

  it('writes nothing outside Lambda unless asked, and nothing when disabled', async () => {
    expect(await captureOutput(async () => businessMetrics.jobCompleted('markup_v2'))).toBe('');
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'fn';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    expect(await captureOutput(async () => businessMetrics.jobCompleted('markup_v2'))).toBe('');
  });
});

describe('tracer', () => {
  it('is off without Lambda and X-Ray, and handlers run without trace errors', async () => {
    expect(tracer?.isTracingEnabled() ?? false).toBe(false);
    const output = await captureOutput(() => instrumented('quiet', async () => 'ok')({}, context('Fn')));
    expect(output).toBe('');
  });
});
