// The brand kit fields jobs share: `brand_kit_id` on a request that takes branding, and `brand_kit` on its
// output (which kit, at which version, the job drew).
import { z } from 'zod';
import { BRAND_KIT_ID } from '../brand-kits/brand-kits.ts';

export const brandKitId = z.string().regex(BRAND_KIT_ID, 'must be a brand kit id (bk_…)');

/** A job request's `brand_kit_id`: the kit's fields fill its branding; a field given inline wins. */
export const brandKitIdField = brandKitId.optional().meta({
  description:
    "A brand kit of this organization and mode (POST /v1/brand-kits), the organization's or the job's office's own: its logo, colours, agency and agent details, licence numbers and disclaimer fill `branding`; a field given inline in `branding` wins over the kit's. The kit is read once, when the job is submitted: the job records the kit's version, and a later change to the kit never changes it. An unknown kit (another organization's, the other mode's, another office's) is a 404. Omitted, a job of an office with a default brand kit draws that kit.",
});

/** `brand_kit_id` of a video route: the kit fills the end card that `what` (the footage, the video) gets. */
export const endCardBrandKitField = (what: string) =>
  brandKitIdField.meta({
    description: `A brand kit of this organization and mode (the organization's or the job's office's; omitted: the office's default kit, if any): ${what} gets an end card (beside its unbranded version) from the kit's logo, agency, agent, colours, licence numbers and disclaimer; a field given in \`branding\` wins over the kit's. Read once, at submission: the job records the kit's version.`,
  });

export const brandKitUsed = z
  .object({
    id: brandKitId,
    version: z
      .int()
      .min(1)
      .meta({ description: 'The version of the kit the job drew (as it was at submission).' }),
  })
  .optional()
  .meta({ description: 'With `brand_kit_id`: which kit, at which version, the job drew.' });
