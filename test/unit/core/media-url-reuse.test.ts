// Presigned media URLs: a URL signed for an object less than a minute ago (a job polled again) is handed
// out again with its own expiry; later, or for another object, a new one is signed. Presigning is
// offline, so no emulator is needed.
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3MediaStore, urlReuseMs } from '../../../functions/adapters/s3/media-store.ts';

const s3 = new S3Client({
  region: 'ap-southeast-2',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const t0 = new Date('2026-11-25T10:00:00.000Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);
const amzDate = (url: string) => new URL(url).searchParams.get('X-Amz-Date');

describe('S3MediaStore.sign', () => {
  it('hands out the same URL and expiry within the reuse window', async () => {
    const store = new S3MediaStore(s3, 'media', 3600);
    const first = await store.sign('media/o/live/j/a.jpg', t0);
    expect(first.expiresAt).toBe('2026-11-25T11:00:00.000Z');
    const again = await store.sign('media/o/live/j/a.jpg', plus(59_999));
    expect(again).toEqual(first);
  });

  it('signs anew after the window, before its time, and for another object', async () => {
    const store = new S3MediaStore(s3, 'media', 3600);
    const first = await store.sign('media/o/live/j/a.jpg', t0);
    const later = await store.sign('media/o/live/j/a.jpg', plus(60_000));
    expect(amzDate(later.url)).toBe('20261125T100100Z');
    expect(later.expiresAt).toBe('2026-11-25T11:01:00.000Z');
    const earlier = await store.sign('media/o/live/j/a.jpg', plus(-1_000));
    expect(amzDate(earlier.url)).toBe('20261125T095959Z');
    const other = await store.sign('media/o/live/j/b.jpg', t0);
    expect(other.url).not.toBe(first.url);
    expect(new URL(other.url).pathname).toMatch(/b\.jpg$/);
  });

  it('keeps the window to a sixtieth of a short expiry', () => {
    expect(urlReuseMs(3600)).toBe(60_000);
    expect(urlReuseMs(600)).toBe(10_000);
    expect(urlReuseMs(60)).toBe(1_000);
  });
});
