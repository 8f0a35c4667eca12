// One state machine per job type, each bounded in time, retrying transient errors and failing the job
// through MarkFailed whatever goes wrong; and every definition is valid Amazon States Language.
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../functions/jobs/registry.ts';
import { RENDER_RETRYABLE } from '../../functions/jobs/shared/render.ts';
import { STAGES } from '../../lib/config/stages.ts';
import {
  type AslDefinition,
  type AslState,
  definitionOf,
  logicalId,
  PLACEHOLDER_LAMBDA_ARN,
  resources,
  type SynthesizedStage,
  synthStage,
} from './synth.ts';

type AslValidator = (
  definition: unknown,
  options?: { checkPaths?: boolean; checkArn?: boolean },
) => { isValid: boolean; errors: unknown[]; errorsText: (separator?: string) => string };
const aslValidator = createRequire(import.meta.url)('asl-validator') as AslValidator;

/** A state with the fields of the other kinds these tests read (Parallel, Wait, Choice, Pass), where it has them. */
interface ReadState extends AslState {
  readonly Retry?: ReadonlyArray<{ ErrorEquals: string[]; MaxAttempts?: number; BackoffRate?: number }>;
  readonly Branches?: ReadonlyArray<{ StartAt: string; States: Record<string, ReadState> }>;
  readonly SecondsPath?: string;
  readonly Choices?: ReadonlyArray<{ Variable: string; BooleanEquals: boolean; Next: string }>;
  readonly Default?: string;
  readonly ResultPath?: string;
  readonly Parameters?: Record<string, string>;
}

/** A definition's states, each with the fields of its kind that these tests read. */
const statesOf = (definition: AslDefinition): Record<string, ReadState> => definition.States;

