// The jobs' workflows: one state machine per job type (from the registry) around the lifecycle function
// they share and the step functions (both made first), the rule that fails jobs whose execution ended
// outside their own failure handling, and the outbox sweeper. Resources are made in the stack's own
// scope, so their logical ids do not depend on this class.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ENV, stateMachineArnVariable } from '../../functions/core/config/env.ts';
import type { JobType } from '../../functions/core/jobs/job-types.ts';
import type { StepFunctionSpec, StepSpec } from '../../functions/jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../../functions/jobs/registry.ts';
import type { StageConfig } from '../config/stages.ts';
import { JobWorkflow, type WorkflowStep } from './job-workflow.ts';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.ts';

/** Payload values that are strings starting with `$.` are JSONPath into the execution data. */
function payloadOf(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$.') ? sfn.JsonPath.objectAt(value) : value,
    ]),
  );
}

/** A registry step spec as the workflow construct takes it: payload paths resolved, functions made. */
function workflowStep(spec: StepSpec, fnOf: (spec: StepFunctionSpec) => lambda.IFunction): WorkflowStep {
  return {
    name: spec.name,
    fn: fnOf(spec.fn),
    progress: spec.progress,
    payload: payloadOf(spec.payload),
    resultPath: spec.resultPath,
    timeout: Duration.seconds(spec.fn.timeoutSeconds ?? 60),
    poll: spec.poll && {
      waitName: spec.poll.waitName,
      checkName: spec.poll.checkName,
      choiceName: spec.poll.choiceName,
      fn: fnOf(spec.poll.check),
      payload: payloadOf(spec.poll.payload),
      resultField: spec.poll.resultField,
      secondsPath: spec.poll.secondsPath,
      donePath: spec.poll.donePath,
      timeout: Duration.seconds(spec.poll.check.timeoutSeconds ?? 60),
      restart: spec.poll.restart && {
        errors: spec.poll.restart.errors,
        failCode: spec.poll.restart.failCode,
        maxAttempts: spec.poll.restart.maxAttempts,
        interval: Duration.seconds(spec.poll.restart.intervalSeconds),
      },
    },
  };
}

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

interface JobWorkflowsProps extends PlatformFunctionProps {
  readonly config: StageConfig;
  readonly usageTable: dynamodb.ITable;
  /** Read for an organization's plan (its fair-share limit) where waiting jobs are started. */
  readonly accountsTable: dynamodb.ITable;
  /** The sweeper erases expired jobs' media (retention). */
  readonly mediaBucket: s3.IBucket;
  /** The function of a step spec (made before any workflow: StepFunctions). */
  readonly stepFunction: (spec: StepFunctionSpec) => lambda.IFunction;
  /** The lifecycle function (jobLifecycleFunction). */
  readonly lifecycleFunction: lambda.IFunction;
}

export class JobWorkflows {
  readonly byType: Readonly<Record<JobType, JobWorkflow>>;

  constructor(scope: Construct, props: JobWorkflowsProps) {
    const { config } = props;
    const lifecycle = props.lifecycleFunction;

    const byType: Partial<Record<JobType, JobWorkflow>> = {};
    for (const spec of JOB_TYPE_SPECS) {
      byType[spec.type] = new JobWorkflow(scope, spec.workflow.id, {
        jobType: spec.type,
        lifecycleFunction: lifecycle,
        timeout: Duration.seconds(config.workflowTimeoutSeconds),
        logRetentionDays: props.logRetentionDays,
        outputPath: spec.workflow.outputPath,
        billing: spec.billing,
        steps: spec.workflow.steps.map((s) => workflowStep(s, props.stepFunction)),
      });
    }
    this.byType = byType as Record<JobType, JobWorkflow>;

    // Every ended execution gives its job's fair-share slot back and starts the organization's oldest
    // waiting jobs; one that ended outside its own failure handling also fails its job.
    const executionEnded = platformFunction(
      scope,
      props,
      'ExecutionEndedFunction',
      'functions/platform/execution-ended.ts',
      'Fails jobs whose execution timed out or was aborted; gives back fair-share slots',
    ).bindTable(props.accountsTable, ENV.accountsTable, 'read');
    this.grantStartAll(executionEnded);
    new events.Rule(scope, 'ExecutionEndedRule', {
      description:
        'Job executions that ended (fair-share slots; jobs that ended outside their failure handling)',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'],
          stateMachineArn: Object.values(this.byType).map((w) => w.stateMachine.stateMachineArn),
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
    this.grantStartAll(sweeper);
    new events.Rule(scope, 'OutboxSweepRule', {
      description: 'Runs the outbox sweeper',
      schedule: events.Schedule.rate(Duration.minutes(config.sweeper.everyMinutes)),
      targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 2 })],
    });
  }

  /** Every state machine's ARN in the function's environment, and StartExecution on each. */
  grantStartAll(fn: ServiceFunction): void {
    for (const [jobType, workflow] of Object.entries(this.byType)) {
      fn.addEnvironment(stateMachineArnVariable(jobType as JobType), workflow.stateMachine.stateMachineArn);
      workflow.stateMachine.grantStartExecution(fn);
    }
  }

  /** Every state machine's ARN in the function's environment, and StopExecution on its executions. */
  grantStopAll(fn: ServiceFunction): void {
    for (const [jobType, workflow] of Object.entries(this.byType)) {
      workflow.stateMachine.grantExecution(fn, 'states:StopExecution');
      fn.addEnvironment(stateMachineArnVariable(jobType as JobType), workflow.stateMachine.stateMachineArn);
    }
  }
}
