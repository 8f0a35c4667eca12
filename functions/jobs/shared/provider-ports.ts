// Step handlers that work through the stage's providers (geocoder, site source, nadir imagery).
import {
  lambdaWorkflowPorts,
  type StepEvent,
  stepHandler,
  withLazyPorts,
} from '../../core/workflows/step-runtime.ts';
import { providersFromEnv } from '../../media/providers/provider-factory.ts';
import type { StepPorts } from './step-ports.ts';

export type ProviderPorts = Omit<StepPorts, 'renderer'>;

let ports: ProviderPorts | undefined;

function lambdaProviderPorts(): ProviderPorts {
  ports ??= withLazyPorts<ProviderPorts>(lambdaWorkflowPorts(), { providers: providersFromEnv });
  return ports;
}

/** The Lambda handler of a step that uses providers (export the raw function too, for tests). */
export function defineProviderStep<E extends StepEvent, R>(
  run: (event: E, ports: ProviderPorts) => Promise<R>,
) {
  return stepHandler(run, lambdaProviderPorts);
}
