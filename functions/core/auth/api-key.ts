// API key format and hashing. Keys are `svc_test_` or `svc_live_` + 40 random base62 characters
// (~238 bits). Only a SHA-256 digest is stored: with that much entropy a fast hash is safe (as GitHub
// and Stripe do), and it keeps the per-request lookup a single keyed read.
import { createHash } from 'node:crypto';
import { randomBase62 } from '../ids.ts';
import type { Mode } from '../jobs/job-types.ts';

export const KEY_PATTERN = /^svc_(test|live)_[0-9A-Za-z]{32,128}$/;
export const KEY_RANDOM_LENGTH = 40;

export function generateApiKey(mode: Mode): string {
  return `svc_${mode}_${randomBase62(KEY_RANDOM_LENGTH)}`;
}

/** The mode a well-formed key selects, or undefined for anything malformed. */
export function modeOfKey(key: string): Mode | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as Mode) : undefined;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What a listing may show of a key: its prefix and last four characters. */
export function keyHint(key: string): string {
  return `${key.slice(0, 13)}…${key.slice(-4)}`;
}

/** Which keys a stage accepts: test and live keys, or live keys only (staging; README "Configuration"). */
export type KeyVariant = 'test-and-live' | 'live-only';

/** What authentication needs of the stage: the keys it accepts and the fixed per-minute limit of test keys. */
export interface AuthSettings {
  readonly keyVariant: KeyVariant;
  readonly testRatePerMinute: number;
}
