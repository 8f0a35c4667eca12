// Per-key rate limits and daily quotas, exact under concurrency.
import { describe, expect, it } from 'vitest';
import { call, type Json } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();

/** Start a burst early in a minute (kept from the fixed-window limiter; harmless with a token bucket). */
async function awaitFreshWindow(burstSeconds: number) {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 60 - burstSeconds) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
}

describe('rate limits', () => {
  it('lets 60 of 100 simultaneous requests through on a default live key (one more per second they take)', async () => {
    const org = await newOrganization(stack);
    await stack.admin.setLimits(org.orgId, 60);
    const key = await org.key('live');
    await awaitFreshWindow(20);
    const sent = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => call<Json>(stack.url, 'GET', '/v1/jobs', { key })),
    );
    // The bucket holds 60 and refills one a second: a burst the machine takes over a second to answer
    // (CI, both cores busy) may let one more through for each whole second, never more.
    const refilled = Math.floor((performance.now() - sent) / 1000);
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok.length).toBeGreaterThanOrEqual(60);
    expect(ok.length).toBeLessThanOrEqual(60 + refilled);
    expect(limited).toHaveLength(100 - ok.length);
    for (const r of limited) {
      expect(r.body.error.code).toBe('RATE_LIMITED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    // Each answer counts down from its own moment: the bucket refills one request a second, so on a busy
    // machine, where the hundred requests are handled over more than a second, two may read the same
    // remaining count. Every count is in range and the last admitted request sees the bucket empty.
    const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining[0]).toBe(0);
    expect(remaining.every((n) => n >= 0 && n <= 59)).toBe(true);
    expect(new Set(remaining).size).toBeGreaterThanOrEqual(55 - refilled);
    expect(ok.every((r) => r.headers.get('x-ratelimit-limit') === '60')).toBe(true);
  });

  it('holds test keys to 10 requests a minute whatever the organization limit', async () => {
    const org = await newOrganization(stack, { livePerMinute: 1000 });
    const key = await org.key('test');
    await awaitFreshWindow(10);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => call(stack.url, 'GET', '/v1/jobs', { key })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('counts per key: a second key of the same organization has its own budget', async () => {
    const org = await newOrganization(stack);
    const first = await org.key('test');
    const second = await org.key('test');
    await awaitFreshWindow(10);
    // 15 at once against a bucket of 10 that refills one every 6 s: on a busy machine, where the burst is
    // answered over seconds, a token may come back during it, so the first key is shown spent by its 429s
    // rather than by one more request after the burst.
    const burst = await Promise.all(
      Array.from({ length: 15 }, () => call(stack.url, 'GET', '/v1/jobs', { key: first })),
    );
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(3);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: second })).status).toBe(200);
  });

  it('applies a daily quota with QUOTA_EXCEEDED and a Retry-After to midnight UTC', async () => {
    const org = await newOrganization(stack, { livePerMinute: 100, livePerDay: 5 });
    const key = await org.key('live');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call<Json>(stack.url, 'GET', '/v1/jobs', { key })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    const over = responses.filter((r) => r.status === 429);
    expect(over).toHaveLength(3);
    const now = new Date();
    const toMidnight =
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    for (const r of over) {
      expect(r.body.error.code).toBe('QUOTA_EXCEEDED');
      // The headers describe the limit that was hit: the daily one.
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      expect(Math.abs(Number(r.headers.get('retry-after')) - toMidnight)).toBeLessThan(30);
    }
  });

  it('puts an organization on a staging plan', async () => {
    const org = await newOrganization(stack);
    await stack.admin.setPlan(org.orgId, 'growth');
    const key = await org.key('live');
    const res = await call(stack.url, 'GET', '/v1/jobs', { key });
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
  });
});
