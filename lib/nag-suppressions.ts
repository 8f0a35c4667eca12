// cdk-nag AwsSolutions findings this app accepts, each acknowledged on the narrowest construct it applies
// to and with its reason. cdk-nag v3 matches acknowledgements by exact id (no prefix matching), so the
// granular IAM5 findings name the wildcard resource exactly as cdk-nag renders it: `<LogicalId.Arn>` for a
// resource in the same stack, the export name for one imported from the stateful stack.
import { CfnElement, type Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { ServiceFunction } from './constructs/service-function.ts';
import type { ServiceStack } from './service-stack.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface NagAcknowledgement {
  readonly id: string;
  readonly reason: string;
}

const REASONS = {
  xray: 'X-Ray PutTraceSegments/PutTelemetryRecords (and the sampling reads) do not support resource-level permissions; AWS documents Resource "*" for them.',
  logDelivery:
    'Step Functions vended log delivery (logs:CreateLogDelivery, PutResourcePolicy, DescribeLogGroups, ...) does not support resource-level permissions; AWS documents Resource "*" for it.',
  tableIndexes:
    "CDK's table grant adds <table ARN>/index/* so the function can Query the table's global secondary indexes; it covers only this table's indexes.",
  mediaObjects:
    'Objects of the media bucket (<bucket ARN>/*): job media keys are generated per organization and job at run time, so no narrower ARN exists. Actions are GetObject (and PutObject for the imaging steps) only.',
  lambdaVersions:
    "CDK's LambdaInvoke grant adds <function ARN>:* (the function's versions and aliases) next to the function ARN; it is limited to this one function.",
  runtime:
    'Pinned to Node.js 22 on purpose: the esbuild target (node22), package.json engines and the sharp layer (built for nodejs22.x arm64) match it. Moving runtimes is a deliberate, tested change.',
} as const;

export function addNagSuppressions(stateful: StatefulStack, service: ServiceStack): void {
  // --- stateful stack ---
  // (No S1 for the access-log bucket: cdk-nag does not flag a bucket that is a server access log target.)
  acknowledge(stateful.rateLimitTable, {
    id: 'AwsSolutions-DDB3',
    reason:
      'Rate-limit counters are disposable and expire by TTL; restoring a counter would have no value, so no PITR.',
  });
  // (Nothing for the auto-delete-objects provider of non-prod stages: it is a raw CfnResource, which the
  // IAM4/L1 rules do not inspect.)

  // --- service stack: functions ---
  const wildcardGrants: ReadonlyArray<{ target: ITable | IBucket; resource: string; reason: string }> = [
    {
      target: stateful.jobsTable,
      resource: `${importedArnFinding(stateful, stateful.jobsTable.tableArn)}/index/*`,
      reason: REASONS.tableIndexes,
    },
    {
      target: stateful.accountsTable,
      resource: `${importedArnFinding(stateful, stateful.accountsTable.tableArn)}/index/*`,
      reason: REASONS.tableIndexes,
    },
    {
      target: stateful.mediaBucket,
      resource: `${importedArnFinding(stateful, stateful.mediaBucket.bucketArn)}/*`,
      reason: REASONS.mediaObjects,
    },
  ];
  for (const fn of service.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction)) {
    acknowledge(fn, { id: 'AwsSolutions-L1', reason: REASONS.runtime });
    const role = fn.role!;
    acknowledge(role, { id: 'AwsSolutions-IAM5[Resource::*]', reason: REASONS.xray });
    for (const grant of wildcardGrants) {
      if (fn.bindings.includes(grant.target)) {
        acknowledge(role, { id: `AwsSolutions-IAM5[Resource::${grant.resource}]`, reason: grant.reason });
      }
    }
  }

  // --- service stack: workflows ---
  for (const workflow of Object.values(service.workflows)) {
    const role = workflow.stateMachine.role;
    acknowledge(role, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `${REASONS.xray} ${REASONS.logDelivery}`,
    });
    for (const fn of workflow.invokedFunctions) {
      acknowledge(role, {
        id: `AwsSolutions-IAM5[Resource::${functionArnFinding(fn)}:*]`,
        reason: REASONS.lambdaVersions,
      });
    }
  }

  // --- service stack: API ---
  acknowledge(service.api, {
    id: 'AwsSolutions-APIG2',
    reason:
      'Requests are validated in the handlers with the zod schemas of the route table, which also produce the documented error bodies (400 VALIDATION_ERROR, 415, ...); an API Gateway validator would answer in a different shape.',
  });
  acknowledge(
    service.api,
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Authentication is by X-API-Key, checked in every authenticated handler against hashed keys in DynamoDB (per-key modes, plans and rate limits do not fit API Gateway usage plans). The OpenAPI document and the 404/405 fallback are public by design.',
    },
    {
      id: 'AwsSolutions-COG4',
      reason: 'Integrators are servers that authenticate with API keys, not Cognito users.',
    },
  );
  acknowledge(service.api.deploymentStage, {
    id: 'AwsSolutions-APIG3',
    reason: 'WAF web ACLs are associated per account at the edge by the platform team, not by this app.',
  });
  const cloudWatchRole = service.api.node.tryFindChild('CloudWatchRole');
  if (cloudWatchRole) {
    acknowledge(cloudWatchRole, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "API Gateway's account-level CloudWatch role uses the AWS managed push-to-CloudWatch policy, as AWS documents for execution logging.",
    });
  }
}

function acknowledge(scope: IConstruct, ...findings: NagAcknowledgement[]): void {
  for (const finding of findings) {
    if (finding.reason.trim() === '') throw new Error(`cdk-nag acknowledgement ${finding.id} needs a reason`);
    Validations.of(scope).acknowledge(finding);
  }
}

/** `<LogicalId.Arn>`: how cdk-nag renders Fn::GetAtt of a function in the same stack. */
function functionArnFinding(fn: lambda.IFunction): string {
  const cfn = fn.node.defaultChild;
  if (!(cfn instanceof CfnElement)) throw new Error(`${fn.node.path} has no CloudFormation resource`);
  return `<${cfn.stack.resolve(cfn.logicalId)}.Arn>`;
}

/**
 * How cdk-nag renders an ARN attribute the consuming stack takes from the producing stack: the name of
 * the export. `exportValue` is what CDK's automatic cross-stack references call, so this returns (and if
 * needed creates) the very export the consumer's template imports.
 */
function importedArnFinding(producer: Stack, arn: string): string {
  const imported = producer.resolve(producer.exportValue(arn)) as { 'Fn::ImportValue'?: unknown };
  const name = imported['Fn::ImportValue'];
  if (typeof name !== 'string') throw new Error(`Could not resolve the export name of ${arn}`);
  return name;
}
