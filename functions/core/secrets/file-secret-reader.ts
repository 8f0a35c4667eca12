// The local stack's adapter of the SecretReader port (secrets.ts): a JSON file of secret name → value.
import { readFile } from 'node:fs/promises';
import type { SecretReader } from './secrets.ts';

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
