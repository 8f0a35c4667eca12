// The local AWS endpoints keep an idle keep-alive connection open well past Node's default 5 s: the SDK's
// agents keep idle sockets with no limit of their own, and a call sent just as a server closed its end
// failed with `socket hang up` (ECONNRESET). A second call 6 s after the first must reuse the socket.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulators, startEmulators } from '../../../local/emulators.ts';
import type { LocalLambdas } from '../../../local/local-lambdas.ts';
import { LocalStepFunctions } from '../../../local/local-step-functions.ts';
import type { CfnTemplate, TemplateResolver } from '../../../local/synthesized-app.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'idle-connections-'));
let emulators: RunningEmulators;
const stepFunctions = new LocalStepFunctions(
  { Resources: {} } as CfnTemplate,
  { resolve: (value: unknown) => value } as TemplateResolver,
  {} as LocalLambdas,
);
let stepFunctionsUrl: string;

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

beforeAll(async () => {
  emulators = await startEmulators(dir, credentials);
  stepFunctionsUrl = await stepFunctions.listen(credentials);
});

afterAll(async () => {
  await stepFunctions.close();
  await emulators?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * One POST on the agent's socket; whether it went on a socket an earlier call left open. The POSTs are not
 * signed: each endpoint refuses them (400), and keeps the connection open after the refusal all the same.
 */
function post(agent: Agent, url: string, headers: Record<string, string>): Promise<{ reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

async function reusedAfterIdle(url: string, headers: Record<string, string>): Promise<boolean> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await post(agent, url, headers);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    return (await post(agent, url, headers)).reused;
  } finally {
    agent.destroy();
  }
}

describe('idle keep-alive connections to the local AWS endpoints', () => {
  it('outlive 6 s of idleness on DynamoDB, S3/SQS and Step Functions', async () => {
    const json = (target: string) => ({
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': target,
    });
    const [dynamodb, aws, sfn] = await Promise.all([
      reusedAfterIdle(emulators.dynamodbEndpoint, json('DynamoDB_20120810.ListTables')),
      reusedAfterIdle(emulators.awsEndpoint, json('AmazonSQS.ListQueues')),
      reusedAfterIdle(stepFunctionsUrl, json('AWSStepFunctions.ListStateMachines')),
    ]);
    expect({ dynamodb, aws, sfn }).toEqual({ dynamodb: true, aws: true, sfn: true });
  }, 30_000);
});
