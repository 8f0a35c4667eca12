// Heavy steps on the local stack wait for capacity, oldest first within an organization and organizations
// in turn (round-robin), and their Task time limit counts from when they run: a step that waits longer
// than its limit for a slot does not time out.
import { describe, expect, it } from 'vitest';
import { Admission } from '../../../local/admission.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Admission', () => {
  it('runs at most `capacity` at once and admits the rest first come, first served', async () => {
    const admission = new Admission(2);
    const order: number[] = [];
    let running = 0;
    let peak = 0;
    const work = async (n: number) => {
      await admission.acquire();
      running += 1;
      peak = Math.max(peak, running);
      order.push(n);
      await tick();
      running -= 1;
      admission.release();
    };
    await Promise.all([1, 2, 3, 4, 5, 6].map(work));
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(admission.running).toBe(0);
    expect(admission.queued).toBe(0);
  });

  it('serves organizations in turn: one backlog of many never stands in front of another organization', async () => {
    const admission = new Admission(1);
    expect(admission.tryAcquire()).toBe(true);
    const order: string[] = [];
    const wait = (key: string, label: string) =>
      admission.acquire(key).then(() => {
        order.push(label);
      });
    // Organization A queues six steps first; B queues two and C one after them.
    const waits = [
      ...[1, 2, 3, 4, 5, 6].map((n) => wait('org-a', `a${n}`)),
      wait('org-b', 'b1'),
      wait('org-b', 'b2'),
      wait('org-c', 'c1'),
    ];
    expect(admission.queued).toBe(9);
    for (let i = 0; i < 9; i += 1) {
      admission.release();
      await tick();
    }
    await Promise.all(waits);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4', 'a5', 'a6']);
    admission.release();
    expect(admission.running).toBe(0);
    expect(admission.queued).toBe(0);
  });

  it('says whether a slot is free without waiting', () => {
    const admission = new Admission(1);
    expect(admission.tryAcquire()).toBe(true);
    expect(admission.tryAcquire()).toBe(false);
    admission.release();
    expect(admission.tryAcquire()).toBe(true);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new Admission(0)).toThrow(/positive integer/);
    expect(() => new Admission(1.5)).toThrow(/positive integer/);
  });
});