describe('job workflows', () => {
  let dev: SynthesizedStage;
  const definitions = new Map<string, AslDefinition>();

  beforeAll(() => {
    dev = synthStage('dev');
    for (const jobType of JOB_TYPES) {
      const id = logicalId(dev.service.workflows[jobType]!.stateMachine);
      const [, resource] = resources(dev.serviceTemplate, 'AWS::StepFunctions::StateMachine').find(
        ([rid]) => rid === id,
      )!;
      definitions.set(jobType, definitionOf(resource));
    }
  });

  it('has exactly one state machine per job type', () => {
    dev.serviceTemplate.resourceCountIs('AWS::StepFunctions::StateMachine', JOB_TYPES.length);
    const ids = JOB_TYPES.map((t) => logicalId(dev.service.workflows[t]!.stateMachine));
    expect(new Set(ids).size).toBe(JOB_TYPES.length);
  });

  it.each(JOB_TYPES)('%s: the execution has a timeout (TimeoutSeconds)', (jobType) => {
    expect(definitions.get(jobType)!.TimeoutSeconds).toBe(STAGES.dev.workflowTimeoutSeconds);
  });

  it.each(JOB_TYPES)('%s: every Task but MarkFailed catches States.ALL into MarkFailed', (jobType) => {
    const { States } = definitions.get(jobType)!;
    expect(States.MarkFailed?.Type).toBe('Task');
    // MarkFailed itself cannot catch into itself; if it fails, the execution fails and the execution-ended rule fails the job.
    expect(States[States.MarkFailed!.Next!]?.Type).toBe('Fail');
    const tasks = Object.entries(States).filter(([name, s]) => s.Type === 'Task' && name !== 'MarkFailed');
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    for (const [name, state] of tasks) {
      expect(state.Catch, name).toEqual([
        expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' }),
      ]);
    }
  });

  it.each(JOB_TYPES)(
    '%s: every Task retries TransientError (and Lambda service errors) and has a task timeout',
    (jobType) => {
      for (const [name, state] of Object.entries(definitions.get(jobType)!.States).filter(
        ([, s]) => s.Type === 'Task',
      )) {
        const retried = (state.Retry ?? []).flatMap((r) => r.ErrorEquals);
        expect(retried, name).toContain('TransientError');
        expect(retried, name).toContain('Lambda.ServiceException');
        expect(state.TimeoutSeconds, name).toBeGreaterThan(0);
      }
    },
  );

  it.each(JOB_TYPES)(
    '%s: a throttled Task waits (minutes of backoff) before any other retry, instead of failing the job',
    (jobType) => {
      for (const [name, state] of Object.entries(definitions.get(jobType)!.States).filter(
        ([, s]) => s.Type === 'Task',
      )) {
        const [first] = (state.Retry ?? []) as Array<{
          ErrorEquals: string[];
          IntervalSeconds: number;
          BackoffRate: number;
          MaxAttempts: number;
          MaxDelaySeconds: number;
        }>;
        expect(first?.ErrorEquals, name).toEqual(['Lambda.TooManyRequestsException']);
        // 2, 4, 8, … capped at 60 s: about ten minutes in all before the job fails.
        let waited = 0;
        for (let attempt = 0; attempt < first!.MaxAttempts; attempt += 1)
          waited += Math.min(first!.IntervalSeconds * first!.BackoffRate ** attempt, first!.MaxDelaySeconds);
        expect(waited, name).toBeGreaterThan(480);
      }
    },
  );

  it('caps each heavy step function at the stage’s reserved concurrency (prod), none on dev', () => {
    const prod = synthStage('prod');
    // The service's own step functions (Remotion's render function has its own concurrency story).
    const heavy = resources(prod.serviceTemplate, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Metadata?.['pms:handler'] !== undefined && Number(fn.Properties.MemorySize ?? 0) >= 1024,
    );
    expect(heavy.length).toBeGreaterThanOrEqual(6);
    for (const [id, fn] of heavy)
      expect(fn.Properties.ReservedConcurrentExecutions, id).toBe(STAGES.prod.heavyStepConcurrency);
    for (const [id, fn] of resources(dev.serviceTemplate, 'AWS::Lambda::Function'))
      if (Number(fn.Properties.MemorySize ?? 0) >= 1024)
        expect(fn.Properties.ReservedConcurrentExecutions, id).toBeUndefined();
  });

  it.each(JOB_TYPES)('%s: Task states invoke Lambda functions directly (payloadResponseOnly)', (jobType) => {
    for (const state of Object.values(definitions.get(jobType)!.States).filter((s) => s.Type === 'Task')) {
      expect(state.Resource).toBe(PLACEHOLDER_LAMBDA_ARN);
    }
  });

  it('logs every state transition (level ALL) without execution data, and traces with X-Ray', () => {
    for (const [, sm] of resources(dev.serviceTemplate, 'AWS::StepFunctions::StateMachine')) {
      expect(sm.Properties.LoggingConfiguration).toMatchObject({
        Level: 'ALL',
        IncludeExecutionData: false,
      });
      expect(sm.Properties.TracingConfiguration).toEqual({ Enabled: true });
    }
  });

  it('logs to log groups under /aws/vendedlogs/ (others fill the account’s CloudWatch Logs resource policy)', () => {
    // Each name is joined at deploy time from the stack's name: '/aws/vendedlogs/states/', the stack, '/<kind>'.
    const names = new Map(
      resources(dev.serviceTemplate, 'AWS::Logs::LogGroup').map(([id, r]) => [
        id,
        JSON.stringify(r.Properties?.LogGroupName ?? null),
      ]),
    );
    const machines = resources(dev.serviceTemplate, 'AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(JOB_TYPES.length);
    for (const [, sm] of machines) {
      const logging = sm.Properties.LoggingConfiguration as {
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [string, string] } } }];
      };
      const name = names.get(logging.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0]);
      expect(name).toMatch(
        /^\{"Fn::Join":\["",\["\/aws\/vendedlogs\/states\/",\{"Ref":"AWS::StackName"\},"\/[a-z0-9_]+"\]\]\}$/,
      );
    }
    expect(new Set(machines.map(([, sm]) => JSON.stringify(sm.Properties.LoggingConfiguration))).size).toBe(
      JOB_TYPES.length,
    );
  });

  it('hears of every ended execution (fair-share slots; jobs that ended outside the Catch are failed) with an EventBridge rule', () => {
    const arns = JOB_TYPES.map((t) => ({ Ref: logicalId(dev.service.workflows[t]!.stateMachine) }));
    dev.serviceTemplate.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: { status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: arns },
      },
    });
  });

  it.each(JOB_TYPES)('%s: the definition is valid Amazon States Language (asl-validator)', (jobType) => {
    const result = aslValidator(structuredClone(definitions.get(jobType)!));
    expect(result.errorsText('\n')).toBe('');
    expect(result.isValid).toBe(true);
  });

  it('asl-validator rejects a broken definition (a Next to a missing state, no terminal state)', () => {
    const valid = definitions.get('frontage_detection')!;
    const { Completed: _completed, Failed: _failed, ...kept } = valid.States;
    const broken: AslDefinition = {
      ...valid,
      States: { ...kept, MarkCompleted: { ...kept.MarkCompleted!, Next: 'NoSuchState' } },
    };
    const result = aslValidator(structuredClone(broken));
    expect(result.isValid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('markup_v2_video: starts the render, then waits and checks in a loop until it is done', () => {
    const definition = definitions.get('markup_v2_video')!;
    const { StartAt } = definition;
    const top = statesOf(definition);
    const attempts = top.StartRenderAttempts!;
    expect(attempts.Type).toBe('Parallel');
    expect(attempts.Next).toBe('StoreVideo');
    const [branch] = attempts.Branches ?? [];
    const States = { ...top, ...branch!.States };
    const path: string[] = [];
    for (let name: string | undefined = StartAt; name && path.length < 12; ) {
      path.push(name);
      if (States[name]!.Type === 'Choice') break;
      name = name === 'StartRenderAttempts' ? branch!.StartAt : States[name]!.Next;
    }
    expect(path).toEqual([
      'MarkProcessing',
      'PrepareReveal',
      'StartRenderAttempts',
      'StartRender',
      'WaitForRender',
      'CheckRender',
      'RenderDone',
    ]);
    expect(States.WaitForRender!.SecondsPath).toBe('$.render.poll_seconds');
    const choice = States.RenderDone!;
    expect(choice.Default).toBe('WaitForRender');
    expect(choice.Choices).toEqual([
      { Variable: '$.render.done', BooleanEquals: true, Next: 'StartRenderFinished' },
    ]);
    expect(States.StoreVideo!.Next).toBe('MarkCompleted');
    // The check replaces the render state the loop reads.
    expect(States.CheckRender!.ResultPath).toBe('$.render');
  });

  it('markup_v2_video: a transient render failure starts the render again, then fails RENDER_FAILED', () => {
    const States = statesOf(definitions.get('markup_v2_video')!);
    const attempts = States.StartRenderAttempts!;
    expect(attempts.Retry).toEqual([
      expect.objectContaining({ ErrorEquals: [RENDER_RETRYABLE], MaxAttempts: 2, BackoffRate: 2 }),
    ]);
    expect(attempts.Catch?.map((c) => [c.ErrorEquals, c.Next])).toEqual([
      [[RENDER_RETRYABLE], 'StartRenderKeptFailing'],
      [['States.ALL'], 'MarkFailed'],
    ]);
    const keptFailing = States.StartRenderKeptFailing!;
    expect(keptFailing.Parameters).toEqual({ Error: 'RENDER_FAILED', 'Cause.$': '$.failure.Cause' });
    expect(keptFailing.Next).toBe('MarkFailed');
  });
});
