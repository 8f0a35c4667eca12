// The AWS emulators of the local stack, on loopback only, persisting under the data directory:
// dynalite (DynamoDB on LevelDB) and fauxqs (SQS in SQLite, S3 objects as plain files).
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import dynalite from 'dynalite';
import { buildApp } from 'fauxqs';
import { checkPresignedRequest, type SigningCredentials } from './presigned-url-check.ts';

/**
 * How long the local servers keep an idle keep-alive connection. Node's default, 5 s, races the AWS SDK's
 * agents, which keep idle sockets open with no time limit of their own: a call sent on a socket just as
 * the server closes it fails with `socket hang up` (ECONNRESET), and under load that happened dozens of
 * times a run. Far above the gaps between calls, the server closing first becomes rare. headersTimeout
 * stays above it, as Node's documentation asks of servers that keep connections this long.
 */
export const IDLE_CONNECTION_TIMEOUTS = { keepAliveTimeout: 120_000, headersTimeout: 121_000 } as const;

export interface RunningEmulators {
  readonly dynamodbEndpoint: string;
  readonly awsEndpoint: string;
  stop(): Promise<void>;
}

interface FauxqsInternals {
  SqsStore: new () => { persistence?: unknown; allQueues(): Array<{ persistence?: unknown }> };
  SnsStore: new () => { persistence?: unknown };
  S3Store: new () => { persistence?: unknown };
  PersistenceManager: new (dir: string) => { loadSqsAndSns(sqs: unknown, sns: unknown): void; close(): void };
  FileS3Persistence: new (dir: string) => { loadS3(s3: unknown): void; close(): void };
}

// fauxqs wires persistence only in startFauxqs(), which listens on 0.0.0.0; we rebuild the same wiring
// around buildApp() so the emulator listens on 127.0.0.1. Its modules are loaded by file path because
// the package exports only its entry point.
async function fauxqsInternals(): Promise<FauxqsInternals> {
  const dist = path.dirname(fileURLToPath(import.meta.resolve('fauxqs')));
  const load = (file: string) => import(pathToFileURL(path.join(dist, file)).href);
  const [sqs, sns, s3, persistence, fileS3] = await Promise.all([
    load('sqs/sqsStore.js'),
    load('sns/snsStore.js'),
    load('s3/s3Store.js'),
    load('persistence.js'),
    load('s3/fileS3Persistence.js'),
  ]);
  return {
    SqsStore: sqs.SqsStore,
    SnsStore: sns.SnsStore,
    S3Store: s3.S3Store,
    PersistenceManager: persistence.PersistenceManager,
    FileS3Persistence: fileS3.FileS3Persistence,
  };
}

export async function startEmulators(
  dataDir: string,
  credentials: SigningCredentials,
): Promise<RunningEmulators> {
  const dynamoDir = path.join(dataDir, 'dynamodb');
  const queueDir = path.join(dataDir, 'sqs');
  const objectDir = path.join(dataDir, 's3');
  for (const dir of [dynamoDir, queueDir, objectDir]) mkdirSync(dir, { recursive: true });

  const dynamo = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: dynamoDir });
  Object.assign(dynamo, IDLE_CONNECTION_TIMEOUTS);
  await new Promise<void>((resolve, reject) => {
    dynamo.once('error', reject);
    dynamo.listen(0, '127.0.0.1', () => resolve());
  });
  const dynamoPort = (dynamo.address() as AddressInfo).port;

  const f = await fauxqsInternals();
  const sqsStore = new f.SqsStore();
  const snsStore = new f.SnsStore();
  const s3Store = new f.S3Store();
  const queuePersistence = new f.PersistenceManager(queueDir);
  const objectPersistence = new f.FileS3Persistence(objectDir);
  queuePersistence.loadSqsAndSns(sqsStore, snsStore);
  objectPersistence.loadS3(s3Store);
  sqsStore.persistence = queuePersistence;
  snsStore.persistence = queuePersistence;
  for (const queue of sqsStore.allQueues()) queue.persistence = queuePersistence;
  s3Store.persistence = objectPersistence;
  const aws = buildApp({
    logger: false,
    stores: { sqsStore, snsStore, s3Store } as unknown as NonNullable<
      Parameters<typeof buildApp>[0]
    >['stores'],
  });
  // As in AWS, an object or a bucket listing needs a signature: presigned URLs must verify, and
  // anonymous requests are refused (the stack's own SDK clients sign in the Authorization header).
  aws.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization) return;
    const check = checkPresignedRequest(
      request.method,
      request.url,
      request.headers,
      credentials,
      new Date(),
    );
    if (check.ok) {
      // As the media bucket's CORS rule: a page (the renderer's Chromium) may read what a valid URL
      // serves, e.g. the aerial scene's fetch() of its JSON and its WebGL textures.
      reply.header('access-control-allow-origin', '*');
      return;
    }
    await reply
      .code(403)
      .header('content-type', 'application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${check.reason}</Message></Error>`,
      );
  });
  Object.assign(aws.server, IDLE_CONNECTION_TIMEOUTS);
  aws.addHook('preClose', () => {
    queuePersistence.close();
    objectPersistence.close();
  });
  const awsAddress = await aws.listen({ port: 0, host: '127.0.0.1' });

  return {
    dynamodbEndpoint: `http://127.0.0.1:${dynamoPort}`,
    awsEndpoint: awsAddress.replace('localhost', '127.0.0.1'),
    async stop() {
      await aws.close();
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    },
  };
}
