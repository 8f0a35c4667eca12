// cdk-nag AwsSolutions findings this app accepts, each with its reason.
import { type IConstruct } from 'constructs';
import { Validations } from 'aws-cdk-lib';
import type { ServiceStack } from './service-stack.ts';
import type { StatefulStack } from './stateful-stack.ts';

export function addNagSuppressions(stateful: StatefulStack, service: ServiceStack): void {
  acknowledge(stateful, [
    { id: 'AwsSolutions-S1', reason: 'The access-log bucket is itself the log destination; logging it would recurse.' },
    { id: 'AwsSolutions-IAM4', reason: 'The auto-delete-objects custom resource (non-prod stages only) uses the AWS managed basic execution role.' },
    { id: 'AwsSolutions-L1', reason: 'The auto-delete-objects custom resource runtime is chosen by aws-cdk-lib.' },
  ]);
  acknowledge(service, [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason: 'The API Gateway CloudWatch role uses the AWS managed push-to-CloudWatch policy, as AWS documents.',
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Wildcards are the ones CDK grants generate: DynamoDB index ARNs (table/index/*), S3 object ARNs under the media bucket, X-Ray segments, and Lambda version qualifiers for Step Functions invokes.',
    },
    { id: 'AwsSolutions-APIG2', reason: 'Requests are validated in the handlers with zod, which also produces the documented error bodies.' },
    { id: 'AwsSolutions-APIG4', reason: 'Authentication is by X-API-Key, checked in every handler against hashed keys in DynamoDB (per-key rate limits and modes do not fit API Gateway usage plans).' },
    { id: 'AwsSolutions-COG4', reason: 'Integrators authenticate with API keys, not Cognito users.' },
    { id: 'AwsSolutions-APIG3', reason: 'WAF is attached per account at the edge by the platform team; not part of this app.' },
  ]);
}

function acknowledge(scope: IConstruct, findings: ReadonlyArray<{ id: string; reason: string }>): void {
  for (const finding of findings) Validations.of(scope).acknowledge(finding);
}
