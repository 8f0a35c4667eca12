// The local media check against URLs made by the SDK's own presigner, as the media store makes them.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { checkPresignedRequest } from '../../../lib/local/presigned-url-check.ts';

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
