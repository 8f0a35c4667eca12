// Workflow steps that several job kinds begin with.
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { WorkflowStep } from '../constructs/job-workflow.ts';

/** Geocodes $.input.address (or takes $.input.options.lat/lng) into $.location. */
export function resolveLocationStep(fn: lambda.IFunction): WorkflowStep {
  return {
    name: 'ResolveLocation',
    fn,
    progress: { percent: 10, stage: 'geocoding' },
    payload: {
      address: sfn.JsonPath.stringAt('$.input.address'),
      options: sfn.JsonPath.objectAt('$.input.options'),
    },
    resultPath: '$.location',
  };
}
