// Virtual staging (docs/readme/staging.md): furniture and decor added to a photo of an empty room.
import { type JobKind, jobRoute } from '../job-kind.ts';
import { STAGE_ROOM } from './functions.ts';
import { virtualStagingOutput, virtualStagingRequest } from './schema.ts';
import { submitVirtualStaging } from './submit.ts';

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
        example: {
          image_url: 'https://example.com/empty-lounge.jpg',
          room_type: 'lounge room',
          options: { style_prompt: 'scandinavian, light oak' },
        },
        submit: submitVirtualStaging,
      }),
      output: virtualStagingOutput,
      workflow: {
        id: 'VirtualStagingWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'StageRoom',
            fn: STAGE_ROOM,
            progress: { percent: 20, stage: 'staging' },
            payload: { input: '$.input' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
