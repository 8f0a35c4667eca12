// The video renderer of a stage. On deployed stages: Remotion Lambda, deployed by this app instead of
// Remotion's CLI —
//   - the render function from the zip that ships in the @remotion/lambda package (Node.js 24 on arm64,
//     as Remotion's own deployFunction creates it), with Remotion's hosted Chromium and font layers for
//     the stack's region (a CloudFormation mapping, so the template suits every region Remotion serves);
//   - a private render bucket (Remotion's progress files and finished renders, expired after 7 days;
//     our steps copy each finished video into the media bucket);
//   - a site bucket holding the project's bundled compositions, readable by anyone under sites/ only:
//     Chromium inside the render function loads the site over HTTPS without credentials (Remotion strips
//     query strings, so presigned URLs cannot be used). It holds our composition code, never media.
// On the local stage: nothing to deploy; the local stack renders with @remotion/renderer.
// The construct puts together parts that each do one thing (`renderBucket`, `compositionSite`,
// `renderFunctionRole`, `remotionLayers`, `renderFunction`), each making its resources in the construct's
// scope, so their logical ids do not depend on the split.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { AssetHashType, Aws, CfnMapping, DockerImage, Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ENV } from '../../functions/core/config/env.ts';
import type { StageConfig } from '../config/stages.ts';
import { remotionVersion, SITE_ENTRY, siteHash } from '../remotion/site-bundle.ts';
import { PROJECT_ROOT } from './service-function.ts';

interface RemotionRendererProps {
  readonly config: StageConfig;
  readonly logRetentionDays: logs.RetentionDays;
  /** Server access logs of the render and site buckets go here. */
  readonly accessLogsBucket: s3.IBucket;
}

/** The layers Remotion's deployFunction attaches by default (fonts, Chromium, Google emoji, CJK). */
const LAYER_KINDS = ['fonts', 'chromium', 'emoji-google', 'cjk'] as const;

interface RemotionLambdaPackage {
  readonly LambdaInternals: {
    getLayers(options: { option: 'default'; region: string }): Array<{ layerArn: string; version: number }>;
  };
  readonly getRegions: () => readonly string[];
}

export class RemotionRenderer extends Construct {
  /** Variables the render steps need (RENDERER_PROVIDER and, on deployed stages, where Remotion is). */
  readonly environment: Readonly<Record<string, string>>;
  /** The render function. @default none on the local stage */
  readonly renderFunction?: lambda.Function;
  /** Remotion's progress files and finished renders. @default none on the local stage */
  readonly renderBucket?: s3.Bucket;
  /** The bundled compositions Chromium loads. @default none on the local stage */
  readonly siteBucket?: s3.Bucket;
  /** The site's index.html, for this build of the compositions. @default none on the local stage */
  readonly serveUrl?: string;
  /** Everything granted render access (cdk-nag acknowledgements read it). */
  readonly renderGrantees: iam.IGrantable[] = [];

  constructor(scope: Construct, id: string, props: RemotionRendererProps) {
    super(scope, id);
    const { config } = props;
    if (config.renderer.provider === 'local') {
      // The local stack bundles the site itself and sets REMOTION_SERVE_URL and LOCAL_RENDER_DIR.
      this.environment = {
        [ENV.rendererProvider]: 'local',
        [ENV.renderScale]: String(config.renderer.scale),
      };
      return;
    }
    this.renderBucket = renderBucket(this, props.accessLogsBucket);
    const site = compositionSite(this, props.accessLogsBucket);
    this.siteBucket = site.bucket;
    this.serveUrl = site.serveUrl;
    this.renderFunction = renderFunction(this, props, this.renderBucket);
    this.environment = {
      [ENV.rendererProvider]: 'remotion-lambda',
      [ENV.renderScale]: String(config.renderer.scale),
      [ENV.remotionFunctionName]: this.renderFunction.functionName,
      [ENV.remotionServeUrl]: this.serveUrl,
      [ENV.remotionRenderBucket]: this.renderBucket.bucketName,
    };
  }

  /** Lets a step start renders and read their progress (by invoking the function) and copy the output. */
  grantRender(grantee: iam.IGrantable): void {
    if (!this.renderFunction || !this.renderBucket) return;
    this.renderGrantees.push(grantee);
    this.renderFunction.grantInvoke(grantee);
    // Large input props are uploaded to the render bucket; finished videos are copied out of it.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectAcl'],
        resources: [this.renderBucket.arnForObjects('*')],
      }),
    );
  }
}

/** Nothing here outlives the stack: finished videos are copied into the media bucket, and each deploy deploys the site. */
const REMOVAL_POLICY = RemovalPolicy.DESTROY;

