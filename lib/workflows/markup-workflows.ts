// The state machines of the markup V2 job kinds.
import type { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { JobWorkflow, RENDER_RESTART } from '../constructs/job-workflow.ts';
import { resolveLocationStep } from './shared-steps.ts';

export interface MarkupWorkflowFunctions {
  readonly lifecycle: lambda.IFunction;
  readonly resolveLocation: lambda.IFunction;
  readonly generateMarkup: lambda.IFunction;
  readonly editMarkup: lambda.IFunction;
  readonly prepareReveal: lambda.IFunction;
  readonly startRender: lambda.IFunction;
  readonly checkRender: lambda.IFunction;
  readonly storeVideo: lambda.IFunction;
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
      resolveLocationStep(fns.resolveLocation),
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
  // The render runs elsewhere (Remotion Lambda, or the local renderer): start it, then poll it.
  const video = new JobWorkflow(scope, 'MarkupVideoWorkflow', {
    jobType: 'markup_v2_video',
    lifecycleFunction: fns.lifecycle,
    ...options,
    outputPath: '$.output',
    steps: [
      {
        name: 'PrepareReveal',
        fn: fns.prepareReveal,
        progress: { percent: 10, stage: 'preparing' },
        payload: { input: sfn.JsonPath.objectAt('$.input'), parent: sfn.JsonPath.objectAt('$.parent') },
        resultPath: '$.prepared',
      },
      {
        name: 'StartRender',
        fn: fns.startRender,
        progress: { percent: 20, stage: 'rendering' },
        payload: { request: sfn.JsonPath.objectAt('$.prepared.request') },
        resultPath: '$.render',
        poll: {
          waitName: 'WaitForRender',
          checkName: 'CheckRender',
          choiceName: 'RenderDone',
          fn: fns.checkRender,
          payload: { span: { from: 20, to: 95, stage: 'rendering' } },
          resultField: 'render',
          secondsPath: '$.render.poll_seconds',
          donePath: '$.render.done',
          restart: RENDER_RESTART,
        },
      },
      {
        name: 'StoreVideo',
        fn: fns.storeVideo,
        progress: { percent: 96, stage: 'storing' },
        payload: {
          input: sfn.JsonPath.objectAt('$.input'),
          parent: sfn.JsonPath.objectAt('$.parent'),
          prepared: sfn.JsonPath.objectAt('$.prepared'),
          render: sfn.JsonPath.objectAt('$.render'),
        },
        resultPath: '$.output',
      },
    ],
  });
  return { markup_v2: generate, markup_v2_edit: edit, markup_v2_video: video } as const;
}
