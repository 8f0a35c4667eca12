// Request and output of POST /v1/brochure-slides/generate, as the OpenAPI document (/v1/openapi.json)
// publishes them: one branded slide as a 1920x1080 PNG and an A4 landscape PDF (docs/readme/brochure.md).
import { z } from 'zod';
import { brandKitIdField, brandKitUsed } from '../../core/schemas/brand-kit.ts';
import { address, commonRequestFields, urlField } from '../../core/schemas/common.ts';
import { mediaFile } from '../../core/schemas/outputs.ts';
import { mediaWithRenditions, renditionsField, SLIDE_RENDITIONS } from '../../core/schemas/renditions.ts';
import { SLIDE_LAYOUTS } from '../../media/brochure/layout-rules.ts';
import { BROCHURE_SLIDE_TYPES } from '../../media/remotion/brochure-scene.ts';

/** Every bound of the endpoint, once. */
export const BROCHURE_LIMITS = {
  images: { max: 30 },
  urlLength: { max: 2048 },
  title: { max: 150 },
  description: { max: 3000 },
  layoutDescription: { max: 500 },
  priceDisplay: { max: 80 },
  agentField: { max: 120 },
  licenceNumber: { max: 40 },
  disclaimer: { max: 1000 },
} as const;

const imageUrl = urlField({
  protocol: /^https?$/,
  hostname: z.regexes.hostname,
  max: BROCHURE_LIMITS.urlLength.max,
}).meta({
  description: 'JPEG, PNG or WebP image, at most 20 MB and 40 megapixels, publicly reachable over https.',
});

const brochureHexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1F3A5F or #fc0')
  .meta({ description: 'Hex colour, #RGB or #RRGGBB.' });

const text = (max: number, description: string) => z.string().trim().min(1).max(max).meta({ description });

export const brochureSlideRequest = z
  .strictObject({
    property: z.strictObject({
      address,
      price_display: text(
        BROCHURE_LIMITS.priceDisplay.max,
        'Price as it should read, e.g. "Auction 14 June" or "$1,250,000".',
      ).optional(),
      description: text(
        BROCHURE_LIMITS.description.max,
        'Property description; the features and content slides draw on it when the slide has no description of its own.',
      ).optional(),
      images: z
        .array(imageUrl)
        .max(BROCHURE_LIMITS.images.max)
        .optional()
        .meta({ description: 'Property photos; a slide uses its selected_images, else these in order.' }),
    }),
    slide: z.strictObject({
      type: z
        .enum(BROCHURE_SLIDE_TYPES)
        .meta({ description: 'cover, features, gallery, location, agent or content.' }),
      title: text(BROCHURE_LIMITS.title.max, "Heading; overrides the slide type's default.").optional(),
      description: text(
        BROCHURE_LIMITS.description.max,
        'Body text. On a features slide, one feature per line (or separated by ";" or "•").',
      ).optional(),
      layout_description: text(
        BROCHURE_LIMITS.layoutDescription.max,
        'Layout wish in plain words, e.g. "large hero image left, text right", "two-column features", "photo grid", "text only". See output.layout for what ran.',
      ).optional(),
      selected_images: z.array(imageUrl).min(1).max(BROCHURE_LIMITS.images.max).optional().meta({
        description:
          'Which of property.images this slide shows, in this order; each must be one of property.images.',
      }),
    }),
    branding: z
      .strictObject({
        agent_name: text(BROCHURE_LIMITS.agentField.max, "Agent's full name.").optional(),
        agent_phone: text(
          BROCHURE_LIMITS.agentField.max,
          "Agent's phone number as it should read.",
        ).optional(),
        agent_email: z.email().max(BROCHURE_LIMITS.agentField.max).optional(),
        agent_headshot_url: imageUrl.optional(),
        agency_name: text(BROCHURE_LIMITS.agentField.max, 'Agency name.').optional(),
        agency_logo_url: imageUrl.optional(),
        agent_licence_number: text(
          BROCHURE_LIMITS.licenceNumber.max,
          "Agent's licence number, drawn beside the agent's details (agent and content slides).",
        ).optional(),
        agency_licence_number: text(
          BROCHURE_LIMITS.licenceNumber.max,
          "Agency's licence number, drawn beside the agency's name (cover, agent and content slides).",
        ).optional(),
        disclaimer: text(
          BROCHURE_LIMITS.disclaimer.max,
          'Small print at the foot of every slide (and its social shapes): fitted at 18 to 14 px in at most three lines, else cut at a word with an ellipsis and listed in text_truncated.',
        ).optional(),
        primary_color: brochureHexColor.optional().meta({
          description:
            'Main brand colour (panels, bars). Default #1F3A5F. Text on it is black or white, whichever passes WCAG AA.',
        }),
        secondary_color: brochureHexColor.optional().meta({
          description:
            'Accent colour (rules, bullets, price). Default #C9A227; darkened or lightened if needed to stand out (3:1).',
        }),
      })
      .default({}),
    brand_kit_id: brandKitIdField,
    renditions: renditionsField(
      SLIDE_RENDITIONS,
      'brochure slides (they carry text, which listing portals forbid on photos)',
      'For a slide: web is the slide PNG (1024 and 400 px wide); each social shape is the slide laid out again for that shape, with the same text fitting and contrast rules, as a PNG; print is the A4 PDF as a print sheet trimmed to the slide (297 x 167 mm) with 3 mm bleed and crop marks. All of them are in output.png.renditions.',
    ),
    ...commonRequestFields,
  })
  .superRefine((request, ctx) => {
    const selected = request.slide.selected_images;
    if (!selected) return;
    const known = new Set(request.property.images ?? []);
    selected.forEach((url, i) => {
      if (!known.has(url)) {
        ctx.addIssue({
          code: 'custom',
          path: ['slide', 'selected_images', i],
          message: 'must be one of property.images (selected_images picks a subset of the property photos)',
        });
      }
    });
  })
  .meta({ id: 'BrochureSlideRequest' });

