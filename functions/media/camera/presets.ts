// V1 angle presets and distances, shot types and footage styles: tables over the one camera model. A V1
// preset is a V2 pose (so both versions render through the same camera), a footage style is a path of
// key poses with easing between them.
import type { CameraPose } from './camera-model.ts';

export const ANGLE_PRESETS = [
  'overhead',
  'north',
  'north_east',
  'east',
  'south_east',
  'south',
  'south_west',
  'west',
  'north_west',
] as const;
export type AnglePreset = (typeof ANGLE_PRESETS)[number];
/** The front of the property when front_direction is given, due north otherwise. */
export const DEFAULT_ANGLE_PRESET: AnglePreset = 'north';

export const DISTANCE_PRESETS = { close: 100, medium: 200, far: 300, extra_far: 400 } as const;
export type DistancePreset = keyof typeof DISTANCE_PRESETS;
export const DEFAULT_DISTANCE_PRESET: DistancePreset = 'far';

/** Tilt of the compass presets: a classic real-estate oblique, roofs and facades both readable. */
export const COMPASS_PRESET_TILT_DEG = 55;
/** The overhead preset looks straight down from this height whatever the distance option says. */
export const OVERHEAD_ALTITUDE_M = 220;

const COMPASS_AZIMUTH: Record<Exclude<AnglePreset, 'overhead'>, number> = {
  north: 0,
  north_east: 45,
  east: 90,
  south_east: 135,
  south: 180,
  south_west: 225,
  west: 270,
  north_west: 315,
};

/** The V2 pose of a V1 preset; azimuths are relative to front_direction exactly as V2's are. */
export function presetPose(angle: AnglePreset, distance: DistancePreset): CameraPose {
  if (angle === 'overhead') return { azimuth: 0, tilt: 0, distance: OVERHEAD_ALTITUDE_M, pitch: 0 };
  return {
    azimuth: COMPASS_AZIMUTH[angle],
    tilt: COMPASS_PRESET_TILT_DEG,
    distance: DISTANCE_PRESETS[distance],
    pitch: 0,
  };
}

export const SHOT_TYPES = ['establishing', 'hero', 'twilight'] as const;
export type ShotType = (typeof SHOT_TYPES)[number];
/** Near-nadir poses get the establishing grade by default, angled poses the hero grade. */
export const ESTABLISHING_BELOW_TILT_DEG = 15;

export function defaultShotType(tilt: number): ShotType {
  return tilt < ESTABLISHING_BELOW_TILT_DEG ? 'establishing' : 'hero';
}

export const FOOTAGE_STYLES = ['front_left_zoom', 'front_right_approach'] as const;
export type FootageStyle = (typeof FOOTAGE_STYLES)[number];

interface KeyPose {
  /** Share of the clip, 0..1. */
  readonly at: number;
  readonly pose: CameraPose;
}

export interface FootagePath {
  readonly style: FootageStyle;
  readonly defaultDurationS: number;
  readonly shotType: ShotType;
  readonly keys: readonly KeyPose[];
}

// Azimuths are relative to the front: negative is front-left as seen from the street (the camera's
// bearing turns anticlockwise), positive front-right. The last key frames the property centred.
export const FOOTAGE_PATHS: Record<FootageStyle, FootagePath> = {
  front_left_zoom: {
    style: 'front_left_zoom',
    defaultDurationS: 8,
    shotType: 'hero',
    keys: [
      { at: 0, pose: { azimuth: -40, tilt: 58, distance: 420, pitch: 6 } },
      { at: 1, pose: { azimuth: -22, tilt: 52, distance: 150, pitch: 0 } },
    ],
  },
  front_right_approach: {
    style: 'front_right_approach',
    defaultDurationS: 10,
    shotType: 'hero',
    keys: [
      { at: 0, pose: { azimuth: 55, tilt: 74, distance: 620, pitch: 8 } },
      { at: 0.6, pose: { azimuth: 34, tilt: 66, distance: 300, pitch: 3 } },
      { at: 1, pose: { azimuth: 22, tilt: 58, distance: 170, pitch: 0 } },
    ],
  },
};

export const FOOTAGE_DURATION_S = { min: 3, max: 15 } as const;

/** Ease in and out (cubic), so the drone starts and settles smoothly. */
const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * The pose at share `t` (0..1) of a path: eased over the whole clip, then interpolated between the keys.
 * Distance is interpolated in log space so a push-in feels steady rather than slowing as it nears.
 */
export function poseAlong(path: FootagePath, t: number): CameraPose {
  const s = easeInOutCubic(Math.min(1, Math.max(0, t)));
  const keys = path.keys;
  let i = 0;
  while (i < keys.length - 2 && s > keys[i + 1]!.at) i += 1;
  const a = keys[i]!;
  const b = keys[i + 1] ?? a;
  const u = b.at > a.at ? (s - a.at) / (b.at - a.at) : 0;
  const lerp = (x: number, y: number) => x + (y - x) * u;
  return {
    azimuth: lerp(a.pose.azimuth, b.pose.azimuth),
    tilt: lerp(a.pose.tilt, b.pose.tilt),
    distance: Math.exp(lerp(Math.log(a.pose.distance), Math.log(b.pose.distance))),
    pitch: lerp(a.pose.pitch, b.pose.pitch),
  };
}
