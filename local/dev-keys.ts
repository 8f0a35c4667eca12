// The development organization's keys: created on the first start, then read back from the data
// directory (the store holds only hashes, so the plaintext has to live somewhere the developer owns).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AccountStore } from '../functions/core/auth/account-store.ts';
import { hashApiKey } from '../functions/core/auth/api-key.ts';
import type { KeyAdmin } from '../functions/core/auth/key-admin.ts';

const DEV_ORG = 'dev-org';

export interface DevKeys {
  readonly orgId: string;
  readonly test: string;
  readonly live: string;
}

async function stillActive(accounts: AccountStore, orgId: string, key: string): Promise<boolean> {
  const hash = hashApiKey(key);
  const keys = await accounts.listKeys(orgId);
  return keys.some((k) => k.storageKey === `KEY#${hash}` && k.status === 'active');
}

export async function ensureDevKeys(
  dataDir: string,
  admin: KeyAdmin,
  accounts: AccountStore,
): Promise<DevKeys> {
  const file = path.join(dataDir, 'dev-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DevKeys;
    if (
      (await stillActive(accounts, saved.orgId, saved.test)) &&
      (await stillActive(accounts, saved.orgId, saved.live))
    ) {
      return saved;
    }
  }
  const test = await admin.createKey(DEV_ORG, 'test', 'local development (test)');
  const live = await admin.createKey(DEV_ORG, 'live', 'local development (live)');
  const keys = { orgId: DEV_ORG, test: test.key, live: live.key };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
