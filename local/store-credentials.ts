// The credentials the local stack's clients sign with and its emulators check: made at random for each
// data directory on its first start, kept in <dataDir>/store-credentials.json (readable by its owner only),
// and read from there by the stack, the keys CLI and tests. Never printed or logged. Fixed, published
// credentials would let any local process sign requests and read every tenant's media.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { SigningCredentials } from './presigned-url-check.ts';

export const STORE_CREDENTIALS_FILE = 'store-credentials.json';

function isCredentials(value: unknown): value is SigningCredentials {
  const v = value as Partial<SigningCredentials> | null;
  return (
    typeof v?.accessKeyId === 'string' &&
    v.accessKeyId !== '' &&
    typeof v.secretAccessKey === 'string' &&
    v.secretAccessKey !== ''
  );
}

/** The data directory's store credentials, made (and written) on the first call for a new directory. */
export function storeCredentials(dataDir: string): SigningCredentials {
  const file = path.join(dataDir, STORE_CREDENTIALS_FILE);
  try {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isCredentials(stored))
      return { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // AWS's shapes: a 20-character access key id, a 40-character secret.
  const made = {
    accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase().slice(0, 15)}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  try {
    // wx: a second process starting on the same new directory keeps the first one's.
    writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return storeCredentials(dataDir);
  }
}
