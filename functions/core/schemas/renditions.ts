// Renditions: the same media in the shapes each channel wants — listing portals, the agency's own site,
// social feeds and stories, print. A request names the ones it wants (`renditions`); each media object of
// the output then carries a `renditions` map. Nothing is made that was not asked for: a request without
// the field gets exactly what it got before.
import { z } from 'zod';
import { urlField } from './common.ts';
import { mediaFile } from './outputs.ts';

export const RENDITION_NAMES = [
  'portal',
  'web',
  'social_square',
  'social_portrait',
  'social_story',
  'print',
] as const;
export type RenditionName = (typeof RENDITION_NAMES)[number];

/** The social shapes, in pixels. */
export const SOCIAL_SHAPES = {
  social_square: { width: 1080, height: 1080 },
  social_portrait: { width: 1080, height: 1350 },
  social_story: { width: 1080, height: 1920 },
} as const;
export type SocialShape = keyof typeof SOCIAL_SHAPES;

export const isSocialShape = (name: RenditionName): name is SocialShape => name in SOCIAL_SHAPES;

/** What each rendition is, for the OpenAPI document and the README. */
export const RENDITION_DESCRIPTIONS: Readonly<Record<RenditionName, string>> = {
  portal:
    'A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.',
  web: 'WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.',
  social_square: '1080x1080.',
  social_portrait: '1080x1350.',
  social_story: '1080x1920.',
  print: 'Slides only: a print-ready A4 PDF.',
};

/**
 * The `renditions` field of a route that makes `allowed` (in that order), for a kind described by
 * `kind` in error messages. An unknown name, a name this kind does not make, or a repeated name is a 400
 * naming the value and its index.
 */
