// Property frontage (README, "What works today"): detect the bearing the front faces, then optionally
// re-render it at a caller-chosen bearing.
import { jobIdParam } from '../../core/schemas/common.ts';
import { type JobKind, jobRoute } from '../job-kind.ts';
import { resolvePropertyStep } from '../shared/steps.ts';
import { DETECT_FRONTAGE, EDIT_FRONTAGE } from './functions.ts';
import { frontageDetectRequest, frontageEditRequest, frontageOutput } from './schema.ts';
import { submitFrontageDetection, submitFrontageEdit } from './submit.ts';

export const frontageKind: JobKind = {
  name: 'frontage',
  jobs: [
    {
      type: 'frontage_detection',
      description:
        'Detects the compass bearing the property front faces, with a direction label, a confidence and a top-down reference image.',
      route: jobRoute({
        method: 'POST',
        path: '/v1/property-frontage/detect',
        functionId: 'FrontageDetectFunction',
        operationId: 'detectFrontage',
        summary: 'Detects the compass bearing the property front faces; creates a frontage_detection job.',
        tag: 'Property frontage',
        body: frontageDetectRequest,
        example: {
          address: '10 Wattle Street, Ultimo NSW 2007',
          webhook_url: 'https://crm.example.com/hooks/property-media',
        },
        errors: ['URL_NOT_ALLOWED'],
        submit: submitFrontageDetection,
      }),
      output: frontageOutput,
      workflow: {
        id: 'FrontageDetectionWorkflow',
        outputPath: '$.output',
        steps: [
          resolvePropertyStep,
          {
            name: 'DetectFrontage',
            fn: DETECT_FRONTAGE,
            progress: { percent: 40, stage: 'detecting_frontage' },
            payload: { address: '$.input.address', location: '$.location', input: '$.input' },
            resultPath: '$.output',
          },
        ],
      },
    },
    {
      type: 'frontage_edit',
      description:
        'Regenerates the reference image of a completed frontage_detection at a caller-chosen bearing (and centre).',
      route: jobRoute({
        method: 'POST',
        path: '/v1/property-frontage/jobs/{jobId}/edit',
        functionId: 'FrontageEditFunction',
        operationId: 'editFrontage',
        summary: 'Regenerates a completed frontage detection at a new bearing; creates a frontage_edit job.',
        tag: 'Property frontage',
        params: jobIdParam,
        body: frontageEditRequest,
        example: { direction: 135 },
        errors: ['NOT_FOUND', 'JOB_NOT_READY', 'INVALID_PARENT_JOB'],
        submit: submitFrontageEdit,
      }),
      parentTypes: ['frontage_detection'],
      output: frontageOutput,
      workflow: {
        id: 'FrontageEditWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'RenderFrontageEdit',
            fn: EDIT_FRONTAGE,
            progress: { percent: 30, stage: 'rendering' },
            payload: { input: '$.input', parent: '$.parent' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
