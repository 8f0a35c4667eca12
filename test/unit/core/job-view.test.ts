// The job as the API shows it: every stored media reference, however deep, becomes a presigned URL, each
// key signed once; everything else passes through unchanged.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../functions/core/jobs/job.ts';
import { toJobView } from '../../../functions/core/jobs/job-view.ts';
import type { MediaUrlSigner } from '../../../functions/core/media/media-store.ts';

const now = new Date('2026-03-01T10:00:00.000Z');

function job(output: Job['output']): Job {
  return {
    jobId: '0190f5c2-0000-7000-8000-000000000001',
    orgId: 'acme',
    mode: 'test',
    jobType: 'property_frontage',
    status: 'completed',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    progress: { percent: 100, stage: 'completed' },
    input: { address: '1 Example Street' },
    output,
  };
}

function countingSigner() {
  const signed: string[] = [];
  const signer: MediaUrlSigner = {
    sign: async (key, at) => {
      signed.push(key);
      return { url: `https://media.example/${key}?t=${at.getTime()}`, expiresAt: '2026-03-01T11:00:00.000Z' };
    },
  };
  return { signer, signed };
}

describe('toJobView', () => {
  it('signs nested and repeated media once per key and keeps the rest as it was', async () => {
    const { signer, signed } = countingSigner();
    const polygon = Array.from({ length: 500 }, (_, i) => [151 + i / 1e4, -33.8]);
    const view = await toJobView(
      job({
        image: { s3_key: 'a.jpg', width: 10, content_type: 'image/jpeg' },
        frames: [{ s3_key: 'b.jpg' }, { s3_key: 'a.jpg' }],
        boundary: { type: 'Polygon', coordinates: [polygon] },
        note: null,
        count: 3,
      }),
      signer,
      now,
    );
    expect(signed.sort()).toEqual(['a.jpg', 'b.jpg']);
    expect(view.output).toEqual({
      image: {
        url: `https://media.example/a.jpg?t=${now.getTime()}`,
        expires_at: '2026-03-01T11:00:00.000Z',
        width: 10,
        content_type: 'image/jpeg',
      },
      frames: [
        { url: `https://media.example/b.jpg?t=${now.getTime()}`, expires_at: '2026-03-01T11:00:00.000Z' },
        { url: `https://media.example/a.jpg?t=${now.getTime()}`, expires_at: '2026-03-01T11:00:00.000Z' },
      ],
      boundary: { type: 'Polygon', coordinates: [polygon] },
      note: null,
      count: 3,
    });
  });

  it('passes what holds no media on as it is, and leaves the job’s output unchanged', async () => {
    const { signer } = countingSigner();
    const boundary = { type: 'Polygon', coordinates: [[[151, -33.8]]] };
    const frames = [{ width: 1 }, { s3_key: 'b.jpg', width: 2 }, { width: 3 }];
    const output = { boundary, frames, image: { s3_key: 'a.jpg', size: { w: 1, h: 2 } } };
    const stored = structuredClone(output);
    const view = (await toJobView(job(output), signer, now)).output as typeof output;
    expect(output).toEqual(stored);
    // Shared, not copied: the boundary, a frame without media, and what a media file carries.
    expect(view.boundary).toBe(boundary);
    expect(view.frames).not.toBe(frames);
    expect(view.frames[0]).toBe(frames[0]);
    expect(view.frames[2]).toBe(frames[2]);
    expect(view.frames[1]).toEqual({
      url: `https://media.example/b.jpg?t=${now.getTime()}`,
      expires_at: '2026-03-01T11:00:00.000Z',
      width: 2,
    });
    expect(view.image.size).toBe(output.image.size);
    expect(JSON.stringify(view)).not.toContain('s3_key');
  });

  it('signs nothing for an output without media, and shows a missing output as null', async () => {
    const { signer, signed } = countingSigner();
    expect((await toJobView(job({ bearing: 12 }), signer, now)).output).toEqual({ bearing: 12 });
    expect((await toJobView(job(undefined), signer, now)).output).toBeNull();
    expect(signed).toEqual([]);
  });
});

describe('toJobView with renditions', () => {
  it('signs the renditions a media file carries, with fresh URLs on every read', async () => {
    const { signer, signed } = countingSigner();
    const view = await toJobView(
      job({
        image: {
          s3_key: 'media/acme/test/j/still.jpg',
          content_type: 'image/jpeg',
          renditions: {
            portal: {
              s3_key: 'media/acme/test/j/still-portal.jpg',
              content_type: 'image/jpeg',
              source: 'original',
            },
            web: [
              { s3_key: 'media/acme/test/j/still-2048.webp', content_type: 'image/webp', format: 'webp' },
              { s3_key: 'media/acme/test/j/still-2048.avif', content_type: 'image/avif', format: 'avif' },
            ],
          },
        },
      }),
      signer,
      now,
    );
    const image = (view.output as Record<string, Record<string, unknown>>).image!;
    const renditions = image.renditions as Record<string, unknown>;
    expect(image.url).toMatch(/still\.jpg/);
    expect(renditions.portal).toMatchObject({
      url: expect.stringMatching(/still-portal\.jpg/),
      source: 'original',
    });
    expect((renditions.web as Array<Record<string, unknown>>).map((w) => [w.format, typeof w.url])).toEqual([
      ['webp', 'string'],
      ['avif', 'string'],
    ]);
    expect(JSON.stringify(view)).not.toContain('s3_key');
    expect(signed.sort()).toEqual([
      'media/acme/test/j/still-2048.avif',
      'media/acme/test/j/still-2048.webp',
      'media/acme/test/j/still-portal.jpg',
      'media/acme/test/j/still.jpg',
    ]);
  });
});
