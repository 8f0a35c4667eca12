// Media URLs of the local stack behave like S3's: a presigned URL works until it expires, the same object
// without a valid signature (in the URL or the Authorization header) is refused, and the bucket cannot be
// listed.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let mediaUrl: URL;

beforeAll(async () => {
  const key = await (await newOrganization(stack)).key('live');
  const res = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
    key,
    body: { address: '10 Wattle Street, Ultimo NSW 2007' },
  });
  const job = await waitForJob(stack.url, key, res.body.data.job_id);
  expect(job.status).toBe('completed');
  mediaUrl = new URL(job.output.reference_image.url);
});

describe('local media URLs', () => {
  it('serves the object at its presigned URL', async () => {
    const res = await fetch(mediaUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    // As the media bucket's CORS rule: a renderer's page may read it (fetch, WebGL textures).
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses the object without a signature, with a forged one, or under another key', async () => {
    expect((await fetch(new URL(mediaUrl.pathname, mediaUrl.origin))).status).toBe(403);
    const forged = new URL(mediaUrl);
    forged.searchParams.set('X-Amz-Signature', 'f'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
    const other = new URL(mediaUrl);
    other.pathname = other.pathname.replace(/[^/]+$/, 'other.jpg');
    expect((await fetch(other)).status).toBe(403);
  });

  it('refuses an Authorization header that does not verify: it lists, reads and deletes nothing', async () => {
    const date = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const forged = {
      'x-amz-date': date,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      authorization: `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/ap-southeast-2/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
    };
    const object = new URL(mediaUrl.pathname, mediaUrl.origin);
    const bucket = mediaUrl.pathname.split('/')[1]!;
    const listing = await fetch(new URL(`/${bucket}?list-type=2`, mediaUrl.origin), { headers: forged });
    expect(listing.status).toBe(403);
    expect(await listing.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await fetch(object, { headers: forged })).status).toBe(403);
    expect((await fetch(object, { headers: { authorization: 'anything' } })).status).toBe(403);
    expect((await fetch(object, { method: 'DELETE', headers: forged })).status).toBe(403);
    expect((await fetch(mediaUrl)).status).toBe(200);
  });

  it("refuses requests signed with the published local/local pair; the data directory's own credentials list the bucket", async () => {
    const bucket = mediaUrl.pathname.split('/')[1]!;
    const client = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new S3Client({
        region: stack.info.region,
        endpoint: mediaUrl.origin,
        forcePathStyle: true,
        credentials,
      });
    const published = client({ accessKeyId: 'local', secretAccessKey: 'local' });
    await expect(published.send(new ListObjectsV2Command({ Bucket: bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const own = client(storeCredentials(stack.dataDir));
    const listed = await own.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }));
    expect(listed.KeyCount).toBe(1);
    published.destroy();
    own.destroy();
  });

  it('does not list the bucket', async () => {
    const bucket = mediaUrl.pathname.split('/')[1]!;
    const listing = await fetch(new URL(`/${bucket}?list-type=2`, mediaUrl.origin));
    expect(listing.status).toBe(403);
    expect(await listing.text()).not.toContain('<Key>');
    expect((await fetch(new URL('/', mediaUrl.origin))).status).toBe(403);
  });
});
