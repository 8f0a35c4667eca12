// Drone stills and footage: a 3D aerial scene of the property's surroundings, drawn from
// the site model, rendered as a 3840x2160 JPEG from a V1 preset or a V2 free pose, or as 1920x1080 30 fps
// H.264 footage along a style's camera path. See docs/readme/drone.md.
import { handlersIn, type JobKind, jobRoute, type StepFunctionSpec, type StepSpec } from '../job-kind.ts';
import { renderStep, resolveLocationStep } from '../shared/steps.ts';
import {
  droneCaptureRequest,
  droneFootageOutput,
  droneFootageRequest,
  droneStillOutput,
  droneStillsRequest,
} from './schema.ts';
import { submitDroneCapture, submitDroneFootage, submitDroneStills } from './submit.ts';

const step = handlersIn<typeof import('./steps.ts')>(import.meta.url, './steps.ts');
const render = handlersIn<typeof import('./render-steps.ts')>(import.meta.url, './render-steps.ts');

const TAG = 'Drone';
/** The site model and its 3072x3072 ground image: memory buys CPU. */
const SCENE_FUNCTION = { memoryMb: 3008, timeoutSeconds: 120 } as const;
/**
 * A still renders in the step (Remotion Lambda in AWS; locally in this worker, after waiting for a free
 * renderer behind other renders), so the step may take minutes on a busy machine.
 */
const STILL_RENDER_FUNCTION = { memoryMb: 1024, timeoutSeconds: 600 } as const;

const prepareSceneStep: StepSpec = {
  name: 'PrepareAerialScene',
  fn: {
    functionId: 'PrepareAerialSceneFunction',
    handler: step('prepare'),
    description: 'Draws the aerial scene of a property (ground image and 3D model) from the site model',
    ...SCENE_FUNCTION,
    needs: ['media', 'sharp', 'mapTiles'],
  },
  progress: { percent: 20, stage: 'preparing_scene' },
  payload: { address: '$.input.address', location: '$.location' },
  resultPath: '$.scene',
};

const renderStillFunction: StepFunctionSpec = {
  functionId: 'RenderDroneStillFunction',
  handler: render('renderStill'),
  description: 'Renders a 3840x2160 drone still of the aerial scene and stores it with the pose used',
  ...STILL_RENDER_FUNCTION,
  needs: ['media', 'renderer', 'aerialScene'],
};

const stillWorkflow = (id: string) => ({
  id,
  outputPath: '$.output',
  steps: [
    resolveLocationStep,
    prepareSceneStep,
    {
      name: 'RenderDroneStill',
      fn: renderStillFunction,
      progress: { percent: 45, stage: 'rendering' },
      payload: { input: '$.input', scene: '$.scene' },
      resultPath: '$.output',
    },
  ],
});

export const droneKind: JobKind = {
  name: 'drone',
  jobs: [
    {
      type: 'drone_stills',
      description:
        'A 3840x2160 JPEG aerial still of the property from an angle preset (overhead or one of eight compass directions, at a preset distance), with the camera pose used.',
      route: jobRoute({
        method: 'POST',
        path: '/v1/drone-stills/generate',
        functionId: 'DroneStillsFunction',
        operationId: 'generateDroneStill',
        summary:
          'Renders a 4K aerial still of the property from an angle preset; creates a drone_stills job.',
        tag: TAG,
        body: droneStillsRequest,
        submit: submitDroneStills,
      }),
      output: droneStillOutput,
      workflow: stillWorkflow('DroneStillsWorkflow'),
    },
    {
      type: 'drone_stills_capture',
      description:
        'A 3840x2160 JPEG aerial still of the property from a free camera pose (azimuth, tilt, distance, pitch) with a shot type, and the pose actually used (pitch clamp included).',
      route: jobRoute({
        method: 'POST',
        path: '/v2/drone-stills/capture',
        functionId: 'DroneCaptureFunction',
        operationId: 'captureDroneStill',
        summary:
          'Renders a 4K aerial still of the property from a free camera pose; creates a drone_stills_capture job.',
        tag: TAG,
        body: droneCaptureRequest,
        submit: submitDroneCapture,
      }),
      output: droneStillOutput,
      workflow: stillWorkflow('DroneCaptureWorkflow'),
    },
    {
      type: 'drone_footage',
      description:
        "1920x1080 30 fps H.264 aerial footage along a style's camera path ending on the property, with a poster (the last frame), its duration and the path's key poses.",
      billing: { unit: 'video_second', outputField: 'duration_seconds' },
      route: jobRoute({
        method: 'POST',
        path: '/v2/drone-footage/generate',
        functionId: 'DroneFootageFunction',
        operationId: 'generateDroneFootage',
        summary: 'Renders aerial footage of the property along a style preset; creates a drone_footage job.',
        tag: TAG,
        body: droneFootageRequest,
        submit: submitDroneFootage,
      }),
      output: droneFootageOutput,
      // The render runs elsewhere (Remotion Lambda, or the local renderer): start it, then poll it.
      workflow: {
        id: 'DroneFootageWorkflow',
        outputPath: '$.output',
        steps: [
          resolveLocationStep,
          {
            name: 'PrepareDroneFootage',
            fn: {
              functionId: 'PrepareDroneFootageFunction',
              handler: step('prepareVideo'),
              description: 'Draws the aerial scene of a property and plans the footage render',
              ...SCENE_FUNCTION,
              needs: ['media', 'sharp', 'mapTiles', 'renderScale', 'aerialScene'],
            },
            progress: { percent: 15, stage: 'preparing_scene' },
            payload: { input: '$.input', location: '$.location' },
            resultPath: '$.prepared',
          },
          renderStep('$.prepared.request', { from: 25, to: 92, stage: 'rendering' }),
          {
            name: 'StoreDroneFootage',
            fn: {
              functionId: 'StoreDroneFootageFunction',
              handler: render('storeFootage'),
              description: 'Renders the footage poster and records the footage as the job output',
              ...STILL_RENDER_FUNCTION,
              needs: ['media', 'renderer'],
            },
            progress: { percent: 93, stage: 'storing' },
            payload: { input: '$.input', prepared: '$.prepared', render: '$.render' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
