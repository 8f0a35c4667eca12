// The social renditions of the drone outputs: render requests for a still or footage in a social shape,
// framed again by the camera (functions/media/camera/reframe.ts) around the addressed parcel, and the pose
// actually used, reported as the 16:9 outputs report theirs. Pure functions beside planStill and
// planFootage; the steps that render and store renditions call them with the original's plan.

import { VERTICAL_FOV_DEG } from '../../media/camera/camera-model.ts';
import { FOOTAGE_PATHS, type FootageStyle } from '../../media/camera/presets.ts';
import {
  type FootageFraming,
  type Reframed,
  reframeFootage,
  reframeStill,
  subjectOf,
} from '../../media/camera/reframe.ts';
import {
  AERIAL_FOOTAGE,
  AERIAL_FOOTAGE_RENDITIONS,
  AERIAL_STILL,
  AERIAL_STILL_RENDITIONS,
  type SocialFootageRendition,
  type SocialRendition,
} from '../../media/remotion/aerial-compositions.ts';
import { type FootagePlan, planFootage, poseUsed, type StillPlan } from './outputs.ts';
import type { PreparedAerialScene } from './scene-input.ts';

export interface StillRenditionPlan extends StillPlan {
  readonly rendition: SocialRendition;
  /** The JPEG's size (the composition's own). */
  readonly width: number;
  readonly height: number;
  /** The lens the rendition is drawn with (also in the request's props). */
  readonly verticalFovDeg: number;
  /** How it was framed: which step of the rule, and the parcel's share of the original frame and of this one. */
  readonly framing: Pick<Reframed, 'rule' | 'originalShare' | 'share' | 'reach'>;
}

/**
 * A drone still in a social shape: the original plan's scene, shot type and front direction, with the
 * camera re-framed for the shape around the parcel. `pose` reports the pose used, which differs from the
 * original's only when the lens alone could not frame the parcel in this shape.
 */
export function planStillRendition(
  scene: PreparedAerialScene,
  original: Pick<StillPlan, 'request' | 'camera' | 'frontDirection' | 'shotType'>,
  rendition: SocialRendition,
): StillRenditionPlan {
  const format = AERIAL_STILL_RENDITIONS[rendition];
  const framed = reframeStill({
    subject: subjectOf(scene.parcel),
    original: original.camera,
    frontDirection: original.frontDirection ?? undefined,
    originalAspect: AERIAL_STILL.width / AERIAL_STILL.height,
    aspect: format.width / format.height,
  });
  const { camera } = framed;
  return {
    request: {
      ...original.request,
      composition: format.id,
      inputProps: {
        ...original.request.inputProps,
        camera: { kind: 'pose', pose: camera.pose },
        verticalFovDeg: camera.verticalFovDeg,
      },
    },
    pose: poseUsed(camera, scene.propertyCenter),
    shotType: original.shotType,
    camera,
    frontDirection: original.frontDirection,
    rendition,
    width: format.width,
    height: format.height,
    verticalFovDeg: camera.verticalFovDeg,
    framing: {
      rule: framed.rule,
      originalShare: framed.originalShare,
      share: framed.share,
      reach: framed.reach,
    },
  };
}

export interface FootageRenditionPlan extends FootagePlan {
  readonly rendition: SocialFootageRendition;
  /** The video's size: the composition's own times the render scale. */
  readonly width: number;
  readonly height: number;
  /** The clip's one lens (also in the request's props). */
  readonly verticalFovDeg: number;
  readonly framing: FootageFraming;
}

/**
 * Drone footage in a social shape: the same flight path, key poses and poster frame as planFootage's, drawn
 * through one lens chosen for the shape (reframeFootage).
 */
export function planFootageRendition(
  scene: PreparedAerialScene,
  options: { style: FootageStyle; duration?: number; front_direction?: number },
  rendition: SocialFootageRendition,
  outputKey: string,
  /** Output size as a share of the composition's (the stage's render scale; 1 except in tests). */
  scale = 1,
): FootageRenditionPlan {
  const format = AERIAL_FOOTAGE_RENDITIONS[rendition];
  const plan = planFootage(scene, options, outputKey, scale);
  const framing = reframeFootage({
    subject: subjectOf(scene.parcel),
    path: FOOTAGE_PATHS[options.style],
    frontDirection: options.front_direction,
    originalVerticalFovDeg: VERTICAL_FOV_DEG,
    originalAspect: AERIAL_FOOTAGE.width / AERIAL_FOOTAGE.height,
    aspect: format.width / format.height,
  });
  return {
    ...plan,
    request: {
      ...plan.request,
      composition: format.id,
      inputProps: {
        ...plan.request.inputProps,
        verticalFovDeg: framing.verticalFovDeg,
        skyCap: framing.skyCap,
      },
    },
    rendition,
    width: Math.round(format.width * scale),
    height: Math.round(format.height * scale),
    verticalFovDeg: framing.verticalFovDeg,
    framing,
  };
}
