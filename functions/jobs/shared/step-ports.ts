// The ports of job-kind steps: the platform's (job store, media store, job events, clock) plus the
// providers (geocoder, site source, nadir imagery) and the renderer. A step is a plain function of its
// event and the ports it names; its Lambda handler comes from one of the `define…Step` helpers, which
// build the adapters from the stage's environment once per container and hand them over. The provider
// and renderer adapters live in their own modules (provider-ports.ts, renderer-ports.ts), so a step's
// bundle loads sharp or the renderer only when the step uses them.

import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  type WorkflowPorts,
} from '../../core/workflows/step-runtime.ts';
import type { Providers } from '../../media/providers/provider-factory.ts';
import type { Renderer } from '../../media/rendering/renderer.ts';

export interface StepPorts extends WorkflowPorts {
  readonly providers: Providers;
  readonly renderer: Renderer;
}

/** The Lambda handler of a step that needs the platform's ports only (export the raw function too). */
export function defineStep<E extends StepEvent, R>(run: (event: E, ports: WorkflowPorts) => Promise<R>) {
  return stepHandler(run, lambdaWorkflowPorts);
}
