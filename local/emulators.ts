// The AWS emulators of the local stack, on loopback only, persisting under the data directory, each in a
// worker thread of its own (off the API's event loop): dynalite (DynamoDB on LevelDB) and fauxqs (SQS in
// SQLite, S3 objects as plain files). Each checks every request's SigV4 signature against the data
// directory's own credentials (presigned-url-check.ts), as AWS does: without that, any process on the
// machine could read and change every tenant's jobs, keys and media. The local Step Functions endpoint
// (local-step-functions.ts) checks them with signedOnly too.
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { buildApp } from 'fauxqs';
import { claimDataDir } from './data-dir-claim.ts';
import type { EmulatorWorkerData, EmulatorWorkerMessage } from './emulator-worker-protocol.ts';
import {
  checkPresignedRequest,
  checkSignedRequest,
  declaredPayloadHash,
  isPayloadDigest,
  type SigningCredentials,
} from './presigned-url-check.ts';

/**
 * How long the local servers keep an idle keep-alive connection. Node's default, 5 s, races the AWS SDK's
 * agents, which keep idle sockets open with no time limit of their own: a call sent on a socket just as
 * the server closes it fails with `socket hang up` (ECONNRESET), and under load that happened dozens of
 * times a run. Far above the gaps between calls, the server closing first becomes rare. headersTimeout
 * is kept above it, the usual rule for servers that keep connections this long.
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

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** The part of fastify's reply a refusal uses. */
interface Reply {
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(body: string): unknown;
}

/**
 * A refused request, answered as AWS would: S3's XML error, or for the JSON protocol (SQS) a JSON one
 * with the code as its __type, which the SDK reads as the error's name.
 */
function refuse(request: { headers: Headers }, reply: Reply, code: string, message: string) {
  const status = code === 'XAmzContentSHA256Mismatch' ? 400 : 403;
  if (String(request.headers['content-type'] ?? '').includes('x-amz-json'))
    return reply
      .code(status)
      .header('content-type', 'application/x-amz-json-1.0')
      .header('x-amzn-errortype', code)
      .send(JSON.stringify({ __type: code, message }));
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return reply
    .code(status)
    .header('content-type', 'application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
    );
}

/** DynamoDB's own limit on a request body; dynalite answers 413 beyond it too. */
const MAX_JSON_REQUEST_BYTES = 16 * 1024 * 1024;

/** How the JSON-protocol services (DynamoDB, Step Functions) name a refused signature, by the check's code. */
const JSON_REFUSALS = {
  AccessDenied: 'MissingAuthenticationTokenException',
  InvalidAccessKeyId: 'UnrecognizedClientException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
  RequestTimeTooSkewed: 'InvalidSignatureException',
} as const;

/**
 * Whether a JSON-protocol request (DynamoDB, Step Functions) is signed with the stack's credentials: an
 * Authorization header that verifies over the body. These services sign the body's SHA-256; the SDK may
 * also send it as x-amz-content-sha256 (and sign that header), which must then be the body's: the
 * signature covers the header, so a body swapped under it would otherwise pass.
 */
export function checkJsonRequest(
  req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  body: Buffer,
  credentials: SigningCredentials,
): ReturnType<typeof checkSignedRequest> {
  if (req.headers.authorization === undefined)
    return { ok: false, code: 'AccessDenied', reason: 'Request is missing Authentication Token' };
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const declared = declaredPayloadHash(req.headers);
  if (declared !== undefined && declared !== bodyHash)
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      reason: "The request body does not match its 'x-amz-content-sha256' header.",
    };
  return checkSignedRequest(
    req.method ?? 'POST',
    req.url ?? '/',
    req.headers,
    bodyHash,
    credentials,
    new Date(),
  );
}

