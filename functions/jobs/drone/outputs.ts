// Step logic of the drone kinds after the scene is prepared: the render requests for a still or footage,
// and the outputs that report the pose actually used (after the pitch rule and clamp) and where the
// camera was. Pure functions; the integrator's steps call them with the job's input and the ports.

import type { LatLng } from '../../domain/geo-types.ts';
import { type CameraPose, type ResolvedCamera, resolveCamera } from '../../media/camera/camera-model.ts';
import {
  type AnglePreset,
  DEFAULT_ANGLE_PRESET,
  DEFAULT_DISTANCE_PRESET,
  type DistancePreset,
  defaultShotType,
  FOOTAGE_PATHS,
  type FootageStyle,
  poseAlong,
  presetPose,
  type ShotType,
} from '../../media/camera/presets.ts';
import { fromLocalMetres } from '../../media/geo/local-metric.ts';
import {
  AERIAL_FOOTAGE,
  AERIAL_STILL,
  type AerialSceneProps,
} from '../../media/remotion/aerial-compositions.ts';
import type { RenderRequest } from '../../media/rendering/renderer.ts';
import type { StillRequest } from '../../media/rendering/still-renderer.ts';
import type { PreparedAerialScene } from './scene-input.ts';
import type { DronePoseUsed } from './schema.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The pose as reported: what was used, whether pitch was clamped or ignored, and the camera's position. */
export function poseUsed(camera: ResolvedCamera, propertyCenter: LatLng): DronePoseUsed {
  const at = fromLocalMetres(propertyCenter, { x: camera.position.x, y: camera.position.y });
  return {
    azimuth: round(camera.pose.azimuth, 2),
    tilt: round(camera.pose.tilt, 2),
    distance: round(camera.pose.distance, 1),
    pitch: round(camera.pose.pitch, 2),
    pitch_requested: camera.pitchRequested,
    pitch_clamped: camera.pitchClamped,
    pitch_ignored: camera.pitchIgnored,
    camera_bearing: round(camera.bearingDeg, 2),
    camera_position: {
      lat: round(at.lat, 7),
      lng: round(at.lng, 7),
      altitude_m: round(camera.position.z, 1),
    },
  };
}

export interface StillPlan {
  readonly request: StillRequest;
  readonly pose: DronePoseUsed;
  readonly shotType: ShotType;
  /** The camera the still is drawn with, and the front direction it was resolved with (re-framing reads both). */
  readonly camera: ResolvedCamera;
  readonly frontDirection: number | null;
}

/** drone_stills: a V1 preset is a V2 pose, so it goes through the same plan as a capture. */
export function planPresetStill(
  scene: PreparedAerialScene,
  options: { angle?: AnglePreset; distance?: DistancePreset; front_direction?: number },
): StillPlan {
  const pose = presetPose(options.angle ?? DEFAULT_ANGLE_PRESET, options.distance ?? DEFAULT_DISTANCE_PRESET);
  return planStill(scene, pose, options.front_direction, undefined);
}

/** drone_stills_capture (and the presets): the AerialStill render of one pose, and the pose report. */
export function planStill(
  scene: PreparedAerialScene,
  requested: CameraPose,
  frontDirection: number | undefined,
  shotType: ShotType | undefined,
): StillPlan {
  const camera = resolveCamera(requested, frontDirection);
  const shot = shotType ?? defaultShotType(requested.tilt);
  const props: AerialSceneProps = {
    ...scene.sceneProps,
    durationInFrames: 1,
    shotType: shot,
    frontDirection: frontDirection ?? null,
    // The pose actually used, so the render and the report cannot disagree.
    camera: { kind: 'pose', pose: camera.pose },
  };
  return {
    // WebGL without a GPU needs Chromium's software WebGL ('swangle').
    request: {
      composition: AERIAL_STILL.id,
      inputProps: props,
      format: 'jpeg',
      jpegQuality: 90,
      gl: 'swangle',
    },
    pose: poseUsed(camera, scene.propertyCenter),
    shotType: shot,
    camera,
    frontDirection: frontDirection ?? null,
  };
}

export interface FootagePlan {
  readonly request: RenderRequest;
  readonly durationSeconds: number;
  /** The path's key poses at their times in the clip. */
  readonly keyPoses: (DronePoseUsed & { at_seconds: number })[];
  /** Frame whose still is the poster (the end framing: the property centred). */
  readonly posterFrame: number;
}

export function planFootage(
  scene: PreparedAerialScene,
  options: { style: FootageStyle; duration?: number; front_direction?: number },
  outputKey: string,
  /** Output size as a share of 1920x1080 (the stage's render scale; 1 except in tests). */
  scale = 1,
): FootagePlan {
  const path = FOOTAGE_PATHS[options.style];
  const durationSeconds = options.duration ?? path.defaultDurationS;
  const durationInFrames = durationSeconds * AERIAL_FOOTAGE.fps;
  const props: AerialSceneProps = {
    ...scene.sceneProps,
    durationInFrames,
    shotType: path.shotType,
    frontDirection: options.front_direction ?? null,
    camera: { kind: 'path', style: options.style },
  };
  // Key poses are placed on the eased timeline: find the clip time whose eased share reaches each key.
  const keyPoses = path.keys.map((key) => {
    let t = 0;
    for (let lo = 0, hi = 1, i = 0; i < 40; i++) {
      t = (lo + hi) / 2;
      const eased = t < 0.5 ? 4 * t ** 3 : 1 - (-2 * t + 2) ** 3 / 2;
      if (eased < key.at) lo = t;
      else hi = t;
    }
    const camera = resolveCamera(poseAlong(path, t), options.front_direction);
    return { ...poseUsed(camera, scene.propertyCenter), at_seconds: round(t * durationSeconds, 2) };
  });
  return {
    request: {
      composition: AERIAL_FOOTAGE.id,
      inputProps: props,
      codec: 'h264',
      scale,
      gl: 'swangle',
      outputKey,
      // Two seconds a frame: room above the slowest rate measured on a loaded 2-core machine
      // (docs/benchmarks.md).
      timeoutSeconds: Math.max(300, durationInFrames * 2),
    },
    durationSeconds,
    keyPoses,
    posterFrame: durationInFrames - 1,
  };
}
