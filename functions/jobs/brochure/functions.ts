// The brochure kind's step function: what it runs, its size and what it needs (capabilities.ts).
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');

// Decoding and cropping photos up to 40 MP and drawing the map: memory buys CPU and headroom. The still
// renders on the stage's renderer (Remotion Lambda in AWS; locally in this worker).
export const GENERATE_SLIDE = stepFunction({
  functionId: 'GenerateBrochureSlideFunction',
  handler: step('generate'),
  description: 'Downloads the images, lays out and renders a brochure slide (PNG and PDF)',
  memoryMb: 3008,
  timeoutSeconds: 120,
  needs: ['media', 'sharp', 'slideFonts', 'geocoder', 'mapTiles', 'renderer', 'imageFetch'],
});
