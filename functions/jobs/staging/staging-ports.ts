// The ports of the virtual staging step: the platform's (job store, media store, events, clock), the
// image fetcher with the stage's download policy and the stage's Stager (STAGER_PROVIDER: offline draws
// furniture in the photo's perspective; bedrock inpaints with the model in BEDROCK_MODEL_ID). Each is
// built once per container, on first use.
import { ENV, requireEnv } from '../../core/config/env.ts';
import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  type WorkflowPorts,
} from '../../core/workflows/step-runtime.ts';
import type { ImageFetcher } from '../../media/images/fetch-image.ts';
import { BedrockStager } from '../../media/staging/bedrock-stager.ts';
import { OfflineStager } from '../../media/staging/offline-stager.ts';
import type { Stager } from '../../media/staging/stager.ts';
import { lambdaImageFetcher } from '../shared/image-ports.ts';

export interface StagingPorts extends WorkflowPorts {
  readonly fetchImage: ImageFetcher;
  readonly stager: Stager;
}

/** The Stager the stage's environment names. The Bedrock client is loaded only when it is used. */
export async function stagerFromEnv(): Promise<Stager> {
  const provider = requireEnv(ENV.stagerProvider);
  if (provider === 'offline') return new OfflineStager();
  if (provider === 'bedrock') {
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

let ports: StagingPorts | undefined;
let stager: Promise<Stager> | undefined;

/** A Stager that builds the real one on its first call (the handler builds its ports synchronously). */
const lazyStager: Stager = {
  get name() {
    return requireEnv(ENV.stagerProvider);
  },
  async stage(request) {
    stager ??= stagerFromEnv();
    return (await stager).stage(request);
  },
};

function lambdaStagingPorts(): StagingPorts {
  if (ports) return ports;
  const platform = lambdaWorkflowPorts();
  ports = Object.defineProperties(Object.create(platform) as StagingPorts, {
    fetchImage: { get: () => lambdaImageFetcher() },
    stager: { value: lazyStager },
  });
  return ports;
}

/** The Lambda handler of a staging step (export the raw function too, for tests). */
export function defineStagingStep<E extends StepEvent, R>(
  run: (event: E, ports: StagingPorts) => Promise<R>,
) {
  return stepHandler(run, lambdaStagingPorts);
}
