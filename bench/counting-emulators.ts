// The local stack's emulators behind a counting pass-through (bench/cost-bench.ts): every DynamoDB, S3 and
// SQS request the stack and its functions make goes through here, is classified as AWS bills it, and is
// forwarded unchanged apart from one thing: DynamoDB data calls ask for ReturnConsumedCapacity INDEXES, so
// the emulator says how many request units each consumed (dynalite's own size rule: 1 KB per write unit,
// 4 KB per read unit, half for an eventually consistent read), and for a write, those of the index entries
// it wrote (local/dynalite-index-units.ts; batch writes, which no function makes, would count them as
// the table's). Signatures still verify: the Host header
// and the S3 and SQS bodies pass as they came, and a DynamoDB call whose body changed is signed again with
// the stack's credentials (the emulators refuse anything else).

import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningEmulators } from '../local/emulators.ts';
import { type SigningCredentials, signedAgain } from '../local/presigned-url-check.ts';

export interface StoreCounts {
  /** DynamoDB operation → requests. */
  readonly dynamodbRequests: Record<string, number>;
  readonly dynamodbReadUnits: number;
  /** The tables' own write units. */
  readonly dynamodbWriteUnits: number;
  /** Write units of index entries, as DynamoDB bills them beside the table's (not in dynamodbWriteUnits). */
  readonly dynamodbIndexWriteUnits: number;
  /** S3 request class (see s3RequestClass) → requests. */
  readonly s3Requests: Record<string, number>;
  /** Bytes of object bodies written (PutObject, UploadPart). */
  readonly s3BytesPut: number;
  /** SQS operation → requests. */
  readonly sqsRequests: Record<string, number>;
}

const DYNAMODB_DATA_CALLS = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'BatchGetItem',
  'BatchWriteItem',
]);
const DYNAMODB_READS = new Set(['GetItem', 'Query', 'BatchGetItem']);
/**
 * Calls only the local stack makes, not counted: no function scans a table; the local stack's TTL
 * emulation (local/local-ttl.ts) scans every table now and then, and restart recovery scans for
 * unfinished jobs. DynamoDB's own TTL costs nothing.
 */
const LOCAL_ONLY_DYNAMODB_CALLS = new Set(['Scan']);

/**
 * An S3 request as S3's price list groups it: PutObject, CopyObject, list, multipart pieces and other
 * POSTs are the "PUT, COPY, POST, LIST" class; GetObject, HeadObject and the rest the "GET and all other"
 * class; DELETE is free. Path-style URLs (/bucket/key?query), as the local stack's clients use.
 */
