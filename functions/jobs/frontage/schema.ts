// Request and output schemas of the property frontage endpoints, as the OpenAPI document
// (/v1/openapi.json) publishes them.
import { z } from 'zod';
import {
  address,
  commonRequestFields,
  latitude,
  locationOptions,
  longitude,
  notBoth,
  requireBothOrNeither,
} from '../../core/schemas/common.ts';
import { geoPoint, mediaFile } from '../../core/schemas/outputs.ts';
import { mediaWithRenditions, renditionsField, STILL_RENDITIONS } from '../../core/schemas/renditions.ts';
import { COMPASS_LABELS } from '../../domain/geometry/bearing.ts';
import { RESO_DIRECTION_FACES } from '../../domain/geometry/solar.ts';
import {
  boundarySource,
  droneCameraOutput,
  imageryProvenanceOutput,
  imageryRequestFields,
  parcelPolygonOutput,
  pictureGeoreference,
} from '../shared/imagery-schema.ts';

export const frontageDetectRequest = z
  .strictObject({
    address,
    options: locationOptions.optional(),
    ...imageryRequestFields,
    renditions: renditionsField(STILL_RENDITIONS, 'frontage references'),
    ...commonRequestFields,
  })
  .superRefine(notBoth('boundary', 'parcel'))
  .meta({
    id: 'FrontageDetectRequest',
    description:
      'With `imagery` the reference image is drawn on your own picture (an orthophoto, north up, or your drone photo with the arrow projected through its camera); with `boundary` your parcel (or with `parcel` the cadastre lot of that id; without either, the lot at the address point) is used to find and draw the front: its street side is the side that faces no other lot.',
  });
export type FrontageDetectRequest = z.infer<typeof frontageDetectRequest>;

export const frontageEditRequest = z
  .strictObject({
    direction: z.int().min(0).max(359).meta({
      description: 'Adjusted compass bearing of the property front, degrees (0 = north, clockwise).',
    }),
    center_lat: latitude
      .optional()
      .meta({ description: 'Adjusted latitude of the property centre (give with center_lng).' }),
    center_lng: longitude
      .optional()
      .meta({ description: 'Adjusted longitude of the property centre (give with center_lat).' }),
    renditions: renditionsField(STILL_RENDITIONS, 'frontage references'),
    ...commonRequestFields,
  })
  .superRefine(requireBothOrNeither('center_lat', 'center_lng'))
  .meta({ id: 'FrontageEditRequest' });
export type FrontageEditRequest = z.infer<typeof frontageEditRequest>;

/** The eight compass labels, as the bearing math names them. */
const DIRECTION_LABELS = COMPASS_LABELS;

/** Hours of direct sun on a façade in a day. */
const sunHours = z.number().min(0).max(24);

export const frontageOutput = z
  .object({
    bearing: z
      .int()
      .min(0)
      .max(359)
      .meta({ description: 'Compass bearing the property front faces, 0 = north, clockwise.' }),
    direction: z.enum(DIRECTION_LABELS),
    reso_direction_faces: z.enum(RESO_DIRECTION_FACES).meta({
      description:
        'The RESO Data Dictionary DirectionFaces value of the bearing: the same eight 45° sectors as direction.',
      examples: ['Northeast'],
    }),
    rear_bearing: z
      .int()
      .min(0)
      .max(359)
      .meta({
        description: 'Compass bearing the rear of the property faces: bearing + 180, modulo 360.',
        examples: [225],
      }),
    rear_direction: z.enum(DIRECTION_LABELS).meta({
      description: 'Direction label of rear_bearing, in the same eight sectors as direction.',
      examples: ['south-west'],
    }),
    winter_sun_hours: z
      .object({
        front: sunHours.meta({
          description: 'Hours of direct sun on a vertical façade facing bearing, to 0.1 h.',
          examples: [8.1],
        }),
        rear: sunHours.meta({
          description: 'Hours of direct sun on a vertical façade facing rear_bearing, to 0.1 h.',
          examples: [1.8],
        }),
        date: z.enum(['06-21', '12-21']).meta({
          description:
            'Month and day the hours are for: the winter solstice, 21 June (06-21) south of the equator, 21 December (12-21) north of it.',
          examples: ['06-21'],
        }),
        latitude: z.number().meta({
          description: "Latitude the sun's path is computed for: the resolved location's.",
          examples: [-33.8688],
        }),
      })
      .meta({
        description:
          "Hours of direct sun on the front and rear façades on the winter solstice at the site's latitude: the time between sunrise and sunset (upper limb on the horizon, refraction allowed) in which the sun is less than 90° from the façade's outward normal, in local solar time. Terrain, buildings and trees are not considered.",
      }),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'How sure the detection is, 0-1 (an edit is 1: the caller chose it).' }),
    method: z.enum(['addressed-street', 'nearest-street', 'cadastre-street-side', 'default', 'manual']).meta({
      description:
        "How the front was found: the addressed street's nearest point (addressed-street), the nearest street (nearest-street), the side of the cadastre lot that faces no other lot (cadastre-street-side: the road reserve), none found (default: north, confidence 0), or given by an edit (manual).",
    }),
    edited: z.boolean().meta({ description: 'True for frontage_edit output.' }),
    location: z.object({
      lat: z.number(),
      lng: z.number(),
      formatted_address: z.string(),
      precision: z.enum(['rooftop', 'parcel', 'interpolated', 'street', 'locality', 'postcode', 'caller']),
      provider: z.string().meta({
        description: 'Geocoder that resolved the address, or "caller" when options.lat/lng were given.',
      }),
      confidence: z.number().min(0).max(1).optional().meta({
        description:
          'How sure the geocoder is that this is the property, 0-1 (the offline gazetteer knows localities, not streets: 0.3); 1 for caller coordinates.',
      }),
    }),
    street: z.object({ name: z.string(), front_point: geoPoint.nullable() }),
    reference_image: mediaWithRenditions,
    georeference: z.object({
      center: geoPoint,
      meters_per_pixel: z.number(),
      rotation: z.number().meta({ description: 'Compass bearing at the top of the image (0 = north up).' }),
      width: z.int(),
      height: z.int(),
      ...pictureGeoreference,
    }),
    providers: z.object({ geocoder: z.string(), site: z.string(), imagery: z.string() }),
    imagery: imageryProvenanceOutput,
    boundary_source: boundarySource.optional(),
    parcel_polygon: parcelPolygonOutput.optional(),
    camera: droneCameraOutput.optional(),
    source_image: mediaFile.optional().meta({
      description: 'Your imagery as downloaded (kept so that edits redraw on the same picture).',
    }),
  })
  .meta({ id: 'FrontageOutput' });
export type FrontageOutput = z.infer<typeof frontageOutput>;
