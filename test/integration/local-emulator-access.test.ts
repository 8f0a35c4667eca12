// The local stack's DynamoDB and Step Functions emulators answer only requests signed with the data
// directory's own credentials, as its S3 and SQS do (local-media-access.test.ts): a process on the machine
// holding the published local/local pair, or no signature at all, reads no tenant's jobs or keys, writes
// nothing, and cannot describe or stop another organization's execution. Both listen on 127.0.0.1 only.
import { DynamoDBClient, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { executionArnOf } from '../../functions/adapters/step-functions/workflows.ts';
import { jobTypeSpec } from '../../functions/jobs/registry.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const PUBLISHED = { accessKeyId: 'local', secretAccessKey: 'local' };
const own = () => storeCredentials(stack.dataDir);

const dynamo = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
  new DynamoDBClient({
    endpoint: stack.info.endpoints.dynamodb,
    region: stack.info.region,
    credentials,
    maxAttempts: 1,
  });
const sfn = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
  new SFNClient({
    endpoint: stack.info.endpoints.stepfunctions,
    region: stack.info.region,
    credentials,
    maxAttempts: 1,
  });

/** An unsigned JSON-protocol request, as any local process could send one. */
const unsigned = (endpoint: string, target: string, body: unknown) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': target },
    body: JSON.stringify(body),
  });

describe('the local DynamoDB and Step Functions emulators', () => {
  it('listen on 127.0.0.1 only', () => {
    expect(new URL(stack.info.endpoints.dynamodb).hostname).toBe('127.0.0.1');
    expect(new URL(stack.info.endpoints.stepfunctions).hostname).toBe('127.0.0.1');
  });

  it("DynamoDB: the data directory's credentials scan the jobs table; local/local and no signature read or write nothing", async () => {
    const table = stack.info.tables.jobs;
    expect(
      (await dynamo(own()).send(new ScanCommand({ TableName: table, Limit: 1 }))).$metadata.httpStatusCode,
    ).toBe(200);
    await expect(dynamo(PUBLISHED).send(new ScanCommand({ TableName: table }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    await expect(
      dynamo(PUBLISHED).send(
        new PutItemCommand({ TableName: stack.info.tables.accounts, Item: { pk: { S: 'KEY#intruder' } } }),
      ),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    const bare = await unsigned(stack.info.endpoints.dynamodb, 'DynamoDB_20120810.Scan', {
      TableName: table,
    });
    expect(bare.status).toBe(400);
    const text = await bare.text();
    expect(text).toContain('MissingAuthenticationTokenException');
    expect(text).not.toContain('input_json');
  });

  it("Step Functions: an unsigned or wrongly signed describe or stop of another organization's execution is refused, and its job completes", async () => {
    const key = await (await newOrganization(stack)).key('live');
    const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: '10 Wattle Street, Ultimo NSW 2007' },
    });
    const jobId = res.body.data.job_id as string;
    const { stateMachines } = await sfn(own()).send(new ListStateMachinesCommand({}));
    const prefix = `${jobTypeSpec('frontage_detection').workflow.id}StateMachine`;
    const machine = stateMachines?.find((m) => m.name?.startsWith(prefix))?.stateMachineArn;
    expect(machine).toBeDefined();
    const executionArn = executionArnOf(machine!, jobId);

    for (const target of ['AWSStepFunctions.StopExecution', 'AWSStepFunctions.DescribeExecution']) {
      const answer = await unsigned(stack.info.endpoints.stepfunctions, target, { executionArn, error: 'x' });
      expect(answer.status, target).toBe(400);
      expect(await answer.text()).toContain('MissingAuthenticationTokenException');
    }
    await expect(sfn(PUBLISHED).send(new DescribeExecutionCommand({ executionArn }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    const job = await waitForJob(stack.url, key, jobId);
    expect(job.status).toBe('completed');
  });
});
