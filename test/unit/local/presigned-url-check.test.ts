// The local S3 emulator's signature checks against what the SDK itself signs: URLs made by its presigner,
// as the media store makes them, and requests its S3 and SQS clients sign in the Authorization header.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import {
  checkPresignedRequest,
  checkSignedRequest,
  declaredPayloadHash,
  isPayloadDigest,
} from '../../../local/presigned-url-check.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const s3 = new S3Client({
  region: 'ap-southeast-2',
  endpoint: 'http://127.0.0.1:4566',
  forcePathStyle: true,
  credentials,
});

async function presign(key: string, expiresIn = 900): Promise<URL> {
  return new URL(await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'media', Key: key }), { expiresIn }));
}

const check = (url: URL, now = new Date(), secret = credentials) =>
  checkPresignedRequest('GET', `${url.pathname}${url.search}`, { host: url.host }, secret, now);

describe('local presigned media URLs', () => {
  it('accepts the URL the presigner made, keys with spaces and unicode included', async () => {
    expect(check(await presign('jobs/abc/reference.jpg'))).toEqual({ ok: true });
    expect(check(await presign('jobs/a b/Zoë é+x.jpg'))).toEqual({ ok: true });
  });

  it('refuses an unsigned URL, another key, a forged signature, other credentials and an expired URL', async () => {
    const url = await presign('jobs/abc/reference.jpg', 60);
    const unsigned = new URL(url.pathname, url.origin);
    expect(check(unsigned).ok).toBe(false);
    const otherKey = new URL(url);
    otherKey.pathname = '/media/jobs/other/reference.jpg';
    expect(check(otherKey).ok).toBe(false);
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect(check(forged).ok).toBe(false);
    expect(check(url, new Date(), { accessKeyId: 'local', secretAccessKey: 'other' }).ok).toBe(false);
    expect(check(url, new Date(Date.now() + 61_000)).ok).toBe(false);
    const listing = new URL('/media', url.origin);
    expect(check(listing).ok).toBe(false);
  });
});

