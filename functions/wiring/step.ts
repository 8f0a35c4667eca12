// The workflow steps' composition: the ports every step has (job store, media store, job events, clock),
// built once per container from the stage environment. A step's capability ports are added on top by
// defineStep (functions/jobs/define-step.ts), from the capability table's factories.
import { systemClock } from '../core/clock.ts';
import type { WorkflowPorts } from '../core/workflows/step-runtime.ts';
import { lazily } from './lazy.ts';
import { processAdapters } from './process.ts';

let ports: WorkflowPorts | undefined;

/** Each adapter is made on first use: a step without a media bucket (or queue) never touches one. */
export function workflowPorts(): WorkflowPorts {
  const adapters = processAdapters();
  ports ??= lazily<WorkflowPorts>({
    jobs: () => adapters.jobs,
    media: () => adapters.media,
    events: () => adapters.events,
    clock: () => systemClock,
  });
  return ports;
}
