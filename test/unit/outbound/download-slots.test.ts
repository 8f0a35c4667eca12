// The per-organization bound on downloads in one process: one organization's hanging URLs hold at most
// DOWNLOADS_PER_ORGANIZATION downloads, and another organization's download starts at once.
import { describe, expect, it } from 'vitest';
import {
  boundedDownload,
  DOWNLOADS_PER_ORGANIZATION,
  forOrganization,
  KeyedSlots,
} from '../../../functions/core/outbound/download-slots.ts';

describe('downloads per organization', () => {
  it('holds one organization to its bound while another organization downloads at once', async () => {
    let releaseHanging = () => {};
    const hanging = new Promise<void>((resolve) => {
      releaseHanging = resolve;
    });
    let runningA = 0;
    let peakA = 0;
    const downloadA = () =>
      forOrganization('org-a#live', () =>
        boundedDownload(async () => {
          runningA += 1;
          peakA = Math.max(peakA, runningA);
          await hanging;
          runningA -= 1;
        }),
      );
    const all = Array.from({ length: 10 }, downloadA);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runningA).toBe(DOWNLOADS_PER_ORGANIZATION);
    // B is not behind A's hanging downloads.
    const b = await forOrganization('org-b#live', () => boundedDownload(async () => 'b done'));
    expect(b).toBe('b done');
    releaseHanging();
    await Promise.all(all);
    expect(peakA).toBe(DOWNLOADS_PER_ORGANIZATION);
    expect(runningA).toBe(0);
  });

  it('gives the slot back when a download fails, and serves a key oldest first', async () => {
    const slots = new KeyedSlots(1);
    const order: number[] = [];
    const failing = slots.run('k', async () => {
      throw new Error('timeout');
    });
    const next = [1, 2, 3].map((n) =>
      slots.run('k', async () => {
        order.push(n);
      }),
    );
    await expect(failing).rejects.toThrow('timeout');
    await Promise.all(next);
    expect(order).toEqual([1, 2, 3]);
    expect(slots.running('k')).toBe(0);
  });
});
