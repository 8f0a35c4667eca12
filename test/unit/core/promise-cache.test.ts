// One promise per key for the process; a rejected one is forgotten so the next call tries again.
import { describe, expect, it } from 'vitest';
import { PromiseCache } from '../../../functions/core/promise-cache.ts';

describe('PromiseCache', () => {
  it('makes each key once and hands the same promise out again', async () => {
    const cache = new PromiseCache<string, number>();
    let made = 0;
    const make = async () => ++made;
    const first = cache.get('a', make);
    expect(cache.get('a', make)).toBe(first);
    expect(await first).toBe(1);
    expect(await cache.get('b', make)).toBe(2);
  });

  it('forgets a rejected promise, so the next call makes it again', async () => {
    const cache = new PromiseCache<string, string>();
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('drains what it holds', async () => {
    const cache = new PromiseCache<string, string>();
    void cache.get('x', async () => 'x');
    expect(await Promise.all(cache.drain())).toEqual(['x']);
    expect(cache.drain()).toEqual([]);
  });
});
