// Request and output schemas of the drone kinds (docs/readme/drone.md): drone_stills (V1 presets),
// drone_stills_capture (V2 free pose) and drone_footage (V2 styles). Bounds and enums come from the
// camera model's tables, so the OpenAPI document lists exactly what the renderer accepts.
import { z } from 'zod';
import { brandKitUsed, endCardBrandKitField } from '../../core/schemas/brand-kit.ts';
import {
  address,
  commonRequestFields,
  locationOptions,
  requireBothOrNeither,
} from '../../core/schemas/common.ts';
import { geoPoint, mediaFile } from '../../core/schemas/outputs.ts';
import {
  endCardBranding,
  mediaWithRenditions,
  renditionsField,
  STILL_RENDITIONS,
  VIDEO_RENDITIONS,
  videoWithRenditions,
} from '../../core/schemas/renditions.ts';
import {
  ANGLE_PRESETS,
  COMPASS_PRESET_TILT_DEG,
  DEFAULT_ANGLE_PRESET,
  DEFAULT_DISTANCE_PRESET,
  DISTANCE_PRESETS,
  ESTABLISHING_BELOW_TILT_DEG,
  FOOTAGE_DURATION_S,
  FOOTAGE_PATHS,
  FOOTAGE_STYLES,
  OVERHEAD_ALTITUDE_M,
  SHOT_TYPES,
} from '../../media/camera/presets.ts';
import { imageryProvenanceOutput } from '../shared/imagery-schema.ts';

/** Every bound of the drone endpoints, once. */
const DRONE_LIMITS = {
  azimuth: { min: 0, max: 360 },
  tilt: { min: 0, max: 75 },
  distance: { min: 50, max: 1200 },
  pitch: { min: 0, max: 30, default: 0 },
  duration: FOOTAGE_DURATION_S,
} as const;

/** A number bounded to [min, max], whose every refusal names the range. */
const bounded = (min: number, max: number, unit: string) =>
  z
    .number({ error: `must be a number, ${min}-${max} ${unit}` })
    .min(min, `must be ${min}-${max} ${unit}`)
    .max(max, `must be ${min}-${max} ${unit}`);

const frontDirection = z
  .number({ error: 'must be a number, 0-359 degrees' })
  .min(0, 'must be 0-359 degrees')
  .lt(360, 'must be 0-359 degrees')
  .optional()
  .meta({
    description:
      'Compass bearing the property front faces, 0-359 degrees clockwise from north. Makes every angle relative to the front: azimuth 0 (or preset north) is directly in front. Absent: azimuth 0 is due north.',
  });

const location = {
  lat: locationOptions.shape.lat,
  lng: locationOptions.shape.lng,
};

// ---------------------------------------------------------------------------------------------------------
// POST /v1/drone-stills/generate → drone_stills

const distanceDescription = Object.entries(DISTANCE_PRESETS)
  .map(([name, m]) => `${name} = ${m} m`)
  .join(', ');

export const droneStillsRequest = z
  .strictObject({
    address,
    options: z
      .strictObject({
        angle: z
          .enum(ANGLE_PRESETS)
          .default(DEFAULT_ANGLE_PRESET)
          .meta({
            description: `Camera angle preset; default ${DEFAULT_ANGLE_PRESET}. overhead looks straight down from ${OVERHEAD_ALTITUDE_M} m; the eight compass presets look at the property from that side at ${COMPASS_PRESET_TILT_DEG}° from vertical. With front_direction, north is the front of the property and the others turn with it.`,
          }),
        distance: z
          .enum(Object.keys(DISTANCE_PRESETS) as [keyof typeof DISTANCE_PRESETS])
          .default(DEFAULT_DISTANCE_PRESET)
          .meta({
            description: `Camera distance from the property for the compass presets: ${distanceDescription}; default ${DEFAULT_DISTANCE_PRESET}.`,
          }),
        front_direction: frontDirection,
        ...location,
      })
      .superRefine(requireBothOrNeither('lat', 'lng'))
      .default({ angle: DEFAULT_ANGLE_PRESET, distance: DEFAULT_DISTANCE_PRESET }),
    renditions: renditionsField(STILL_RENDITIONS, 'drone stills'),
    ...commonRequestFields,
  })
  .meta({ id: 'DroneStillsRequest' });
