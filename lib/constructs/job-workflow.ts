// One state machine per job kind, from a small shared vocabulary (JSONPath ASL):
//   MarkProcessing → step… (each with Retry on transient errors, each reporting progress)
//   → MarkCompleted;  any failure → Catch → MarkFailed (code + message on the job) → Failed.
// Executions are named by job id; the whole execution has a timeout, and executions that end outside
// the Catch (timeout, abort) are ended failed by the execution-ended rule in the service stack.
// The construct reads the kind's own step specs (`StepSpec`, functions/jobs/job-kind.ts) and turns them
// into states here: payload strings starting with `$.` become JSONPath, a function's timeout its task's.
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { JobType } from '../../functions/core/jobs/job-types.ts';
import { type BillingSpec, DEFAULT_BILLING } from '../../functions/core/usage/billing.ts';
import type { StepFunctionSpec, StepSpec } from '../../functions/jobs/job-kind.ts';

/** Payload values that are strings starting with `$.` are JSONPath into the execution data. */
function payloadOf(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$.') ? sfn.JsonPath.objectAt(value) : value,
    ]),
  );
}

/** A step function's task timeout: its Lambda timeout (StepFunctionSpec's default, 60 seconds). */
function timeoutOf(spec: StepFunctionSpec): Duration {
  return Duration.seconds(spec.timeoutSeconds ?? 60);
}

interface JobWorkflowProps {
  readonly jobType: JobType;
  readonly lifecycleFunction: lambda.IFunction;
  /** The kind's steps, as its registry entry declares them (`workflow.steps`). */
  readonly steps: readonly StepSpec[];
  /** The Lambda function made for a step's (or a poll's check) function spec; made before any workflow. */
  readonly functionOf: (spec: StepFunctionSpec) => lambda.IFunction;
  /** The step whose result is the job output. */
  readonly outputPath: string;
  /** How the completed job is billed, handed to the lifecycle step with the output. @default one unit per job */
  readonly billing?: BillingSpec;
  /** The whole execution's timeout. */
  readonly timeout: Duration;
  readonly logRetentionDays: logs.RetentionDays;
}

/** Errors worth another attempt: Lambda's own transient failures and our TransientError. */
const TRANSIENT_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.ClientExecutionTimeoutException',
  'TransientError',
];

/**
 * A throttled step (its function at its reserved concurrency, or the account's limit) waits and tries
 * again for up to about ten minutes, instead of failing the job: the cloud form of waiting in a queue.
 */
const THROTTLED_RETRY = {
  errors: ['Lambda.TooManyRequestsException'],
  interval: Duration.seconds(2),
  backoffRate: 2,
  maxDelay: Duration.seconds(60),
  maxAttempts: 14,
  jitterStrategy: sfn.JitterType.FULL,
} as const;

