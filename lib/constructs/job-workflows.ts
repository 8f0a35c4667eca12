// The jobs' workflows, as plain functions that make their resources in the stack's own scope (so the
// logical ids, and the running state machines, do not depend on this module):
//   - `jobLifecycleFunction`: the lifecycle function every state machine shares, made with the step
//     functions before any state machine;
//   - `makeJobWorkflows`: one state machine per job type of the registry, from the kind's own step specs;
//   - `makeWorkflowHousekeeping`: the rule that fails jobs whose execution ended outside their own failure
//     handling, and the outbox sweeper (both start jobs of every kind, so they come after the workflows);
//   - `grantStartAll` / `grantStopAll`: every state machine's ARN and StartExecution / StopExecution.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ENV, stateMachineArnVariable } from '../../functions/core/config/env.ts';
import type { JobType } from '../../functions/core/jobs/job-types.ts';
import type { StepFunctionSpec } from '../../functions/jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../../functions/jobs/registry.ts';
import type { StageConfig } from '../config/stages.ts';
import { JobWorkflow } from './job-workflow.ts';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.ts';

interface PlatformFunctionProps {
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
  readonly jobsTable: dynamodb.ITable;
  readonly webhookQueue: sqs.IQueue;
}

/** One of the platform's own steps: like every step, it writes jobs and queues job events. */
function platformFunction(
  scope: Construct,
  props: PlatformFunctionProps,
  id: string,
  entry: string,
  description: string,
  extra: Partial<ServiceFunctionProps> = {},
): ServiceFunction {
  return new ServiceFunction(scope, id, {
    entry,
    description,
    logRetentionDays: props.logRetentionDays,
    environment: { ...props.environment },
    ...extra,
  })
    .bindTable(props.jobsTable, ENV.jobsTable, 'readWrite')
    .bindQueue(props.webhookQueue, ENV.webhookQueueUrl);
}

/**
 * The lifecycle function every state machine shares (marks jobs processing, completed or failed, and
 * records usage). Made with the other functions, before any state machine.
 */
export function jobLifecycleFunction(
  scope: Construct,
  props: PlatformFunctionProps & { readonly usageTable: dynamodb.ITable },
): ServiceFunction {
  return platformFunction(
    scope,
    props,
    'JobLifecycleFunction',
    'functions/platform/job-lifecycle.ts',
    'Marks jobs processing, completed or failed; records usage',
  ).bindTable(props.usageTable, ENV.usageTable, 'readWrite');
}

/** Every job type's workflow. */
export type WorkflowsByType = Readonly<Record<JobType, JobWorkflow>>;

interface JobWorkflowsProps {
  readonly config: StageConfig;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
  /** The function of a step spec (made before any workflow: makeStepFunctions). */
  readonly stepFunction: (spec: StepFunctionSpec) => lambda.IFunction;
  /** The lifecycle function (jobLifecycleFunction). */
  readonly lifecycleFunction: lambda.IFunction;
}

/** One state machine per job type of the registry, its construct id the kind's `workflow.id`. */
export function makeJobWorkflows(scope: Construct, props: JobWorkflowsProps): WorkflowsByType {
  const byType: Partial<Record<JobType, JobWorkflow>> = {};
  for (const spec of JOB_TYPE_SPECS) {
    byType[spec.type] = new JobWorkflow(scope, spec.workflow.id, {
      jobType: spec.type,
      lifecycleFunction: props.lifecycleFunction,
      timeout: Duration.seconds(props.config.workflowTimeoutSeconds),
      logRetentionDays: props.logRetentionDays,
      outputPath: spec.workflow.outputPath,
      billing: spec.billing,
      steps: spec.workflow.steps,
      functionOf: props.stepFunction,
    });
  }
  return byType as WorkflowsByType;
}

