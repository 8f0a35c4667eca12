// The AWS Guard (Control Tower proactive control) findings this app accepts, each with its reason, in one
// table. Each row acknowledges its control on exactly the CloudFormation resources it selects, per stage
// (CDK's Validations.acknowledge, id `cfn-guard::<control>`); nothing is disabled app-wide. The guard test
// (test/infra/guard.test.ts) fails on any unacknowledged finding, and on a row or an acknowledgement that no
// longer matches a finding. Controls fixed in the templates instead: CT.S3.PR.5 (the access-log bucket takes
// logs by bucket policy, ACLs disabled: lib/stateful-stack.ts) and CT.KMS.PR.3 (lib/key-policies.ts).
import { CfnResource, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import type { StageConfig } from './config/stages.ts';
import { GUARD_PLUGIN_NAME } from './guard-validation.ts';
import type { ServiceStack } from './service-stack.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface GuardStage {
  readonly config: StageConfig;
  readonly stateful: StatefulStack;
  readonly service: ServiceStack;
}

export interface GuardSuppression {
  /** The Control Tower control id, as the finding names it. */
  readonly rule: string;
  /** The resources it covers, in words. */
  readonly resources: string;
  readonly reason: string;
  /** The constructs (CloudFormation resources) of one stage it covers; none where the stage passes. */
  readonly select: (stage: GuardStage) => ReadonlyArray<IConstruct | undefined>;
}

const REASONS = {
  noVpc:
    'The service runs no VPC on purpose: its functions call only AWS APIs (DynamoDB, S3, Step Functions, SQS, Bedrock, Location) and HTTPS services on the internet, and hold no network-reachable state. A VPC would add NAT gateways or interface endpoints per AZ (cost, cold starts) and protect nothing that IAM does not already.',
  logKms:
    'CloudWatch Logs encrypts every log group at rest with AWS-owned keys already. A customer managed key would add a key, its policy for logs.<region>.amazonaws.com and KMS charges, and restrict nothing: the people who may read these logs are the ones with CloudWatch Logs access in the account, with or without the key.',
  objectLock:
    'Object Lock forbids deleting objects within their retention, and this bucket must delete: job media is erased on request and by the retention sweeper (docs/readme/retention.md), renders expire in days, access logs after 90 days, site versions are disposable.',
  eventNotifications:
    'Nothing consumes S3 events here: objects are written by the service itself (or by Remotion Lambda on its behalf), which tracks them in the job records and state machines. A notification with no consumer adds nothing.',
  importedLogTarget:
    "Server access logging is on (the stateful stack's access-log bucket, its own prefix). The control does not recognise the target because it is imported from the stateful stack (Fn::ImportValue) rather than a literal name or a reference within this template.",
} as const;

const resourceOf = (bucket: IConstruct | undefined) => bucket?.node.defaultChild;

/** Every CloudFormation resource of the given type in the stage's stacks (nested stacks included). */
function cfnResources(stage: GuardStage, type: string): CfnResource[] {
  return [stage.stateful, stage.service].flatMap((stack) =>
    stack.node
      .findAll()
      .filter((c): c is CfnResource => CfnResource.isCfnResource(c) && c.cfnResourceType === type),
  );
}

