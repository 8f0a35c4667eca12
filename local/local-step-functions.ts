// A Step Functions endpoint on loopback for the real SFN SDK client (awsJson1_0: StartExecution,
// StopExecution, DescribeExecution, ListExecutions, ListStateMachines), running the synthesized state machines with aws-local-stepfunctions.
// Like the emulators, it answers only requests signed with the data directory's credentials: an
// execution's input holds a job's request, and a stop ends another tenant's job.
// Task states invoke the in-process Lambda handlers; executions that end FAILED/TIMED_OUT/ABORTED are
// delivered to the targets of the template's EventBridge rules, as in AWS.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StateMachine } from 'aws-local-stepfunctions';
import { accountingEnabled, countExecution, countTransition } from './accounting.ts';
import { checkJsonRequest, IDLE_CONNECTION_TIMEOUTS, refuseJsonRequest } from './emulators.ts';
import type { LocalLambdas } from './local-lambdas.ts';
import { logicalIdOfArn, stateMachineArn } from './local-resources.ts';
import type { SigningCredentials } from './presigned-url-check.ts';
import {
  type CfnTemplate,
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  resourcesOfType,
  type TemplateResolver,
} from './synthesized-app.ts';

/**
 * The interpreter, loaded on first use (an execution, or validate()): with its validator it takes seconds
 * to load, and a start with unchanged templates needs neither before the API answers.
 */
let interpreter: Promise<typeof import('aws-local-stepfunctions')> | undefined;
const loadInterpreter = () => {
  interpreter ??= import('aws-local-stepfunctions');
  return interpreter;
};

type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly name: string;
  readonly input: string;
  readonly startDate: Date;
  status: ExecutionStatus;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  done: Promise<void>;
  /** Resolves once the execution has a final status (before its status-change event is delivered). */
  readonly ended: Promise<void>;
  readonly markEnded: () => void;
  /** Aborts the running execution (StopExecution); unset once it has ended. */
  abort?: () => void;
  /** The error and cause StopExecution was given, reported as the execution's own. */
  stopReason?: { error?: string; cause?: string };
}

interface Machine {
  readonly arn: string;
  readonly definition: Record<string, unknown>;
  /** Built once, on first use (see loadInterpreter); each run() is its own execution. */
  runner?: StateMachine;
  readonly handlers: Record<string, (input: unknown) => Promise<unknown>>;
}

interface StatusRule {
  readonly statuses: readonly string[];
  readonly stateMachineArns: readonly string[];
  readonly targetFunctions: readonly string[];
}

/** Step Functions' default Task timeout when a definition sets none. */
const DEFAULT_TASK_TIMEOUT_SECONDS = 60;
/** Longer than any execution (23 days), and short enough for Node's timers (at most 2^31-1 ms). */
const UNREACHABLE_TIMEOUT_SECONDS = 2_000_000;
/** Ended executions stay describable this long, then are forgotten (memory stays flat under load). */
const ENDED_EXECUTION_RETENTION_MS = 10 * 60_000;

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

type StateDefinition = {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Parameters?: Record<string, unknown>;
  Branches?: Array<{ States: Record<string, StateDefinition> }>;
  ItemProcessor?: { States: Record<string, StateDefinition> };
  Iterator?: { States: Record<string, StateDefinition> };
};

export class LocalStepFunctions {
  private readonly machines = new Map<string, Machine>();
  private readonly executions = new Map<string, Execution>();
  private readonly rules: StatusRule[] = [];
  private server: Server | undefined;
  private credentials: SigningCredentials | undefined;

  constructor(
    template: CfnTemplate,
    resolver: TemplateResolver,
    private readonly lambdas: LocalLambdas,
  ) {
    for (const [logicalId, resource] of resourcesOfType(template, 'AWS::StepFunctions::StateMachine')) {
      const definitionString = resolver.resolve(resource.Properties?.DefinitionString);
      const definition = JSON.parse(String(definitionString)) as { States: Record<string, StateDefinition> };
      const handlers: Machine['handlers'] = {};
      this.collectTaskHandlers(definition.States, handlers);
      const arn = stateMachineArn(logicalId);
      this.machines.set(arn, { arn, definition, handlers });
    }
    for (const [, rule] of resourcesOfType(template, 'AWS::Events::Rule')) {
      const props = resolver.resolve(rule.Properties ?? {}) as {
        EventPattern?: { source?: string[]; detail?: { status?: string[]; stateMachineArn?: string[] } };
        Targets?: Array<{ Arn: string }>;
      };
      if (!props.EventPattern?.source?.includes('aws.states')) continue;
      this.rules.push({
        statuses: props.EventPattern.detail?.status ?? [],
        stateMachineArns: props.EventPattern.detail?.stateMachineArn ?? [],
        targetFunctions: (props.Targets ?? []).map((t) => logicalIdOfArn(t.Arn)),
      });
    }
  }

