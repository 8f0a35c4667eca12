// Brochure slides (docs/readme/brochure.md): one branded slide as a 1920x1080 PNG and an A4 landscape PDF.
import { handlersIn, type JobKind, jobRoute } from '../job-kind.ts';
import { brochureSlideOutput, brochureSlideRequest } from './schema.ts';
import { submitBrochureSlide } from './submit.ts';

const step = handlersIn<typeof import('./steps.ts')>(import.meta.url, './steps.ts');

export const brochureKind: JobKind = {
  name: 'brochure',
  jobs: [
    {
      type: 'brochure_slide',
      description:
        'One branded brochure slide (cover, features, gallery, location, agent or content): a 1920x1080 PNG and a print-ready A4 landscape PDF, with the layout that ran.',
      route: jobRoute({
        method: 'POST',
        path: '/v1/brochure-slides/generate',
        functionId: 'BrochureSlideFunction',
        operationId: 'generateBrochureSlide',
        summary:
          'Generates one branded brochure slide as a 1920x1080 PNG and an A4 landscape PDF; creates a brochure_slide job.',
        tag: 'Brochure slides',
        body: brochureSlideRequest,
        errors: ['URL_NOT_ALLOWED'],
        submit: submitBrochureSlide,
      }),
      output: brochureSlideOutput,
      workflow: {
        id: 'BrochureSlideWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'GenerateSlide',
            // Decoding and cropping photos up to 40 MP and drawing the map: memory buys CPU and headroom.
            // The still renders on the stage's renderer (Remotion Lambda in AWS; locally in this worker).
            fn: {
              functionId: 'GenerateBrochureSlideFunction',
              handler: step('generate'),
              description: 'Downloads the images, lays out and renders a brochure slide (PNG and PDF)',
              memoryMb: 3008,
              timeoutSeconds: 120,
              needs: ['media', 'sharp', 'slideFonts', 'geocoder', 'mapTiles', 'renderer', 'imageFetch'],
            },
            progress: { percent: 10, stage: 'generating_slide' },
            payload: { input: '$.input' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
