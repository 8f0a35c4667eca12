// Every KMS key of the app lets only AWS services create grants on it (Control Tower's CT.KMS.PR.3): no
// principal of the account, however broad its IAM policy, can hand the key's use to someone else through a
// grant. The service's keys are used by AWS services directly (CloudWatch and SNS for the alarm topic),
// which need no grants at all.
import type { IAspect } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { IConstruct } from 'constructs';

export class KeyGrantsForAwsServicesOnly implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof kms.Key)) return;
    node.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'GrantsForAwsServicesOnly',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: {
          BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' },
        },
      }),
    );
  }
}
