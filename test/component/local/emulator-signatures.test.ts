// The local emulators check the signature of every request, as AWS does: the stack's own SDK clients
// (buffers, streamed uploads, listings, deletes, queues, tables, executions) keep working, while a request
// without a signature, or with an Authorization header that does not verify — forged, made with other
// credentials (the published local/local pair), or over another body — is refused in the service's own
// form, and nothing is listed, read, written, stopped or deleted. S3 and SQS (fauxqs), DynamoDB (dynalite)
// and the Step Functions endpoint alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ListStateMachinesCommand, SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import {
  CreateQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulators, startEmulators } from '../../../local/emulators.ts';
import type { LocalLambdas } from '../../../local/local-lambdas.ts';
import { LocalStepFunctions } from '../../../local/local-step-functions.ts';
import type { CfnTemplate, TemplateResolver } from '../../../local/synthesized-app.ts';
import { whenTableActive } from '../../../local/table-active.ts';

// Made at random, as store-credentials.ts makes each data directory's: the published pair is a stranger.
const credentials = {
  accessKeyId: 'LOCALTESTKEY00000001',
  secretAccessKey: 'n0t-the-published-secret-but-a-random-one',
};
const PUBLISHED = { accessKeyId: 'local', secretAccessKey: 'local' };
const dir = mkdtempSync(path.join(tmpdir(), 'emulator-signatures-'));
let emulators: RunningEmulators;
let s3: S3Client;
let sqs: SQSClient;

const s3With = (secretAccessKey: string) =>
  new S3Client({
    endpoint: emulators.awsEndpoint,
    region: 'ap-southeast-2',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey },
  });

beforeAll(async () => {
  emulators = await startEmulators(dir, credentials);
  s3 = s3With(credentials.secretAccessKey);
  sqs = new SQSClient({ endpoint: emulators.awsEndpoint, region: 'ap-southeast-2', credentials });
  await s3.send(new CreateBucketCommand({ Bucket: 'media' }));
  await s3.send(
    new PutObjectCommand({
      Bucket: 'media',
      Key: 'media/org-a/live/j/photo.jpg',
      Body: Buffer.from('tenant a'),
    }),
  );
});

afterAll(async () => {
  await emulators?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const amzDate = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A request with an Authorization header that looks like the SDK's but was never signed by the secret. */
function forged(method: string, target: string, body?: string, extra: Record<string, string> = {}) {
  const date = amzDate();
  return fetch(`${emulators.awsEndpoint}${target}`, {
    method,
    body,
    headers: {
      'x-amz-date': date,
      'x-amz-content-sha256': EMPTY_SHA256,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${date.slice(0, 8)}/ap-southeast-2/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
      ...extra,
    },
  });
}

async function stored(key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: key }));
  return object.Body!.transformToString();
}

