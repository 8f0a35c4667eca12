// Seeded randomness: known FNV-1a values, a stable stream for a seed, and draws inside their bounds.
import { describe, expect, it } from 'vitest';
import { fnv1a, hashNumbers, mulberry32, SeededRandom } from '../../../functions/domain/random.ts';

describe('seeded randomness', () => {
  it('hashes strings with 32-bit FNV-1a', () => {
    // Reference values of the FNV-1a 32-bit test suite.
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes numbers to the centimetre', () => {
    expect(hashNumbers(1.001, 2)).toBe(hashNumbers(1.0, 2));
    expect(hashNumbers(1.01, 2)).not.toBe(hashNumbers(1.0, 2));
  });

  it('repeats a stream for a seed and differs between seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const v of first) expect(v >= 0 && v < 1).toBe(true);
  });

  it('draws within bounds and shuffles without losing items', () => {
    const rng = new SeededRandom(7);
    for (let i = 0; i < 200; i++) {
      const n = rng.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
    expect(rng.shuffled([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rng.weighted([['only', 1]])).toBe('only');
  });
});
