// Starts a job's state machine. The execution is named by the job id, so a retried start can never run
// the same job twice: Step Functions answers ExecutionAlreadyExists, which counts as started.
import {
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  type SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import type { Job, JsonObject } from '../jobs/job.ts';
import type { JobType, Mode } from '../jobs/job-types.ts';

/** The execution input every job state machine receives; steps address the job through `job`. */
export interface WorkflowInput {
  readonly job: {
    readonly job_id: string;
    readonly org_id: string;
    readonly mode: Mode;
    readonly job_type: JobType;
    /** Steps emit webhook events only for jobs that have one. */
    readonly webhook_url: string | null;
  };
  readonly input: JsonObject;
  /** The parent job's input and output, for jobs that edit another; null otherwise. */
  readonly parent: {
    readonly job_id: string;
    readonly input: JsonObject;
    readonly output: JsonObject;
  } | null;
}

export function workflowInputFor(job: Job, parent: Job | undefined): WorkflowInput {
  return {
    job: {
      job_id: job.jobId,
      org_id: job.orgId,
      mode: job.mode,
      job_type: job.jobType,
      webhook_url: job.webhookUrl ?? null,
    },
    input: job.input,
    parent: parent ? { job_id: parent.jobId, input: parent.input, output: parent.output ?? {} } : null,
  };
}

export interface WorkflowStarter {
  /** `timeoutMs`: give up waiting after this long (the execution may still start; a retry is the same one). */
  start(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<void>;
}

export class StepFunctionsStarter implements WorkflowStarter {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: (jobType: JobType) => string,
  ) {}

  async start(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options: { readonly timeoutMs?: number } = {},
  ): Promise<void> {
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn(jobType),
          name: executionName,
          input: JSON.stringify(input),
        }),
        options.timeoutMs === undefined ? {} : { abortSignal: AbortSignal.timeout(options.timeoutMs) },
      );
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return;
      throw error;
    }
  }
}

/** Stops a job's execution (cancel). Stopping one that has ended or never started is not an error. */
export interface WorkflowStopper {
  /** `timeoutMs`: give up waiting after this long (the stop may still land; the job is canceled anyway). */
  stop(
    jobType: JobType,
    executionName: string,
    cause: string,
    options?: { readonly timeoutMs?: number },
  ): Promise<void>;
}

/**
 * The ARN of the execution named `executionName` of a state machine: executions live beside their
 * state machine, arn:<partition>:states:<region>:<account>:execution:<state machine name>:<name>.
 */
export function executionArnOf(stateMachineArn: string, executionName: string): string {
  const marker = ':stateMachine:';
  const at = stateMachineArn.indexOf(marker);
  if (at < 0) throw new Error(`Not a state machine ARN: ${stateMachineArn}`);
  return `${stateMachineArn.slice(0, at)}:execution:${stateMachineArn.slice(at + marker.length)}:${executionName}`;
}

export class StepFunctionsStopper implements WorkflowStopper {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: (jobType: JobType) => string,
  ) {}

  async stop(
    jobType: JobType,
    executionName: string,
    cause: string,
    options: { readonly timeoutMs?: number } = {},
  ): Promise<void> {
    try {
      await this.sfn.send(
        new StopExecutionCommand({
          executionArn: executionArnOf(this.stateMachineArn(jobType), executionName),
          error: 'JobCanceled',
          cause,
        }),
        options.timeoutMs === undefined ? {} : { abortSignal: AbortSignal.timeout(options.timeoutMs) },
      );
    } catch (error) {
      if (error instanceof ExecutionDoesNotExist) return;
      throw error;
    }
  }
}
