import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  hashApiKey,
  KEY_PATTERN,
  keyHint,
  modeOfKey,
} from '../../../functions/core/auth/api-key.ts';

describe('API keys', () => {
  it('generates svc_<mode>_ + 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey('live'));
    for (const key of keys) expect(key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(200);
    expect(generateApiKey('test')).toMatch(/^svc_test_/);
  });

  it('takes the mode from the prefix and refuses anything malformed', () => {
    expect(modeOfKey(`svc_test_${'a'.repeat(32)}`)).toBe('test');
    expect(modeOfKey(`svc_live_${'a'.repeat(32)}`)).toBe('live');
    for (const bad of [
      '',
      'svc_live_',
      `svc_live_${'a'.repeat(31)}`,
      `svc_prod_${'a'.repeat(32)}`,
      `svc_live_${'a'.repeat(31)}!`,
      ` svc_live_${'a'.repeat(32)}`,
    ]) {
      expect(modeOfKey(bad)).toBeUndefined();
      expect(KEY_PATTERN.test(bad)).toBe(false);
    }
  });

  it('hashes deterministically without revealing the key, and hints only prefix and last four', () => {
    const key = generateApiKey('test');
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(9));
    expect(keyHint(key)).toBe(`${key.slice(0, 13)}…${key.slice(-4)}`);
  });
});
