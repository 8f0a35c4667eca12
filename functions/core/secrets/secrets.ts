// Secrets the service reads at run time (a tiles provider's API key): the port and the value rules. In AWS
// a secret lives in Secrets Manager (functions/adapters/secrets-manager.ts: GetSecretValue; the function's role is granted
// that one secret); on the local stack, where there is no Secrets Manager emulator, in a JSON file the
// engineer writes ({"secret-name": "value"}, SECRETS_FILE: file-secret-reader.ts); secret-reader-from-env.ts
// picks one. Values are read once per container, never logged, never returned, and never put in Step
// Functions state (only secret names travel there).
import { PromiseCache } from '../promise-cache.ts';

/** Port: reads one secret's string value. */
export interface SecretReader {
  secretString(secretId: string): Promise<string>;
}

/**
 * A secret's usable value: the string itself (trimmed), or its `apiKey` field when the secret is JSON
 * (the shape the Secrets Manager console's key/value editor writes). Empty or malformed values throw,
 * naming the secret but never quoting it.
 */
export function secretValue(raw: string, secretId: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{')) {
    let key: unknown;
    try {
      key = (JSON.parse(trimmed) as { apiKey?: unknown }).apiKey;
    } catch {
      throw new Error(`secret ${secretId} is not valid JSON`);
    }
    if (typeof key !== 'string' || key === '') throw new Error(`secret ${secretId} has no "apiKey" string`);
    return key;
  }
  if (trimmed === '') throw new Error(`secret ${secretId} is empty`);
  return trimmed;
}

/** `load` once per id; a failed load is tried again next time. */
export function onceEach(load: (secretId: string) => Promise<string>): (secretId: string) => Promise<string> {
  const values = new PromiseCache<string, string>();
  return (secretId) => values.get(secretId, () => load(secretId));
}

/** Secret values by id, each read once per container; a failed read is tried again next time. */
export function cachedSecrets(reader: SecretReader): (secretId: string) => Promise<string> {
  return onceEach((secretId) => reader.secretString(secretId).then((raw) => secretValue(raw, secretId)));
}
