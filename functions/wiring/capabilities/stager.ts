// The stager row's factory: virtual staging's Stager from the stage's variables (STAGER_PROVIDER): offline
// draws furniture in the photo's perspective; bedrock inpaints with the model in BEDROCK_MODEL_ID.
import { PromiseCache } from '../../core/promise-cache.ts';
import { BedrockStager } from '../../media/staging/bedrock-stager.ts';
import { OfflineStager } from '../../media/staging/offline-stager.ts';
import type { Stager } from '../../media/staging/stager.ts';

export interface StagerVariables {
  readonly provider: string | undefined;
  readonly bedrockRegion: string | undefined;
  readonly bedrockModelId: string | undefined;
}

function required(value: string | undefined, variable: string): string {
  if (value === undefined)
    throw new Error(
      `Environment variable ${variable} is not set; the deployment (or local stack) must set it.`,
    );
  return value;
}

async function buildStager(v: StagerVariables): Promise<Stager> {
  const provider = required(v.provider, 'STAGER_PROVIDER');
  if (provider === 'offline') return new OfflineStager();
  if (provider === 'bedrock') {
    // The Bedrock client is loaded only on stages that use it.
    const { BedrockRuntimeClient, InvokeModelCommand } = await import('@aws-sdk/client-bedrock-runtime');
    const region = required(v.bedrockRegion, 'BEDROCK_REGION');
    return new BedrockStager(new BedrockRuntimeClient({ region }), {
      modelId: required(v.bedrockModelId, 'BEDROCK_MODEL_ID'),
      region,
      // The command carries exactly the input it was built from (the SDK's input type is wider).
      command: (input) =>
        new InvokeModelCommand(input) as InstanceType<typeof InvokeModelCommand> & {
          input: typeof input;
        },
    });
  }
  throw new Error(`STAGER_PROVIDER is '${provider}'; expected offline or bedrock`);
}

/**
 * The stage's Stager; the real one is built on its first call (ports are built synchronously), and built
 * again on a later call when building failed (a setting mended, a module that did not load). `v` is read
 * when the stager is built.
 */
export function stageStager(v: StagerVariables): Stager {
  const built = new PromiseCache<'stager', Stager>();
  return {
    get name() {
      return required(v.provider, 'STAGER_PROVIDER');
    },
    async stage(request) {
      return (await built.get('stager', () => buildStager(v))).stage(request);
    },
  };
}
