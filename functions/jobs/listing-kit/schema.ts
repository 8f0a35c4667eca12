// Request and output schemas of POST /v1/listing-kits/generate (job type `listing_kit`), as the OpenAPI
// document (/v1/openapi.json) publishes them. The property, branding and room fields are the brochure's
// and the staging request's own pieces, so a kit accepts exactly what its children will.
import { z } from 'zod';
import type { BrandKitUse } from '../../core/brand-kits/resolve.ts';
import { brandKitIdField, brandKitUsed } from '../../core/schemas/brand-kit.ts';
import {
  address,
  commonRequestFields,
  locationOptions,
  requireBothOrNeither,
} from '../../core/schemas/common.ts';
import { jobError, mediaFile, type Stored } from '../../core/schemas/outputs.ts';
import {
  mediaWithRenditions,
  RENDITION_NAMES,
  renditionsField,
  videoWithRenditions,
} from '../../core/schemas/renditions.ts';
import { brochureSlideRequest } from '../brochure/index.ts';
import { frontageOutput } from '../frontage/index.ts';
import { imageryProvenanceOutput, imageryRequestFields } from '../shared/imagery-schema.ts';
import { imageUrl as roomImageUrl, virtualStagingRequest } from '../staging/index.ts';

/** Every bound of the endpoint, once. */
const LISTING_KIT_LIMITS = {
  rooms: { max: 10 },
} as const;

/** The asset groups a kit can make (`include`), in manifest order. */
export const KIT_GROUPS = [
  'frontage',
  'markup',
  'portal_safe',
  'drone_stills',
  'drone_footage',
  'brochure',
  'staging',
] as const;
export type KitGroup = (typeof KIT_GROUPS)[number];

export const SLIDE_ROLES = [
  'slide_cover',
  'slide_features',
  'slide_gallery',
  'slide_location',
  'slide_agent',
  'slide_content',
] as const;

export const STAGING_ROLES = Array.from(
  { length: LISTING_KIT_LIMITS.rooms.max },
  (_, i) => `staging_${i + 1}` as const,
) as readonly `staging_${number}`[];

/** Every role a kit's child can have, in manifest order. */
export const KIT_ROLES = [
  'frontage',
  'markup',
  'markup_edit',
  'markup_edit_portal_safe',
  'reveal_video',
  'drone_overhead',
  'drone_hero',
  'drone_twilight',
  'drone_footage',
  ...SLIDE_ROLES,
  'staging_1',
  'staging_2',
  'staging_3',
  'staging_4',
  'staging_5',
  'staging_6',
  'staging_7',
  'staging_8',
  'staging_9',
  'staging_10',
] as const;
export type KitRole = (typeof KIT_ROLES)[number];

// The brochure request's own pieces (read from its shape: the brochure schema does not export them).
const brochureProperty = brochureSlideRequest.shape.property.shape;
const brochureBranding = brochureSlideRequest.shape.branding;
const stagingOptions = virtualStagingRequest.shape.options.unwrap().shape;

/**
 * The front's compass bearing, as the drone and markup requests take it (0-359 degrees: the drone's
 * bound, which the markup's 0-360 also accepts).
 */
const frontDirection = z
  .number({ error: 'must be a number, 0-359 degrees' })
  .min(0, 'must be 0-359 degrees')
  .lt(360, 'must be 0-359 degrees')
  .meta({
    description:
      'Compass bearing the property front faces, 0-359 degrees clockwise from north. Given: the markup and drone assets use it and no frontage detection is needed for them. Absent: the detected frontage bearing is used everywhere.',
    examples: [45],
  });

const kitOptions = z
  .strictObject({
    lat: locationOptions.shape.lat.meta({
      description:
        "Latitude of the property (give with lng): every child uses it instead of geocoding. Must lie within Australia's extent (-44 to -9).",
      examples: [-33.8823],
    }),
    lng: locationOptions.shape.lng.meta({
      description:
        "Longitude of the property (give with lat): every child uses it instead of geocoding. Must lie within Australia's extent (112 to 154).",
      examples: [151.1995],
    }),
    front_direction: frontDirection.optional(),
  })
  .superRefine(requireBothOrNeither('lat', 'lng'))
  .meta({ description: 'Where the property is and which way it faces, when the caller knows.' });

const kitProperty = z
  .strictObject({
    price_display: brochureProperty.price_display.meta({
      description: 'Price as the brochure slides show it, e.g. "Auction 14 June" or "$1,250,000".',
      examples: ['Auction Sat 14 June'],
    }),
    description: brochureProperty.description.meta({
      description: 'Property description; the features and content slides draw on it.',
      examples: ['A light-filled family home behind an established garden, walking distance to the park.'],
    }),
    images: brochureProperty.images.meta({
      description:
        'Property photos (at most 30), shown on the brochure slides before the drone stills and staged rooms the kit makes.',
      examples: [['https://img.example.com/exterior.jpg', 'https://img.example.com/kitchen.jpg']],
    }),
  })
  .meta({ description: 'The listing as the brochure slides show it (as the brochure request takes it).' });