export type BrochureSlideRequest = z.infer<typeof brochureSlideRequest>;

const brochureLayoutUsed = z
  .object({
    id: z.enum(Object.values(SLIDE_LAYOUTS).flat() as [string, ...string[]]),
    source: z.enum(['layout_description', 'default', 'fallback']).meta({
      description:
        'layout_description: a layout rule matched it; default: none was given; fallback: it was given but no rule gave a layout this slide type has.',
    }),
    reason: z.string(),
  })
  .meta({ id: 'BrochureLayoutUsed' });

const truncatedFields = z.array(z.string()).optional();

export const brochureSlideOutput = z
  .object({
    slide_type: z.enum(BROCHURE_SLIDE_TYPES),
    png: mediaWithRenditions.meta({
      description:
        'The slide, 1920x1080 PNG, with the renditions asked for: web (WebP and AVIF, 1024 and 400 px wide), the social shapes (each the slide laid out again for that shape, fit relaid_out, PNG) and print (the A4 PDF as a print sheet: trimmed to the slide, 297 x 167 mm, with 3 mm bleed and crop marks).',
    }),
    pdf: mediaFile.meta({
      description:
        'Print-ready A4 landscape PDF: images at 300 dpi or better, text as vector glyph outlines.',
    }),
    layout: brochureLayoutUsed,
    images_used: z.array(z.string()).meta({
      description: 'The image URLs the slide shows, in reading order (logo and headshot excluded).',
    }),
    text_truncated: z.array(z.string()).meta({
      description:
        'Text fields that did not fit at the smallest size: they end in an ellipsis at a word boundary (an agent bio without room is left out).',
    }),
    renditions_text_truncated: z
      .object({
        social_square: truncatedFields,
        social_portrait: truncatedFields,
        social_story: truncatedFields,
      })
      .optional()
      .meta({
        description:
          'Social renditions only: per shape laid out again, the text fields that needed the ellipsis in that shape (as text_truncated for the slide); absent when none did.',
      }),
    map_provider: z
      .string()
      .optional()
      .meta({ description: 'Location slides: which imagery provider drew the map.' }),
    brand_kit: brandKitUsed,
  })
  .meta({ id: 'BrochureSlideOutput' });
