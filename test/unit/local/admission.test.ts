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

  it('serves organizations in turn, and keeps one extra slot for an organization with nothing running', async () => {
    const admission = new Admission(2);
    const order: string[] = [];
    const step = (key: string, label: string) =>
      admission.acquire(key).then(() => {
        order.push(label);
      });
    // Organization A fills the capacity (two downloads hanging, say) and queues four more.
    await step('org-a', 'a0');
    await step('org-a', 'a0b');
    const waits = [1, 2, 3, 4].map((n) => step('org-a', `a${n}`));
    // B has nothing running: its first step starts at once, in the extra slot; its second waits.
    await step('org-b', 'b1');
    waits.push(step('org-b', 'b2'), step('org-c', 'c1'));
    await tick();
    expect(order).toEqual(['a0', 'a0b', 'b1']);
    expect(admission.running).toBe(3);
    expect(admission.queued).toBe(6);
    // Each freed slot goes to the next organization in turn that may start; A's backlog is not first.
    const releaseAndTick = async (key: string) => {
      admission.release(key);
      await tick();
    };
    await releaseAndTick('org-a'); // C runs nothing: it takes the slot
    await releaseAndTick('org-b'); // B's second
    await releaseAndTick('org-c'); // within capacity again (A 1, B 1): nobody starts
    expect(order).toEqual(['a0', 'a0b', 'b1', 'c1', 'b2']);
    await releaseAndTick('org-b');
    await releaseAndTick('org-a');
    await releaseAndTick('org-a');
    await releaseAndTick('org-a');
    await releaseAndTick('org-a');
    await releaseAndTick('org-a');
    await Promise.all(waits);
    expect(order).toEqual(['a0', 'a0b', 'b1', 'c1', 'b2', 'a1', 'a2', 'a3', 'a4']);
    expect(admission.running).toBe(0);
    expect(admission.queued).toBe(0);
  });

  it('never runs more than `capacity` steps of one organization alone', async () => {
    const admission = new Admission(2);
    expect(admission.tryAcquire('org-a')).toBe(true);
    expect(admission.tryAcquire('org-a')).toBe(true);
    expect(admission.tryAcquire('org-a')).toBe(false);
    expect(admission.tryAcquire('org-b')).toBe(true);
    expect(admission.tryAcquire('org-c')).toBe(false);
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
