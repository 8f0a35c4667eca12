// The renderer of a stage: Remotion Lambda deployed by this app on dev/staging/prod (render function from
// the npm zip with Remotion's layers for the stack's region, a private render bucket, the composition site
// public under sites/ only), render steps that may drive it and nothing else; nothing on the local stage.
import { createRequire } from 'node:module';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/core/config/env.ts';
import { buildStage } from '../../lib/app.ts';
import { STAGES } from '../../lib/config/stages.ts';
import { HANDLER_METADATA_KEY } from '../../lib/constructs/service-function.ts';
import {
  actionsOf,
  logicalId,
  NO_BUNDLING,
  resources,
  type SynthesizedStage,
  statementsOfFunction,
  synthStage,
} from './synth.ts';

describe('Remotion Lambda renderer (deployed stages)', () => {
  let dev: SynthesizedStage;
  let renderFunctionId: string;

  beforeAll(() => {
    dev = synthStage('dev');
    renderFunctionId = logicalId(dev.service.renderer.renderFunction!);
  });

  it('deploys the render function from the zip in @remotion/lambda, as Remotion configures it', () => {
    const [, fn] = resources(dev.serviceTemplate, 'AWS::Lambda::Function').find(
      ([id]) => id === renderFunctionId,
    )!;
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      MemorySize: STAGES.dev.renderer.memoryMb,
      Timeout: STAGES.dev.renderer.functionTimeoutSeconds,
      EphemeralStorage: { Size: 2048 },
    });
    // The code is a file asset (the zip; test/infra/cli-synth.test.ts checks the assembly carries it).
    expect(fn.Properties.Code).toMatchObject({ S3Key: expect.stringMatching(/\.zip$/) });
    dev.serviceTemplate.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: renderFunctionId },
      MaximumRetryAttempts: 0,
    });
  });

  it("attaches Remotion's hosted fonts, Chromium, emoji and CJK layers for the stack's region", () => {
    const [, fn] = resources(dev.serviceTemplate, 'AWS::Lambda::Function').find(
      ([id]) => id === renderFunctionId,
    )!;
    const layers = fn.Properties.Layers as Array<{ 'Fn::FindInMap': [string, { Ref: string }, string] }>;
    expect(layers.map((l) => l['Fn::FindInMap'][2])).toEqual(['fonts', 'chromium', 'emojigoogle', 'cjk']);
    expect(layers[0]!['Fn::FindInMap'][1]).toEqual({ Ref: 'AWS::Region' });
    const mappings = dev.serviceTemplate.toJSON().Mappings as Record<
      string,
      Record<string, Record<string, string>>
    >;
    const table = mappings[layers[0]!['Fn::FindInMap'][0]]!;
    const remotion = createRequire(import.meta.url)('@remotion/lambda') as {
      LambdaInternals: {
        getLayers(o: { option: string; region: string }): Array<{ layerArn: string; version: number }>;
      };
    };
    const expected = remotion.LambdaInternals.getLayers({ option: 'default', region: 'ap-southeast-2' });
    expect(Object.values(table['ap-southeast-2']!).sort()).toEqual(
      expected.map((l) => `${l.layerArn}:${l.version}`).sort(),
    );
    expect(Object.keys(table)).toEqual(
      expect.arrayContaining(['us-east-1', 'eu-central-1', 'ap-southeast-2']),
    );
  });

  it('lets the render function invoke only itself and touch only its render bucket', () => {
    const statements = [
      ...statementsOfFunction(dev.serviceTemplate, renderFunctionId),
      ...resources(dev.serviceTemplate, 'AWS::IAM::Policy')
        .filter(([id]) => id.includes('SelfInvoke'))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: never[] }).Statement),
    ];
    const bucket = logicalId(dev.service.renderer.renderBucket!);
    for (const statement of statements) {
      const actions = actionsOf(statement);
      if (actions.some((a) => a.startsWith('s3:')))
        expect(JSON.stringify(statement.Resource)).toContain(bucket);
      if (actions.includes('lambda:InvokeFunction'))
        expect(statement.Resource).toEqual({ 'Fn::GetAtt': [renderFunctionId, 'Arn'] });
    }
    expect(statements.some((s) => actionsOf(s).includes('lambda:InvokeFunction'))).toBe(true);
  });

  it('keeps renders private and exposes only the composition site, read-only, under sites/', () => {
    const renderBucket = logicalId(dev.service.renderer.renderBucket!);
    const siteBucket = logicalId(dev.service.renderer.siteBucket!);
    const buckets = Object.fromEntries(resources(dev.serviceTemplate, 'AWS::S3::Bucket'));
    expect(buckets[renderBucket]!.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(buckets[siteBucket]!.Properties.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      IgnorePublicAcls: true,
    });
    const policies = resources(dev.serviceTemplate, 'AWS::S3::BucketPolicy');
    const publicStatements = policies.flatMap(([, p]) =>
      (
        p.Properties.PolicyDocument as {
          Statement: Array<{ Principal?: unknown; Effect: string; Action: unknown; Resource: unknown }>;
        }
      ).Statement.filter(
        (s) => s.Effect === 'Allow' && JSON.stringify(s.Principal) === JSON.stringify({ AWS: '*' }),
      ),
    );
    expect(publicStatements).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucket, 'Arn'] }, '/sites/*']] },
      }),
    ]);
    dev.serviceTemplate.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: siteBucket },
      DestinationBucketKeyPrefix: Match.stringLikeRegexp('^sites/[0-9a-f]{16}/$'),
    });
  });

  it('tells the render steps (videos, brochure stills, the video export composition lookup) where Remotion is, and lets only them invoke it', () => {
    const functions = resources(dev.serviceTemplate, 'AWS::Lambda::Function').filter(
      ([, fn]) => typeof fn.Metadata?.[HANDLER_METADATA_KEY] === 'string',
    );
    const invokers = functions
      .filter(([id]) =>
        statementsOfFunction(dev.serviceTemplate, id).some(
          (s) =>
            actionsOf(s).includes('lambda:InvokeFunction') &&
            JSON.stringify(s.Resource).includes(renderFunctionId),
        ),
      )
      .map(([, fn]) => fn.Metadata![HANDLER_METADATA_KEY]);
    // The video render pair, the brochure slide step and the drone still and poster steps (their stills
    // render on the same function) and the video export's composition lookup.
    const renderSteps = [
      'functions/jobs/brochure/steps.ts#generate',
      'functions/jobs/drone/render-steps.ts#renderStill',
      'functions/jobs/drone/render-steps.ts#storeFootage',
      'functions/jobs/shared/render.ts#check',
      'functions/jobs/shared/render.ts#start',
      // Looks a composition up in a caller's bundle with getCompositionsOnLambda.
      'functions/jobs/video-export/steps.ts#prepare',
    ];
    expect(invokers.sort()).toEqual(renderSteps);
    for (const [, fn] of functions.filter(([, f]) =>
      renderSteps.includes(String(f.Metadata![HANDLER_METADATA_KEY])),
    )) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables[ENV.rendererProvider]).toBe('remotion-lambda');
      expect(variables[ENV.remotionFunctionName]).toEqual({ Ref: renderFunctionId });
      expect(JSON.stringify(variables[ENV.remotionServeUrl])).toMatch(/sites\/[0-9a-f]{16}\/index\.html/);
      expect(variables[ENV.remotionRenderBucket]).toEqual({
        Ref: logicalId(dev.service.renderer.renderBucket!),
      });
    }
  });
});

describe('local renderer (local stage)', () => {
  it('deploys nothing for rendering and tells the steps to render locally', () => {
    const app = new App({ context: NO_BUNDLING });
    const { service } = buildStage(app, STAGES.local, { nag: false });
    const template = Template.fromStack(service);
    expect(service.renderer.renderFunction).toBeUndefined();
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    expect(
      resources(template, 'AWS::Lambda::Function').every(([, fn]) => fn.Properties.Runtime !== 'nodejs24.x'),
    ).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ [ENV.rendererProvider]: 'local' }) },
    });
  });
});
