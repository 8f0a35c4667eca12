// Lambda entry of the EventBridge rule for job executions that ended outside their own failure handling
// (timed out, aborted): the use case is core/workflows/execution-ended.ts.
import { instrumented, jobOfEvent } from '../core/observability.ts';
import { type ExecutionStatusChange, failEndedExecution } from '../core/workflows/execution-ended.ts';
import { workflowPorts } from '../wiring/step.ts';

export const handler = instrumented(
  'failEndedExecution',
  (event: ExecutionStatusChange) => failEndedExecution(event, workflowPorts()),
  (event) => ({ ...jobOfEvent(JSON.parse(event.detail.input ?? '{}')), execution: event.detail.name }),
);
