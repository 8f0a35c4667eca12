// The job kinds' step functions, from the registry: one Lambda function per functionId (shared steps
// such as ResolveLocation and the render pair serve every kind that names them). Each gets what every
// step has (the jobs table, the event queue) and then what its needs name, by binding each row of the
// capability table (functions/jobs/capabilities.ts) to it: this module is the CDK side of that table.
// `makeStepFunctions` makes them in the stack's own scope, so their logical ids do not depend on it.
//
// Two phases. `makeStepFunctions` makes every step function of every kind (phase one, before any state
// machine exists: the workflows take the functions). Grants that name the job state machines (a step that
// starts jobs of other kinds) are kept, and the returned `grantWorkflows` applies them once every state
// machine is made (phase two). So no kind has to come before another in the registry.
import * as path from 'node:path';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ENV, stateMachineArnVariable } from '../../functions/core/config/env.ts';
import type { JobType } from '../../functions/core/jobs/job-types.ts';
import {
  bindCapabilities,
  type CapabilitySettings,
  type CapabilityTarget,
} from '../../functions/jobs/capabilities.ts';
import { handlerModule, type StepFunctionSpec } from '../../functions/jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../../functions/jobs/registry.ts';
import type { StageConfig } from '../config/stages.ts';
import type { JobWorkflow } from './job-workflow.ts';
import type { WorkflowsByType } from './job-workflows.ts';
import type { RemotionRenderer } from './remotion-renderer.ts';
import {
  HEAVY_MEMORY_MB,
  PROJECT_ROOT,
  ServiceFunction,
  type ServiceFunctionProps,
} from './service-function.ts';
import { SHARP_MODULES, type SharpLayer } from './sharp-layer.ts';

/**
 * Modules no step function bundles: sharp comes from the sharp layer (on the functions whose needs name
 * it); the local renderer's Remotion packages are never loaded in AWS. Every step's bundle holds the
 * capability adapters' code, but a step loads only those its needs name.
 */
const NEVER_BUNDLED = [...SHARP_MODULES, '@remotion/renderer', '@remotion/bundler'];

interface StepFunctionsProps {
  readonly config: StageConfig;
  /** The environment every function of the stage has. */
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
  readonly jobsTable: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  readonly sharp: SharpLayer;
  readonly renderer: RemotionRenderer;
  readonly accountsTable: dynamodb.ITable;
}

/** What binding a function's needs asked for, collected before the function is made. */
class FunctionRequirements implements CapabilityTarget {
  readonly environment: Record<string, string> = {};
  readonly files = new Set<string>();
  readonly grants: Array<(fn: ServiceFunction) => void> = [];
  /** Grants that name the job state machines: applied in phase two, when they all exist. */
  readonly workflowGrants: Array<(fn: ServiceFunction, workflows: WorkflowsByType) => void> = [];
  sharpLayer = false;
  private readsTilesKey = false;
  private readsAccounts = false;
  private readonly secretsRead = new Set<string>();

  constructor(
    readonly settings: CapabilitySettings,
    readonly bundled: boolean,
    private readonly stack: Stack,
    private readonly props: StepFunctionsProps,
    private readonly tilesKey: secretsmanager.ISecret | undefined,
    /** The job types of the state machines the function runs in. */
    private readonly ownJobTypes: readonly JobType[],
  ) {}

  setEnvironment(variables: Readonly<Record<string, string>>): void {
    Object.assign(this.environment, variables);
  }

  shipFile(projectFile: string): string {
    this.files.add(projectFile);
    return `/var/task/${path.basename(projectFile)}`;
  }

  useMediaBucket(): void {
    this.grants.push((fn) => fn.bindBucket(this.props.mediaBucket, ENV.mediaBucket, 'readWrite'));
  }

  useSharpLayer(): void {
    this.sharpLayer = true;
  }

  useRenderer(): void {
    Object.assign(this.environment, this.props.renderer.environment);
    this.grants.push((fn) => this.props.renderer.grantRender(fn));
  }

  readAerialTilesKey(): void {
    const key = this.tilesKey;
    if (!key || this.readsTilesKey) return;
    this.readsTilesKey = true;
    this.grants.push((fn) => key.grantRead(fn));
  }