export type DroneStillsRequest = z.infer<typeof droneStillsRequest>;

// ---------------------------------------------------------------------------------------------------------
// POST /v2/drone-stills/capture → drone_stills_capture

export const droneCaptureRequest = z
  .strictObject({
    address,
    camera: z
      .strictObject({
        azimuth: bounded(DRONE_LIMITS.azimuth.min, DRONE_LIMITS.azimuth.max, 'degrees').meta({
          description:
            'Degrees clockwise around the property, 0-360. With options.front_direction 0 is directly in front; otherwise 0 is due north.',
        }),
        tilt: bounded(DRONE_LIMITS.tilt.min, DRONE_LIMITS.tilt.max, 'degrees').meta({
          description: 'Degrees from nadir, 0-75: 0 looks straight down.',
        }),
        distance: bounded(DRONE_LIMITS.distance.min, DRONE_LIMITS.distance.max, 'metres').meta({
          description: 'Metres from the camera to the property centre, 50-1200.',
        }),
        pitch: bounded(DRONE_LIMITS.pitch.min, DRONE_LIMITS.pitch.max, 'degrees')
          .default(DRONE_LIMITS.pitch.default)
          .meta({
            description:
              'Degrees the camera angles up to bring the horizon in, 0-30; default 0. Ignored when tilt is below 5; lowered so tilt + pitch stays at most 85° (the output says when it was).',
          }),
      })
      .meta({ id: 'DroneCameraPose' }),
    options: z
      .strictObject({
        front_direction: frontDirection,
        shot_type: z
          .enum(SHOT_TYPES)
          .optional()
          .meta({
            description: `Grade: establishing (neutral daylight), hero (warmer, richer colour, vignette) or twilight (dusk sky, lit windows). Default: establishing below tilt ${ESTABLISHING_BELOW_TILT_DEG}°, hero otherwise.`,
          }),
        ...location,
      })
      .superRefine(requireBothOrNeither('lat', 'lng'))
      .default({}),
    renditions: renditionsField(STILL_RENDITIONS, 'drone stills'),
    ...commonRequestFields,
  })
  .meta({ id: 'DroneCaptureRequest' });
export type DroneCaptureRequest = z.infer<typeof droneCaptureRequest>;

// ---------------------------------------------------------------------------------------------------------
// POST /v2/drone-footage/generate → drone_footage

const durationRange = `must be a whole number of seconds, ${DRONE_LIMITS.duration.min}-${DRONE_LIMITS.duration.max}`;
const styleDefaults = FOOTAGE_STYLES.map((s) => `${s} ${FOOTAGE_PATHS[s].defaultDurationS} s`).join(', ');

export const droneFootageRequest = z
  .strictObject({
    address,
    options: z
      .strictObject({
        style: z.enum(FOOTAGE_STYLES).meta({
          description:
            'Camera path: front_left_zoom starts wide at the front-left and pushes in on the property; front_right_approach flies in from the front-right, descending toward it. Both end with the property centred.',
        }),
        duration: z
          .int({ error: durationRange })
          .min(DRONE_LIMITS.duration.min, durationRange)
          .max(DRONE_LIMITS.duration.max, durationRange)
          .optional()
          .meta({ description: `Seconds, 3-15; default per style: ${styleDefaults}.` }),
        front_direction: frontDirection,
        ...location,
      })
      .superRefine(requireBothOrNeither('lat', 'lng')),
    renditions: renditionsField(VIDEO_RENDITIONS, 'drone footage', 'Each is rendered again in its shape.'),
    branding: endCardBranding.optional(),
    brand_kit_id: endCardBrandKitField('the footage'),
    ...commonRequestFields,
  })
  .meta({ id: 'DroneFootageRequest' });
