// Request and output schemas of the property frontage endpoints, as the OpenAPI document
// (/v1/openapi.json) publishes them.
import { z } from 'zod';
import {
  address,
  commonRequestFields,
  latitude,
  locationOptions,
  longitude,
  requireBothOrNeither,
} from '../../core/schemas/common.ts';
import { geoPoint, mediaFile } from '../../core/schemas/outputs.ts';
import { COMPASS_LABELS } from '../../domain/geometry/bearing.ts';

export const frontageDetectRequest = z
  .strictObject({
    address,
    options: locationOptions.optional(),
    ...commonRequestFields,
  })
  .meta({ id: 'FrontageDetectRequest' });
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
    ...commonRequestFields,
  })
  .superRefine(requireBothOrNeither('center_lat', 'center_lng'))
  .meta({ id: 'FrontageEditRequest' });
export type FrontageEditRequest = z.infer<typeof frontageEditRequest>;

/** The eight compass labels, as the bearing math names them. */
export const DIRECTION_LABELS = COMPASS_LABELS;

export const frontageOutput = z
  .object({
    bearing: z
      .int()
      .min(0)
      .max(359)
      .meta({ description: 'Compass bearing the property front faces, 0 = north, clockwise.' }),
    direction: z.enum(DIRECTION_LABELS),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'How sure the detection is, 0-1 (an edit is 1: the caller chose it).' }),
    method: z.enum(['addressed-street', 'nearest-street', 'default', 'manual']),
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
    reference_image: mediaFile,
    georeference: z.object({
      center: geoPoint,
      meters_per_pixel: z.number(),
      rotation: z.number().meta({ description: 'Compass bearing at the top of the image (0 = north up).' }),
      width: z.int(),
      height: z.int(),
    }),
    providers: z.object({ geocoder: z.string(), site: z.string(), imagery: z.string() }),
  })
  .meta({ id: 'FrontageOutput' });
export type FrontageOutput = z.infer<typeof frontageOutput>;
