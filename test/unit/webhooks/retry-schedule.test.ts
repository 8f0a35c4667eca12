import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  describeRetrySchedule,
  MAX_RETRY_AFTER_SECONDS,
  nextDelaySeconds,
  parseRetryAfter,
  SQS_MAX_DELAY_SECONDS,
  sqsDelayChunks,
} from '../../../functions/core/webhooks/retry-schedule.ts';

// random() = 0.5 means no jitter; 0 and 1 are the -10% and +10% extremes.
const noJitter = { random: () => 0.5 };

describe('the default retry schedule', () => {
  it('is immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(Object.isFrozen(DEFAULT_RETRY_SCHEDULE_SECONDS)).toBe(true);
  });

  it('makes 8 attempts in total: attempt n+1 waits schedule[n] after attempt n fails', () => {
    const waits: number[] = [];
    let attempt = 1; // the initial attempt, made with schedule[0] = 0 delay
    for (;;) {
      const delay = nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, attempt, noJitter);
      if (delay === null) break;
      waits.push(delay);
      attempt += 1;
    }
    expect(attempt).toBe(8);
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    // About 27.6 hours from the first attempt to the last.
    expect(waits.reduce((a, b) => a + b, 0)).toBe(99_305);
  });

  it('has nothing left after the last attempt', () => {
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 8)).toBeNull();
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 9)).toBeNull();
    expect(nextDelaySeconds([0], 1)).toBeNull();
    expect(nextDelaySeconds([0, 60], 1, noJitter)).toBe(60);
  });

  it('rejects attempt numbers that are not 1-based integers', () => {
    expect(() => nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 0)).toThrow(RangeError);
    expect(() => nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 1.5)).toThrow(RangeError);
    expect(() => nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, -1)).toThrow(RangeError);
  });
});

describe('jitter', () => {
  it('stays within ±10% of the scheduled delay', () => {
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 3, { random: () => 0 })).toBe(1620);
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 3, { random: () => 0.999999 })).toBe(1980);
    for (let i = 0; i < 500; i += 1) {
      const delay = nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 6)!;
      expect(delay).toBeGreaterThanOrEqual(32_400);
      expect(delay).toBeLessThanOrEqual(39_600);
      expect(Number.isInteger(delay)).toBe(true);
    }
  });

  it('spreads deliveries that failed together', () => {
    const delays = new Set(
      Array.from({ length: 50 }, () => nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 4)),
    );
    expect(delays.size).toBeGreaterThan(10);
  });

  it('never goes below zero', () => {
    expect(nextDelaySeconds([0, 0, 1], 1, { random: () => 0 })).toBe(0);
    expect(nextDelaySeconds([0, 1], 1, { random: () => 0 })).toBeGreaterThanOrEqual(0);
  });
});

describe('Retry-After', () => {
  it('raises the delay when the receiver asks for longer', () => {
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 1, { ...noJitter, retryAfterSeconds: 120 })).toBe(
      120,
    );
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 1, { ...noJitter, retryAfterSeconds: 7.2 })).toBe(
      8,
    );
  });

  it('never shortens the schedule', () => {
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 3, { ...noJitter, retryAfterSeconds: 10 })).toBe(
      1800,
    );
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 3, { ...noJitter, retryAfterSeconds: 0 })).toBe(
      1800,
    );
  });

  it('is capped at 24 hours', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(86_400);
    expect(
      nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 2, { ...noJitter, retryAfterSeconds: 7 * 86_400 }),
    ).toBe(86_400);
    expect(
      nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 2, {
        ...noJitter,
        retryAfterSeconds: Number.POSITIVE_INFINITY,
      }),
    ).toBe(300);
  });

  it('does not add attempts beyond the schedule', () => {
    expect(nextDelaySeconds(DEFAULT_RETRY_SCHEDULE_SECONDS, 8, { retryAfterSeconds: 60 })).toBeNull();
  });
});

describe('sqsDelayChunks', () => {
  it('fits short delays into a single SQS DelaySeconds', () => {
    expect(sqsDelayChunks(0)).toEqual({ now: 0, remaining: 0 });
    expect(sqsDelayChunks(5)).toEqual({ now: 5, remaining: 0 });
    expect(sqsDelayChunks(900)).toEqual({ now: 900, remaining: 0 });
  });

  it('chains longer delays through re-enqueueing', () => {
    expect(SQS_MAX_DELAY_SECONDS).toBe(900);
    expect(sqsDelayChunks(901)).toEqual({ now: 900, remaining: 1 });
    expect(sqsDelayChunks(1800)).toEqual({ now: 900, remaining: 900 });
    // A 10-hour wait takes 40 hops, each within the SQS limit, adding up exactly.
    let remaining = 36_000;
    let hops = 0;
    let total = 0;
    while (remaining > 0) {
      const chunk = sqsDelayChunks(remaining);
      expect(chunk.now).toBeLessThanOrEqual(900);
      total += chunk.now;
      remaining = chunk.remaining;
      hops += 1;
    }
    expect(hops).toBe(40);
    expect(total).toBe(36_000);
  });

  it('uses whole seconds, never negative', () => {
    expect(sqsDelayChunks(4.2)).toEqual({ now: 5, remaining: 0 });
    expect(sqsDelayChunks(-3)).toEqual({ now: 0, remaining: 0 });
    expect(() => sqsDelayChunks(Number.NaN)).toThrow(RangeError);
    expect(() => sqsDelayChunks(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2025-03-04T05:06:07Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('86400', now)).toBe(86_400);
  });

  it('reads the three HTTP-date forms as GMT', () => {
    expect(parseRetryAfter('Tue, 04 Mar 2025 05:08:07 GMT', now)).toBe(120);
    expect(parseRetryAfter('Tuesday, 04-Mar-25 06:06:07 GMT', now)).toBe(3600);
    expect(parseRetryAfter('Tue Mar  4 05:06:37 2025', now)).toBe(30);
    expect(parseRetryAfter('Wed, 05 Mar 2025 05:06:07 GMT', now)).toBe(86_400);
  });

  it('rounds partial seconds up and treats past dates as now', () => {
    expect(parseRetryAfter('Tue, 04 Mar 2025 05:06:08 GMT', new Date('2025-03-04T05:06:07.250Z'))).toBe(1);
    expect(parseRetryAfter('Mon, 03 Mar 2025 05:06:07 GMT', now)).toBe(0);
  });

  it('ignores absent or malformed values', () => {
    for (const value of [
      null,
      '',
      '-5',
      '1.5',
      'soon',
      '1e3',
      '2025-03-04T05:08:07Z',
      'Tue, 04 Mar 2025 05:08:07 PST',
      'Tue, 31 Feb 2025 05:08:07 GMT',
      'Tue, 04 Mar 2025 25:08:07 GMT',
      '99999999999999999999999',
    ]) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});

describe('the documented retry schedule', () => {
  it('says exactly what the code does (no immediate retry the code does not make)', () => {
    const text = describeRetrySchedule(DEFAULT_RETRY_SCHEDULE_SECONDS);
    expect(text).toBe(
      'attempt 1 is immediate, attempt 2 follows after 5 s, then 5 min, 30 min, 2 h, 5 h, 10 h and 10 h — 8 attempts over about 27.6 hours',
    );
    const docs = readFileSync(new URL('../../../docs/readme/hardening.md', import.meta.url), 'utf8');
    expect(docs.replace(/\s+/g, ' ')).toContain(text);
  });
});
