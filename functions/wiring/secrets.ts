// The stage's SecretReader: the local secrets file when SECRETS_FILE is set (the local stack), else
// Secrets Manager.
import { FileSecretReader } from '../core/secrets/file-secret-reader.ts';
import { onceEach, type SecretReader } from '../core/secrets/secrets.ts';

let stageReader: SecretReader | undefined;

/**
 * One per container, reading each secret once, so a step that uses a secret itself and through a render
 * port (the drone still step: tile selection, then the render) makes one GetSecretValue call.
 */
export function stageSecretReader(secretsFile: string | undefined): SecretReader {
  if (!stageReader) {
    // The SDK client is loaded on the first read: functions that never read a secret (every function
    // of an offline stage) do not pay for it at cold start.
    const adapter: Promise<SecretReader> = secretsFile
      ? Promise.resolve(new FileSecretReader(secretsFile))
      : import('../adapters/secrets-manager.ts').then((m) => m.stageSecretsManager());
    stageReader = {
      secretString: onceEach(async (secretId) => (await adapter).secretString(secretId)),
    };
  }
  return stageReader;
}