/** The refusal of a JSON-protocol request, as the service answers it (the SDK reads the name after '#'). */
export function refuseJsonRequest(
  res: ServerResponse,
  check: Extract<ReturnType<typeof checkSignedRequest>, { ok: false }>,
  typePrefix = '',
): void {
  const type = JSON_REFUSALS[check.code];
  const body = JSON.stringify({ __type: `${typePrefix}${type}`, message: check.reason });
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-errortype': type,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * Makes `server` answer only requests signed with `credentials`: its own request handling (dynalite's)
 * is moved behind a check that reads the body, verifies the signature over it, and refuses the request
 * in the service's own form or hands the handler the same request with the body read again.
 */
export function signedOnly(server: Server, credentials: SigningCredentials, typePrefix = ''): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_JSON_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (size > MAX_JSON_REQUEST_BYTES) {
        res.writeHead(413).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const check = checkJsonRequest(req, body, credentials);
      if (!check.ok) return refuseJsonRequest(res, check, typePrefix);
      // The handler reads the body itself: the same request, its body a stream again.
      const again = Object.assign(Readable.from(body.length > 0 ? [body] : []), {
        method: req.method,
        url: req.url,
        headers: req.headers,
        httpVersion: req.httpVersion,
        socket: req.socket,
      }) as unknown as IncomingMessage;
      for (const handler of handlers) handler(again, res);
    });
  });
}

/** An emulator in its own worker thread (emulator-worker.ts): its port, and a stop that closes its data. */
interface StartedWorker {
  readonly port: number;
  stop(): Promise<void>;
}

async function startInWorker(data: EmulatorWorkerData): Promise<StartedWorker> {
  const worker = new Worker(new URL('./emulator-worker.ts', import.meta.url), {
    // Node's own type stripping, not tsx: registering tsx in a worker costs seconds of every start. So
    // emulator-worker.ts and what it imports keep to erasable syntax (no enums, no parameter
    // properties); anything else fails the start with ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX. The emulators'
    // ExperimentalWarnings (type stripping, node:sqlite in fauxqs) say nothing to a user of the stack.
    execArgv: ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'],
    workerData: data,
  });
  const next = () =>
    new Promise<EmulatorWorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const first = await next();
  if (first.type !== 'listening') {
    await worker.terminate();
    throw new Error(
      `The local DynamoDB did not start: ${first.type === 'error' ? first.message : first.type}`,
    );
  }
  worker.unref();
  let stopping = false;
  // An emulator that dies takes its service with it: said loudly, with the worker's own error and what to do.
  const name = data.kind === 'dynamodb' ? 'DynamoDB (dynalite)' : 'SQS and S3 (fauxqs)';
  const remedy =
    'its calls fail until the stack is restarted (its data is kept); check free disk space and memory';
  worker.on('error', (error) =>
    console.error(
      JSON.stringify({
        component: 'emulators',
        msg: `the local ${name} emulator failed: ${remedy}`,
        error: String(error),
        stack: (error as Error).stack,
      }),
    ),
  );
  worker.on('exit', (code) => {
    if (!stopping)
      console.error(
        JSON.stringify({ component: 'emulators', msg: `the local ${name} emulator exited: ${remedy}`, code }),
      );
  });
  return {
    port: first.port,
    async stop() {
      stopping = true;
      const stopped = next();
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await worker.terminate();
    },
  };
}

/**
 * fauxqs (SQS and S3) with the stack's signature checks, listening on 127.0.0.1: runs in its own worker
 * thread (emulator-worker.ts), so its request handling and SQLite writes stay off the API's event loop.
 */
