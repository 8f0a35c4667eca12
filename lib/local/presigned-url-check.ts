// The local S3 emulator (fauxqs) serves any object to anyone and lists buckets without asking. In AWS a
// media URL works only with a valid, unexpired signature; this check gives the local stack the same
// rule for requests without an Authorization header (browsers, curl, the renderer fetching presigned
// URLs): a SigV4 query signature (the form getSignedUrl produces) must verify, or the request is refused.
// Requests the SDK clients sign in headers are the stack's own and pass.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

export type PresignCheck = { ok: true } | { ok: false; reason: string };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 canonical query strings need it. */
function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Verifies a SigV4 presigned request (AWS's "authenticating requests: using query parameters"):
 * method, path as sent, the query without X-Amz-Signature, the signed headers, UNSIGNED-PAYLOAD.
 */
export function checkPresignedRequest(
  method: string,
  rawUrl: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  credentials: SigningCredentials,
  now: Date,
): PresignCheck {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  const signature = params.get('X-Amz-Signature');
  if (!signature)
    return { ok: false, reason: 'The request is not signed: use the presigned URL the API returned.' };
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return { ok: false, reason: 'Unsupported signing algorithm.' };
  const credential = params.get('X-Amz-Credential') ?? '';
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (
    accessKeyId !== credentials.accessKeyId ||
    !date ||
    !region ||
    !service ||
    terminator !== 'aws4_request'
  )
    return { ok: false, reason: 'The URL was not signed with this stack’s credentials.' };
  const amzDate = params.get('X-Amz-Date') ?? '';
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  const expires = Number(params.get('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires))
    return { ok: false, reason: 'The URL lacks a valid X-Amz-Date or X-Amz-Expires.' };
  if (now.getTime() > signedAt + expires * 1000) return { ok: false, reason: 'The URL has expired.' };

  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalQuery = [...params]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    method.toUpperCase(),
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), service),
    'aws4_request',
  );
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'The URL signature does not match: it was changed or forged.' };
  return { ok: true };
}
