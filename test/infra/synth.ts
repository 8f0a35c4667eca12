// Shared helpers of the infrastructure tests: synthesize a stage in process (asset bundling skipped) and
// read the templates the way CloudFormation would.
import { App, CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { vi } from 'vitest';
import { buildStage, type StageStacks } from '../../lib/app.ts';
import { type DeployableStage, STAGES } from '../../lib/config/stages.ts';

/** Skips esbuild and the sharp layer install: the templates are the same, the assets are not built. */
export const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] as string[] };

export interface SynthesizedStage extends StageStacks {
  readonly app: App;
  readonly statefulTemplate: Template;
  readonly serviceTemplate: Template;
  /** The service stack's nested monitoring stack (dashboard, alarms, alarm topic). */
  readonly monitoringTemplate: Template;
}

const synthesized = new Map<string, SynthesizedStage>();

/**
 * A stage's app and templates, synthesized once per worker and kept: the infrastructure tests share one
 * worker and its modules (vitest.config.ts), so each stage is synthesized once per run. Read them, never
 * change them: a test that needs another app (other settings, another plugin) builds its own.
 */
export function synthStage(stage: DeployableStage, options: { nag?: boolean } = {}): SynthesizedStage {
  const key = `${stage}:${options.nag ?? false}`;
  let found = synthesized.get(key);
  if (!found) {
    found = synthesize(stage, options);
    synthesized.set(key, found);
  }
  return found;
}

function synthesize(stage: DeployableStage, options: { nag?: boolean }): SynthesizedStage {
  const app = new App({ context: NO_BUNDLING });
  const stacks = buildStage(app, STAGES[stage], { nag: options.nag ?? false });
  return {
    ...stacks,
    app,
    statefulTemplate: Template.fromStack(stacks.stateful),
    serviceTemplate: Template.fromStack(stacks.service),
    monitoringTemplate: Template.fromStack(stacks.service.monitoringStack),
  };
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export function resources(template: Template, type?: string): Array<[string, CfnResource]> {
  const all = template.toJSON().Resources as Record<string, CfnResource>;
  return Object.entries(all)
    .filter(([, r]) => type === undefined || r.Type === type)
    .map(([id, r]) => [id, { ...r, Properties: r.Properties ?? {} }]);
}

export function logicalId(construct: { node: { defaultChild?: unknown } } | CfnElement): string {
  const cfn = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(cfn instanceof CfnElement)) throw new Error('construct has no CloudFormation resource');
  return (cfn.stack as Stack).resolve(cfn.logicalId) as string;
}

/** Logical id of the Lambda function whose `pms:handler` metadata names this module (export `handler`). */

/** The logical id of the Lambda function made with construct id `functionId` (a route's or a step's). */
export function functionOf(template: Template, functionId: string): string {
  const pattern = new RegExp(`^${functionId}[0-9A-F]{8}$`);
  const matches = resources(template, 'AWS::Lambda::Function').filter(([rid]) => pattern.test(rid));
  if (matches.length !== 1) throw new Error(`expected one function ${functionId}, found ${matches.length}`);
  return matches[0]![0];
}

/** `{ 'Fn::ImportValue': name }` as the service template imports the given attribute of a stateful resource. */
export function importOf(
  statefulTemplate: Template,
  resourceLogicalId: string,
  attribute: string,
): { 'Fn::ImportValue': string } {
  const outputs = statefulTemplate.toJSON().Outputs as Record<
    string,
    { Value: unknown; Export?: { Name: string } }
  >;
  const wanted = JSON.stringify({ 'Fn::GetAtt': [resourceLogicalId, attribute] });
  const output = Object.values(outputs).find((o) => o.Export && JSON.stringify(o.Value) === wanted);
  if (!output?.Export)
    throw new Error(`the stateful stack does not export ${resourceLogicalId}.${attribute}`);
  return { 'Fn::ImportValue': output.Export.Name };
}

