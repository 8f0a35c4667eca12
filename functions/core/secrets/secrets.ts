// Secrets the service reads at run time (a tiles provider's API key): a port, its adapters, and the
// value rules. In AWS a secret lives in Secrets Manager (GetSecretValue; the function's role is granted
// that one secret); on the local stack, where there is no Secrets Manager emulator, in a JSON file the
// engineer writes ({"secret-name": "value"}, SECRETS_FILE). Values are read once per container, never
// logged, never returned, and never put in Step Functions state (only secret names travel there).
import { readFile } from 'node:fs/promises';
import { ENV, optionalEnv } from '../config/env.ts';
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
function onceEach(load: (secretId: string) => Promise<string>): (secretId: string) => Promise<string> {
  const values = new PromiseCache<string, string>();
  return (secretId) => values.get(secretId, () => load(secretId));
}

/** Secret values by id, each read once per container; a failed read is tried again next time. */
export function cachedSecrets(reader: SecretReader): (secretId: string) => Promise<string> {
  return onceEach((secretId) => reader.secretString(secretId).then((raw) => secretValue(raw, secretId)));
}

/** The local stack's adapter: a JSON object of secret name → value in a file outside the repository. */
export class FileSecretReader implements SecretReader {
  constructor(private readonly file: string) {}

  async secretString(secretId: string): Promise<string> {
    let secrets: Record<string, unknown>;
    try {
      secrets = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new Error(
        `secret ${secretId}: the local secrets file ${this.file} could not be read (${(error as Error).message.split('\n')[0]})`,
      );
    }
    const value = secrets[secretId];
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') return JSON.stringify(value);
    throw new Error(`secret ${secretId} is not in the local secrets file ${this.file}`);
  }
}

let stageReader: SecretReader | undefined;

/**
 * The stage's secret reader: the local secrets file when SECRETS_FILE is set, else Secrets Manager. One
 * per container, reading each secret once, so a step that uses a secret itself and through a render port
 * (the drone still step: tile selection, then the render) makes one GetSecretValue call.
 */
export function secretReaderFromEnv(): SecretReader {
  if (!stageReader) {
    const file = optionalEnv(ENV.secretsFile);
    // The SDK client is loaded on the first read: functions that never read a secret (every function
    // of an offline stage) do not pay for it at cold start.
    const adapter: Promise<SecretReader> = file
      ? Promise.resolve(new FileSecretReader(file))
      : import('./secrets-manager.ts').then((m) => m.stageSecretsManager());
    stageReader = {
      secretString: onceEach(async (secretId) => (await adapter).secretString(secretId)),
    };
  }
  return stageReader;
}
