// Video export (docs/readme/video-export.md): a Remotion composition from a caller-hosted bundle rendered
// server-side to a video file in the media bucket; the completion webhook carries the output.
import { type JobKind, jobRoute } from '../job-kind.ts';
import { renderStep } from '../shared/steps.ts';
import { PREPARE_EXPORT, STORE_EXPORT } from './functions.ts';
import { videoExportOutput, videoExportRequest } from './schema.ts';
import { submitVideoExport } from './submit.ts';

export const videoExportKind: JobKind = {
  name: 'video-export',
  jobs: [
    {
      type: 'video_export',
      description:
        "A composition of a caller-hosted Remotion bundle rendered to a video file (h264/h265 MP4, VP8/VP9 WebM, ProRes MOV or GIF) at the composition's or the requested size, frame rate and length.",
      route: jobRoute({
        method: 'POST',
        path: '/v1/video-export/render',
        functionId: 'VideoExportFunction',
        operationId: 'renderVideoExport',
        summary:
          'Renders a composition of a caller-hosted Remotion bundle to a video file; creates a video_export job.',
        tag: 'Video export',
        body: videoExportRequest,
        example: {
          serve_url: 'https://media.example.com/promo-bundle/index.html',
          composition_id: 'ListingPromo',
          input_props: { totalDurationInFrames: 240 },
          options: { codec: 'h264', crf: 20 },
        },
        errors: ['URL_NOT_ALLOWED'],
        submit: submitVideoExport,
      }),
      output: videoExportOutput,
      billing: { unit: 'video_second', outputField: 'duration_seconds' },
      workflow: {
        id: 'VideoExportWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'PrepareExport',
            fn: PREPARE_EXPORT,
            progress: { percent: 5, stage: 'loading_bundle' },
            payload: { input: '$.input' },
            resultPath: '$.prepared',
          },
          renderStep('$.prepared.request', { from: 10, to: 95, stage: 'rendering' }),
          {
            name: 'StoreExport',
            fn: STORE_EXPORT,
            progress: { percent: 96, stage: 'storing' },
            payload: { input: '$.input', prepared: '$.prepared', render: '$.render' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
