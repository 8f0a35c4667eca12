// The imagery sources resource (an organization's own subscriptions): request and answer schemas, as the
// OpenAPI document publishes them. The request schemas are the core's (the keys CLI validates with them
// too); an answer never has the key, only its hint.
import { z } from 'zod';
import {
  IMAGERY_SOURCE_KINDS,
  imagerySourcePatch,
  newImagerySource,
} from '../core/imagery-sources/source-settings.ts';

const SOURCE_ID = /^isrc_[0-9A-Za-z]{1,40}$/;
const sourceId = z.string().regex(SOURCE_ID, 'must be an imagery source id (isrc_…)');

export const sourceIdParam = z.strictObject({
  sourceId: sourceId.meta({ description: "The imagery source's `id`." }),
});

export const createImagerySourceBody = newImagerySource;
export const updateImagerySourceBody = imagerySourcePatch;

export const imagerySource = z
  .object({
    id: sourceId,
    object: z.literal('imagery_source'),
    name: z.string(),
    kind: z.enum(IMAGERY_SOURCE_KINDS),
    url: z.string(),
    coverage: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
    licence: z.object({ store: z.boolean(), print: z.boolean(), portal: z.boolean() }),
    attribution: z.string(),
    max_zoom: z.int().optional(),
    tile_size: z.int().optional(),
    layers: z.string().optional(),
    styles: z.string().optional(),
    crs: z.string().optional(),
    format: z.string().optional(),
    max_size: z.int().optional(),
    sr: z.int().optional(),
    native_resolution_m: z.number().optional(),
    api_key_param: z.string().nullable().meta({ description: 'The query parameter the key travels in.' }),
    key_hint: z.string().nullable().meta({
      description:
        'The key itself is never shown again: its last four characters (`…a1b2`) for a key of 16 characters or more, `…` for a shorter one, null without a key.',
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ImagerySource' });

export const imagerySourceList = z
  .object({ sources: z.array(imagerySource) })
  .meta({ id: 'ImagerySourceList' });

export const deletedImagerySource = z.object({
  id: sourceId,
  object: z.literal('imagery_source'),
  deleted: z.literal(true),
});
