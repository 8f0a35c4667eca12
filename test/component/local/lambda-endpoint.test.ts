// The local Lambda endpoint as the AWS SDK sees it (the real @aws-sdk/client-lambda): Invoke answers with
// the handler's result or its error, InvokeWithResponseStream decodes into the chunks the handler wrote in
// order and an InvokeComplete, Event invocations run after a 202, a handler past its timeout is killed
// and reported as Lambda does, and requests without the stack's signature or for unknown functions are
// refused. The handlers are test/fixtures/local-lambda/handlers.cjs, run in child-process environments.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { InvokeCommand, InvokeWithResponseStreamCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningLambdaEndpoint, startLambdaEndpoint } from '../../../local/lambda-endpoint.ts';

const HANDLERS = path.resolve('test/fixtures/local-lambda/handlers.cjs');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = 'ap-southeast-2';
const work = mkdtempSync(path.join(tmpdir(), 'lambda-endpoint-'));
let endpoint: RunningLambdaEndpoint;
let lambda: LambdaClient;

const fn = (name: string, handler: string, timeoutSeconds = 30) => ({
  name,
  handler: `${HANDLERS}#${handler}`,
  environment: {},
  memoryMb: 128,
  timeoutSeconds,
  concurrency: 2,
});

beforeAll(async () => {
  endpoint = await startLambdaEndpoint([fn('echo', 'echo'), fn('stream', 'stream'), fn('slow', 'echo', 1)], {
    region,
    credentials,
    workDir: work,
  });
  lambda = new LambdaClient({ region, credentials, endpoint: endpoint.url, maxAttempts: 1 });
});

afterAll(async () => {
  lambda?.destroy();
  await endpoint?.stop();
  rmSync(work, { recursive: true, force: true });
});

const json = (bytes: Uint8Array | undefined) => JSON.parse(Buffer.from(bytes ?? []).toString('utf8'));

async function streamed(payload: object) {
  const answer = await lambda.send(
    new InvokeWithResponseStreamCommand({ FunctionName: 'stream', Payload: JSON.stringify(payload) }),
  );
  const chunks: string[] = [];
  let complete: { ErrorCode?: string; ErrorDetails?: string } | undefined;
  for await (const event of answer.EventStream!) {
    if (event.PayloadChunk?.Payload) chunks.push(Buffer.from(event.PayloadChunk.Payload).toString('utf8'));
    if (event.InvokeComplete) complete = event.InvokeComplete;
  }
  return { chunks, complete };
}

describe('the local Lambda endpoint', () => {
  it('answers Invoke with the handler result, a context like Lambda’s and a temporary directory of its own', async () => {
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: 'echo', Payload: JSON.stringify({ hello: 'world' }) }),
    );
    expect(answer.StatusCode).toBe(200);
    expect(answer.FunctionError).toBeUndefined();
    const result = json(answer.Payload);
    expect(result.event).toEqual({ hello: 'world' });
    expect(result.arn).toBe(`arn:aws:lambda:${region}:000000000000:function:echo`);
    expect(result.remainingMs).toBeGreaterThan(20_000);
    expect(result.tmp).not.toBe('/tmp');
    // By ARN too, as a function invoking itself may name it.
    const byArn = await lambda.send(new InvokeCommand({ FunctionName: result.arn, Payload: '{}' }));
    expect(json(byArn.Payload).event).toEqual({});
  }, 30_000);

  it('reports a thrown error as an Unhandled function error', async () => {
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: 'echo', Payload: JSON.stringify({ fail: 'x' }) }),
    );
    expect(answer.FunctionError).toBe('Unhandled');
    expect(json(answer.Payload)).toMatchObject({ errorType: 'Error', errorMessage: 'boom: x' });
  }, 30_000);

  it('streams what the handler writes, in order, then InvokeComplete', async () => {
    expect(await streamed({ parts: ['a', 'bb', 'ccc'] })).toEqual({
      chunks: ['a', 'bb', 'ccc'],
      complete: {},
    });
    const failed = await streamed({ parts: ['a'], fail: 'y' });
    expect(failed.chunks).toEqual(['a']);
    expect(failed.complete).toEqual({ ErrorCode: 'Unhandled', ErrorDetails: 'stream boom: y' });
    // A streaming function invoked with Invoke answers with everything it wrote.
    const buffered = await lambda.send(
      new InvokeCommand({ FunctionName: 'stream', Payload: JSON.stringify({ parts: ['x', 'y'] }) }),
    );
    expect(Buffer.from(buffered.Payload!).toString('utf8')).toBe('xy');
  }, 30_000);

  it('runs an Event invocation after answering 202', async () => {
    const marker = path.join(work, 'event-ran');
    const answer = await lambda.send(
      new InvokeCommand({
        FunctionName: 'echo',
        InvocationType: 'Event',
        Payload: JSON.stringify({ touch: marker, sleepMs: 200 }),
      }),
    );
    expect(answer.StatusCode).toBe(202);
    expect(existsSync(marker)).toBe(false);
    // The handler (another thread) creates the file, then writes it: wait for what it wrote.
    const written = () => (existsSync(marker) ? readFileSync(marker, 'utf8') : '');
    const until = Date.now() + 10_000;
    while (written() === '' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(written()).toMatch(/^[0-9a-f-]{36}$/);
  }, 30_000);

  it('kills a function past its timeout and says so as Lambda does; the next invocation runs', async () => {
    const late = await lambda.send(
      new InvokeCommand({ FunctionName: 'slow', Payload: JSON.stringify({ sleepMs: 5_000 }) }),
    );
    expect(late.FunctionError).toBe('Unhandled');
    expect(json(late.Payload)).toMatchObject({
      errorType: 'Sandbox.Timedout',
      errorMessage: expect.stringMatching(/Task timed out after 1\.00 seconds$/),
    });
    const next = await lambda.send(new InvokeCommand({ FunctionName: 'slow', Payload: '{}' }));
    expect(next.FunctionError).toBeUndefined();
  }, 30_000);

  it('refuses unknown functions and requests not signed with the stack’s credentials', async () => {
    await expect(
      lambda.send(new InvokeCommand({ FunctionName: 'nope', Payload: '{}' })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    const stranger = new LambdaClient({
      region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'wrong' },
      endpoint: endpoint.url,
      maxAttempts: 1,
    });
    await expect(
      stranger.send(new InvokeCommand({ FunctionName: 'echo', Payload: '{}' })),
    ).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    stranger.destroy();
    const unsigned = await fetch(`${endpoint.url}/2015-03-31/functions/echo/invocations`, {
      method: 'POST',
      body: '{}',
    });
    expect(unsigned.status).toBe(403);
  }, 30_000);
});
