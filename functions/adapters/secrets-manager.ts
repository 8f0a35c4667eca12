// The cloud adapter of the SecretReader port (secrets.ts): Secrets Manager's GetSecretValue. Its own
// module, loaded on the first secret read, so the SDK client costs nothing at cold start elsewhere.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { tracedClient } from '../core/observability.ts';
import type { SecretReader } from '../core/secrets/secrets.ts';

/** The cloud adapter: Secrets Manager's GetSecretValue (the secret's name or ARN). */
export class SecretsManagerReader implements SecretReader {
  constructor(private readonly client: Pick<SecretsManagerClient, 'send'>) {}

  async secretString(secretId: string): Promise<string> {
    let output: { SecretString?: string };
    try {
      output = await this.client.send(new GetSecretValueCommand({ SecretId: secretId }));
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'Error';
      throw new Error(
        `secret ${secretId} could not be read from Secrets Manager (${name}): check that it exists in this region and that the function's role may read it`,
      );
    }
    if (output.SecretString === undefined)
      throw new Error(`secret ${secretId} has no string value (binary secrets are not supported)`);
    return output.SecretString;
  }
}

/** The adapter with the stage's client (region and credentials from the function's environment). */
export function stageSecretsManager(): SecretsManagerReader {
  return new SecretsManagerReader(tracedClient(new SecretsManagerClient({})));
}
