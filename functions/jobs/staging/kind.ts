// Virtual staging (docs/readme/staging.md): furniture and decor added to a photo of an empty room.
import { handlersIn, type JobKind, jobRoute } from '../job-kind.ts';
import { virtualStagingOutput, virtualStagingRequest } from './schema.ts';
import { submitVirtualStaging } from './submit.ts';

const step = handlersIn<typeof import('./steps.ts')>(import.meta.url, './steps.ts');

export const stagingKind: JobKind = {
  name: 'staging',
  jobs: [
    {
      type: 'virtual_staging',
      description:
        'The room photo with furniture and decor for its room type added, at the input size and format, with the before image and the virtual-staging disclosure.',
      route: jobRoute({
        method: 'POST',
        path: '/v1/virtual-staging/generate',
        functionId: 'VirtualStagingFunction',
        operationId: 'generateVirtualStaging',
        summary:
          'Adds furniture and decor for a room type to a photo of an empty room; creates a virtual_staging job.',
        tag: 'Virtual staging',
        body: virtualStagingRequest,
        submit: submitVirtualStaging,
      }),
      output: virtualStagingOutput,
      workflow: {
        id: 'VirtualStagingWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'StageRoom',
            // Decoding, analysing and re-encoding photos up to 40 MP: memory buys CPU and headroom.
            fn: {
              functionId: 'StageRoomFunction',
              handler: step('stage'),
              description: 'Downloads a room photo and stages it with furniture',
              memoryMb: 2048,
              timeoutSeconds: 120,
              // The font draws the optional "Virtually staged" watermark.
              needs: ['media', 'sharp', 'labelFont', 'imageFetch', 'stager'],
            },
            progress: { percent: 20, stage: 'staging' },
            payload: { input: '$.input' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
