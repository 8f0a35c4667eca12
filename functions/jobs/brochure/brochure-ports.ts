// The ports of the brochure slide step: the platform's (job store, media store, events, clock), the
// providers (geocoder and site source for the location slide, nadir imagery for its map), the image
// fetcher with the stage's download policy and the stage's still renderer (local Chromium, or Remotion
// Lambda in AWS). Each is built once per container, on first use.
import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  type WorkflowPorts,
  withLazyPorts,
} from '../../core/workflows/step-runtime.ts';
import type { ImageFetcher } from '../../media/images/fetch-image.ts';
import { type Providers, providersFromEnv } from '../../media/providers/provider-factory.ts';
import type { StillRenderer } from '../../media/rendering/still-renderer.ts';
import { stillRendererFromEnv } from '../../media/rendering/still-renderer-factory.ts';
import { lambdaImageFetcher } from '../shared/image-ports.ts';

export interface BrochureStepPorts extends WorkflowPorts {
  readonly providers: Providers;
  readonly fetchImage: ImageFetcher;
  readonly stillRenderer: StillRenderer;
}

let ports: BrochureStepPorts | undefined;

function lambdaBrochurePorts(): BrochureStepPorts {
  ports ??= withLazyPorts<BrochureStepPorts>(lambdaWorkflowPorts(), {
    providers: providersFromEnv,
    fetchImage: lambdaImageFetcher,
    stillRenderer: stillRendererFromEnv,
  });
  return ports;
}

/** The Lambda handler of the brochure step (export the raw function too, for tests). */
export function defineBrochureStep<E extends StepEvent, R>(
  run: (event: E, ports: BrochureStepPorts) => Promise<R>,
) {
  return stepHandler(run, lambdaBrochurePorts);
}
