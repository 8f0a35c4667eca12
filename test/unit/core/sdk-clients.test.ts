// The service's AWS SDK clients leave out the SDK's logger middleware, which copies and filters every
// call's input and output for a logger that discards them; the rest of each client's stack is the SDK's.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, quiet, s3Client, sfnClient, sqsClient } from '../../../functions/adapters/aws-clients.ts';

const names = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

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
});
