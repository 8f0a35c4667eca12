// Drone stills and footage: a 3D aerial scene of the property's surroundings, drawn from
// the site model, rendered as a 3840x2160 JPEG from a V1 preset or a V2 free pose, or as 1920x1080 30 fps
// H.264 footage along a style's camera path. See docs/readme/drone.md.
import { type JobKind, jobRoute, type StepSpec } from '../job-kind.ts';
import { renderStep, resolveLocationStep } from '../shared/steps.ts';
import { PREPARE_FOOTAGE, PREPARE_SCENE, RENDER_STILL, STORE_FOOTAGE } from './functions.ts';
import {
  droneCaptureRequest,
  droneFootageOutput,
  droneFootageRequest,
  droneStillOutput,
  droneStillsRequest,
} from './schema.ts';
import { submitDroneCapture, submitDroneFootage, submitDroneStills } from './submit.ts';

const TAG = 'Drone';

const prepareSceneStep: StepSpec = {
  name: 'PrepareAerialScene',
  fn: PREPARE_SCENE,
  progress: { percent: 20, stage: 'preparing_scene' },
  payload: { address: '$.input.address', location: '$.location' },
  resultPath: '$.scene',
};

const stillWorkflow = (id: string) => ({
  id,
  outputPath: '$.output',
  steps: [
    resolveLocationStep,
    prepareSceneStep,
    {
      name: 'RenderDroneStill',
      fn: RENDER_STILL,
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
        example: {
          address: '10 Wattle Street, Ultimo NSW 2007',
          options: { angle: 'south_west', distance: 'medium', front_direction: 200 },
        },
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
        example: {
          address: '10 Wattle Street, Ultimo NSW 2007',
          camera: { azimuth: 20, tilt: 70, distance: 350, pitch: 25 },
          options: { front_direction: 200, shot_type: 'twilight' },
        },
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
        example: {
          address: '10 Wattle Street, Ultimo NSW 2007',
          options: { style: 'front_left_zoom', duration: 5 },
        },
        // NOT_FOUND: a brand_kit_id that is not one of the key's kits.
        errors: ['URL_NOT_ALLOWED', 'NOT_FOUND'],
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
            fn: PREPARE_FOOTAGE,
            progress: { percent: 15, stage: 'preparing_scene' },
            payload: { input: '$.input', location: '$.location' },
            resultPath: '$.prepared',
          },
          renderStep('$.prepared.request', { from: 25, to: 92, stage: 'rendering' }),
          {
            name: 'StoreDroneFootage',
            fn: STORE_FOOTAGE,
            progress: { percent: 93, stage: 'storing' },
            payload: { input: '$.input', prepared: '$.prepared', render: '$.render' },
            resultPath: '$.output',
          },
        ],
      },
    },
  ],
};
