// AWS's limits, checked on every deployable stage's synthesized templates (every stack, nested ones too), each
// failure naming the figure and the limit. The current figures are printed as a table: the headroom is visible.
// Beside AWS's 500 resources per stack, the project's own goal of 400 (room for ten more job kinds) is
// asserted too.
//
// Sizes are measured on the template JSON without whitespace, before CloudFormation resolves anything: an
// unresolved `{"Fn::GetAtt":[...]}` or `{"Fn::ImportValue":...}` becomes a full ARN on deploy and may grow or
// shrink, so keep a margin below the limit. Lambda package sizes are not checked here: these tests synthesize
// with bundling skipped (NO_BUNDLING), so no asset is built. The CLI synth test (cli-synth.test.ts) bundles
// and checks them (lambda-packages.ts).
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYABLE_STAGES, type DeployableStage } from '../../lib/config/stages.ts';
import { type CfnResource, resources, synthStage } from './synth.ts';

/** AWS's limits (CloudFormation, API Gateway, IAM, Lambda, Step Functions), as of 2026. */
const LIMITS = {
  resourcesPerStack: 500, // CloudFormation hard limit
  resourcesPerStackGoal: 400, // this project's goal, not AWS's: room for ten more job kinds under the 500
  apiResourcesPerRestApi: 300, // API Gateway default quota (raisable)
  inlinePolicyCharsPerRole: 10_240, // IAM: aggregate of a role's inline policies, without whitespace
  managedPolicyChars: 6_144, // IAM customer managed policy, without whitespace
  layersPerFunction: 5, // Lambda
  environmentBytes: 4_096, // Lambda: all environment variables together
  stateMachineDefinitionBytes: 1_048_576, // Step Functions: 1 MB definition
  outputsPerStack: 200, // CloudFormation
  parametersPerStack: 200, // CloudFormation
} as const;