  private collectTaskHandlers(states: Record<string, StateDefinition>, handlers: Machine['handlers']) {
    for (const [name, state] of Object.entries(states)) {
      if (state.Type === 'Task') {
        const resource = String(state.Resource);
        const fnArn =
          resource === 'arn:aws:states:::lambda:invoke' ? String(state.Parameters?.FunctionName) : resource;
        if (!fnArn.startsWith('arn:aws:lambda:'))
          throw new Error(`Task ${name} uses ${resource}; the local stack runs Lambda tasks only`);
        const logicalId = logicalIdOfArn(fnArn);
        this.lambdas.get(logicalId);
        // The Task's time limit counts from when its invocation runs (after any wait for capacity), so
        // the interpreter's own timer, which would count the wait, is set out of reach; the invocation
        // enforces the limit and fails with States.Timeout as a Task does in AWS.
        const timeoutSeconds = state.TimeoutSeconds ?? DEFAULT_TASK_TIMEOUT_SECONDS;
        state.TimeoutSeconds = UNREACHABLE_TIMEOUT_SECONDS;
        handlers[name] = (input: unknown) =>
          this.lambdas.invoke(logicalId, input, { timeoutSeconds, task: true });
      }
      for (const branch of state.Branches ?? []) this.collectTaskHandlers(branch.States, handlers);
      const inner = state.ItemProcessor ?? state.Iterator;
      if (inner) this.collectTaskHandlers(inner.States, handlers);
    }
  }

  stateMachineArns(): string[] {
    return [...this.machines.keys()];
  }

