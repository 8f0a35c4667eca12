// The frontage kind's step functions: what each runs, its size and what it needs (capabilities.ts). The
// workflows name them (kind.ts) and the step module defines its handlers with them (steps.ts).
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');

export const DETECT_FRONTAGE = stepFunction({
  functionId: 'DetectFrontageFunction',
  handler: step('detect'),
  description: 'Detects the property front and renders the reference image',
  // The reference image's label is drawn with the annotation font, shipped beside the bundle; the
  // caller's own imagery is downloaded under the stage's fetch policy.
  memoryMb: 2048,
  needs: ['media', 'sharp', 'labelFont', 'mapTiles', 'ownImagery', 'callerImagery'],
});

export const EDIT_FRONTAGE = stepFunction({
  functionId: 'EditFrontageFunction',
  handler: step('edit'),
  description: 'Re-renders a frontage reference image at a chosen bearing',
  memoryMb: 2048,
  needs: ['media', 'sharp', 'labelFont', 'mapTiles', 'ownImagery', 'callerImagery'],
});
