// The brand kits resource: request and answer schemas, as the OpenAPI document publishes them. A kit's
// fields are checked exactly as the brochure slide's branding checks them (the same zod fields: hex
// colours, e-mail, text bounds), its image URLs as the slide's image URLs, and its fonts are the slides'
// own families.
import { z } from 'zod';
import type { NewBrandKit } from '../core/brand-kits/brand-kits.ts';
import { brandKitId } from '../core/schemas/brand-kit.ts';
import { cursorPagination, officeId, pageLimit } from '../core/schemas/common.ts';
import { brochureSlideRequest } from '../jobs/brochure/index.ts';
import { SLIDE_FONT_FAMILIES } from '../media/brochure/text-fit.ts';

/** Every bound of the resource, once (text fields beyond the slide's own). */
export const BRAND_KIT_LIMITS = {
  name: { max: 120 },
  licenceNumber: { max: 40 },
  disclaimer: { max: 1000 },
} as const;

const slide = brochureSlideRequest.shape.branding.unwrap().shape;
const text = (max: number, description: string) => z.string().trim().min(1).max(max).meta({ description });

const contact = (who: string) => ({
  name: slide.agency_name.meta({ description: `${who} name.` }),
  phone: slide.agent_phone.meta({ description: `${who} phone number as it should read.` }),
  email: slide.agent_email.meta({ description: `${who} e-mail address.` }),
  licence_number: text(
    BRAND_KIT_LIMITS.licenceNumber.max,
    `${who} licence (registration) number, drawn beside ${who === "The agency's" ? "the agency's name" : "the agent's details"} on the slides and the end card.`,
  ).optional(),
});

const colors = z
  .strictObject({
    primary: slide.primary_color,
    secondary: slide.secondary_color,
  })
  .meta({
    description:
      'Brand colours, checked as the slides check them: text on the primary colour is black or white, whichever passes WCAG AA; the secondary is darkened or lightened where it would stand out less than 3:1. The answer shows the result (colors.contrast).',
  });

const fontFamily = z
  .enum(SLIDE_FONT_FAMILIES)
  .meta({ description: 'One of the font families slides are set in.' });
const fonts = z
  .strictObject({ heading: fontFamily.optional(), body: fontFamily.optional() })
  .meta({ description: 'The fonts of headings and body text: one of the families slides are set in.' });

const imageUrl = (what: string) =>
  slide.agency_logo_url.unwrap().meta({
    description: `${what}: a JPEG, PNG or WebP image (at most 20 MB and 40 megapixels) over https, downloaded once when the kit is saved and kept; the URL is never fetched again.`,
  });

const agent = z.strictObject({
  ...contact("The agent's"),
  photo_url: imageUrl("The agent's photo").optional(),
});

export const createBrandKitBody = z
  .strictObject({
    name: text(BRAND_KIT_LIMITS.name.max, "The kit's own name, e.g. the office it is for."),
    logo_url: imageUrl('The agency logo').optional(),
    colors: colors.optional(),
    fonts: fonts.optional(),
    agency: z.strictObject(contact("The agency's")).optional(),
    agent: agent.optional(),
    disclaimer: text(
      BRAND_KIT_LIMITS.disclaimer.max,
      'Small print drawn at the foot of every slide (and its social shapes) and of a video’s end card the kit brands; a disclaimer longer than three lines there is cut at a word with an ellipsis (the job lists it in text_truncated).',
    ).optional(),
    office_id: officeId.optional().meta({
      description:
        "The office the kit is for (one of the organization's offices in this mode; fixed once made): only that office's keys and jobs, and the organization's, see and use it. Omitted: the whole organization's kit, or, with a key bound to an office, that office's. Another office, or one that does not exist, is a 404.",
    }),
  })
  .meta({ id: 'BrandKitRequest' }) satisfies z.ZodType<NewBrandKit>;

export const updateBrandKitBody = z
  .strictObject({
    name: createBrandKitBody.shape.name.optional(),
    logo_url: createBrandKitBody.shape.logo_url.unwrap().nullable().optional(),
    colors: colors.nullable().optional(),
    fonts: fonts.nullable().optional(),
    agency: createBrandKitBody.shape.agency.unwrap().nullable().optional(),
    agent: agent.nullable().optional(),
    disclaimer: createBrandKitBody.shape.disclaimer.unwrap().nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'name at least one field to change')
  .meta({
    id: 'BrandKitPatch',
    description:
      "Each field given replaces the kit's own (an object whole: `agent` replaces every agent detail, its photo included); null removes it. A logo_url or photo_url the kit's copy already came from is not downloaded again. A kit's office_id cannot be changed.",
  });

export const brandKitIdParam = z.strictObject({
  brandKitId: brandKitId.meta({ description: "The brand kit's `id`." }),
});

export const listBrandKitsQuery = z.strictObject({
  limit: pageLimit,
  starting_after: brandKitId.optional().meta({
    description: "The previous page's `pagination.next_cursor`: the kits after it, newest first.",
  }),
});

const storedImage = z
  .object({
    url: z.url().meta({ description: 'A presigned URL of the kept copy, fresh on every read.' }),
    expires_at: z.iso.datetime(),
    content_type: z.string(),
    width: z.int(),
    height: z.int(),
    size_bytes: z.int(),
    source_url: z.string().meta({ description: 'Where it was downloaded from, once.' }),
  })
  .nullable();

const contactView = {
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  licence_number: z.string().nullable(),
};

export const brandKit = z
  .object({
    id: brandKitId,
    object: z.literal('brand_kit'),
    version: z.int().min(1).meta({
      description:
        'Starts at 1; every change adds one. A job names the version it drew (output.brand_kit.version).',
    }),
    office_id: officeId.nullable().meta({
      description: "The office the kit belongs to; null: the whole organization's (every office's).",
    }),
    name: z.string(),
    logo: storedImage.meta({ description: "The kit's kept copy of its logo." }),
    colors: z.object({
      primary: z.string().nullable(),
      secondary: z.string().nullable(),
      contrast: z
        .object({
          text_on_primary: z.string(),
          text_on_primary_ratio: z.number(),
          secondary_on_primary: z.string(),
          secondary_on_primary_ratio: z.number(),
          secondary_on_primary_adjusted: z.boolean(),
          secondary_on_paper: z.string(),
          secondary_on_paper_ratio: z.number(),
          secondary_on_paper_adjusted: z.boolean(),
        })
        .meta({
          description:
            'What the slides will draw with these colours (the slides’ defaults where a colour is not set): the text colour on the primary and its WCAG contrast ratio (at least 4.5), and the secondary as drawn on the primary and on the paper background (at least 3:1; `adjusted` when it had to be darkened or lightened).',
        }),
    }),
    fonts: z.object({ heading: z.string().nullable(), body: z.string().nullable() }),
    agency: z.object(contactView),
    agent: z.object({
      ...contactView,
      photo: storedImage.meta({ description: "The kit's kept copy of the agent's photo." }),
    }),
    disclaimer: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'BrandKit' });

export const brandKitPage = z
  .object({
    brand_kits: z.array(brandKit),
    pagination: cursorPagination(brandKitId),
  })
  .meta({ id: 'BrandKitPage' });

export const deletedBrandKit = z.object({
  id: brandKitId,
  object: z.literal('brand_kit'),
  deleted: z.literal(true),
});
