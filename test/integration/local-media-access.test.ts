// Media URLs of the local stack behave like S3's: a presigned URL works until it expires, the same object
// without a valid signature is refused, and the bucket cannot be listed.
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('does not list the bucket', async () => {
    const bucket = mediaUrl.pathname.split('/')[1]!;
    const listing = await fetch(new URL(`/${bucket}?list-type=2`, mediaUrl.origin));
    expect(listing.status).toBe(403);
    expect(await listing.text()).not.toContain('<Key>');
    expect((await fetch(new URL('/', mediaUrl.origin))).status).toBe(403);
  });
});