export class JobWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  /** The functions the state machine's Task states invoke (its role may invoke exactly these). */
  readonly invokedFunctions: readonly lambda.IFunction[];

  constructor(scope: Construct, id: string, props: JobWorkflowProps) {
    super(scope, id);
    const stepFunctions = props.steps.flatMap((step) => (step.poll ? [step.fn, step.poll.check] : [step.fn]));
    this.invokedFunctions = [
      ...new Set([props.lifecycleFunction, ...stepFunctions.map((spec) => props.functionOf(spec))]),
    ];
    const invoke = (
      name: string,
      fn: lambda.IFunction,
      payload: Record<string, unknown>,
      resultPath: string | null,
      timeout = Duration.seconds(60),
    ) => {
      const task = new tasks.LambdaInvoke(this, name, {
        lambdaFunction: fn,
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
        payload: sfn.TaskInput.fromObject(payload),
        resultPath: resultPath === null ? sfn.JsonPath.DISCARD : resultPath,
        taskTimeout: sfn.Timeout.duration(timeout),
      });
      task.addRetry({ ...THROTTLED_RETRY, errors: [...THROTTLED_RETRY.errors] });
      task.addRetry({
        errors: TRANSIENT_ERRORS,
        interval: Duration.seconds(1),
        backoffRate: 2,
        maxAttempts: 3,
        jitterStrategy: sfn.JitterType.FULL,
      });
      return task;
    };
    const job = sfn.JsonPath.objectAt('$.job');

    const markFailed = invoke(
      'MarkFailed',
      props.lifecycleFunction,
      { action: 'failed', job, error: sfn.JsonPath.objectAt('$.failure') },
      null,
    );
    const failed = new sfn.Fail(this, 'Failed', { error: 'JobFailed', causePath: '$.failure.Cause' });
    markFailed.next(failed);
    const catchInto = (task: tasks.LambdaInvoke) =>
      task.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.failure' });

    const markProcessing = catchInto(
      invoke('MarkProcessing', props.lifecycleFunction, { action: 'processing', job }, null),
    );
    let chain: sfn.Chain = sfn.Chain.start(markProcessing);
    for (const step of props.steps) {
      const restart = step.poll?.restart;
      // Inside a Parallel (restartable) the states cannot catch into MarkFailed: the Parallel does.
      const guard = restart ? (task: tasks.LambdaInvoke) => task : catchInto;
      const startTask = guard(
        invoke(
          step.name,
          props.functionOf(step.fn),
          { ...payloadOf(step.payload), job, progress: step.progress },
          step.resultPath,
          timeoutOf(step.fn),
        ),
      );
      let part: sfn.Chain = sfn.Chain.start(startTask);
      if (step.poll) {
        const { poll } = step;
        const wait = new sfn.Wait(this, poll.waitName, { time: sfn.WaitTime.secondsPath(poll.secondsPath) });
        const check = guard(
          invoke(
            poll.checkName,
            props.functionOf(poll.check),
            { ...payloadOf(poll.payload), job, [poll.resultField]: sfn.JsonPath.objectAt(step.resultPath) },
            step.resultPath,
            timeoutOf(poll.check),
          ),
        );
        const finished = new sfn.Pass(this, `${step.name}Finished`);
        const choice = new sfn.Choice(this, poll.choiceName)
          .when(sfn.Condition.booleanEquals(poll.donePath, true), finished)
          .otherwise(wait);
        part = part.next(wait).next(check).next(choice);
        // Later states follow the loop's exit.
        part = sfn.Chain.custom(part.startState, [finished], finished);
      }
      if (restart) {
        // The branch's output is the whole execution data with the step's result in it.
        const attempts = new sfn.Parallel(this, `${step.name}Attempts`, { outputPath: '$[0]' }).branch(part);
        attempts.addRetry({
          errors: [...restart.errors],
          interval: Duration.seconds(restart.intervalSeconds),
          backoffRate: 2,
          maxAttempts: restart.maxAttempts,
          jitterStrategy: sfn.JitterType.FULL,
        });
        const keptFailing = new sfn.Pass(this, `${step.name}KeptFailing`, {
          parameters: { Error: restart.failCode, 'Cause.$': '$.failure.Cause' },
          resultPath: '$.failure',
        }).next(markFailed);
        attempts.addCatch(keptFailing, { errors: [...restart.errors], resultPath: '$.failure' });
        attempts.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.failure' });
        chain = chain.next(attempts);
      } else {
        chain = chain.next(part);
      }
    }
    const markCompleted = catchInto(
      invoke(
        'MarkCompleted',
        props.lifecycleFunction,
        {
          action: 'completed',
          job,
          output: sfn.JsonPath.objectAt(props.outputPath),
          billing: props.billing ?? DEFAULT_BILLING,
        },
        null,
      ),
    );
    chain = chain.next(markCompleted).next(new sfn.Succeed(this, 'Completed'));

    const logGroup = new logs.LogGroup(this, 'ExecutionLogs', {
      // Under /aws/vendedlogs/: Step Functions adds any other log group to the account's one CloudWatch
      // Logs resource policy (5,120 characters), which a few stages' workflows in one account would fill.
      // The deployed stack's own name (a reference, so no name is fixed in the template).
      logGroupName: `/aws/vendedlogs/states/${Aws.STACK_NAME}/${props.jobType}`,
      retention: props.logRetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      comment: `Job workflow for ${props.jobType}; one execution per job, named by the job id.`,
      definitionBody: sfn.DefinitionBody.fromChainable(chain),
      queryLanguage: sfn.QueryLanguage.JSON_PATH,
      timeout: props.timeout,
      tracingEnabled: true,
      // Every state transition is logged (operators can follow a job through its steps), but never the
      // execution data: inputs carry customer addresses and images.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
  }
}
