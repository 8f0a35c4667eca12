// The markup kind's step functions: what each runs, its size and what it needs (capabilities.ts). The
// workflows name them (kind.ts) and the step modules define their handlers with them.
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');
const video = handlersIn(import.meta.url, './video-steps.ts');
const output = handlersIn(import.meta.url, './video-output.ts');

// 4K frames: more memory buys more CPU.
export const GENERATE_MARKUP = stepFunction({
  functionId: 'GenerateMarkupFunction',
  handler: step('generate'),
  description:
    "Makes the markup picture (the stage's aerial, or the caller's orthophoto or drone photo) with its georeference",
  memoryMb: 3008,
  needs: ['media', 'sharp', 'mapTiles', 'ownImagery', 'callerImagery'],
});

export const EDIT_MARKUP = stepFunction({
  functionId: 'EditMarkupFunction',
  handler: step('edit'),
  description: 'Composites a boundary and annotations onto a markup aerial',
  memoryMb: 3008,
  needs: ['media', 'sharp', 'labelFont'],
});

export const PREPARE_REVEAL = stepFunction({
  functionId: 'PrepareRevealFunction',
  handler: video('prepare'),
  description: 'Turns a markup edit into the reveal composition layers and poster',
  memoryMb: 2048,
  needs: ['media', 'sharp', 'labelFont', 'renderScale', 'slideFonts', 'imageFetch'],
});

// Its own module, so the function loads no image code: it only assembles what was stored.
export const STORE_REVEAL_VIDEO = stepFunction({
  functionId: 'StoreVideoFunction',
  handler: output('store'),
  description: 'Records a rendered reveal video as the job output',
});
