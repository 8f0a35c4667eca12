// Lambda entry of the EventBridge rule for every job execution that ended: jobs of executions that ended
// outside their own failure handling (timed out, aborted) are failed, and every ended execution's
// fair-share slot is given back; the use case is core/workflows/execution-ended.ts.
import { instrumented, jobOfEvent } from '../core/observability.ts';
import { type ExecutionStatusChange, failEndedExecution } from '../core/workflows/execution-ended.ts';
import { executionEndedPorts } from '../wiring/platform.ts';

export const handler = instrumented(
  'failEndedExecution',
  (event: ExecutionStatusChange) => failEndedExecution(event, executionEndedPorts()),
  (event) => ({ ...jobOfEvent(JSON.parse(event.detail.input ?? '{}')), execution: event.detail.name }),
);