export const GUARD_SUPPRESSIONS: readonly GuardSuppression[] = [
  // --- Lambda ---
  {
    rule: 'CT.LAMBDA.PR.3',
    resources: 'every Lambda function (the service functions and the CDK-provided custom-resource handlers)',
    reason: REASONS.noVpc,
    select: (stage) => cfnResources(stage, 'AWS::Lambda::Function'),
  },
  {
    rule: 'CT.LAMBDA.PR.2',
    resources: "the API's Lambda invoke permissions for apigateway.amazonaws.com",
    reason:
      "Each permission names this API's own execute-api ARN as SourceArn (stage, method and path, or the API for its greedy routes), so no other API or account can invoke the function. The control accepts only a literal string or a reference within the template as SourceArn, and CDK builds this ARN with Fn::Join.",
    select: (stage) =>
      stage.service.api.node
        .findAll()
        .filter(
          (c): c is lambda.CfnPermission =>
            CfnResource.isCfnResource(c) && c.cfnResourceType === 'AWS::Lambda::Permission',
        )
        .filter((p) => p.principal === 'apigateway.amazonaws.com' && Token.isUnresolved(p.sourceArn)),
  },

  // --- CloudWatch Logs ---
  {
    rule: 'CT.CLOUDWATCH.PR.3',
    resources: 'every log group (functions, state machine executions, API access logs)',
    reason: REASONS.logKms,
    select: (stage) => cfnResources(stage, 'AWS::Logs::LogGroup'),
  },
  {
    rule: 'CT.CLOUDWATCH.PR.2',
    resources: 'the log groups of dev and staging (14 and 30 days); prod keeps a year',
    reason:
      "Dev and staging keep their logs as long as debugging needs (the stage's logRetentionDays, lib/config/stages.ts): their traffic is tests and demos. Prod keeps every log group 365 days and passes this control.",
    select: (stage) =>
      cfnResources(stage, 'AWS::Logs::LogGroup').filter((g) => {
        const days = (g as logs.CfnLogGroup).retentionInDays;
        return typeof days === 'number' && days < 365;
      }),
  },

  // --- DynamoDB ---
  {
    rule: 'CT.DYNAMODB.PR.1',
    resources: 'the rate-limit table (retired) and the idempotency table',
    reason:
      'Disposable by design, so no point-in-time recovery: the retired rate-limit counters are kept one release for their exports and expire by TTL; Idempotency-Key records live 24 h and expire by TTL, and a restored one would have no value. The jobs, accounts, usage and events tables have PITR.',
    select: ({ stateful }) => [resourceOf(stateful.rateLimitTable), resourceOf(stateful.idempotencyTable)],
  },

  // --- SQS ---
  {
    rule: 'CT.SQS.PR.1',
    resources: 'the webhook dead-letter queue',
    reason:
      'It is the dead-letter queue itself: failed webhook deliveries end here. It keeps them 14 days, the WebhookDeadLetters alarm fires on the first one, and the runbook redrives them (docs/readme/runbook.md); a queue behind it would only hide them.',
    select: ({ stateful }) => [resourceOf(stateful.webhookDeadLetterQueue)],
  },

  // --- S3: encryption with KMS ---
  {
    rule: 'CT.S3.PR.10',
    resources: 'the access-log bucket',
    reason:
      'S3 server access logging supports only SSE-S3 default encryption on its target bucket; AWS does not deliver logs to a bucket whose default encryption is SSE-KMS. The bucket is SSE-S3 encrypted.',
    select: ({ stateful }) => [resourceOf(stateful.accessLogsBucket)],
  },
  {
    rule: 'CT.S3.PR.10',
    resources: 'the media bucket',
    reason:
      'Encrypted at rest with SSE-S3 (AES-256). Access is decided by IAM grants per function, TLS-only bucket policy and presigned URLs; a customer managed key would add per-request KMS charges and a kms:Decrypt grant to every reader (the functions, Remotion Lambda, each presigned URL signer) without narrowing who can read.',
    select: ({ stateful }) => [resourceOf(stateful.mediaBucket)],
  },
  {
    rule: 'CT.S3.PR.10',
    resources: "Remotion Lambda's render bucket",
    reason:
      "Encrypted at rest with SSE-S3. Remotion Lambda reads and writes it with its own S3 calls and canned ACLs, and holds only renders in progress (expired after 7 days); a customer managed key would need grants on Remotion's roles for no narrower access.",
    select: ({ service }) => [resourceOf(service.renderer.renderBucket)],
  },
  {
    rule: 'CT.S3.PR.10',
    resources: "Remotion's site bucket",
    reason:
      "Its sites/* objects are read anonymously over HTTPS by Remotion Lambda's Chromium (public read by bucket policy); S3 cannot serve SSE-KMS objects to anonymous requests. It holds our compiled composition code only, SSE-S3 encrypted.",
    select: ({ service }) => [resourceOf(service.renderer.siteBucket)],
  },

  // --- S3: versioning ---
  {
    rule: 'CT.S3.PR.11',
    resources: 'the media bucket of dev and staging; prod is versioned',
    reason:
      'Non-prod media is test data, deleted with the stage (autoDeleteObjects); versions would only keep erased media longer. The prod media bucket is versioned (retainData) and passes.',
    select: ({ stateful, config }) => (config.retainData ? [] : [resourceOf(stateful.mediaBucket)]),
  },
  {
    rule: 'CT.S3.PR.11',
    resources: 'the access-log bucket',
    reason:
      'Access logs are written once by the S3 logging service and expire after 90 days; nothing overwrites them, so versions would keep nothing more.',
    select: ({ stateful }) => [resourceOf(stateful.accessLogsBucket)],
  },
  {
    rule: 'CT.S3.PR.11',
    resources: "Remotion Lambda's render bucket and Remotion's site bucket",
    reason:
      'Both hold reproducible files: renders in progress (expired after days, the finished media is copied to the media bucket) and the compiled site, under a new prefix per version and redeployed from source.',
    select: ({ service }) => [
      resourceOf(service.renderer.renderBucket),
      resourceOf(service.renderer.siteBucket),
    ],
  },

  // --- S3: object lock, event notifications ---
  {
    rule: 'CT.S3.PR.9',
    resources: 'every bucket (media, access logs, Remotion render and site)',
    reason: REASONS.objectLock,
    select: ({ stateful, service }) =>
      [
        stateful.mediaBucket,
        stateful.accessLogsBucket,
        service.renderer.renderBucket,
        service.renderer.siteBucket,
      ].map(resourceOf),
  },
  {
    rule: 'CT.S3.PR.4',
    resources: 'every bucket (media, access logs, Remotion render and site)',
    reason: REASONS.eventNotifications,
    select: ({ stateful, service }) =>
      [
        stateful.mediaBucket,
        stateful.accessLogsBucket,
        service.renderer.renderBucket,
        service.renderer.siteBucket,
      ].map(resourceOf),
  },

  // --- S3: server access logging ---
  {
    rule: 'CT.S3.PR.2',
    resources: 'the access-log bucket',
    reason:
      "It is the target of every other bucket's server access logs; logging it to itself would log its own log deliveries without end, and AWS advises against it.",
    select: ({ stateful }) => [resourceOf(stateful.accessLogsBucket)],
  },
  {
    rule: 'CT.S3.PR.2',
    resources: "Remotion Lambda's render bucket and Remotion's site bucket",
    reason: REASONS.importedLogTarget,
    select: ({ service }) => [
      resourceOf(service.renderer.renderBucket),
      resourceOf(service.renderer.siteBucket),
    ],
  },

  // --- S3: Remotion's site bucket ---
  {
    rule: 'CT.S3.PR.1',
    resources: "Remotion's site bucket",
    reason:
      "Public read of sites/* only, by bucket policy (public ACLs stay blocked): Remotion Lambda's Chromium opens the composition site over HTTPS without credentials, and Remotion strips query strings, so presigned URLs cannot be used. The bucket holds our compiled composition code, never customer media.",
    select: ({ service }) => [resourceOf(service.renderer.siteBucket)],
  },
  {
    rule: 'CT.S3.PR.6',
    resources: "Remotion's site bucket",
    reason:
      'Each deploy adds the site under a new prefix and keeps the older ones for renders in flight; the objects of a version are uploaded once, so an age-based expiry would delete the live site too. A version is a few MB.',
    select: ({ service }) => [resourceOf(service.renderer.siteBucket)],
  },
];

export interface AppliedGuardSuppression {
  readonly rule: string;
  /** The suppression's index in GUARD_SUPPRESSIONS. */
  readonly row: number;
  /** The acknowledged construct's path (a CloudFormation resource). */
  readonly path: string;
}

/** Acknowledges each row's control on the resources it selects in this stage; returns what it acknowledged. */
export function addGuardSuppressions(stage: GuardStage): AppliedGuardSuppression[] {
  const applied: AppliedGuardSuppression[] = [];
  GUARD_SUPPRESSIONS.forEach((row, index) => {
    if (row.reason.trim() === '') throw new Error(`guard suppression ${row.rule} needs a reason`);
    for (const construct of row.select(stage)) {
      if (!construct) continue;
      if (Stack.isStack(construct))
        throw new Error(`guard suppression ${row.rule} must name resources, not a stack`);
      Validations.of(construct).acknowledge({ id: `${GUARD_PLUGIN_NAME}::${row.rule}`, reason: row.reason });
      applied.push({ rule: row.rule, row: index, path: construct.node.path });
    }
  });
  return applied;
}
