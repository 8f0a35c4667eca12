// The state machines of the markup V2 job kinds.
import type { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { JobWorkflow } from '../constructs/job-workflow.ts';

export interface MarkupWorkflowFunctions {
  readonly lifecycle: lambda.IFunction;
  readonly resolveLocation: lambda.IFunction;
  readonly generateMarkup: lambda.IFunction;
  readonly editMarkup: lambda.IFunction;
}

export function markupWorkflows(
  scope: Construct,
  fns: MarkupWorkflowFunctions,
  options: { timeout: Duration; logRetentionDays: logs.RetentionDays },
) {
  const generate = new JobWorkflow(scope, 'MarkupWorkflow', {
    jobType: 'markup_v2',
    lifecycleFunction: fns.lifecycle,
    ...options,
    outputPath: '$.output',
    steps: [
      {
        name: 'ResolveLocation',
        fn: fns.resolveLocation,
        progress: { percent: 10, stage: 'geocoding' },
        payload: {
          address: sfn.JsonPath.stringAt('$.input.address'),
          options: sfn.JsonPath.objectAt('$.input.options'),
        },
        resultPath: '$.location',
      },
      {
        name: 'RenderMarkupImage',
        fn: fns.generateMarkup,
        progress: { percent: 35, stage: 'rendering_aerial' },
        payload: {
          address: sfn.JsonPath.stringAt('$.input.address'),
          options: sfn.JsonPath.objectAt('$.input.options'),
          location: sfn.JsonPath.objectAt('$.location'),
        },
        resultPath: '$.output',
      },
    ],
  });
  const edit = new JobWorkflow(scope, 'MarkupEditWorkflow', {
    jobType: 'markup_v2_edit',
    lifecycleFunction: fns.lifecycle,
    ...options,
    outputPath: '$.output',
    steps: [
      {
        name: 'CompositeBoundary',
        fn: fns.editMarkup,
        progress: { percent: 30, stage: 'compositing' },
        payload: { input: sfn.JsonPath.objectAt('$.input'), parent: sfn.JsonPath.objectAt('$.parent') },
        resultPath: '$.output',
      },
    ],
  });
  return { markup_v2: generate, markup_v2_edit: edit } as const;
}
