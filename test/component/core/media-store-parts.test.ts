// The media store against the local stack's S3 emulator (fauxqs, which refuses requests over 11 MiB):
// a body over the part size goes up in parts and comes back byte for byte; a small one in one PUT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_BYTES, S3MediaStore } from '../../../functions/adapters/s3/media-store.ts';
import { type RunningEmulators, startEmulators } from '../../../local/emulators.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const dir = mkdtempSync(path.join(tmpdir(), 'media-store-'));
let emulators: RunningEmulators;
let store: S3MediaStore;

beforeAll(async () => {
  emulators = await startEmulators(dir, credentials);
  const s3 = new S3Client({
    endpoint: emulators.awsEndpoint,
    region: 'ap-southeast-2',
    forcePathStyle: true,
    credentials,
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'media' }));
  store = new S3MediaStore(s3, 'media', 600);
});

afterAll(async () => {
  await emulators?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3MediaStore.put', () => {
  it('stores a 20 MiB video in parts and reads it back byte for byte', async () => {
    const body = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < body.length; i += 4096) body.writeUInt32LE(i, i);
    expect(body.length).toBeGreaterThan(2 * PART_BYTES);
    const stored = await store.put('t/j/clip.mp4', body, 'video/mp4');
    expect(stored).toMatchObject({
      s3_key: 't/j/clip.mp4',
      content_type: 'video/mp4',
      size_bytes: body.length,
    });
    expect((await store.get('t/j/clip.mp4')).equals(body)).toBe(true);
  });

  it('stores a small image in one request', async () => {
    const body = Buffer.from('small');
    await store.put('t/j/a.jpg', body, 'image/jpeg');
    expect((await store.get('t/j/a.jpg')).toString()).toBe('small');
  });
});
