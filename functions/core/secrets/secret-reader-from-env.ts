// The stage's SecretReader: the local secrets file when SECRETS_FILE is set, else Secrets Manager.
import { ENV, optionalEnv } from '../config/env.ts';
import { FileSecretReader } from './file-secret-reader.ts';
import { onceEach, type SecretReader } from './secrets.ts';

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
