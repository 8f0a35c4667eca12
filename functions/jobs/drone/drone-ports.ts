// The ports of the drone render steps: the platform's (job store, media store, events, clock) and the
// stage's still renderer (local Chromium in the machine's render queue, or Remotion Lambda in AWS),
// built once per container on first use.
import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  type WorkflowPorts,
  withLazyPorts,
} from '../../core/workflows/step-runtime.ts';
import type { StillRenderer } from '../../media/rendering/still-renderer.ts';
import { stillRendererFromEnv } from '../../media/rendering/still-renderer-factory.ts';

export interface DroneRenderPorts extends WorkflowPorts {
  readonly stillRenderer: StillRenderer;
}

let ports: DroneRenderPorts | undefined;

function lambdaDronePorts(): DroneRenderPorts {
  ports ??= withLazyPorts<DroneRenderPorts>(lambdaWorkflowPorts(), { stillRenderer: stillRendererFromEnv });
  return ports;
}

/** The Lambda handler of a drone render step (export the raw function too, for tests). */
export function defineDroneRenderStep<E extends StepEvent, R>(
  run: (event: E, ports: DroneRenderPorts) => Promise<R>,
) {
  return stepHandler(run, lambdaDronePorts);
}
