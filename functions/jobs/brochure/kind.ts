// Brochure slides (docs/readme/brochure.md): one branded slide as a 1920x1080 PNG and an A4 landscape PDF.
import { type JobKind, jobRoute } from '../job-kind.ts';
import { GENERATE_SLIDE } from './functions.ts';
import { brochureSlideOutput, brochureSlideRequest } from './schema.ts';
import { submitBrochureSlide } from './submit.ts';

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
        example: {
          property: {
            address: '27 Wattle Street, Ultimo NSW 2007',
            price_display: 'Auction Sat 14 June',
            images: ['https://example.com/front.jpg', 'https://example.com/kitchen.jpg'],
          },
          slide: { type: 'cover', layout_description: 'large hero image left, text right' },
          branding: { agency_name: 'Harbour & Co', primary_color: '#12384F', secondary_color: '#C9A227' },
        },
        // NOT_FOUND: a brand_kit_id that is not one of the key's kits.
        errors: ['URL_NOT_ALLOWED', 'NOT_FOUND'],
        submit: submitBrochureSlide,
      }),
      output: brochureSlideOutput,
      workflow: {
        id: 'BrochureSlideWorkflow',
        outputPath: '$.output',
        steps: [
          {
            name: 'GenerateSlide',
            fn: GENERATE_SLIDE,
            progress: { percent: 10, stage: 'generating_slide' },
            payload: { input: '$.input' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