interface Figure {
  readonly stage: string;
  readonly stack: string;
  readonly limit: keyof typeof LIMITS;
  readonly subject: string;
  readonly value: number;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Every limited figure of one template; `subject` names the resource a figure belongs to. */
function figuresOf(stage: string, stack: string, template: Record<string, unknown>): Figure[] {
  const all = (template.Resources ?? {}) as Record<string, CfnResource>;
  const t = Template.fromJSON(template);
  const out: Figure[] = [];
  const add = (limit: keyof typeof LIMITS, subject: string, value: number) =>
    out.push({ stage, stack, limit, subject, value });

  add('resourcesPerStack', stack, Object.keys(all).length);
  add('resourcesPerStackGoal', stack, Object.keys(all).length);
  add('outputsPerStack', stack, Object.keys(template.Outputs ?? {}).length);
  add('parametersPerStack', stack, Object.keys(template.Parameters ?? {}).length);

  const apis = resources(t, 'AWS::ApiGateway::RestApi').map(([id]) => id);
  for (const api of apis) {
    const count = resources(t, 'AWS::ApiGateway::Resource').filter(
      ([, r]) => JSON.stringify(r.Properties.RestApiId) === JSON.stringify({ Ref: api }),
    ).length;
    add('apiResourcesPerRestApi', api, count + 1); // + the root resource
  }

  const inline = new Map<string, number>();
  for (const [id, role] of resources(t, 'AWS::IAM::Role')) {
    const policies = (role.Properties.Policies as Array<{ PolicyDocument: unknown }> | undefined) ?? [];
    inline.set(
      id,
      policies.reduce((n, p) => n + bytes(p.PolicyDocument), 0),
    );
  }
  // An AWS::IAM::Policy becomes an inline policy of each role it names.
  for (const [, policy] of resources(t, 'AWS::IAM::Policy')) {
    for (const role of (policy.Properties.Roles as unknown[] | undefined) ?? []) {
      const ref = (role as { Ref?: string }).Ref;
      if (ref) inline.set(ref, (inline.get(ref) ?? 0) + bytes(policy.Properties.PolicyDocument));
    }
  }
  for (const [role, size] of inline) add('inlinePolicyCharsPerRole', role, size);
  for (const [id, policy] of resources(t, 'AWS::IAM::ManagedPolicy'))
    add('managedPolicyChars', id, bytes(policy.Properties.PolicyDocument));

  for (const [id, fn] of resources(t, 'AWS::Lambda::Function')) {
    add('layersPerFunction', id, ((fn.Properties.Layers as unknown[] | undefined) ?? []).length);
    const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables;
    // Lambda counts keys and values; the JSON object is a close, slightly larger measure.
    add('environmentBytes', id, variables ? bytes(variables) : 0);
  }

  for (const [id, sm] of resources(t, 'AWS::StepFunctions::StateMachine')) {
    const definition = sm.Properties.DefinitionString ?? sm.Properties.Definition;
    // With its tokens (Lambda ARNs as Fn::GetAtt) as placeholders; a resolved ARN is about the same size.
    add(
      'stateMachineDefinitionBytes',
      id,
      typeof definition === 'string' ? Buffer.byteLength(definition) : bytes(definition),
    );
  }
  return out;
}

function violations(figures: readonly Figure[], limit: keyof typeof LIMITS): string[] {
  return figures
    .filter((f) => f.limit === limit && f.value > LIMITS[limit])
    .map(
      (f) =>
        `${f.stage}/${f.stack}: ${f.subject} is ${f.value}, ${limit === 'resourcesPerStackGoal' ? 'the goal' : "AWS's limit"} ${limit} is ${LIMITS[limit]}`,
    );
}

const figures: Figure[] = [];

beforeAll(() => {
  for (const stage of DEPLOYABLE_STAGES) {
    const synthesized = synthStage(stage as DeployableStage);
    const stacks = synthesized.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
    for (const stack of stacks) {
      figures.push(...figuresOf(stage, stack.node.path, Template.fromStack(stack).toJSON()));
    }
  }
  const rows = new Map<string, Record<string, string>>();
  for (const f of figures.filter((x) => x.limit !== 'resourcesPerStackGoal')) {
    const key = `${f.stage} ${f.stack}`;
    const row = rows.get(key) ?? { stage: f.stage, stack: f.stack };
    const previous = Number(row[f.limit] ?? '0');
    if (!(f.limit in row) || f.value > previous) row[f.limit] = String(f.value); // the largest per stack
    rows.set(key, row);
  }
  console.log('AWS limits: the largest figure per stack (limits in limits.test.ts, LIMITS)');
  console.table([...rows.values()]);
}, 600_000);

describe("AWS's limits on every stage's templates", () => {
  it('covers every deployable stage, with the nested stacks', () => {
    for (const stage of DEPLOYABLE_STAGES)
      expect(
        new Set(figures.filter((f) => f.stage === stage).map((f) => f.stack)).size,
      ).toBeGreaterThanOrEqual(3);
  });

  for (const limit of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
    it(`${limit} ≤ ${LIMITS[limit]}`, () => {
      expect(violations(figures, limit)).toEqual([]);
    });
  }

  it('fails on a template pushed over each limit', () => {
    const policy = (n: number) => ({
      Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'x'.repeat(n) }],
    });
    const big: Record<string, unknown> = {
      Resources: {
        ...Object.fromEntries(
          Array.from({ length: 501 }, (_, i) => [`Q${i}`, { Type: 'AWS::SQS::Queue', Properties: {} }]),
        ),
        Api: { Type: 'AWS::ApiGateway::RestApi', Properties: {} },
        ...Object.fromEntries(
          Array.from({ length: 300 }, (_, i) => [
            `R${i}`,
            {
              Type: 'AWS::ApiGateway::Resource',
              Properties: { RestApiId: { Ref: 'Api' }, PathPart: `p${i}` },
            },
          ]),
        ),
        Role: {
          Type: 'AWS::IAM::Role',
          Properties: { Policies: [{ PolicyName: 'p', PolicyDocument: policy(10_240) }] },
        },
        Managed: { Type: 'AWS::IAM::ManagedPolicy', Properties: { PolicyDocument: policy(6_144) } },
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Layers: ['a', 'b', 'c', 'd', 'e', 'f'],
            Environment: { Variables: { X: 'y'.repeat(4_096) } },
          },
        },
        Sm: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: { DefinitionString: 'z'.repeat(1_048_577) },
        },
      },
      Outputs: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`O${i}`, { Value: 'v' }])),
      Parameters: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`P${i}`, { Type: 'String' }])),
    };
    const over = figuresOf('test', 'Over', big);
    for (const limit of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
      const found = violations(over, limit);
      expect(found, limit).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`is \\d+, (AWS's limit|the goal) ${limit} is ${LIMITS[limit]}$`));
    }
  });

  it('fails on a stack one resource over the goal of 400, and passes one at it', () => {
    const stackOf = (n: number) => ({
      Resources: Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`Q${i}`, { Type: 'AWS::SQS::Queue', Properties: {} }]),
      ),
    });
    expect(violations(figuresOf('test', 'AtGoal', stackOf(400)), 'resourcesPerStackGoal')).toEqual([]);
    expect(violations(figuresOf('test', 'OverGoal', stackOf(401)), 'resourcesPerStackGoal')).toEqual([
      'test/OverGoal: OverGoal is 401, the goal resourcesPerStackGoal is 400',
    ]);
    expect(violations(figuresOf('test', 'OverGoal', stackOf(401)), 'resourcesPerStack')).toEqual([]);
  });
});