/** What an SDK client sends, captured after signing instead of being sent. */
interface Captured {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

class CapturedRequest extends Error {
  constructor(readonly request: Captured) {
    super('captured');
  }
}

/** The request target as the SDK's HTTP handler writes it (path, then the query RFC 3986-encoded). */
function target(request: { path: string; query?: Record<string, string | string[] | null> }): string {
  const enc = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const parts = Object.entries(request.query ?? {}).flatMap(([name, value]) =>
    value === null
      ? [enc(name)]
      : (Array.isArray(value) ? value : [value]).map((v) => `${enc(name)}=${enc(v)}`),
  );
  return parts.length > 0 ? `${request.path}?${parts.join('&')}` : request.path;
}

const capturing = {
  handle: async (request: {
    method: string;
    path: string;
    query?: Record<string, string | string[] | null>;
    headers: Record<string, string>;
    body?: unknown;
  }) => {
    throw new CapturedRequest({
      method: request.method,
      url: target(request),
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
      // A stream body (an upload) is not read: its hash is declared, not computed.
      body:
        request.body instanceof Uint8Array || typeof request.body === 'string'
          ? Buffer.from(request.body).toString()
          : '',
    });
  },
};

async function signed(send: () => Promise<unknown>): Promise<Captured> {
  try {
    await send();
  } catch (error) {
    if (error instanceof CapturedRequest) return error.request;
    throw error;
  }
  throw new Error('the client sent nothing');
}

const clientConfig = {
  region: 'ap-southeast-2',
  endpoint: 'http://127.0.0.1:4566',
  credentials,
  requestHandler: capturing,
};
const signingS3 = new S3Client({ ...clientConfig, forcePathStyle: true });
const signingSqs = new SQSClient(clientConfig);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** checkSignedRequest on a captured request, with the payload hash it declares or its body's. */
function verify(
  request: Captured,
  options: { now?: Date; secret?: typeof credentials; payloadHash?: string } = {},
) {
  return checkSignedRequest(
    request.method,
    request.url,
    request.headers,
    options.payloadHash ?? declaredPayloadHash(request.headers) ?? sha256(request.body),
    options.secret ?? credentials,
    options.now ?? new Date(),
  );
}

describe('requests signed in the Authorization header', () => {
  it('accepts what the SDK clients sign: S3 reads, writes and listings, SQS calls', async () => {
    const get = await signed(() =>
      signingS3.send(new GetObjectCommand({ Bucket: 'media', Key: 'media/o/live/j/a b+Zoë.jpg' })),
    );
    expect(verify(get)).toEqual({ ok: true });
    const put = await signed(() =>
      signingS3.send(new PutObjectCommand({ Bucket: 'media', Key: 'k.jpg', Body: Buffer.from('jpeg') })),
    );
    expect(isPayloadDigest(declaredPayloadHash(put.headers)!)).toBe(true);
    expect(verify(put)).toEqual({ ok: true });
    const list = await signed(() =>
      signingS3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: 'media/o/', MaxKeys: 5 })),
    );
    expect(list.url).toContain('list-type=2');
    expect(verify(list)).toEqual({ ok: true });
    const send = await signed(() =>
      signingSqs.send(
        new SendMessageCommand({ QueueUrl: 'http://127.0.0.1:4566/000000000000/q', MessageBody: 'hi' }),
      ),
    );
    expect(verify(send)).toEqual({ ok: true });
  });

  it('accepts the unsigned and streaming payload hashes the SDK uploads streams with', async () => {
    const upload = (client: S3Client) =>
      signed(() =>
        client.send(
          new PutObjectCommand({
            Bucket: 'media',
            Key: 'clip.mp4',
            Body: Readable.from([Buffer.from('mp4')]),
            ContentLength: 3,
          }),
        ),
      );
    const streaming = await upload(signingS3);
    expect(declaredPayloadHash(streaming.headers)).toBe('STREAMING-UNSIGNED-PAYLOAD-TRAILER');
    expect(verify(streaming)).toEqual({ ok: true });
    const unsigned = await upload(
      new S3Client({ ...clientConfig, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' }),
    );
    expect(declaredPayloadHash(unsigned.headers)).toBe('UNSIGNED-PAYLOAD');
    expect(verify(unsigned)).toEqual({ ok: true });
    for (const hash of ['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'])
      expect(isPayloadDigest(hash)).toBe(false);
  });

  it('refuses a forged, altered, foreign, stale or malformed signature with S3’s code', async () => {
    const get = await signed(() => signingS3.send(new GetObjectCommand({ Bucket: 'media', Key: 'a.jpg' })));
    const code = (check: ReturnType<typeof verify>) => (check.ok ? 'ok' : check.code);
    expect(code(verify({ ...get, url: get.url.replace('a.jpg', 'b.jpg') }))).toBe('SignatureDoesNotMatch');
    expect(code(verify({ ...get, method: 'DELETE' }))).toBe('SignatureDoesNotMatch');
    const forged = get.headers.authorization!.replace(/Signature=[0-9a-f]+/, `Signature=${'0'.repeat(64)}`);
    expect(code(verify({ ...get, headers: { ...get.headers, authorization: forged } }))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(verify(get, { secret: { accessKeyId: 'local', secretAccessKey: 'guess' } }))).toBe(
      'SignatureDoesNotMatch',
    );
    // The signing key of another scope is not the one just derived for this request's.
    for (const [field, value] of [
      [2, 'us-west-2'],
      [3, 'sqs'],
    ] as const) {
      const scoped = get.headers.authorization!.replace(/Credential=([^,]*)/, (_all, credential: string) => {
        const parts = credential.split('/');
        parts[field] = value;
        return `Credential=${parts.join('/')}`;
      });
      expect(scoped).not.toBe(get.headers.authorization);
      expect(code(verify({ ...get, headers: { ...get.headers, authorization: scoped } }))).toBe(
        'SignatureDoesNotMatch',
      );
    }
    expect(code(verify(get, { secret: { accessKeyId: 'other', secretAccessKey: 'local' } }))).toBe(
      'InvalidAccessKeyId',
    );
    expect(code(verify(get, { now: new Date(Date.now() + 16 * 60_000) }))).toBe('RequestTimeTooSkewed');
    expect(code(verify(get, { payloadHash: sha256('another body') }))).toBe('SignatureDoesNotMatch');
    for (const authorization of ['anything', 'AWS4-HMAC-SHA256 Credential=local', 'Bearer x'])
      expect(code(verify({ ...get, headers: { ...get.headers, authorization } }))).toBe('AccessDenied');
    // An X-Amz-Date of the scope's day that is not a time: no date, an impossible hour or day.
    const day = get.headers['x-amz-date']!.slice(0, 8);
    for (const amzDate of [day, `${day}T246000Z`, `${day}T000060Z`, `${day}T00000Z`, `${day}T000000`])
      expect(code(verify({ ...get, headers: { ...get.headers, 'x-amz-date': amzDate } }))).toBe(
        'AccessDenied',
      );
    const hostUnsigned = get.headers.authorization!.replace(/(SignedHeaders=[^,]*?)\bhost;/, '$1');
    expect(hostUnsigned).not.toBe(get.headers.authorization);
    expect(code(verify({ ...get, headers: { ...get.headers, authorization: hostUnsigned } }))).toBe(
      'AccessDenied',
    );
  });
});