  readSecret(name: string): void {
    if (this.secretsRead.has(name)) return;
    this.secretsRead.add(name);
    // By name: Secrets Manager appends six random characters to a secret's ARN.
    const arn = this.stack.formatArn({
      service: 'secretsmanager',
      resource: 'secret',
      resourceName: `${name}-??????`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.grants.push((fn) =>
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [arn] }),
      ),
    );
  }

  startJobsOfOtherKinds(): void {
    const { accountsTable } = this.props;
    const readsAccounts = this.readsAccounts;
    this.readsAccounts = true;
    // Not its own kinds' state machines: a state machine that names its own function's ARN and whose
    // function names the state machine's would be a cycle.
    this.workflowGrants.push((fn, workflows) => {
      for (const [jobType, workflow] of Object.entries(workflows) as Array<[JobType, JobWorkflow]>)
        if (!this.ownJobTypes.includes(jobType))
          fn.bindStateMachine(workflow.stateMachine, stateMachineArnVariable(jobType));
      if (!readsAccounts) fn.bindTable(accountsTable, ENV.accountsTable, 'read');
    });
  }

  readAccountsTable(): void {
    if (this.readsAccounts) return;
    this.readsAccounts = true;
    const table = this.props.accountsTable;
    // GetItem of the table alone: a job's step reads its own organization's item by its key
    // (own-imagery.ts), and never needs to query or scan a table that holds every organization's keys.
    this.grants.push((fn) => {
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [table.tableArn] }),
      );
      fn.addEnvironment(ENV.accountsTable, table.tableName);
    });
  }

  allow(actions: readonly string[], arn: { service: string; region?: string; resource: string }): void {
    const resource = `arn:${this.stack.partition}:${arn.service}:${arn.region ?? this.stack.region}::${arn.resource}`;
    this.grants.push((fn) =>
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...actions], resources: [resource] })),
    );
  }
}

/** The step functions made (phase one), and the grants left for phase two. */
export interface StepFunctions {
  /** Every step function. */
  readonly functions: readonly ServiceFunction[];
  /** The function of a step spec (steps naming the same functionId share it). */
  functionOf(spec: StepFunctionSpec): ServiceFunction;
  /** Phase two: the grants that name the job state machines, once every state machine is made. */
  grantWorkflows(workflows: WorkflowsByType): void;
}

/** Every step's function (and every poll's check function), once per functionId. */
export function makeStepFunctions(scope: Construct, props: StepFunctionsProps): StepFunctions {
  const stack = Stack.of(scope);
  // The cloud aerial scene source's API key: read by the drone steps that select tiles and by every
  // step that starts a render (the render ports resolve a request's secretEnv when it starts).
  const scene = props.config.aerialScene;
  const tilesKey =
    scene.source === 'photorealistic-3d-tiles'
      ? secretsmanager.Secret.fromSecretNameV2(scope, 'AerialTilesKey', scene.apiKeySecretName)
      : undefined;
  // Each function with the kinds whose state machines run it.
  const specs = new Map<string, { spec: StepFunctionSpec; jobTypes: JobType[] }>();
  for (const kind of JOB_TYPE_SPECS)
    for (const step of kind.workflow.steps)
      for (const spec of step.poll ? [step.fn, step.poll.check] : [step.fn]) {
        const entry = specs.get(spec.functionId) ?? { spec, jobTypes: [] };
        if (!entry.jobTypes.includes(kind.type)) entry.jobTypes.push(kind.type);
        specs.set(spec.functionId, entry);
      }

  const made = new Map<string, ServiceFunction>();
  const workflowGrants: Array<(workflows: WorkflowsByType) => void> = [];
  for (const { spec, jobTypes } of specs.values()) {
    const needs = new FunctionRequirements(
      props.config,
      stack.bundlingRequired,
      stack,
      props,
      tilesKey,
      jobTypes,
    );
    bindCapabilities(spec.needs ?? [], needs);
    const memorySize = spec.memoryMb ?? 256;
    const fn = new ServiceFunction(scope, spec.functionId, {
      entry: handlerModule(spec.handler, PROJECT_ROOT),
      exportName: spec.handler.exportName,
      description: spec.description,
      logRetentionDays: props.logRetentionDays,
      environment: { ...props.environment, ...needs.environment },
      memorySize,
      timeout: Duration.seconds(spec.timeoutSeconds ?? 60),
      // Heavy steps are capped (throttled ones wait in their state machine's retry, not fail).
      reservedConcurrentExecutions:
        memorySize >= HEAVY_MEMORY_MB ? props.config.heavyStepConcurrency : undefined,
      nativeLayer: needs.sharpLayer ? { layer: props.sharp.layer, modules: [...SHARP_MODULES] } : undefined,
      externalModules: NEVER_BUNDLED,
      bundledFiles: needs.files.size > 0 ? [...needs.files] : undefined,
    })
      // Every workflow step writes its job and may queue job events.
      .bindTable(props.jobsTable, ENV.jobsTable, 'readWrite')
      .bindQueue(props.webhookQueue, ENV.webhookQueueUrl);
    for (const grant of needs.grants) grant(fn);
    for (const grant of needs.workflowGrants) workflowGrants.push((workflows) => grant(fn, workflows));
    made.set(spec.functionId, fn);
  }

  return {
    functions: [...made.values()],
    functionOf(spec) {
      const fn = made.get(spec.functionId);
      if (!fn) throw new Error(`no step function ${spec.functionId}: no job kind's workflow names it`);
      return fn;
    },
    grantWorkflows(workflows) {
      for (const grant of workflowGrants.splice(0)) grant(workflows);
    },
  };
}
