import { describe, expect, it } from 'vitest';
import { isUuid, randomBase62, requestId, uuidv7 } from '../../../functions/core/ids.ts';

describe('identifiers', () => {
  it('makes UUIDv7 job ids that sort by creation time', () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000].map((t) => uuidv7(t));
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('recognizes only canonical UUIDs', () => {
    expect(isUuid('00000000-0000-7000-8000-000000000000')).toBe(true);
    for (const bad of [
      '',
      'nope',
      '00000000000070008000000000000000',
      '00000000-0000-7000-8000-00000000000g',
      '../etc/passwd',
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
  });

  it('forms request ids as req_<hex>, reusing a platform id when given', () => {
    expect(requestId('c0ffee00-1234-4abc-9def-000000000001')).toBe('req_c0ffee0012344abc9def000000000001');
    expect(requestId()).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('draws base62 characters uniformly enough', () => {
    const sample = randomBase62(62_000);
    const counts = new Map<string, number>();
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });
});
