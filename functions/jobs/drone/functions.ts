// The drone kinds' step functions: what each runs, its size and what it needs (capabilities.ts). The
// workflows name them (kind.ts) and the step modules define their handlers with them.
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');
const render = handlersIn(import.meta.url, './render-steps.ts');

/** The site model and its 3072x3072 ground image: memory buys CPU. */
const SCENE_FUNCTION = { memoryMb: 3008, timeoutSeconds: 120 } as const;
/**
 * A still renders in the step (Remotion Lambda in AWS; locally in this worker, after waiting for a free
 * renderer behind other renders), so the step may take minutes on a busy machine.
 */
const STILL_RENDER_FUNCTION = { memoryMb: 1024, timeoutSeconds: 600 } as const;

export const PREPARE_SCENE = stepFunction({
  functionId: 'PrepareAerialSceneFunction',
  handler: step('prepare'),
  description: 'Draws the aerial scene of a property (ground image and 3D model) from the site model',
  ...SCENE_FUNCTION,
  needs: ['media', 'sharp', 'mapTiles'],
});

export const RENDER_STILL = stepFunction({
  functionId: 'RenderDroneStillFunction',
  handler: render('renderStill'),
  description:
    'Renders a 3840x2160 drone still of the aerial scene and its renditions, and stores them with the pose used',
  ...STILL_RENDER_FUNCTION,
  needs: ['media', 'renderer', 'aerialScene', 'sharp'],
});

export const PREPARE_FOOTAGE = stepFunction({
  functionId: 'PrepareDroneFootageFunction',
  handler: step('prepareVideo'),
  description: 'Draws the aerial scene of a property and plans the footage renders',
  ...SCENE_FUNCTION,
  needs: ['media', 'sharp', 'mapTiles', 'renderScale', 'aerialScene', 'slideFonts', 'imageFetch'],
});

export const STORE_FOOTAGE = stepFunction({
  functionId: 'StoreDroneFootageFunction',
  handler: render('storeFootage'),
  description: 'Renders the footage poster and records the footage and its renditions as the job output',
  ...STILL_RENDER_FUNCTION,
  needs: ['media', 'renderer'],
});
