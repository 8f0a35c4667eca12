// EventBridge target for every job execution that ended (succeeded, failed, timed out, aborted). One that
// ended without reaching its own failure handler (timed out, aborted, or failed outside a Catch) has its
// job ended failed instead of left processing. Whatever the status, the job's fair-share slot is given
// back and its organization's oldest waiting jobs are started (fair-share.ts).
import { jobOfEvent, logger } from '../observability.ts';
import type { FairShare } from './fair-share.ts';
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

/** The ended-execution ports: the platform's, and the fair share that gives the slot back. */
export interface ExecutionEndedPorts extends WorkflowPorts {
  readonly fairShare: Pick<FairShare, 'executionEnded'>;
}

export async function failEndedExecution(
  event: ExecutionStatusChange,
  ports: ExecutionEndedPorts,
): Promise<{ readonly recorded: boolean; readonly startedWaiting: number }> {
  if (!event.detail.input) return { recorded: false, startedWaiting: 0 };
  const input = JSON.parse(event.detail.input) as WorkflowInput;
  const outcome = MESSAGES[event.detail.status];
  let recorded = false;
  if (outcome) {
    logger.warn('execution ended outside its failure handler', {
      ...jobOfEvent(input),
      execution_status: event.detail.status,
    });
    // A job that already ended (completed, failed in its Catch, canceled) keeps its outcome.
    recorded = await failJob(ports, input.job, outcome, ports.clock.now().toISOString());
  }
  const startedWaiting = await ports.fairShare.executionEnded(
    { orgId: input.job.org_id, mode: input.job.mode },
    input.job.job_id,
  );
  return { recorded, startedWaiting };
}