describe('the local S3/SQS emulator', () => {
  it('serves the stack’s own SDK clients: buffers, streamed uploads, listings, deletes and queues', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket: 'media', Key: 'sdk/buffer.txt', Body: Buffer.from('buffer') }),
    );
    // A stream goes up aws-chunked with STREAMING-UNSIGNED-PAYLOAD-TRAILER and a checksum trailer.
    await s3.send(
      new PutObjectCommand({
        Bucket: 'media',
        Key: 'sdk/stream.txt',
        Body: Readable.from([Buffer.from('str'), Buffer.from('eam')]),
        ContentLength: 6,
      }),
    );
    expect(await stored('sdk/buffer.txt')).toBe('buffer');
    expect(await stored('sdk/stream.txt')).toBe('stream');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: 'sdk/' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['sdk/buffer.txt', 'sdk/stream.txt']);
    await s3.send(new DeleteObjectCommand({ Bucket: 'media', Key: 'sdk/buffer.txt' }));
    await expect(stored('sdk/buffer.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });

    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'signed' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'héllo' }));
    const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
    expect(received.Messages?.map((m) => m.Body)).toEqual(['héllo']);
  });

  it('refuses a forged Authorization header: no listing, read, overwrite or delete', async () => {
    const listing = await forged('GET', '/media?list-type=2');
    expect(listing.status).toBe(403);
    const text = await listing.text();
    expect(text).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(text).not.toContain('photo.jpg');
    expect((await forged('GET', '/media/media/org-a/live/j/photo.jpg')).status).toBe(403);
    expect((await forged('GET', '/')).status).toBe(403);
    const overwrite = await forged('PUT', '/media/media/org-a/live/j/photo.jpg', 'tenant b', {
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    expect(overwrite.status).toBe(403);
    expect((await forged('DELETE', '/media/media/org-a/live/j/photo.jpg')).status).toBe(403);
    expect(await stored('media/org-a/live/j/photo.jpg')).toBe('tenant a');
  });

  it('refuses any Authorization header that is not a signature, with AccessDenied', async () => {
    for (const authorization of ['x', 'AWS4-HMAC-SHA256', 'Bearer token']) {
      const res = await fetch(`${emulators.awsEndpoint}/media?list-type=2`, { headers: { authorization } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<Code>AccessDenied</Code>');
    }
  });

  it('refuses a client signing with another secret, as S3 does', async () => {
    await expect(s3With('guessed').send(new ListObjectsV2Command({ Bucket: 'media' }))).rejects.toMatchObject(
      { name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } },
    );
    await expect(
      s3With('guessed').send(
        new PutObjectCommand({
          Bucket: 'media',
          Key: 'media/org-a/live/j/photo.jpg',
          Body: Buffer.from('b'),
        }),
      ),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(await stored('media/org-a/live/j/photo.jpg')).toBe('tenant a');
  });

  it('refuses a signed request whose body is not the one signed', async () => {
    // Signed for one body, sent with another of the same length: S3's XAmzContentSHA256Mismatch.
    let signed: { headers: Record<string, string>; path: string; query: Record<string, string> } | undefined;
    const capture = new S3Client({
      endpoint: emulators.awsEndpoint,
      region: 'ap-southeast-2',
      forcePathStyle: true,
      credentials,
      requestHandler: {
        handle: async (request: {
          headers: Record<string, string>;
          path: string;
          query: Record<string, string>;
        }) => {
          signed = request;
          throw new Error('captured');
        },
      },
    });
    await capture
      .send(
        new PutObjectCommand({
          Bucket: 'media',
          Key: 'media/org-a/live/j/photo.jpg',
          Body: Buffer.from('tenant c'),
        }),
      )
      .catch(() => undefined);
    const { host: _host, ...headers } = signed!.headers;
    const swapped = await fetch(
      `${emulators.awsEndpoint}${signed!.path}?${new URLSearchParams(signed!.query)}`,
      {
        method: 'PUT',
        headers,
        body: 'tenant b',
      },
    );
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(await stored('media/org-a/live/j/photo.jpg')).toBe('tenant a');

    // A queue call whose body was changed after signing is refused in the JSON protocol's form.
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'swapped' }));
    const date = amzDate();
    const unsigned = await fetch(`${emulators.awsEndpoint}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonSQS.SendMessage',
        'x-amz-date': date,
        authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${date.slice(0, 8)}/ap-southeast-2/sqs/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ QueueUrl, MessageBody: 'forged' }),
    });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ __type: 'SignatureDoesNotMatch' });
    const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
    expect(received.Messages ?? []).toEqual([]);
  });
});

describe('the local DynamoDB emulator', () => {
  const dynamo = (with_: { accessKeyId: string; secretAccessKey: string }) =>
    new DynamoDBClient({
      endpoint: emulators.dynamodbEndpoint,
      region: 'ap-southeast-2',
      credentials: with_,
      maxAttempts: 1,
    });
  const item = { pk: { S: 'T#org-a#live' }, secret: { S: 'tenant a' } };

  beforeAll(async () => {
    const own = dynamo(credentials);
    await own.send(
      new CreateTableCommand({
        TableName: 'jobs',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await whenTableActive(own, 'jobs');
    await own.send(new PutItemCommand({ TableName: 'jobs', Item: item }));
  });

  it('serves a client signing with the stack’s credentials, and listens on 127.0.0.1 only', async () => {
    expect(new URL(emulators.dynamodbEndpoint).hostname).toBe('127.0.0.1');
    const own = dynamo(credentials);
    expect((await own.send(new ListTablesCommand({}))).TableNames).toContain('jobs');
    expect((await own.send(new ScanCommand({ TableName: 'jobs' }))).Items).toEqual([item]);
  });

  it('refuses the published local/local pair, and a client with the right key id but another secret', async () => {
    await expect(dynamo(PUBLISHED).send(new ScanCommand({ TableName: 'jobs' }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      $metadata: { httpStatusCode: 400 },
    });
    const guessed = dynamo({ accessKeyId: credentials.accessKeyId, secretAccessKey: 'guessed' });
    await expect(
      guessed.send(new PutItemCommand({ TableName: 'jobs', Item: { ...item, secret: { S: 'tenant b' } } })),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    const kept = await dynamo(credentials).send(
      new GetItemCommand({ TableName: 'jobs', Key: { pk: item.pk } }),
    );
    expect(kept.Item).toEqual(item);
  });

  it('refuses an unsigned request and a forged signature, listing nothing', async () => {
    const target = (op: string) => ({
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${op}`,
    });
    const unsigned = await fetch(emulators.dynamodbEndpoint, {
      method: 'POST',
      headers: target('Scan'),
      body: JSON.stringify({ TableName: 'jobs' }),
    });
    expect(unsigned.status).toBe(400);
    const refusal = await unsigned.text();
    expect(JSON.parse(refusal).__type).toMatch(/#MissingAuthenticationTokenException$/);
    expect(refusal).not.toContain('tenant a');
    const date = amzDate();
    const forgedScan = await fetch(emulators.dynamodbEndpoint, {
      method: 'POST',
      headers: {
        ...target('Scan'),
        'x-amz-date': date,
        authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${date.slice(0, 8)}/ap-southeast-2/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ TableName: 'jobs' }),
    });
    expect(forgedScan.status).toBe(400);
    expect(await forgedScan.text()).not.toContain('tenant a');
  });

  it('refuses a signed request whose body is not the one signed', async () => {
    // The SDK signs the body's SHA-256, and sends it as x-amz-content-sha256 too.
    let signed: { headers: Record<string, string>; body: string } | undefined;
    const capture = new DynamoDBClient({
      endpoint: emulators.dynamodbEndpoint,
      region: 'ap-southeast-2',
      credentials,
      maxAttempts: 1,
      requestHandler: {
        handle: async (request: { headers: Record<string, string>; body: string }) => {
          signed = request;
          throw new Error('captured');
        },
      },
    });
    await capture
      .send(new PutItemCommand({ TableName: 'jobs', Item: { ...item, secret: { S: 'tenant c' } } }))
      .catch(() => undefined);
    const { host: _host, ...headers } = signed!.headers;
    const send = (body: string) => fetch(emulators.dynamodbEndpoint, { method: 'POST', headers, body });
    // Another body of the same length, under the signed header: refused, nothing written.
    const swapped = await send(signed!.body.replace('tenant c', 'tenant b'));
    expect(swapped.status).toBe(400);
    expect(((await swapped.json()) as { __type: string }).__type).toMatch(/#InvalidSignatureException$/);
    const kept = await dynamo(credentials).send(
      new GetItemCommand({ TableName: 'jobs', Key: { pk: item.pk }, ConsistentRead: true }),
    );
    expect(kept.Item).toEqual(item);
    // The body as signed goes through.
    expect((await send(signed!.body)).status).toBe(200);
    await dynamo(credentials).send(new PutItemCommand({ TableName: 'jobs', Item: item }));
  });
});

