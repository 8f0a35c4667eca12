import { describe, expect, it } from 'vitest';
import {
  ACTIVE_MS,
  followedOrganizations,
  HEAVY_HOLD_MS,
  HEAVY_STEPS,
  organizationOf,
  ThreadHomes,
} from '../../../local/thread-homes.ts';

/** Two normal threads (0, 1) and two bulk threads (2, 3), on a clock the test moves. */
function homes(normal = 2, bulk = 2) {
  const clock = { now: 0 };
  return { clock, homes: new ThreadHomes(normal, bulk, () => clock.now) };
}

describe('ThreadHomes', () => {
  it('lays out the normal threads first, then the bulk threads', () => {
    expect(homes(2, 1).homes.kinds()).toEqual(['normal', 'normal', 'bulk']);
    expect(() => new ThreadHomes(0, 1)).toThrow(/normal must be a positive integer/);
    expect(() => new ThreadHomes(1, 0)).toThrow(/bulk must be a positive integer/);
  });

  it('keeps a light organization on its home thread, and gives a newcomer a thread of its own', () => {
    const { homes: h, clock } = homes();
    const b = h.start('B');
    expect(b).toBeLessThan(2);
    h.finished(b, 'B');
    clock.now += 3_000;
    // Still B's home, though both normal threads are idle now.
    expect(h.start('B')).toBe(b);
    // A newcomer takes the other normal thread, not B's.
    const a = h.start('A');
    expect(a).not.toBe(b);
    expect(a).toBeLessThan(2);
    expect(h.activeOn(b)).toEqual(['B']);
  });

  it('lets a home go once its organization has been idle for ACTIVE_MS', () => {
    const { homes: h, clock } = homes(2, 1);
    const b = h.start('B');
    h.finished(b, 'B');
    const c = h.start('C');
    h.finished(c, 'C');
    expect(c).not.toBe(b);
    clock.now += ACTIVE_MS + 1;
    expect(h.activeOn(b)).toEqual([]);
    expect(h.activeOn(c)).toEqual([]);
  });

  it(`sends an organization with ${HEAVY_STEPS} steps at once to the bulk threads, and keeps it there for a while`, () => {
    const { homes: h, clock } = homes();
    const first = Array.from({ length: HEAVY_STEPS - 1 }, () => h.start('A'));
    for (const index of first) expect(index).toBeLessThan(2);
    expect(h.isHeavy('A')).toBe(false);
    const third = h.start('A');
    expect(third).toBeGreaterThanOrEqual(2);
    expect(h.isHeavy('A')).toBe(true);
    // A light organization never lands on a bulk thread, and no longer shares a normal thread with A.
    const b = h.start('B');
    expect(b).toBeLessThan(2);
    // Every step of A's ends; A stays heavy for HEAVY_HOLD_MS after it last had that many running.
    h.finished(third, 'A');
    for (const index of first) h.finished(index, 'A');
    clock.now += HEAVY_HOLD_MS - 1;
    expect(h.start('A')).toBeGreaterThanOrEqual(2);
    clock.now += 2;
    // The hold has passed and A runs one step: light again.
    expect(h.isHeavy('A')).toBe(false);
  });

  it('becomes light again once the hold has passed and it runs fewer steps', () => {
    const { homes: h, clock } = homes();
    const started = Array.from({ length: HEAVY_STEPS }, () => h.start('A'));
    for (const [i, index] of started.entries()) if (i < HEAVY_STEPS - 1) h.finished(index, 'A');
    h.finished(started.at(-1)!, 'A');
    clock.now += HEAVY_HOLD_MS + 1;
    expect(h.isHeavy('A')).toBe(false);
    expect(h.start('A')).toBeLessThan(2);
  });

  it('spreads heavy organizations over the bulk threads, least busy first', () => {
    const { homes: h } = homes(1, 2);
    const steps = Array.from({ length: HEAVY_STEPS + 3 }, () => h.start('A'));
    const onBulk = steps.slice(HEAVY_STEPS - 1);
    expect(new Set(onBulk)).toEqual(new Set([1, 2]));
    const counts = [1, 2].map((i) => onBulk.filter((x) => x === i).length);
    expect(Math.abs(counts[0]! - counts[1]!)).toBeLessThanOrEqual(1);
  });

  it('sends work of no organization to the least busy bulk thread, and gives it no home', () => {
    const { homes: h } = homes(2, 2);
    expect(h.start('')).toBe(2);
    expect(h.start('')).toBe(3);
    expect(h.start('')).toBe(2);
    expect(h.isHeavy('')).toBe(false);
    expect([0, 1, 2, 3].flatMap((i) => h.activeOn(i))).toEqual([]);
    // A light organization still gets a normal thread.
    expect(h.start('B')).toBeLessThan(2);
  });

  it('shares the normal threads when there are more light organizations than threads', () => {
    const { homes: h } = homes(2, 1);
    const picks = ['A', 'B', 'C', 'D'].map((o) => h.start(o));
    expect(picks.every((i) => i < 2)).toBe(true);
    expect(h.activeOn(0).length).toBe(2);
    expect(h.activeOn(1).length).toBe(2);
  });

  it("runs work that follows a light organization's jobs on a normal thread, without counting it as a step", () => {
    const { homes: h } = homes(2, 1);
    const b = h.start('B');
    // More deliveries of B's at once than make an organization heavy: B's home, and B stays light.
    const deliveries = Array.from({ length: HEAVY_STEPS + 1 }, () => h.follow(['B']));
    expect(new Set(deliveries)).toEqual(new Set([b]));
    expect(h.isHeavy('B')).toBe(false);
    for (const index of deliveries) h.followed(index);
    // A light organization with no home yet: a normal thread, and none becomes its home.
    expect(h.follow(['C'])).toBeLessThan(2);
    expect([0, 1].flatMap((i) => h.activeOn(i))).toEqual(['B']);
  });

  it("runs work that follows only heavy organizations' jobs, or none, on the bulk thread", () => {
    const { homes: h } = homes(2, 1);
    for (let i = 0; i < HEAVY_STEPS; i++) h.start('A');
    expect(h.follow(['A'])).toBe(2);
    expect(h.follow([])).toBe(2);
    // A batch that also follows a light organization's job does not wait at the bulk thread's priority.
    expect(h.follow(['A', 'B'])).toBeLessThan(2);
  });
});

