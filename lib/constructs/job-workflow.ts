// One state machine per job kind, from a small shared vocabulary (JSONPath ASL):
//   MarkProcessing → step… (each with Retry on transient errors, each reporting progress)
//   → MarkCompleted;  any failure → Catch → MarkFailed (code + message on the job) → Failed.
// Executions are named by job id; the whole execution has a timeout, and executions that end outside
// the Catch (timeout, abort) are ended failed by the execution-ended rule in the service stack.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { JobType } from '../../functions/core/jobs/job-types.ts';
import { type BillingSpec, DEFAULT_BILLING } from '../../functions/core/usage/billing.ts';

export interface WorkflowStep {
  /** State name, shown to operators in the execution graph. */
  readonly name: string;
  readonly fn: lambda.IFunction;
  /** The progress written to the job when the step starts. */
  readonly progress: { readonly percent: number; readonly stage: string };
  /** Step-specific payload fields (JSONPath into the execution data); `job` and `progress` are added. */
  readonly payload: Record<string, unknown>;
  /** Where the step's result goes in the execution data, e.g. $.location. */
  readonly resultPath: string;
  /** @default 60 seconds */
  readonly timeout?: Duration;
  /**
   * Makes this step a start-and-poll pair for long work done elsewhere (a Remotion render): after the
   * step, the state machine waits `secondsPath` seconds, runs the check function (its result replaces
   * the step's at `resultPath`) and loops until `donePath` is true. @default no polling
   */
  readonly poll?: WorkflowPoll;
}

interface WorkflowPoll {
  /** State names of the wait, the check and the done test, shown to operators. */
  readonly waitName: string;
  readonly checkName: string;
  readonly choiceName: string;
  readonly fn: lambda.IFunction;
  /** Check payload fields; `job` and the current result (under `resultField`) are added. */
  readonly payload: Record<string, unknown>;
  /** The field of the check's payload that carries the step's latest result. */
  readonly resultField: string;
  readonly secondsPath: string;
  readonly donePath: string;
  /** @default 60 seconds */
  readonly timeout?: Duration;
  /**
   * Starts the work again (the step and its loop, inside a Parallel state) when the loop throws one of
   * these errors; after the last attempt the job fails with `failCode`. @default no restart
   */
  readonly restart?: WorkflowRestart;
}

interface WorkflowRestart {
  readonly errors: readonly string[];
  /** The job's error code when the attempts run out. */
  readonly failCode: string;
  /** @default 2 */
  readonly maxAttempts?: number;
  /** Before the first restart, doubled before each next one (with full jitter). @default 5 seconds */
  readonly interval?: Duration;
}

interface JobWorkflowProps {
  readonly jobType: JobType;
  readonly lifecycleFunction: lambda.IFunction;
  readonly steps: readonly WorkflowStep[];
  /** The step whose result is the job output. */
  readonly outputPath: string;
  /** How the completed job is billed, handed to the lifecycle step with the output. @default one unit per job */
  readonly billing?: BillingSpec;
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
    this.invokedFunctions = [
      ...new Set([
        props.lifecycleFunction,
        ...props.steps.flatMap((step) => (step.poll ? [step.fn, step.poll.fn] : [step.fn])),
      ]),
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
          step.fn,
          { ...step.payload, job, progress: step.progress },
          step.resultPath,
          step.timeout,
        ),
      );
      let part: sfn.Chain = sfn.Chain.start(startTask);
      if (step.poll) {
        const { poll } = step;
        const wait = new sfn.Wait(this, poll.waitName, { time: sfn.WaitTime.secondsPath(poll.secondsPath) });
        const check = guard(
          invoke(
            poll.checkName,
            poll.fn,
            { ...poll.payload, job, [poll.resultField]: sfn.JsonPath.objectAt(step.resultPath) },
            step.resultPath,
            poll.timeout,
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
          interval: restart.interval ?? Duration.seconds(5),
          backoffRate: 2,
          maxAttempts: restart.maxAttempts ?? 2,
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
