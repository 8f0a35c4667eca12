// The workflow ports' Step Functions adapters. Starting a job's state machine: The execution is named by the job id, so a retried start can never run
// the same job twice: Step Functions answers ExecutionAlreadyExists, which counts as started.
import {
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  type SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import type { JobType } from '../../core/jobs/job-types.ts';
import type {
  WorkflowInput,
  WorkflowStarter,
  WorkflowStopper,
} from '../../core/workflows/workflow-starter.ts';

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
