// The state machines of the frontage job kinds.
import type { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { JobWorkflow } from '../constructs/job-workflow.ts';
import { resolveLocationStep } from './shared-steps.ts';

export interface FrontageWorkflowFunctions {
  readonly lifecycle: lambda.IFunction;
  readonly resolveLocation: lambda.IFunction;
  readonly detectFrontage: lambda.IFunction;
  readonly editFrontage: lambda.IFunction;
}

export function frontageWorkflows(
  scope: Construct,
  fns: FrontageWorkflowFunctions,
  options: { timeout: Duration; logRetentionDays: logs.RetentionDays },
) {
  const detection = new JobWorkflow(scope, 'FrontageDetectionWorkflow', {
    jobType: 'frontage_detection',
    lifecycleFunction: fns.lifecycle,
    ...options,
    outputPath: '$.output',
    steps: [
      resolveLocationStep(fns.resolveLocation),
      {
        name: 'DetectFrontage',
        fn: fns.detectFrontage,
        progress: { percent: 40, stage: 'detecting_frontage' },
        payload: {
          address: sfn.JsonPath.stringAt('$.input.address'),
          location: sfn.JsonPath.objectAt('$.location'),
        },
        resultPath: '$.output',
      },
    ],
  });
  const edit = new JobWorkflow(scope, 'FrontageEditWorkflow', {
    jobType: 'frontage_edit',
    lifecycleFunction: fns.lifecycle,
    ...options,
    outputPath: '$.output',
    steps: [
      {
        name: 'RenderFrontageEdit',
        fn: fns.editFrontage,
        progress: { percent: 30, stage: 'rendering' },
        payload: { input: sfn.JsonPath.objectAt('$.input'), parent: sfn.JsonPath.objectAt('$.parent') },
        resultPath: '$.output',
      },
    ],
  });
  return { frontage_detection: detection, frontage_edit: edit } as const;
}
