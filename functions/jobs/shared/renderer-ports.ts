// Step handlers that drive the stage's renderer (local Remotion or Remotion Lambda).
import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  withLazyPorts,
} from '../../core/workflows/step-runtime.ts';
import { rendererFromEnv } from '../../media/rendering/renderer-factory.ts';
import type { StepPorts } from './step-ports.ts';

export type RendererPorts = Omit<StepPorts, 'providers'>;

let ports: RendererPorts | undefined;

function lambdaRendererPorts(): RendererPorts {
  const platform = lambdaWorkflowPorts();
  ports ??= withLazyPorts<RendererPorts>(platform, { renderer: () => rendererFromEnv(platform.media) });
  return ports;
}

/** The Lambda handler of a step that renders (export the raw function too, for tests). */
export function defineRenderStep<E extends StepEvent, R>(
  run: (event: E, ports: RendererPorts) => Promise<R>,
) {
  return stepHandler(run, lambdaRendererPorts);
}