const kitRoom = z
  .strictObject({
    image_url: roomImageUrl.meta({
      description:
        'HTTPS URL of the empty-room photo to stage: JPEG, PNG or WebP, at most 20 MB and 40 megapixels, publicly reachable.',
      examples: ['https://img.example.com/lounge-empty.jpg'],
    }),
    room_type: virtualStagingRequest.shape.room_type.meta({
      description:
        'Free text such as "lounge room" or "master bedroom", as the virtual staging request takes it.',
      examples: ['living_room'],
    }),
    style_prompt: stagingOptions.style_prompt.meta({
      description: 'Furniture style in words (at most 500 characters), e.g. "scandinavian, light oak".',
      examples: ['scandinavian, light oak'],
    }),
  })
  .meta({ id: 'ListingKitRoom', description: 'One empty room to stage.' });

const include = z
  .array(z.enum(KIT_GROUPS))
  .min(1)
  .superRefine((groups, ctx) => {
    const seen = new Set<string>();
    for (const group of groups) {
      if (seen.has(group)) ctx.addIssue({ code: 'custom', message: `lists ${group} twice` });
      seen.add(group);
    }
  })
  .meta({
    description:
      'Which asset groups to make; default: all that the input allows (staging only with rooms). frontage: the frontage detection; markup: the boundary markup, its labelled edit and its reveal video; portal_safe: an edit with the boundary and no text (portals refuse text on photos); drone_stills: overhead, hero and twilight stills; drone_footage: a front-right approach; brochure: six slides (cover, features, gallery, location, agent, content) and the deck; staging: one staged photo per room. What a group is made from comes along: the frontage when no options.front_direction is given and markup or drone assets are made, the markup when portal_safe is asked for. The brochure shows the drone stills and staged rooms when they are made too.',
    examples: [['frontage', 'markup', 'brochure']],
  });

export const listingKitRequest = z
  .strictObject({
    address,
    options: kitOptions.optional(),
    property: kitProperty.optional(),
    branding: brochureBranding.meta({
      description:
        'Agent and agency details and brand colours for the brochure slides (as the brochure request takes them).',
      examples: [
        { agent_name: 'Olivia Harrington', agency_name: 'Harbour & Co Property', primary_color: '#0E3B4A' },
      ],
    }),
    brand_kit_id: brandKitIdField,
    rooms: z
      .array(kitRoom)
      .max(LISTING_KIT_LIMITS.rooms.max)
      .optional()
      .meta({
        description: `Up to ${LISTING_KIT_LIMITS.rooms.max} empty rooms to stage, one virtual staging job each.`,
        examples: [[{ image_url: 'https://img.example.com/lounge-empty.jpg', room_type: 'living_room' }]],
      }),
    include: include.optional(),
    imagery: imageryRequestFields.imagery.meta({
      description:
        "Your own imagery of the listing (an orthophoto or a drone photo), passed to the kit's frontage detection and markup: the markup, its edits and its reveal are drawn on your picture. The drone stills and footage stay generated scenes (synthetic: true).",
    }),
    boundary: imageryRequestFields.boundary.meta({
      description: "Your parcel (GeoJSON), passed to the kit's frontage detection and markup.",
    }),
    parcel: imageryRequestFields.parcel.meta({
      description:
        'The lot as the state\'s cadastre names it ("5//DP123456"), passed to the kit\'s frontage detection and markup instead of the lot at the address point. Give boundary or parcel, not both.',
    }),
    renditions: renditionsField(
      RENDITION_NAMES,
      'listing kits',
      'Each child job makes those of them its kind makes (print: the slides; portal: the portal-safe edit and the staged rooms, the assets made for portals). With renditions, the videos also get an end card from branding, beside their unbranded versions.',
    ),
    ...commonRequestFields,
  })
  .superRefine((request, ctx) => {
    if (request.boundary && request.parcel)
      ctx.addIssue({ code: 'custom', path: ['parcel'], message: 'give boundary or parcel, not both' });
    if (request.include?.includes('staging') && (request.rooms ?? []).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['include'],
        message: 'lists staging, but rooms names no room to stage',
      });
    }
  })
  .meta({ id: 'ListingKitRequest' });
export type ListingKitRequest = z.infer<typeof listingKitRequest>;

