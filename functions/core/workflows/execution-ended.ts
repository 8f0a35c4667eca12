// EventBridge target for job executions that ended without reaching their own failure handler (timed
// out, aborted, or failed outside a Catch): the job is ended failed instead of staying processing.
import { jobOfEvent, logger } from '../observability.ts';
import { failJob } from './job-lifecycle.ts';
import type { WorkflowPorts } from './step-runtime.ts';
import type { WorkflowInput } from './workflow-starter.ts';

export interface ExecutionStatusChange {
  readonly detail: { readonly status: string; readonly input?: string | null; readonly name?: string };
}

const MESSAGES: Record<string, { code: string; message: string }> = {
  TIMED_OUT: {
    code: 'WORKFLOW_TIMED_OUT',
    message: 'The job did not finish within its time limit. Submit the request again.',
  },
  ABORTED: { code: 'WORKFLOW_ABORTED', message: 'The job was stopped by an operator.' },
  FAILED: {
    code: 'PROCESSING_FAILED',
    message: 'The job failed because of an internal error. Submit the request again.',
  },
};

export async function failEndedExecution(
  event: ExecutionStatusChange,
  ports: WorkflowPorts,
): Promise<{ readonly recorded: boolean }> {
  const outcome = MESSAGES[event.detail.status];
  if (!outcome || !event.detail.input) return { recorded: false };
  const input = JSON.parse(event.detail.input) as WorkflowInput;
  logger.warn('execution ended outside its failure handler', {
    ...jobOfEvent(input),
    execution_status: event.detail.status,
  });
  const recorded = await failJob(ports, input.job, outcome, ports.clock.now().toISOString());
  return { recorded };
}
