// The local store's credentials: random per data directory, kept there readable by the owner only, the
// same on every later start, and never the published local/local pair.
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_CREDENTIALS_FILE, storeCredentials } from '../../../local/store-credentials.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

/** The directories this file makes, removed when it ends. */
const dir = tempDirs('pms-creds-');

describe('store credentials', () => {
  it('are made at random for a new data directory and kept there for the owner only', () => {
    const a = dir();
    const made = storeCredentials(a);
    expect(made.accessKeyId).toMatch(/^LOCAL[0-9A-F]{15}$/);
    expect(made.secretAccessKey).toHaveLength(40);
    expect(made).not.toEqual({ accessKeyId: 'local', secretAccessKey: 'local' });
    const file = path.join(a, STORE_CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
    // The same on the next start; another directory has its own.
    expect(storeCredentials(a)).toEqual(made);
    expect(storeCredentials(dir()).secretAccessKey).not.toBe(made.secretAccessKey);
  });
});
