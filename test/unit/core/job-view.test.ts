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

  it('signs nothing for an output without media, and shows a missing output as null', async () => {
    const { signer, signed } = countingSigner();
    expect((await toJobView(job({ bearing: 12 }), signer, now)).output).toEqual({ bearing: 12 });
    expect((await toJobView(job(undefined), signer, now)).output).toBeNull();
    expect(signed).toEqual([]);
  });
});