export type DroneFootageRequest = z.infer<typeof droneFootageRequest>;

// ---------------------------------------------------------------------------------------------------------
// Outputs

const dronePoseUsed = z
  .object({
    azimuth: z.number(),
    tilt: z.number(),
    distance: z.number(),
    pitch: z.number().meta({ description: 'Pitch used, after the tilt-5 rule and the horizon clamp.' }),
    pitch_requested: z.number(),
    pitch_clamped: z
      .boolean()
      .meta({ description: 'True when pitch was lowered to keep tilt + pitch ≤ 85°.' }),
    pitch_ignored: z.boolean().meta({ description: 'True when pitch was ignored because tilt is below 5.' }),
    camera_bearing: z.number().meta({ description: 'Compass bearing from the property to the camera.' }),
    camera_position: geoPoint
      .extend({ altitude_m: z.number().meta({ description: 'Metres above the ground at the property.' }) })
      .meta({ description: 'Where the camera was.' }),
  })
  .meta({ id: 'DronePoseUsed' });
export type DronePoseUsed = z.infer<typeof dronePoseUsed>;

/** The tiles provider's attribution line; cloud scene sources only. */
const sceneAttribution = z.string().optional().meta({
  description:
    "The data providers' attribution (photorealistic-3d-tiles only; the same as imagery.attribution). Show it wherever the media is shown, as the provider's terms require; it is not drawn into the picture.",
});

/** Output of drone_stills and drone_stills_capture: a 3840x2160 JPEG and the pose that made it. */
export const droneStillOutput = z
  .object({
    image: mediaWithRenditions.meta({
      description:
        'The 3840x2160 JPEG, with the renditions asked for: portal and web made from it; each social shape drawn again by the camera framed for that shape around the parcel (fit reframed), not cut from it.',
    }),
    pose: dronePoseUsed,
    rendition_cameras: z
      .partialRecord(
        z.enum(['social_square', 'social_portrait', 'social_story']),
        z.object({
          pose: dronePoseUsed,
          vertical_fov_deg: z.number().meta({ description: 'The lens the shape was drawn with.' }),
          framing: z.enum(['lens', 'pose', 'contain']).meta({
            description:
              "lens: the still's own pose with another lens; pose: the drone moved too, as the shape needed; contain: the whole parcel is in frame but smaller than in the 16:9 still (the still showed only part of a very large lot).",
          }),
        }),
      )
      .optional()
      .meta({
        description:
          'For each social rendition asked for: the camera that drew it (the parcel kept inside the frame and at least the share of it the 16:9 still has).',
      }),
    shot_type: z.enum(SHOT_TYPES),
    angle: z.enum(ANGLE_PRESETS).optional().meta({ description: 'The V1 preset, for drone_stills.' }),
    property_center: geoPoint,
    scene_source: z.string().meta({
      description:
        'Which scene source drew it: the offline synthetic model (e.g. offline-synthetic) or photorealistic-3d-tiles.',
    }),
    attribution: sceneAttribution,
    imagery: imageryProvenanceOutput,
  })
  .meta({ id: 'DroneStillOutput' });

/** Output of drone_footage: 1920x1080 30 fps H.264, a poster frame and the path's key poses. */
export const droneFootageOutput = z
  .object({
    video: videoWithRenditions.meta({
      description:
        'The 1920x1080 MP4; with branding its end-card version beside it; with renditions each social shape rendered again along the same flight path, the camera framed for the shape (fit reframed), each with its end-card version when branded.',
    }),
    poster: mediaFile,
    style: z.enum(FOOTAGE_STYLES),
    duration_seconds: z.int(),
    fps: z.int(),
    key_poses: z.array(dronePoseUsed.extend({ at_seconds: z.number() })),
    property_center: geoPoint,
    scene_source: z.string(),
    attribution: sceneAttribution,
    imagery: imageryProvenanceOutput,
    brand_kit: brandKitUsed,
  })
  .meta({ id: 'DroneFootageOutput' });