export function renditionsField(
  allowed: readonly [RenditionName, ...RenditionName[]],
  kind: string,
  notes = '',
) {
  const known = new Set<string>(RENDITION_NAMES);
  return z
    .array(
      z.enum(allowed, {
        error: (issue) => {
          const value = String(issue.input);
          return known.has(value)
            ? `'${value}' is not made for ${kind}; it makes ${allowed.join(', ')}`
            : `'${value}' is not a rendition; choose from ${allowed.join(', ')}`;
        },
      }),
    )
    .max(RENDITION_NAMES.length)
    .superRefine((names, ctx) => {
      names.forEach((name, i) => {
        if (names.indexOf(name) !== i)
          ctx.addIssue({ code: 'custom', path: [i], message: `'${name}' is named twice` });
      });
    })
    .optional()
    .meta({
      description: `Renditions to make besides the default output: ${allowed
        .map((name) => `\`${name}\` (${RENDITION_DESCRIPTIONS[name]})`)
        .join('; ')}${notes ? ` ${notes}` : ''} Default: none, as before.`,
    });
}

const renditionFile = mediaFile.extend({
  width: z.int(),
  height: z.int(),
  size_bytes: z.int(),
});

/** How a social rendition was made from its source. */
export const RENDITION_FITS = ['same', 'crop', 'extend', 'reframed', 'relaid_out'] as const;

export const renditionsOutput = z
  .object({
    portal: renditionFile
      .extend({
        source: z.enum(['original', 'text_free_twin']).meta({
          description:
            'original: the output itself had no text on it; text_free_twin: the same picture made again without its labels.',
        }),
      })
      .optional(),
    web: z.array(renditionFile.extend({ format: z.enum(['webp', 'avif']) })).optional(),
    social_square: renditionFile.extend({ fit: z.enum(RENDITION_FITS) }).optional(),
    social_portrait: renditionFile.extend({ fit: z.enum(RENDITION_FITS) }).optional(),
    social_story: renditionFile.extend({ fit: z.enum(RENDITION_FITS) }).optional(),
    print: renditionFile.partial({ width: true, height: true }).optional(),
  })
  .meta({
    id: 'Renditions',
    description:
      'The renditions asked for, each with a fresh URL on every read. Social fits: same (the picture already has the shape, only scaled), crop (a cut that keeps the whole subject with margin), extend (the whole picture over a blurred continuation of itself), reframed (drawn again by the camera for the shape), relaid_out (laid out again for the shape).',
  });

/** A media file that may carry renditions. */
export const mediaWithRenditions = mediaFile
  .extend({ renditions: renditionsOutput.optional() })
  .meta({ id: 'MediaFileWithRenditions' });

/** A video rendition (a social shape rendered again), with its end-card version when branding was given. */
const videoRendition = renditionFile.extend({
  fit: z.enum(['reframed', 'relaid_out']),
  branded: renditionFile.optional().meta({ description: 'The same video with the branding end card.' }),
});

export const videoRenditionsOutput = z
  .object({
    social_square: videoRendition.optional(),
    social_story: videoRendition.optional(),
  })
  .meta({ id: 'VideoRenditions' });

/** A video that may carry an end-card version and renditions. */
export const videoWithRenditions = mediaFile
  .extend({
    branded: mediaFile
      .optional()
      .meta({ description: 'The same video with the branding end card (requests with branding only).' }),
    renditions: videoRenditionsOutput.optional(),
  })
  .meta({ id: 'VideoFileWithRenditions' });

/** What a picture of each kind can be made into. */
export const STILL_RENDITIONS = [
  'portal',
  'web',
  'social_square',
  'social_portrait',
  'social_story',
] as const satisfies readonly RenditionName[];
/** Videos are rendered again in the two shapes feeds and stories play. */
export const VIDEO_RENDITIONS = ['social_square', 'social_story'] as const satisfies readonly RenditionName[];
/** Slides carry text, which listing portals forbid on photos: no portal rendition; print is theirs. */
export const SLIDE_RENDITIONS = [
  'web',
  'social_square',
  'social_portrait',
  'social_story',
  'print',
] as const satisfies readonly RenditionName[];

export const END_CARD_LIMITS = { text: 120, disclaimer: 1000, urlLength: 2048 } as const;

const endCardText = (description: string) =>
  z.string().trim().min(1).max(END_CARD_LIMITS.text).meta({ description });
const hexColour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1F3A5F or #fc0')
  .meta({ description: 'Hex colour, #RGB or #RRGGBB.' });

/**
 * A video's end card, as the slides take branding: with it, each video (and each video rendition) is also
 * made with a closing card; the unbranded version is always made beside it, for portals that forbid
 * branding in videos.
 */
export const endCardBranding = z
  .strictObject({
    agency_logo_url: urlField({
      protocol: /^https$/,
      hostname: z.regexes.hostname,
      max: END_CARD_LIMITS.urlLength,
    })
      .optional()
      .meta({ description: 'The agency logo (PNG, JPEG or WebP over https), drawn on the end card.' }),
    agency_name: endCardText('Agency name.').optional(),
    agent_name: endCardText("Agent's full name.").optional(),
    agent_phone: endCardText("Agent's phone number as it should read.").optional(),
    agency_licence_number: endCardText("Agency's licence number, drawn under the agent's line.").optional(),
    agent_licence_number: endCardText("Agent's licence number, drawn under the agent's line.").optional(),
    disclaimer: z.string().trim().min(1).max(END_CARD_LIMITS.disclaimer).optional().meta({
      description:
        'Small print at the foot of the end card, in at most three lines (a longer one is cut at a word with an ellipsis).',
    }),
    primary_color: hexColour.optional().meta({ description: 'The card’s background; default #1F3A5F.' }),
    secondary_color: hexColour.optional().meta({ description: 'Accent rule; default #C9A227.' }),
  })
  .refine((b) => Object.keys(b).length > 0, 'name at least one of the end card’s fields')
  .meta({ id: 'EndCardBranding' });
export type EndCardBranding = z.infer<typeof endCardBranding>;
