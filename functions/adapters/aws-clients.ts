// AWS SDK clients, created once per process (the composition modules in functions/wiring hand them to
// the adapters). Endpoints come from the SDK's own environment variables
// (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...), which is how the local stack points the very
// same code at its emulators. Each client's calls are X-Ray subsegments when tracing is on.
//
// The SDK's logger middleware is taken off every client: it hands a copy of each call's input and output,
// filtered of sensitive members, to the client's logger, and builds that copy even for the default logger,
// which discards it (on a GET about 2% of the API's CPU, schemaLogFilter). No logger is configured here,
// so nothing is lost; the handlers log what they do themselves.
//
// Each client's resolved configuration is also given fast properties (`fastConfig`): the SDK copies it
// with an object spread four or five times a call, and as built (some fifty properties added one resolver
// at a time) it is a V8 dictionary-mode object, whose copy costs about ten times a fast one's: on a GET,
// about a tenth of the API's CPU (docs/benchmarks.md). And each client keeps its SigV4 signers
// (`keptSigners`): the SDK makes a new one for every call, which derives the day's signing key again
// (four HMACs) because the key is cached in the signer it has just thrown away.
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
  documentClient ??= DynamoDBDocumentClient.from(tracedClient(lean(new DynamoDBClient({ maxAttempts: 3 }))), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** `forcePathStyle`: bucket names in the path, not the host (the local stack's S3 emulator). */
export function s3Client(forcePathStyle = false): S3Client {
  s3 ??= tracedClient(lean(new S3Client({ forcePathStyle })));
  return s3;
}

export function sfnClient(): SFNClient {
  sfn ??= tracedClient(lean(new SFNClient({})));
  return sfn;
}

export function sqsClient(): SQSClient {
  sqs ??= tracedClient(lean(new SQSClient({})));
  return sqs;
}

/** The client without the SDK's logger middleware (see above). */
export function quiet<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/**
 * The client with its resolved configuration in V8's fast-properties mode (see above). V8 gives a prototype
 * fast properties again when a property is read through it from optimized code (a read whose inline cache
 * is in use), so the configuration is made the prototype of a throwaway object, read through often enough
 * for V8 to start caching the read. Nothing else changes: the same object, properties and getter, held by
 * the same middleware. Were V8 to stop doing this, calls would only be as slow as before; the unit test
 * test/unit/core/sdk-clients.test.ts checks it on the running Node.
 */
export function fastConfig<C extends { config: object }>(client: C): C {
  const heir: { region?: unknown } = Object.create(client.config);
  for (let read = 0; read < 1024; read += 1) heir.region;
  return client;
}

type SignerOf = (authScheme?: unknown) => Promise<unknown>;

/**
 * The client with one SigV4 signer kept per auth scheme (see above), instead of one made per call. A
 * signer holds no credentials (it asks the client's provider on every signature, so rotated credentials
 * are used as before), only the region and service it was made for, which the scheme it is kept under
 * names, and its cache of signing keys.
 */
export function keptSigners<C extends { config: object }>(client: C): C {
  const config = client.config as { signer?: SignerOf };
  const make = config.signer;
  if (typeof make !== 'function') return client;
  const kept = new Map<string, Promise<unknown>>();
  config.signer = (authScheme) => {
    const scheme = JSON.stringify(authScheme ?? null);
    let signer = kept.get(scheme);
    if (!signer) {
      if (kept.size >= 16) kept.clear(); // a client meets a handful of schemes; never an unbounded map
      signer = make(authScheme);
      signer.catch(() => kept.delete(scheme));
      kept.set(scheme, signer);
    }
    return signer;
  };
  return client;
}

/** `quiet`, `fastConfig` and `keptSigners`: how each of the service's clients is made. */
export function lean<C extends { config: object; middlewareStack: { remove(name: string): boolean } }>(
  client: C,
): C {
  return keptSigners(fastConfig(quiet(client)));
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
