// The local S3 emulator (fauxqs) serves any object to anyone and lists buckets without asking. In AWS every
// request needs a valid SigV4 signature from known credentials; these checks give the local stack the same
// rule, in both of SigV4's forms:
// - query parameters (checkPresignedRequest): the URLs getSignedUrl makes, which browsers, curl and the
//   renderer fetch; the URL must verify and be unexpired;
// - the Authorization header (checkSignedRequest): the stack's own SDK clients (S3, SQS, DynamoDB, Step
//   Functions, Lambda). A header that merely exists proves nothing: it must verify with the stack's
//   credentials.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** A refusal names S3's error code for it (the emulator answers it as S3 would). */
type PresignCheck =
  | { ok: true }
  | {
      ok: false;
      code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed';
      reason: string;
    };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** S3 refuses a request whose date is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 canonical query strings need it. */
function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A query in SigV4's canonical form (sorted, RFC 3986), X-Amz-Signature left out. */
function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function canonicalHeaders(signedHeaders: readonly string[], headers: Headers): string {
  return signedHeaders
    .map((name) => {
      const value = headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
}

/**
 * The path as signed. S3 signs it as sent; the other services (SQS) sign it normalised and encoded once
 * more, as the SDK's signer does (its uriEscapePath).
 */
function canonicalPath(path: string, service: string): string {
  if (service === 's3') return path;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normalized = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return rfc3986(normalized).replace(/%2F/g, '/');
}

/** 20240102T030405Z → epoch milliseconds (NaN when malformed). */
function parseAmzDate(amzDate: string): number {
  if (!AMZ_DATE.test(amzDate)) return Number.NaN;
  const part = (from: number, to: number) => Number(amzDate.slice(from, to));
  const [year, month, day] = [part(0, 4), part(4, 6), part(6, 8)];
  const [hours, minutes, seconds] = [part(9, 11), part(11, 13), part(13, 15)];
  // Date.UTC rolls an impossible date over (February 30th into March), and reads years below 100 as 19xx.
  if (year < 1970 || month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return Number.NaN;
  const at = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  return new Date(at).getUTCDate() === day ? at : Number.NaN;
}
const AMZ_DATE = /^\d{8}T\d{6}Z$/;

/** The signature of the canonical request under these credentials and scope. */
function signatureOf(
  canonicalRequest: string,
  amzDate: string,
  scope: { date: string; region: string; service: string },
  credentials: SigningCredentials,
): Buffer {
  const { date, region, service } = scope;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${date}/${region}/${service}/aws4_request`,
    sha256(canonicalRequest),
  ].join('\n');
  return createHmac('sha256', signingKey(credentials.secretAccessKey, date, region, service))
    .update(stringToSign, 'utf8')
    .digest();
}

/** Derived signing keys by secret, day, region and service: a day's key is the same for every request. */
const signingKeys = new Map<string, Buffer>();

/** The SigV4 signing key: four HMACs, derived once per secret, day, region and service. */
function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const id = `${date}\n${region}\n${service}\n${secret}`;
  let key = signingKeys.get(id);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
    // Keys of days gone by are never asked for again; a day, a few services and one secret stay small.
    if (signingKeys.size >= 64) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** Whether `signature` (hex) is the signature of the canonical request, compared in constant time. */
function signatureMatches(
  signature: string,
  canonicalRequest: string,
  amzDate: string,
  scope: { date: string; region: string; service: string },
  credentials: SigningCredentials,
): boolean {
  const expected = signatureOf(canonicalRequest, amzDate, scope, credentials);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Verifies a SigV4 presigned request (AWS's "authenticating requests: using query parameters"):
 * method, path as sent, the query without X-Amz-Signature, the signed headers, UNSIGNED-PAYLOAD.
 */
export function checkPresignedRequest(
  method: string,
  rawUrl: string,
  headers: Headers,
  credentials: SigningCredentials,
  now: Date,
): PresignCheck {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  const signature = params.get('X-Amz-Signature');
  if (!signature)
    return {
      ok: false,
      code: 'AccessDenied',
      reason: 'The request is not signed: use the presigned URL the API returned.',
    };
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return { ok: false, code: 'AccessDenied', reason: 'Unsupported signing algorithm.' };
  const credential = params.get('X-Amz-Credential') ?? '';
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (
    accessKeyId !== credentials.accessKeyId ||
    !date ||
    !region ||
    !service ||
    terminator !== 'aws4_request'
  )
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      reason: 'The URL was not signed with this stack’s credentials.',
    };
  const amzDate = params.get('X-Amz-Date') ?? '';
  const signedAt = parseAmzDate(amzDate);
  const expires = Number(params.get('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires))
    return { ok: false, code: 'AccessDenied', reason: 'The URL lacks a valid X-Amz-Date or X-Amz-Expires.' };
  if (now.getTime() > signedAt + expires * 1000)
    return { ok: false, code: 'AccessDenied', reason: 'The URL has expired.' };

  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const canonicalRequest = [
    method.toUpperCase(),
    path,
    canonicalQuery(params),
    canonicalHeaders(signedHeaders, headers),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  if (!signatureMatches(signature, canonicalRequest, amzDate, { date, region, service }, credentials))
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      reason: 'The URL signature does not match: it was changed or forged.',
    };
  return { ok: true };
}

/**
 * The payload hash a header-signed request was signed with: its x-amz-content-sha256 (S3 always sends
 * one: a hex digest, UNSIGNED-PAYLOAD, or a STREAMING-… value for aws-chunked uploads), else the SHA-256
 * of the body, which the caller must then compute (SQS and SNS send no header).
 */
export function declaredPayloadHash(headers: Headers): string | undefined {
  const value = headers['x-amz-content-sha256'];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a declared payload hash is a digest the body must match (not UNSIGNED-PAYLOAD or STREAMING-…). */
export function isPayloadDigest(hash: string): boolean {
  return /^[0-9a-f]{64}$/.test(hash);
}

/** The canonical request of a header-signed request (AWS SigV4). */
function headerCanonicalRequest(
  method: string,
  rawUrl: string,
  headers: Headers,
  signedHeaders: readonly string[],
  service: string,
  payloadHash: string,
): string {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  return [
    method.toUpperCase(),
    canonicalPath(path, service),
    canonicalQuery(new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1))),
    canonicalHeaders(signedHeaders, headers),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

/**
 * The Authorization header of a request signed again over `payloadHash`, with its own credential scope
 * and signed headers: for a local pass-through that changes a body it forwards (the cost benchmark's
 * counting proxy), which holds the stack's credentials. Undefined when the request carries no signature.
 */
export function signedAgain(
  method: string,
  rawUrl: string,
  headers: Headers,
  payloadHash: string,
  credentials: SigningCredentials,
): string | undefined {
  const authorization = String(headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 (.*)$/.exec(authorization);
  if (!match) return undefined;
  const fields = new Map(
    match[1]!.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const credential = fields.get('Credential') ?? '';
  const [, date, region, service] = credential.split('/');
  const signedHeaders = (fields.get('SignedHeaders') ?? '').split(';').filter(Boolean);
  if (!date || !region || !service) return undefined;
  const canonicalRequest = headerCanonicalRequest(
    method,
    rawUrl,
    headers,
    signedHeaders,
    service,
    payloadHash,
  );
  const signature = signatureOf(
    canonicalRequest,
    String(headers['x-amz-date'] ?? ''),
    { date, region, service },
    credentials,
  ).toString('hex');
  return `AWS4-HMAC-SHA256 Credential=${credential}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
}

/**
 * Verifies a request signed in its Authorization header (AWS's "authenticating requests: using the
 * Authorization header"): AWS4-HMAC-SHA256 with these credentials, Host among the signed headers, an
 * X-Amz-Date within 15 minutes of `now`, and the signature over method, path, query, signed headers and
 * `payloadHash` (declaredPayloadHash, or the body's SHA-256). Chunk signatures of an aws-chunked upload
 * are not checked: the SDK sends its uploads unsigned-streaming (STREAMING-UNSIGNED-PAYLOAD-TRAILER).
 */
export function checkSignedRequest(
  method: string,
  rawUrl: string,
  headers: Headers,
  payloadHash: string,
  credentials: SigningCredentials,
  now: Date,
): PresignCheck {
  const authorization = String(headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 (.*)$/.exec(authorization);
  if (!match)
    return {
      ok: false,
      code: 'AccessDenied',
      reason: 'The Authorization header is not an AWS4-HMAC-SHA256 signature.',
    };
  const fields = new Map(
    match[1]!.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const [accessKeyId, date, region, service, terminator] = (fields.get('Credential') ?? '').split('/');
  const signedHeaders = (fields.get('SignedHeaders') ?? '').split(';').filter(Boolean);
  const signature = fields.get('Signature') ?? '';
  if (!date || !region || !service || terminator !== 'aws4_request' || !signature)
    return { ok: false, code: 'AccessDenied', reason: 'The Authorization header is malformed.' };
  if (accessKeyId !== credentials.accessKeyId)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      reason: 'The request was not signed with this stack’s credentials.',
    };
  if (!signedHeaders.includes('host'))
    return { ok: false, code: 'AccessDenied', reason: 'The Host header must be signed.' };
  const amzDate = String(headers['x-amz-date'] ?? '');
  const signedAt = parseAmzDate(amzDate);
  if (!Number.isFinite(signedAt) || !amzDate.startsWith(date))
    return {
      ok: false,
      code: 'AccessDenied',
      reason: 'The request lacks an X-Amz-Date of its credential scope’s day.',
    };
  if (Math.abs(now.getTime() - signedAt) > MAX_CLOCK_SKEW_MS)
    return {
      ok: false,
      code: 'RequestTimeTooSkewed',
      reason: 'The request time is too far from the server time.',
    };

  const canonicalRequest = headerCanonicalRequest(
    method,
    rawUrl,
    headers,
    signedHeaders,
    service,
    payloadHash,
  );
  if (!signatureMatches(signature, canonicalRequest, amzDate, { date, region, service }, credentials))
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      reason: 'The request signature we calculated does not match the signature you provided.',
    };
  return { ok: true };
}
