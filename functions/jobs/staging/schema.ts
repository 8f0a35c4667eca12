// Request and output schemas of POST /v1/virtual-staging/generate (docs/readme/staging.md), job kind
// `virtual_staging`. The submit step also checks image_url under the customer-image policy of
// core/outbound/url-policy.ts with the stage's local-stack flags: that is stage-dependent.
import { z } from 'zod';
import { commonRequestFields, urlField } from '../../core/schemas/common.ts';
import { mediaFile } from '../../core/schemas/outputs.ts';
import { mediaWithRenditions, renditionsField, STILL_RENDITIONS } from '../../core/schemas/renditions.ts';
import { ROOM_TYPES } from '../../media/staging/room-types.ts';
import { STAGING_STYLES } from '../../media/staging/staging-styles.ts';

const STAGING_LIMITS = {
  imageUrl: { max: 2048 },
  roomType: { min: 1, max: 100 },
  stylePrompt: { max: 500 },
  image: { maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000 },
} as const;

/** File extensions that are certainly not JPEG/PNG/WebP: refused at request time. */
const REFUSED_EXTENSIONS = /\.(gif|bmp|tiff?|heic|heif|avif|svg|pdf|mp4|mov|zip|raw|cr2|nef|psd)$/i;

export const imageUrl = urlField({ protocol: /^https?$/, max: STAGING_LIMITS.imageUrl.max })
  .superRefine((value, ctx) => {
    // Zod runs this check even when the URL check failed; that failure is already reported.
    if (!URL.canParse(value)) return;
    const path = new URL(value).pathname;
    const ext = REFUSED_EXTENSIONS.exec(path);
    if (ext)
      ctx.addIssue({
        code: 'custom',
        message: `points to a ${ext[1]!.toLowerCase()} file; send a JPEG, PNG or WebP photo`,
      });
  })
  .meta({
    description:
      'HTTPS URL of the empty-room photo: JPEG, PNG or WebP, at most 20 MB and 40 megapixels. It must be publicly reachable (no private or loopback addresses).',
  });

export const virtualStagingRequest = z
  .strictObject({
    image_url: imageUrl,
    room_type: z
      .string()
      .trim()
      .min(STAGING_LIMITS.roomType.min)
      .max(STAGING_LIMITS.roomType.max)
      .meta({
        description: `Free text such as "lounge room" or "master bedroom", mapped to one of ${ROOM_TYPES.join(', ')}; text that names none falls back to living (the output says which was used).`,
      }),
    options: z
      .strictObject({
        style_prompt: z
          .string()
          .trim()
          .min(1)
          .max(STAGING_LIMITS.stylePrompt.max)
          .optional()
          .meta({
            description: `Furniture style in words, up to ${STAGING_LIMITS.stylePrompt.max} characters, e.g. "scandinavian, light oak". The offline stager draws one of ${STAGING_STYLES.join(', ')} (default modern); Bedrock also receives the text.`,
          }),
        watermark: z.boolean().optional().meta({
          description:
            'Draw a "Virtually staged" label in the bottom-left corner (true) or not (false) for this job. When absent, the organization\'s staging watermark setting decides (off unless the organization turned it on).',
        }),
      })
      .optional(),
    renditions: renditionsField(STILL_RENDITIONS, 'staged rooms'),
    ...commonRequestFields,
  })
  .meta({ id: 'VirtualStagingRequest' });
export type VirtualStagingRequest = z.infer<typeof virtualStagingRequest>;

export const virtualStagingOutput = z
  .object({
    image: mediaWithRenditions.meta({
      description: 'The staged photo, same size and format as the input, with the renditions asked for.',
    }),
    before_image: mediaFile.meta({ description: 'The input photo as downloaded.' }),
    room_type: z.object({
      requested: z.string(),
      used: z.enum(ROOM_TYPES),
      match: z.enum(['exact', 'synonym', 'fallback']).meta({
        description:
          'exact: room_type was a listed value; synonym: a known word for one; fallback: nothing matched, living was used.',
      }),
    }),
    style: z.object({ used: z.string(), match: z.enum(['keyword', 'default']) }),
    provider: z.string().meta({ description: 'offline-stager, or bedrock:<model id>.' }),
    items: z.array(z.string()).meta({
      description: 'Furniture placed (offline stager); empty when the provider does not report it.',
    }),
    virtually_staged: z.literal(true).meta({
      description:
        'Disclosure: the image is virtually staged. Many listing rules require saying so next to the photo.',
    }),
    watermark: z.boolean().meta({
      description:
        'Whether a "Virtually staged" label was drawn on the image: options.watermark when the request gave it, else the organization\'s setting.',
    }),
  })
  .meta({ id: 'VirtualStagingOutput' });
