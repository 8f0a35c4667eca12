// AWS SDK clients, created once per process. Endpoints come from the SDK's own environment variables
// (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...), which is how the local stack points the very
// same code at its emulators. Each client's calls are X-Ray subsegments when tracing is on.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from './config/env.ts';
import { tracedClient } from './observability.ts';

let documentClient: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sfn: SFNClient | undefined;
let sqs: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(tracedClient(new DynamoDBClient({ maxAttempts: 3 })), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3Client(): S3Client {
  s3 ??= tracedClient(new S3Client({ forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true' }));
  return s3;
}

export function sfnClient(): SFNClient {
  sfn ??= tracedClient(new SFNClient({}));
  return sfn;
}

export function sqsClient(): SQSClient {
  sqs ??= tracedClient(new SQSClient({}));
  return sqs;
}