export interface PolicyStatement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/** Every statement of the identity policies attached to the role of a function. */
export function statementsOfFunction(template: Template, functionLogicalId: string): PolicyStatement[] {
  const fn = resources(template, 'AWS::Lambda::Function').find(([id]) => id === functionLogicalId)?.[1];
  const roleRef = (fn?.Properties.Role as { 'Fn::GetAtt'?: [string, string] } | undefined)?.[
    'Fn::GetAtt'
  ]?.[0];
  if (!roleRef) throw new Error(`function ${functionLogicalId} has no role of this stack`);
  return statementsOfRole(template, roleRef);
}

export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatement[] {
  const role = resources(template, 'AWS::IAM::Role').find(([id]) => id === roleLogicalId)?.[1];
  const inline = (
    (role?.Properties.Policies as Array<{ PolicyDocument: { Statement: PolicyStatement[] } }>) ?? []
  ).flatMap((p) => p.PolicyDocument.Statement);
  const attached = resources(template, 'AWS::IAM::Policy')
    .filter(([, p]) =>
      (p.Properties.Roles as unknown[]).some(
        (r) => JSON.stringify(r) === JSON.stringify({ Ref: roleLogicalId }),
      ),
    )
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: PolicyStatement[] }).Statement);
  return [...inline, ...attached];
}

export function actionsOf(statement: PolicyStatement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

export function resourcesOf(statement: PolicyStatement): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

/** True when the statement's resources mention the value (an ARN token such as an import) anywhere. */
export function mentions(statement: PolicyStatement, value: unknown): boolean {
  return JSON.stringify(statement.Resource).includes(JSON.stringify(value));
}

/** Allowed actions of the statements touching a resource. */
export function allowedActionsOn(statements: readonly PolicyStatement[], value: unknown): Set<string> {
  return new Set(statements.filter((s) => s.Effect === 'Allow' && mentions(s, value)).flatMap(actionsOf));
}

export const PLACEHOLDER_LAMBDA_ARN = 'arn:aws:lambda:ap-southeast-2:123456789012:function:X';

/**
 * The ASL of a state machine: DefinitionString is an Fn::Join of JSON fragments and Fn::GetAtt/Ref tokens
 * (the Task states' Lambda ARNs), which become a placeholder ARN.
 */
export function definitionOf(stateMachine: CfnResource): AslDefinition {
  const definition = stateMachine.Properties.DefinitionString;
  if (typeof definition === 'string') return JSON.parse(definition) as AslDefinition;
  const join = (definition as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) throw new Error(`unexpected DefinitionString ${JSON.stringify(definition)}`);
  const [separator, parts] = join;
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const token = part as Record<string, unknown>;
      if ('Fn::GetAtt' in token || 'Ref' in token) return PLACEHOLDER_LAMBDA_ARN;
      throw new Error(`unexpected token in DefinitionString: ${JSON.stringify(part)}`);
    })
    .join(separator);
  return JSON.parse(text) as AslDefinition;
}

export interface AslState {
  readonly Type: string;
  readonly Next?: string;
  readonly End?: boolean;
  readonly Resource?: string;
  readonly TimeoutSeconds?: number;
  readonly Retry?: ReadonlyArray<{ ErrorEquals: string[]; MaxAttempts?: number }>;
  readonly Catch?: ReadonlyArray<{ ErrorEquals: string[]; Next: string; ResultPath?: string }>;
}

export interface AslDefinition {
  readonly StartAt: string;
  readonly States: Record<string, AslState>;
  readonly TimeoutSeconds?: number;
  readonly Comment?: string;
}

/**
 * Synthesizes an app whose validation plugins are registered, with their report (also printed to stderr)
 * kept quiet: the error synth threw when a plugin found something, if any. The caller reads the report
 * from the assembly's validation-report.json.
 */
export function synthQuietly(app: App): unknown {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    app.synth();
    return undefined;
  } catch (e) {
    return e;
  } finally {
    quiet.mockRestore();
  }
}