export async function startAwsEmulator(
  queueDir: string,
  objectDir: string,
  credentials: SigningCredentials,
): Promise<{ readonly port: number; close(): Promise<void> }> {
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
  // Loaded here, in the emulator's worker: the main thread only starts the workers.
  const fauxqs = await import('fauxqs');
  const aws = fauxqs.buildApp({
    logger: false,
    stores: { sqsStore, snsStore, s3Store } as unknown as NonNullable<
      Parameters<typeof buildApp>[0]
    >['stores'],
  });
  // As in AWS, every request needs a signature with the stack's credentials: a presigned URL (browsers,
  // the renderer) or the Authorization header (the stack's SDK clients). A header that merely exists
  // proves nothing, so it is verified too; without that, anyone could list, read, overwrite or delete
  // any tenant's media.
  aws.addHook('onRequest', async (request, reply) => {
    const url = request.originalUrl;
    if (request.headers.authorization === undefined) {
      const check = checkPresignedRequest(request.method, url, request.headers, credentials, new Date());
      if (!check.ok) return refuse(request, reply, check.code, check.reason);
      // As the media bucket's CORS rule: a page (the renderer's Chromium) may read what a valid URL
      // serves, e.g. the aerial scene's fetch() of its JSON and its WebGL textures.
      reply.header('access-control-allow-origin', '*');
      return;
    }
    const declared = declaredPayloadHash(request.headers);
    // Without a declared payload hash (SQS, SNS) the signature covers the body: checked once it is read.
    if (declared === undefined) return;
    const check = checkSignedRequest(request.method, url, request.headers, declared, credentials, new Date());
    if (!check.ok) return refuse(request, reply, check.code, check.reason);
  });
  // The SHA-256 of a header-signed body, as it streams to fauxqs's parser: the signature of a request that
  // declares no payload hash covers it, and a declared digest must match it (S3: XAmzContentSHA256Mismatch).
  const bodyHashes = new WeakMap<object, Hash>();
  aws.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers.authorization === undefined) return payload;
    const declared = declaredPayloadHash(request.headers);
    if (declared !== undefined && !isPayloadDigest(declared)) return payload;
    const hash = createHash('sha256');
    bodyHashes.set(request.raw, hash);
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    pipeline(payload, hashing, () => undefined);
    return hashing;
  });
  aws.addHook('preHandler', async (request, reply) => {
    if (request.headers.authorization === undefined) return;
    const hash = bodyHashes.get(request.raw);
    if (!hash) return; // UNSIGNED-PAYLOAD or STREAMING-…, checked in onRequest
    // Nothing was read of a request without a body (GET, HEAD, a bodiless DELETE).
    const bodyHash = hash.digest('hex');
    const declared = declaredPayloadHash(request.headers);
    if (declared !== undefined) {
      if (declared === bodyHash) return;
      return refuse(
        request,
        reply,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const check = checkSignedRequest(
      request.method,
      request.originalUrl,
      request.headers,
      bodyHash,
      credentials,
      new Date(),
    );
    if (!check.ok) return refuse(request, reply, check.code, check.reason);
  });
  Object.assign(aws.server, IDLE_CONNECTION_TIMEOUTS);
  aws.addHook('preClose', () => {
    queuePersistence.close();
    objectPersistence.close();
  });
  await aws.listen({ port: 0, host: '127.0.0.1' });
  return { port: (aws.server.address() as { port: number }).port, close: () => aws.close() };
}

export async function startEmulators(
  dataDir: string,
  credentials: SigningCredentials,
): Promise<RunningEmulators> {
  const dynamoDir = path.join(dataDir, 'dynamodb');
  const queueDir = path.join(dataDir, 'sqs');
  const objectDir = path.join(dataDir, 's3');
  for (const dir of [dynamoDir, queueDir, objectDir]) mkdirSync(dir, { recursive: true });
  await claimDataDir(dataDir);

  // Both at once: each worker spends most of its start loading modules, on a core of its own.
  const started = await Promise.allSettled([
    startInWorker({ kind: 'dynamodb', path: dynamoDir, credentials }),
    startInWorker({ kind: 'aws', queueDir, objectDir, credentials }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
    throw failed.reason;
  }
  const [dynamo, aws] = started.map((result) => (result as PromiseFulfilledResult<StartedWorker>).value) as [
    StartedWorker,
    StartedWorker,
  ];

  return {
    dynamodbEndpoint: `http://127.0.0.1:${dynamo.port}`,
    awsEndpoint: `http://127.0.0.1:${aws.port}`,
    async stop() {
      await aws.stop();
      await dynamo.stop();
    },
  };
}
