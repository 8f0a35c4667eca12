// The service's AWS SDK clients leave out the SDK's logger middleware, which copies and filters every
// call's input and output for a logger that discards them; the rest of each client's stack is the SDK's.
// Their resolved configurations have V8's fast properties: the SDK copies them several times a call, and a
// dictionary-mode copy costs about ten times as much (functions/adapters/aws-clients.ts).
import v8 from 'node:v8';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  dynamo,
  fastConfig,
  keptSigners,
  quiet,
  s3Client,
  sfnClient,
  sqsClient,
} from '../../../functions/adapters/aws-clients.ts';

/** What the SDK's request handlers are handed, and what they answer (the SDK checks their shape only). */
interface SignedRequest {
  readonly headers: Record<string, string>;
}
const answer = (body: string) => ({
  response: {
    statusCode: 200,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: Buffer.from(body),
  },
});
/** A DynamoDB client whose requests go to `handle` instead of the network. */
const stubbedClient = (
  credentials: { accessKeyId: string; secretAccessKey: string },
  handle: (request: SignedRequest) => Promise<ReturnType<typeof answer>>,
) =>
  new DynamoDBClient({
    region: 'ap-southeast-2',
    endpoint: 'http://127.0.0.1:9',
    credentials,
    requestHandler: { handle },
  });
type Signer = { sign(request: object, options: { signingDate: Date }): Promise<SignedRequest> };

const names = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

v8.setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('the SDK clients', () => {
  it('have no logger middleware, and keep the others', () => {
    const plain = names(new DynamoDBClient({ region: 'ap-southeast-2' }));
    expect(plain).toContain('loggerMiddleware');
    const ours = names(quiet(new DynamoDBClient({ region: 'ap-southeast-2' })));
    expect(ours).toEqual(plain.filter((name) => name !== 'loggerMiddleware'));
    for (const client of [dynamo(), s3Client(), sfnClient(), sqsClient()]) {
      expect(names(client)).not.toContain('loggerMiddleware');
      expect(names(client)).toContain('retryMiddleware');
    }
  });

  it('hold their configuration with fast properties, also after calls', async () => {
    for (const client of [dynamo(), s3Client(), sfnClient(), sqsClient()]) {
      expect(hasFastProperties(client.config)).toBe(true);
    }
    const body = JSON.stringify({ Item: { pk: { S: 'JOB#1' }, status: { S: 'completed' } } });
    const client = fastConfig(
      stubbedClient({ accessKeyId: 'test', secretAccessKey: 'test' }, async () => answer(body)),
    );
    const keysBefore = Object.keys(client.config);
    for (let call = 0; call < 20; call += 1) {
      const { Item } = await DynamoDBDocumentClient.from(client).send(
        new GetCommand({ TableName: 'jobs', Key: { pk: 'JOB#1' } }),
      );
      expect(Item).toEqual({ pk: 'JOB#1', status: 'completed' });
    }
    expect(hasFastProperties(client.config)).toBe(true);
    // The same configuration: nothing taken away, the credentials still a getter.
    expect(Object.keys(client.config)).toEqual(expect.arrayContaining(keysBefore));
    expect(Object.getOwnPropertyDescriptor(client.config, 'credentials')?.get).toBeTypeOf('function');
  });

  it('keep one signer per auth scheme, which signs each request as a fresh signer would', async () => {
    const credentials = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    };
    const sent: SignedRequest[] = [];
    const client = keptSigners(
      stubbedClient(credentials, async (request) => {
        sent.push(request);
        return answer('{}');
      }),
    );
    const signer = client.config.signer as (scheme?: unknown) => Promise<unknown>;
    expect(await signer()).toBe(await signer());
    const s3Scheme = { name: 'sigv4', signingName: 's3', signingRegion: 'us-east-1' };
    expect(await signer(s3Scheme)).not.toBe(await signer());
    expect(await signer(s3Scheme)).toBe(await signer({ ...s3Scheme }));

    const documents = DynamoDBDocumentClient.from(client);
    for (const pk of ['JOB#1', 'JOB#2', 'JOB#3']) {
      await documents.send(new GetCommand({ TableName: 'jobs', Key: { pk } }));
    }
    expect(sent).toHaveLength(3);
    // A signer made by another client as the SDK makes them, with nothing kept.
    const fresh = (await new DynamoDBClient({
      region: 'ap-southeast-2',
      credentials,
    }).config.signer()) as Signer;
    for (const request of sent) {
      const { authorization, ...headers } = request.headers;
      const date = headers['x-amz-date']!;
      const signingDate = new Date(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 11)}:${date.slice(11, 13)}:${date.slice(13)}`,
      );
      const again = await fresh.sign({ ...request, headers }, { signingDate });
      expect(authorization).toContain('/ap-southeast-2/dynamodb/aws4_request');
      expect(authorization).toBe(again.headers.authorization);
    }
  });
});
