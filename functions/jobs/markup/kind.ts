// Markup V2 (README, "What works today" and "Calling the API"): a framed 4K aerial of the property, a
// boundary and annotations composited onto it, and a video that reveals them.
import { jobIdParam } from '../../core/schemas/common.ts';
import { type JobKind, jobRoute } from '../job-kind.ts';
import { renderStep, resolvePropertyStep } from '../shared/steps.ts';
import { EDIT_MARKUP, GENERATE_MARKUP, PREPARE_REVEAL, STORE_REVEAL_VIDEO } from './functions.ts';
import {
  markupEditOutput,
  markupEditRequest,
  markupGenerateRequest,
  markupOutput,
  markupVideoOutput,
  markupVideoRequest,
} from './schema.ts';
import { submitMarkupEdit, submitMarkupGeneration, submitMarkupVideo } from './submit.ts';

const PARENT_ERRORS = ['NOT_FOUND', 'JOB_NOT_READY', 'INVALID_PARENT_JOB'] as const;

export const markupKind: JobKind = {
  name: 'markup',
  jobs: [
    {
      type: 'markup_v2',
      description:
        'A 3840x2160 top-down aerial with the property centred and its front toward the chosen side, its georeference and a suggested boundary.',
      route: jobRoute({
        method: 'POST',
        path: '/v2/markup/generate',
        functionId: 'MarkupGenerateFunction',
        operationId: 'generateMarkup',
        summary:
          'Renders a 3840x2160 aerial of the property, ready for boundary annotation; creates a markup_v2 job.',
        tag: 'Markup V2',
        body: markupGenerateRequest,
        example: {
          address: '10 Wattle Street, Ultimo NSW 2007',
          options: { front_direction: 195, zoom: 'standard' },
        },
        errors: ['URL_NOT_ALLOWED'],
        submit: submitMarkupGeneration,
      }),
      output: markupOutput,
      workflow: {
        id: 'MarkupWorkflow',
        outputPath: '$.output',
        steps: [
          resolvePropertyStep,
          {
            name: 'RenderMarkupImage',
            fn: GENERATE_MARKUP,
            progress: { percent: 35, stage: 'rendering_aerial' },
            payload: {
              address: '$.input.address',
              options: '$.input.options',
              location: '$.location',
              input: '$.input',
            },
            resultPath: '$.output',
          },
        ],
      },
    },
    {
      type: 'markup_v2_edit',
      description:
        'The markup image with a boundary outlined (and the outside blurred or darkened) and text annotations drawn on it.',
      route: jobRoute({
        method: 'POST',
        path: '/v2/markup/jobs/{jobId}/edit',
        functionId: 'MarkupEditFunction',
        operationId: 'editMarkup',
        summary:
          'Composites a boundary (outline, blur or darken) and text annotations onto a completed markup_v2; creates a markup_v2_edit job.',
        tag: 'Markup V2',
        params: jobIdParam,
        body: markupEditRequest,
        example: {
          boundary_polygon: [
            { x: 0.463, y: 0.31 },
            { x: 0.537, y: 0.31 },
            { x: 0.537, y: 0.69 },
            { x: 0.463, y: 0.69 },
          ],
          text_annotations: [
            { type: 'label', text: '10 Wattle Street', position: { x: 0.5, y: 0.1 }, size: 'large' },
            { type: 'measurement', from: { x: 0.463, y: 0.69 }, to: { x: 0.537, y: 0.69 } },
            { type: 'area' },
          ],
          options: {
            style: 'blur',
            compositor: { outline_color: '#FFD23F', outline_width: 8, blur_radius: 24 },
          },
        },
        errors: PARENT_ERRORS,
        submit: submitMarkupEdit,
      }),
      parentTypes: ['markup_v2'],
      output: markupEditOutput,
      workflow: {
        id: 'MarkupEditWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'CompositeBoundary',
            fn: EDIT_MARKUP,
            progress: { percent: 30, stage: 'compositing' },
            payload: { input: '$.input', parent: '$.parent' },
            resultPath: '$.output',
          },
        ],
      },
    },
    {
      type: 'markup_v2_video',
      description:
        'A 1920x1080 30 fps H.264 reveal of an edit: the boundary draws on, the outside treatment fades in and the annotations appear one by one; with a poster image.',
      route: jobRoute({
        method: 'POST',
        path: '/v2/markup/jobs/{jobId}/video',
        functionId: 'MarkupVideoFunction',
        operationId: 'renderMarkupVideo',
        summary:
          "Renders the reveal video of a markup edit (or of a markup's latest completed edit); creates a markup_v2_video job.",
        tag: 'Markup V2',
        params: jobIdParam,
        body: markupVideoRequest,
        example: { options: { duration: 7 } },
        errors: [...PARENT_ERRORS, 'URL_NOT_ALLOWED'],
        submit: submitMarkupVideo,
      }),
      parentTypes: ['markup_v2', 'markup_v2_edit'],
      output: markupVideoOutput,
      billing: { unit: 'video_second', outputField: 'duration_seconds' },
      // The render runs elsewhere (Remotion Lambda, or the local renderer): start it, then poll it.
      workflow: {
        id: 'MarkupVideoWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'PrepareReveal',
            fn: PREPARE_REVEAL,
            progress: { percent: 10, stage: 'preparing' },
            payload: { input: '$.input', parent: '$.parent' },
            resultPath: '$.prepared',
          },
          renderStep('$.prepared.request', { from: 20, to: 95, stage: 'rendering' }),
          {
            name: 'StoreVideo',
            fn: STORE_REVEAL_VIDEO,
            progress: { percent: 96, stage: 'storing' },
            payload: { input: '$.input', parent: '$.parent', prepared: '$.prepared', render: '$.render' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