interface WorkflowHousekeepingProps extends PlatformFunctionProps {
  readonly config: StageConfig;
  readonly usageTable: dynamodb.ITable;
  /** Read for an organization's plan (its fair-share limit) where waiting jobs are started. */
  readonly accountsTable: dynamodb.ITable;
  /** The sweeper erases expired jobs' media (retention). */
  readonly mediaBucket: s3.IBucket;
  /** Every job type's workflow (makeJobWorkflows): both functions start jobs of every kind. */
  readonly workflows: WorkflowsByType;
}

/**
 * What keeps jobs moving around their executions: the execution-ended rule and its function, and the
 * scheduled outbox sweeper.
 */
export function makeWorkflowHousekeeping(scope: Construct, props: WorkflowHousekeepingProps): void {
  const { config, workflows } = props;
  // Every ended execution gives its job's fair-share slot back and starts the organization's oldest
  // waiting jobs; one that ended outside its own failure handling also fails its job.
  const executionEnded = platformFunction(
    scope,
    props,
    'ExecutionEndedFunction',
    'functions/platform/execution-ended.ts',
    'Fails jobs whose execution timed out or was aborted; gives back fair-share slots',
  ).bindTable(props.accountsTable, ENV.accountsTable, 'read');
  grantStartAll(executionEnded, workflows);
  new events.Rule(scope, 'ExecutionEndedRule', {
    description:
      'Job executions that ended (fair-share slots; jobs that ended outside their failure handling)',
    eventPattern: {
      source: ['aws.states'],
      detailType: ['Step Functions Execution Status Change'],
      detail: {
        status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'],
        stateMachineArn: Object.values(workflows).map((w) => w.stateMachine.stateMachineArn),
      },
    },
    targets: [new targets.LambdaFunction(executionEnded, { retryAttempts: 8 })],
  });

  // The outbox sweeper: relays final events and usage a crash or a throttle left in a job's outbox,
  // starts jobs that were written but never started, and erases the media and inputs of jobs whose
  // retention ended. One at a time (reserved concurrency 1).
  const sweeper = platformFunction(
    scope,
    props,
    'OutboxSweeperFunction',
    'functions/platform/outbox-sweeper.ts',
    'Relays leftover job outboxes; starts jobs whose execution never started; expires media',
    {
      environment: {
        ...props.environment,
        [ENV.outboxGraceSeconds]: String(config.sweeper.graceSeconds),
        [ENV.workflowStartDeadlineSeconds]: String(config.workflowTimeoutSeconds),
      },
      timeout: Duration.seconds(55),
      reservedConcurrentExecutions: 1,
    },
  )
    .bindTable(props.usageTable, ENV.usageTable, 'readWrite')
    .bindBucket(props.mediaBucket, ENV.mediaBucket, 'readDelete')
    .bindTable(props.accountsTable, ENV.accountsTable, 'read');
  grantStartAll(sweeper, workflows);
  new events.Rule(scope, 'OutboxSweepRule', {
    description: 'Runs the outbox sweeper',
    schedule: events.Schedule.rate(Duration.minutes(config.sweeper.everyMinutes)),
    targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 2 })],
  });
}

/** Every state machine's ARN in the function's environment, and StartExecution on each. */
export function grantStartAll(fn: ServiceFunction, workflows: WorkflowsByType): void {
  for (const [jobType, workflow] of Object.entries(workflows) as Array<[JobType, JobWorkflow]>) {
    fn.addEnvironment(stateMachineArnVariable(jobType), workflow.stateMachine.stateMachineArn);
    workflow.stateMachine.grantStartExecution(fn);
  }
}

/** Every state machine's ARN in the function's environment, and StopExecution on its executions. */
export function grantStopAll(fn: ServiceFunction, workflows: WorkflowsByType): void {
  for (const [jobType, workflow] of Object.entries(workflows) as Array<[JobType, JobWorkflow]>) {
    workflow.stateMachine.grantExecution(fn, 'states:StopExecution');
    fn.addEnvironment(stateMachineArnVariable(jobType), workflow.stateMachine.stateMachineArn);
  }
}