  startExecution(stateMachineArn: string, name: string, input: string): Execution {
    const machine = this.machines.get(stateMachineArn);
    if (!machine)
      throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const executionArn = `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:execution:${logicalIdOfArn(stateMachineArn)}:${name}`;
    const existing = this.executions.get(executionArn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === input) return existing;
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    let parsedInput: unknown;
    try {
      parsedInput = JSON.parse(input);
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid execution input: not JSON');
    }
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      markEnded = resolve;
    });
    const execution: Execution = {
      executionArn,
      stateMachineArn,
      name,
      input,
      startDate: new Date(),
      status: 'RUNNING',
      done: Promise.resolve(),
      ended,
      markEnded,
    };
    this.executions.set(executionArn, execution);
    execution.done = this.run(machine, execution, parsedInput);
    return execution;
  }

  /**
   * Checks every definition with the interpreter's validator (asl-validator). The local stack does this
   * when its templates were synthesized anew; templates from its cache passed it when they were cached.
   */
  async validate(): Promise<void> {
    const { StateMachine } = await loadInterpreter();
    for (const machine of this.machines.values())
      machine.runner ??= new StateMachine(machine.definition as never);
  }

  private async run(machine: Machine, execution: Execution, input: unknown): Promise<void> {
    log({ msg: 'execution started', execution: execution.name, stateMachine: logicalIdOfArn(machine.arn) });
    const { StateMachine, ExecutionAbortedError, ExecutionTimeoutError } = await loadInterpreter();
    try {
      machine.runner ??= new StateMachine(machine.definition as never, {
        validationOptions: { noValidate: true },
      });
      const running = machine.runner.run(input as never, {
        overrides: { taskResourceLocalHandlers: machine.handlers as never },
      });
      execution.abort = running.abort;
      if (accountingEnabled()) countTransitions(logicalIdOfArn(machine.arn), running.eventLogs);
      const output = await running.result;
      execution.status = 'SUCCEEDED';
      execution.output = JSON.stringify(output);
    } catch (error) {
      execution.status =
        error instanceof ExecutionTimeoutError
          ? 'TIMED_OUT'
          : error instanceof ExecutionAbortedError
            ? 'ABORTED'
            : 'FAILED';
      execution.error = execution.stopReason ? execution.stopReason.error : (error as Error).name;
      execution.cause = execution.stopReason ? execution.stopReason.cause : (error as Error).message;
    }
    execution.abort = undefined;
    execution.stopDate = new Date();
    execution.markEnded();
    log({
      msg: 'execution ended',
      execution: execution.name,
      status: execution.status,
      ms: execution.stopDate.getTime() - execution.startDate.getTime(),
      error: execution.error,
    });
    await this.emitStatusChange(execution);
    setTimeout(() => {
      if (this.executions.get(execution.executionArn) === execution)
        this.executions.delete(execution.executionArn);
    }, ENDED_EXECUTION_RETENTION_MS).unref();
  }

  private async emitStatusChange(execution: Execution): Promise<void> {
    for (const rule of this.rules) {
      if (
        !rule.statuses.includes(execution.status) ||
        !rule.stateMachineArns.includes(execution.stateMachineArn)
      )
        continue;
      const event = {
        version: '0',
        source: 'aws.states',
        'detail-type': 'Step Functions Execution Status Change',
        time: new Date().toISOString(),
        region: LOCAL_REGION,
        detail: {
          executionArn: execution.executionArn,
          stateMachineArn: execution.stateMachineArn,
          name: execution.name,
          status: execution.status,
          input: execution.input,
          error: execution.error,
          cause: execution.cause,
        },
      };
      for (const target of rule.targetFunctions) {
        try {
          await this.lambdas.invoke(target, event);
        } catch (error) {
          log({ msg: 'status-change target failed', target, error: String(error) });
        }
      }
    }
  }

  /**
   * StopExecution: a running execution is aborted and ends ABORTED (its status-change rules fire, as in
   * AWS); the Task running at that moment finishes in its worker but nothing after it runs. Stopping an
   * execution that has already ended changes nothing.
   */
  async stopExecution(executionArn: string, error?: string, cause?: string): Promise<{ stopDate: number }> {
    const e = this.executions.get(executionArn);
    if (!e) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    if (e.status === 'RUNNING' && e.abort) {
      e.stopReason = { error, cause };
      e.abort();
      // As in AWS: the answer does not wait for the status-change event's targets (EventBridge is async).
      await e.ended;
    }
    return { stopDate: (e.stopDate ?? new Date()).getTime() / 1000 };
  }

  /** Resolves when no execution is running. */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.executions.values()].filter((e) => e.status === 'RUNNING');
      if (running.length === 0) return;
      await Promise.all(running.map((e) => e.done));
    }
  }

  private describe(executionArn: string) {
    const e = this.executions.get(executionArn);
    if (!e) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    return {
      executionArn: e.executionArn,
      stateMachineArn: e.stateMachineArn,
      name: e.name,
      status: e.status,
      startDate: e.startDate.getTime() / 1000,
      stopDate: e.stopDate ? e.stopDate.getTime() / 1000 : undefined,
      input: e.input,
      output: e.output,
      error: e.error,
      cause: e.cause,
    };
  }

  private async handle(target: string, body: Record<string, unknown>): Promise<unknown> {
    switch (target) {
      case 'StartExecution': {
        const e = this.startExecution(
          String(body.stateMachineArn),
          String(body.name ?? crypto.randomUUID()),
          String(body.input ?? '{}'),
        );
        return { executionArn: e.executionArn, startDate: e.startDate.getTime() / 1000 };
      }
      case 'StopExecution':
        return this.stopExecution(
          String(body.executionArn),
          body.error === undefined ? undefined : String(body.error),
          body.cause === undefined ? undefined : String(body.cause),
        );
      case 'DescribeExecution':
        return this.describe(String(body.executionArn));
      case 'ListStateMachines':
        return {
          stateMachines: [...this.machines.keys()].map((arn) => ({
            stateMachineArn: arn,
            name: logicalIdOfArn(arn),
            type: 'STANDARD',
            creationDate: 0,
          })),
        };
      case 'ListExecutions':
        return {
          executions: [...this.executions.values()]
            .filter(
              (e) =>
                e.stateMachineArn === body.stateMachineArn &&
                (!body.statusFilter || e.status === body.statusFilter),
            )
            .map((e) => ({
              executionArn: e.executionArn,
              stateMachineArn: e.stateMachineArn,
              name: e.name,
              status: e.status,
              startDate: e.startDate.getTime() / 1000,
            })),
        };
      default:
        throw new SfnError(
          'UnknownOperationException',
          `The local Step Functions endpoint does not implement ${target}`,
        );
    }
  }

  /** Listens on 127.0.0.1, answering only requests signed with `credentials` (the data directory's). */
  async listen(credentials: SigningCredentials): Promise<string> {
    this.credentials = credentials;
    // Idle keep-alive connections kept 120 s, not Node's 5 s, which races the SDK client's reuse of them
    // (`socket hang up`): the same values as the other local servers.
    this.server = createServer(IDLE_CONNECTION_TIMEOUTS, (req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const check = checkJsonRequest(req, Buffer.concat(chunks), this.credentials!);
    if (!check.ok) return refuseJsonRequest(res, check);
    const target =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    res.setHeader('Content-Type', 'application/x-amz-json-1.0');
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      res.end(JSON.stringify(await this.handle(target, body)));
    } catch (error) {
      const type = error instanceof SfnError ? error.type : 'InternalFailure';
      res.statusCode = error instanceof SfnError ? 400 : 500;
      res.setHeader('x-amzn-errortype', type);
      res.end(JSON.stringify({ __type: type, message: (error as Error).message }));
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * LOCAL_STACK_ACCOUNTING (local/accounting.ts): the execution's states entered and retries, which Step
 * Functions Standard bills as state transitions.
 */
function countTransitions(stateMachine: string, events: AsyncGenerator<{ type: string }>) {
  countExecution(stateMachine);
  void (async () => {
    for await (const event of events)
      if (event.type === 'StateEntered' || event.type === 'StateRetried') countTransition(stateMachine);
  })().catch(() => undefined);
}

function log(fields: Record<string, unknown>) {
  if (process.env.LOCAL_STACK_QUIET === 'true') return;
  console.log(JSON.stringify({ time: new Date().toISOString(), component: 'stepfunctions', ...fields }));
}