describe('organizationOf and followedOrganizations', () => {
  const job = { job_id: 'j', org_id: 'org_a', mode: 'test' };
  it("names a step's job, a ping's tenant and a range resend's organization, with the mode", () => {
    expect(organizationOf({ job })).toBe('org_a#test');
    expect(organizationOf({ tenant: { org_id: 'org_b', mode: 'live' } })).toBe('org_b#live');
    expect(organizationOf({ resend: { id: 'r', org_id: 'org_c', mode: 'test' } })).toBe('org_c#test');
    expect(organizationOf({})).toBe('');
    expect(organizationOf(null)).toBe('');
  });

  it("reads a webhook batch's messages and a status change's execution input", () => {
    const batch = {
      Records: [
        { body: JSON.stringify({ event_id: 'e1', job }) },
        { body: JSON.stringify({ event_id: 'e2', job }) },
        { body: JSON.stringify({ event_id: 'e3', tenant: { org_id: 'org_b', mode: 'live' } }) },
        { body: 'not JSON' },
      ],
    };
    expect(followedOrganizations(batch)).toEqual(['org_a#test', 'org_b#live']);
    const statusChange = {
      'detail-type': 'Step Functions Execution Status Change',
      detail: { status: 'FAILED', input: JSON.stringify({ job }) },
    };
    expect(followedOrganizations(statusChange)).toEqual(['org_a#test']);
    expect(followedOrganizations({ detail: {} })).toEqual([]);
    // A schedule's event names no organization (the sweepers).
    expect(followedOrganizations({ source: 'aws.events', 'detail-type': 'Scheduled Event' })).toEqual([]);
  });
});