describe('the local Step Functions endpoint', () => {
  const stepFunctions = new LocalStepFunctions(
    { Resources: {} } as CfnTemplate,
    { resolve: (value: unknown) => value } as TemplateResolver,
    {} as LocalLambdas,
  );
  let url = '';
  const sfn = (with_: { accessKeyId: string; secretAccessKey: string }) =>
    new SFNClient({ endpoint: url, region: 'ap-southeast-2', credentials: with_, maxAttempts: 1 });

  beforeAll(async () => {
    url = await stepFunctions.listen(credentials);
  });
  afterAll(() => stepFunctions.close());

  it('serves a client signing with the stack’s credentials, on 127.0.0.1 only', async () => {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect((await sfn(credentials).send(new ListStateMachinesCommand({}))).stateMachines).toEqual([]);
    // Signed, an unknown execution is the service's own answer, not a refusal.
    await expect(
      sfn(credentials).send(
        new StopExecutionCommand({
          executionArn: 'arn:aws:states:ap-southeast-2:000000000000:execution:x:y',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
  });

  it('refuses unsigned requests and clients with other credentials', async () => {
    for (const op of ['DescribeExecution', 'StopExecution', 'ListStateMachines']) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AWSStepFunctions.${op}` },
        body: JSON.stringify({ executionArn: 'arn:aws:states:ap-southeast-2:000000000000:execution:x:y' }),
      });
      expect(res.status, op).toBe(400);
      expect(((await res.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');
    }
    await expect(sfn(PUBLISHED).send(new ListStateMachinesCommand({}))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    await expect(
      sfn({ accessKeyId: credentials.accessKeyId, secretAccessKey: 'guessed' }).send(
        new StopExecutionCommand({
          executionArn: 'arn:aws:states:ap-southeast-2:000000000000:execution:x:y',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
  });
});