/** The private render bucket: Remotion's progress files and finished renders, expired after 7 days. */
function renderBucket(scope: Construct, accessLogsBucket: s3.IBucket): s3.Bucket {
  return new s3.Bucket(scope, 'RenderBucket', {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // Remotion writes its files with the 'private' canned ACL, which needs ACLs enabled.
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    serverAccessLogsBucket: accessLogsBucket,
    serverAccessLogsPrefix: 'remotion-renders/',
    lifecycleRules: [
      { prefix: 'renders/', expiration: Duration.days(7) },
      { prefix: 'input-props/', expiration: Duration.days(1) },
      { abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    removalPolicy: REMOVAL_POLICY,
    autoDeleteObjects: true,
  });
}

/**
 * The site bucket, readable by anyone under sites/ only, and this build of the compositions deployed
 * into it under a prefix of its own.
 */
function compositionSite(
  scope: Construct,
  accessLogsBucket: s3.IBucket,
): { readonly bucket: s3.Bucket; readonly serveUrl: string } {
  const bucket = new s3.Bucket(scope, 'SiteBucket', {
    blockPublicAccess: new s3.BlockPublicAccess({
      blockPublicAcls: true,
      ignorePublicAcls: true,
      blockPublicPolicy: false,
      restrictPublicBuckets: false,
    }),
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: accessLogsBucket,
    serverAccessLogsPrefix: 'remotion-site/',
    removalPolicy: REMOVAL_POLICY,
    autoDeleteObjects: true,
  });
  bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'PublicReadOfTheCompositionSite',
      principals: [new iam.AnyPrincipal()],
      actions: ['s3:GetObject'],
      resources: [bucket.arnForObjects('sites/*')],
    }),
  );
  // One prefix per site version: renders in flight keep the version they started with.
  const sitePrefix = `sites/${siteHash()}/`;
  new s3deploy.BucketDeployment(scope, 'SiteDeployment', {
    destinationBucket: bucket,
    destinationKeyPrefix: sitePrefix,
    prune: false,
    memoryLimit: 512,
    sources: [
      s3deploy.Source.asset(path.join(PROJECT_ROOT, path.dirname(SITE_ENTRY)), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: `remotion-site-${siteHash()}`,
        bundling: {
          // Never used: the local bundling below always succeeds (no Docker here or in CI).
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle(outputDir: string) {
              execFileSync(
                process.execPath,
                ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'bundle-remotion-site.ts'), outputDir],
                { stdio: 'inherit', cwd: PROJECT_ROOT },
              );
              return true;
            },
          },
        },
      }),
    ],
  });
  return { bucket, serveUrl: `https://${bucket.bucketRegionalDomainName}/${sitePrefix}index.html` };
}

/** The render function's role: its own log group, and the render bucket's objects and listing. */
function renderFunctionRole(scope: Construct, logGroup: logs.ILogGroup, renders: s3.IBucket): iam.Role {
  const role = new iam.Role(scope, 'RenderFunctionRole', {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: 'Execution role of the Remotion render function',
  });
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroup.logGroupArn],
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectAcl', 's3:DeleteObject'],
      resources: [renders.arnForObjects('*')],
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['s3:ListBucket', 's3:GetBucketLocation'],
      resources: [renders.bucketArn],
    }),
  );
  return role;
}

/**
 * Remotion's hosted layers for the stack's region: a CloudFormation mapping of every region Remotion
 * serves (outside China), so the template suits each of them.
 */
function remotionLayers(scope: Construct): lambda.ILayerVersion[] {
  const remotion = createRequire(import.meta.url)('@remotion/lambda') as RemotionLambdaPackage;
  const mapping = new CfnMapping(scope, 'RemotionLayers', {
    mapping: Object.fromEntries(
      remotion
        .getRegions()
        .filter((region) => !region.startsWith('cn-'))
        .map((region) => {
          const layers = remotion.LambdaInternals.getLayers({ option: 'default', region });
          return [
            region,
            Object.fromEntries(
              LAYER_KINDS.map((kind) => {
                const layer = layers.find((l) => l.layerArn.endsWith(`-${kind}-arm64`));
                if (!layer) throw new Error(`Remotion has no ${kind} layer in ${region}`);
                return [kind.replace('-', ''), `${layer.layerArn}:${layer.version}`];
              }),
            ),
          ];
        }),
    ),
  });
  return LAYER_KINDS.map((kind) =>
    lambda.LayerVersion.fromLayerVersionArn(
      scope,
      `Layer-${kind}`,
      mapping.findInMap(Aws.REGION, kind.replace('-', '')),
    ),
  );
}

/** The render function from the zip in @remotion/lambda, with its log group, role and layers. */
function renderFunction(
  scope: Construct,
  props: RemotionRendererProps,
  renders: s3.IBucket,
): lambda.Function {
  const { config } = props;
  const logGroup = new logs.LogGroup(scope, 'RenderFunctionLogs', {
    retention: props.logRetentionDays,
    removalPolicy: REMOVAL_POLICY,
  });
  const role = renderFunctionRole(scope, logGroup, renders);
  const zip = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@remotion/lambda/package.json')),
    'remotionlambda-arm64.zip',
  );
  const fn = new lambda.Function(scope, 'RenderFunction', {
    description: `Renders the project's Remotion compositions (Remotion ${remotionVersion()})`,
    code: lambda.Code.fromAsset(zip),
    handler: 'index.handler',
    // Remotion 4.0.527's function configures its fonts only on the runtimes it was built for.
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: config.renderer.memoryMb,
    ephemeralStorageSize: Size.mebibytes(2048),
    timeout: Duration.seconds(config.renderer.functionTimeoutSeconds),
    role,
    logGroup,
    retryAttempts: 0,
    layers: remotionLayers(scope),
  });
  // The main invocation fans out to renderer invocations of the same function. A separate policy (not
  // the role's default one) avoids a cycle: the function depends on its role, this on both.
  new iam.Policy(scope, 'RenderFunctionSelfInvoke', {
    roles: [role],
    statements: [
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [fn.functionArn],
      }),
    ],
  });
  return fn;
}
