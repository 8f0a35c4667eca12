// AWS SDK clients, created once per process (the composition modules in functions/wiring hand them to
// the adapters). Endpoints come from the SDK's own environment variables
// (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...), which is how the local stack points the very
// same code at its emulators. Each client's calls are X-Ray subsegments when tracing is on.
//
// The SDK's logger middleware is taken off every client: it hands a copy of each call's input and output,
// filtered of sensitive members, to the client's logger, and builds that copy even for the default logger,
// which discards it (on a GET about 2% of the API's CPU, schemaLogFilter). No logger is configured here,
// so nothing is lost; the handlers log what they do themselves.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracedClient } from '../core/observability.ts';

let documentClient: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sfn: SFNClient | undefined;
let sqs: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    tracedClient(quiet(new DynamoDBClient({ maxAttempts: 3 }))),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  return documentClient;
}

/** `forcePathStyle`: bucket names in the path, not the host (the local stack's S3 emulator). */
export function s3Client(forcePathStyle = false): S3Client {
  s3 ??= tracedClient(quiet(new S3Client({ forcePathStyle })));
  return s3;
}

export function sfnClient(): SFNClient {
  sfn ??= tracedClient(quiet(new SFNClient({})));
  return sfn;
}

export function sqsClient(): SQSClient {
  sqs ??= tracedClient(quiet(new SQSClient({})));
  return sqs;
}

/** The client without the SDK's logger middleware (see above). */
export function quiet<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** The four clients the stage's adapters use. */
export interface AwsClients {
  readonly dynamo: DynamoDBDocumentClient;
  readonly s3: S3Client;
  readonly sqs: SQSClient;
  readonly sfn: SFNClient;
}

/** This process's clients, each made on first use. */
export function processAwsClients(options: { readonly s3ForcePathStyle: () => boolean }): AwsClients {
  return {
    get dynamo() {
      return dynamo();
    },
    get s3() {
      return s3Client(options.s3ForcePathStyle());
    },
    get sqs() {
      return sqsClient();
    },
    get sfn() {
      return sfnClient();
    },
  };
}