export function s3RequestClass(method: string, url: string, headers: IncomingMessage['headers']): string {
  const [pathPart = '', query = ''] = url.split('?');
  const hasKey = pathPart.replace(/^\//, '').includes('/');
  if (method === 'DELETE') return 'DeleteObject';
  if (method === 'PUT' && headers['x-amz-copy-source']) return 'CopyObject';
  if (method === 'PUT')
    return hasKey ? (query.includes('partNumber=') ? 'UploadPart' : 'PutObject') : 'PutBucket';
  if (method === 'POST') return query.includes('delete') ? 'DeleteObjects' : 'Post';
  if (method === 'HEAD') return hasKey ? 'HeadObject' : 'HeadBucket';
  if (method === 'GET') return hasKey ? 'GetObject' : 'ListObjects';
  return method;
}

/** The S3 price class of a request class: 'tier1' (PUT, COPY, POST, LIST), 'tier2' (GET and the rest), 'free'. */
export function s3PriceClass(requestClass: string): 'tier1' | 'tier2' | 'free' {
  if (requestClass === 'DeleteObject' || requestClass === 'DeleteObjects') return 'free';
  if (['PutObject', 'CopyObject', 'UploadPart', 'Post', 'ListObjects', 'PutBucket'].includes(requestClass))
    return 'tier1';
  return 'tier2';
}

interface Consumed {
  readonly TableName?: string;
  readonly CapacityUnits?: number;
  readonly GlobalSecondaryIndexes?: Record<string, { readonly CapacityUnits?: number }>;
  readonly LocalSecondaryIndexes?: Record<string, { readonly CapacityUnits?: number }>;
}

/**
 * The units in a DynamoDB answer's ConsumedCapacity (an object, or a list for batch calls): in all, and
 * of those, the indexes'.
 */
export function consumedUnits(
  answer: unknown,
  byIndex?: Record<string, number>,
): { total: number; indexes: number } {
  const consumed = (answer as { ConsumedCapacity?: unknown } | null)?.ConsumedCapacity;
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Consumed[];
  if (byIndex)
    for (const c of list)
      for (const [name, units] of Object.entries({
        ...c.GlobalSecondaryIndexes,
        ...c.LocalSecondaryIndexes,
      })) {
        const key = `${c.TableName ?? '?'} ${name}`;
        byIndex[key] = (byIndex[key] ?? 0) + Number(units.CapacityUnits ?? 0);
      }
  const unitsOf = (byIndex: Consumed['GlobalSecondaryIndexes']) =>
    Object.values(byIndex ?? {}).reduce((sum, c) => sum + Number(c.CapacityUnits ?? 0), 0);
  return list.reduce(
    (sum, c) => ({
      total: sum.total + Number(c.CapacityUnits ?? 0),
      indexes: sum.indexes + unitsOf(c.GlobalSecondaryIndexes) + unitsOf(c.LocalSecondaryIndexes),
    }),
    { total: 0, indexes: 0 },
  );
}

const bump = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function countingEmulators(
  inner: RunningEmulators,
  credentials: SigningCredentials,
): Promise<
  RunningEmulators & {
    counts(): StoreCounts;
    reset(): void;
    /** Index write units by table and index since the start (reset leaves them): where they come from. */
    indexWriteUnitsByIndex(): Record<string, number>;
  }
> {
  let counts = empty();
  const byIndex: Record<string, number> = {};
  function empty() {
    return {
      dynamodbRequests: {} as Record<string, number>,
      dynamodbReadUnits: 0,
      dynamodbWriteUnits: 0,
      dynamodbIndexWriteUnits: 0,
      s3Requests: {} as Record<string, number>,
      s3BytesPut: 0,
      sqsRequests: {} as Record<string, number>,
    };
  }

  function proxy(target: string, dynamodb: boolean): Server {
    const to = new URL(target);
    return createServer({ keepAliveTimeout: 120_000, headersTimeout: 121_000 }, async (req, res) => {
      let body = await readBody(req);
      const headers = { ...req.headers };
      const op = String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop();
      let dynamoOp: string | undefined;
      if (dynamodb && op) {
        if (!LOCAL_ONLY_DYNAMODB_CALLS.has(op)) bump(counts.dynamodbRequests, op);
        if (DYNAMODB_DATA_CALLS.has(op)) {
          dynamoOp = op;
          const parsed = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
          parsed.ReturnConsumedCapacity ??= 'INDEXES';
          body = Buffer.from(JSON.stringify(parsed));
          headers['content-length'] = String(body.length);
          const bodyHash = createHash('sha256').update(body).digest('hex');
          // The SDK sends (and signs) the body's SHA-256 too: it must be the new body's.
          if (headers['x-amz-content-sha256'] !== undefined) headers['x-amz-content-sha256'] = bodyHash;
          const authorization = signedAgain(
            req.method ?? 'POST',
            req.url ?? '/',
            headers,
            bodyHash,
            credentials,
          );
          if (authorization) headers.authorization = authorization;
        }
      } else if (op) {
        bump(counts.sqsRequests, op);
      } else if (!dynamodb) {
        const requestClass = s3RequestClass(req.method ?? 'GET', req.url ?? '/', req.headers);
        bump(counts.s3Requests, requestClass);
        if (requestClass === 'PutObject' || requestClass === 'UploadPart') {
          const decoded = Number(req.headers['x-amz-decoded-content-length']);
          counts.s3BytesPut += Number.isFinite(decoded) && decoded > 0 ? decoded : body.length;
        }
      }
      const forward = httpRequest(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
        async (answer) => {
          const answerBody = await readBody(answer);
          if (dynamoOp && (answer.statusCode ?? 500) < 300) {
            const read = DYNAMODB_READS.has(dynamoOp);
            const units = consumedUnits(
              JSON.parse(answerBody.toString('utf8') || '{}'),
              read ? undefined : byIndex,
            );
            if (read) counts.dynamodbReadUnits += units.total;
            else {
              counts.dynamodbWriteUnits += units.total - units.indexes;
              counts.dynamodbIndexWriteUnits += units.indexes;
            }
          }
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          res.end(answerBody);
        },
      );
      forward.on('error', (error) => {
        res.statusCode = 502;
        res.end(String(error));
      });
      forward.end(body);
    });
  }

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const dynamoProxy = proxy(inner.dynamodbEndpoint, true);
  const awsProxy = proxy(inner.awsEndpoint, false);
  const [dynamodbEndpoint, awsEndpoint] = await Promise.all([listen(dynamoProxy), listen(awsProxy)]);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    dynamodbEndpoint,
    awsEndpoint,
    counts: () => structuredClone(counts),
    indexWriteUnitsByIndex: () => ({ ...byIndex }),
    reset: () => {
      counts = empty();
    },
    async stop() {
      await Promise.all([close(dynamoProxy), close(awsProxy)]);
      await inner.stop();
    },
  };
}
