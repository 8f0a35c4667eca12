// Chooses virtual staging's Stager from the stage's environment (STAGER_PROVIDER): offline draws
// furniture in the photo's perspective; bedrock inpaints with the model in BEDROCK_MODEL_ID.
import { ENV, requireEnv } from '../../core/config/env.ts';
import { PromiseCache } from '../../core/promise-cache.ts';
import { BedrockStager } from './bedrock-stager.ts';
import { OfflineStager } from './offline-stager.ts';
import type { Stager } from './stager.ts';

async function buildStager(): Promise<Stager> {
  const provider = requireEnv(ENV.stagerProvider);
  if (provider === 'offline') return new OfflineStager();
  if (provider === 'bedrock') {
    // The Bedrock client is loaded only on stages that use it.
    const { BedrockRuntimeClient, InvokeModelCommand } = await import('@aws-sdk/client-bedrock-runtime');
    const region = requireEnv(ENV.bedrockRegion);
    return new BedrockStager(new BedrockRuntimeClient({ region }), {
      modelId: requireEnv(ENV.bedrockModelId),
      region,
      // The command carries exactly the input it was built from (the SDK's input type is wider).
      command: (input) =>
        new InvokeModelCommand(input) as InstanceType<typeof InvokeModelCommand> & {
          input: typeof input;
        },
    });
  }
  throw new Error(`${ENV.stagerProvider} is '${provider}'; expected offline or bedrock`);
}

/**
 * The stage's Stager; the real one is built on its first call (ports are built synchronously), and built
 * again on a later call when building failed (a setting mended, a module that did not load).
 */
export function stagerFromEnv(): Stager {
  const built = new PromiseCache<'stager', Stager>();
  return {
    get name() {
      return requireEnv(ENV.stagerProvider);
    },
    async stage(request) {
      return (await built.get('stager', buildStager)).stage(request);
    },
  };
}