/** The job input as recorded: the request without its webhook fields, and the brand kit it resolved. */
export type ListingKitInput = Omit<ListingKitRequest, 'webhook_url' | 'callback_metadata'> & {
  /** The kit's version its children draw (they never read the kit again). */
  readonly brand_kit?: BrandKitUse;
};

// ---------------------------------------------------------------------------------------------------------
// Output

const KIT_CHILD_STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'] as const;

const media = (description: string) => mediaFile.optional().meta({ description });
const withRenditions = (description: string) =>
  mediaWithRenditions.optional().meta({ description: `${description} With the renditions asked for.` });

const listingKitManifestEntry = z
  .object({
    role: z.enum(KIT_ROLES).meta({ description: 'What the asset is in the kit.', examples: ['markup_edit'] }),
    job_id: z.string().nullable().meta({
      description: 'The child job (GET /v1/jobs/{job_id}); null when it was never made.',
    }),
    job_type: z
      .string()
      .nullable()
      .meta({ description: "The child's job type.", examples: ['markup_v2_edit'] }),
    status: z.enum(KIT_CHILD_STATUSES),
    error: jobError.optional().meta({
      description:
        "Why the asset was not made: the child's own error, DEPENDENCY_FAILED naming the asset it is made from, or LICENCE_RESTRICTED when the imagery it would be made from may not be used that way (a portal-safe edit of imagery whose licence forbids portals).",
    }),
    imagery: imageryProvenanceOutput.optional().meta({
      description: "The asset's imagery provenance, for assets made from imagery.",
    }),
    image: withRenditions('The JPEG or PNG image (markup, edits, drone stills, staged rooms).'),
    before_image: media('Staged rooms: the input photo as downloaded.'),
    source_image: media('Edits: the markup image the edit was composited on.'),
    reference_image: withRenditions('Frontage: the reference aerial.'),
    video: videoWithRenditions.optional().meta({
      description:
        'The H.264 MP4 (reveal video, drone footage), with its branded version and renditions when asked for.',
    }),
    poster: media('Videos: a JPEG poster frame.'),
    png: withRenditions('Brochure slides: the 1920x1080 PNG.'),
    pdf: media('Brochure slides: the A4 landscape PDF.'),
  })
  .meta({
    id: 'ListingKitManifestEntry',
    description: "One asset of the kit: its child job, how it ended and the child's media files.",
  });

export const listingKitOutput = z
  .object({
    manifest: z
      .array(listingKitManifestEntry)
      .meta({ description: 'Every asset of the kit, in role order.' }),
    brand_kit: brandKitUsed,
    brochure_deck: z
      .object({
        pdf: mediaFile.meta({ description: 'The six slides as one screen PDF, a bookmark per slide.' }),
        pages: z.int().meta({ description: 'Pages of the screen PDF.', examples: [6] }),
        print: z
          .object({
            pdf: mediaFile.meta({ description: 'The print PDF: 3 mm bleed on every side and crop marks.' }),
            pages: z.int(),
            bleed_mm: z.number().meta({ description: 'Bleed on every side, millimetres.', examples: [3] }),
          })
          .meta({ description: 'The print version of the deck.' }),
      })
      .nullable()
      .meta({
        description: 'The brochure deck; null when the brochure was not asked for or a slide failed.',
      }),
    frontage: z
      .object({
        bearing: frontageOutput.shape.bearing,
        direction: frontageOutput.shape.direction,
        reso_direction_faces: frontageOutput.shape.reso_direction_faces,
        rear_bearing: frontageOutput.shape.rear_bearing.optional(),
        rear_direction: frontageOutput.shape.rear_direction.optional(),
        confidence: frontageOutput.shape.confidence.optional(),
        winter_sun_hours: frontageOutput.shape.winter_sun_hours,
      })
      .nullable()
      .meta({
        description: 'The detected frontage; null when the kit made no frontage detection or it failed.',
      }),
    partial: z
      .boolean()
      .meta({ description: 'True when some asset did not complete (see manifest errors).' }),
    licence_restrictions: z
      .array(
        z.object({
          role: z.enum(KIT_ROLES),
          use: z.enum(['print', 'portal']),
          code: z.literal('LICENCE_RESTRICTED'),
          message: z.string(),
        }),
      )
      .optional()
      .meta({
        description:
          "Uses the kit left out because an asset's imagery licence forbids them: a picture that may not be printed is not placed on the brochure slides or the print deck; one that may not go on portals gets no portal-safe edit. Never made silently: each is listed here (and a role not made is failed with LICENCE_RESTRICTED in the manifest).",
      }),
  })
  .meta({ id: 'ListingKitOutput' });
type ListingKitOutput = z.infer<typeof listingKitOutput>;
/** The output as the job stores it: media as object keys, presigned on every read. */
export type StoredListingKitOutput = Stored<ListingKitOutput>;
