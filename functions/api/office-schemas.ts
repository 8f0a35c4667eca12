// The offices resource: request and answer schemas, as the OpenAPI document publishes them.
import { z } from 'zod';
import { brandKitId } from '../core/schemas/brand-kit.ts';
import { officeId } from '../core/schemas/common.ts';

export const officeIdParam = z.strictObject({
  officeId: officeId.meta({ description: "The office's `id`." }),
});

const name = z.string().trim().min(1).max(120).meta({
  description: "The office's name, unique in the organization and mode (e.g. `Harbour & Co Bondi`).",
});
const externalRef = z
  .string()
  .max(200)
  .nullable()
  .meta({ description: 'Your own reference for the office (a branch code, a CRM id); null for none.' });
const mediaRetentionDays = z.int().min(1).max(3650).nullable().meta({
  description:
    "Days the office's jobs' media and inputs are kept, in place of the organization's retention (up to the stage's longest, 730 days on deployed stages); null: the organization's. A request's delete_after still wins.",
});

const defaultBrandKitId = brandKitId.nullable().meta({
  description:
    "The brand kit the office's jobs draw when they name no `brand_kit_id` (brochure slides, listing kits, reveal videos, drone footage): one of the organization's kits (no office) or this office's own; null for none. Inline `branding` fields still win. A kit that is an office's default cannot be deleted (409 BRAND_KIT_IN_USE).",
});

export const createOfficeBody = z.strictObject({
  name,
  external_ref: externalRef.optional(),
  media_retention_days: mediaRetentionDays.optional(),
  default_brand_kit_id: defaultBrandKitId.optional(),
});

export const updateOfficeBody = z
  .strictObject({
    name: name.optional(),
    external_ref: externalRef.optional(),
    media_retention_days: mediaRetentionDays.optional(),
    default_brand_kit_id: defaultBrandKitId.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'name at least one field to change' });

export const office = z
  .object({
    id: officeId,
    object: z.literal('office'),
    name: z.string(),
    external_ref: z.string().nullable(),
    media_retention_days: z.int().nullable(),
    default_brand_kit_id: brandKitId.nullable().meta({
      description: "The brand kit the office's jobs draw when they name none; null for none.",
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Office' });

export const officeList = z.object({ offices: z.array(office) }).meta({ id: 'OfficeList' });

export const deletedOffice = z.object({
  id: officeId,
  object: z.literal('office'),
  deleted: z.literal(true),
});
