// The Lambda handler of a job kind's step: `export const generate = defineStep(generateMarkup,
// GENERATE_MARKUP)`, with the step's function spec (the kind's functions.ts), whose needs decide which
// adapters the step receives (capabilities.ts), each built once per container on first use from a module
// loaded the first time the step runs. Tests call the raw function with fakes.
import { type StepEvent, stepHandler, withLazyPorts } from '../core/workflows/step-runtime.ts';
import { workflowPorts } from '../wiring/step.ts';
import { type CapabilityName, type PortsFor, portFactories, variablesOf } from './capabilities.ts';
import type { StepFunctionSpec } from './job-kind.ts';

/** The function spec a handler made by `defineStep` was defined with (read by the registry test). */
export const STEP_FUNCTION = Symbol.for('property-media.step-function');

type StepHandler<E, R> = ((event: E) => Promise<R>) & {
  readonly [STEP_FUNCTION]: StepFunctionSpec;
};

/** The ports of a list of needs, each adapter's module loaded once (in parallel) and built on first use. */
function portsLoader<N extends readonly CapabilityName[]>(needs: N): () => Promise<PortsFor<N>> {
  let ports: Promise<PortsFor<N>> | undefined;
  const load = async (): Promise<PortsFor<N>> => {
    const factories = [...portFactories(needs)];
    const modules = await Promise.all(factories.map(([, needed]) => needed.factory.load()));
    const platform = workflowPorts();
    const built = Object.fromEntries(
      factories.map(([name, needed], i) => [
        name,
        () =>
          needed.factory.build(modules[i] as never, { platform, variables: variablesOf(needed.variables) }),
      ]),
    );
    return withLazyPorts(platform, built as never) as PortsFor<N>;
  };
  return () => {
    // A failed load (a module that cannot be found) is not kept: the next invocation tries again.
    ports ??= load().catch((error: unknown) => {
      ports = undefined;
      throw error;
    });
    return ports;
  };
}

export function defineStep<E extends StepEvent, R, const N extends readonly CapabilityName[]>(
  run: (event: E, ports: PortsFor<N>) => Promise<R>,
  spec: StepFunctionSpec & { readonly needs: N },
): StepHandler<E, R> {
  const handler = stepHandler<E, R, PortsFor<N>>(run, portsLoader(spec.needs));
  return Object.assign(handler, { [STEP_FUNCTION]: spec });
}

/** Every port a step can receive: a step's code picks the ones it uses (`Pick<StepPorts, 'media'>`). */
export type StepPorts = PortsFor<readonly CapabilityName[]>;
