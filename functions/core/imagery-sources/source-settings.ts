// What an organization registers of its own imagery subscription (Nearmap, MetroMap, …): the fields of a
// stage's source row (functions/media/providers/sources/source-config.ts) in the API's snake_case, one
// object per protocol, and the key the source authenticates with. The API, the dashboard and the keys CLI
// validate with these schemas, and the OpenAPI document is generated from them. The key is checked here
// but never echoed: no message names its value.
import { z } from 'zod';

export const IMAGERY_SOURCE_KINDS = ['xyz-tiles', 'wms', 'arcgis-export'] as const;
export type ImagerySourceKind = (typeof IMAGERY_SOURCE_KINDS)[number];

/**
 * Where a source registered without a coverage is tried: Australia, Tasmania and the Torres Strait
 * islands (a source is tried only for properties inside its box).
 */
export const AUSTRALIA = { west: 112.5, south: -44, east: 154, north: -9 } as const;

/**
 * Query parameters that carry a credential in a URL. A source's url may not have one: its key goes in
 * api_key, which is kept as a secret, while the url is shown in every answer and in failure messages.
 */
export const KEY_PARAMETER_NAMES: readonly string[] = [
  'key',
  'apikey',
  'api_key',
  'api-key',
  'token',
  'access_token',
  'accesstoken',
  'subscription-key',
  'password',
  'secret',
];

const SOURCE_NAME = /^[a-z0-9][a-z0-9-]{1,62}$/;
const KEY_PARAM = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** A URL template's placeholders ({z}, {x}, {y}) filled, so it parses as the URL it becomes. */
export const filledTemplate = (url: string) => url.replaceAll(/\{[a-z]+\}/g, '0');

const parsedUrl = (url: string): URL | undefined => {
  try {
    return new URL(filledTemplate(url));
  } catch {
    return undefined;
  }
};

const coverage = z
  .strictObject({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .refine((c) => c.west < c.east && c.south < c.north, {
    message: 'must have west < east and south < north',
  })
  .meta({
    description:
      'Where the source has imagery, in WGS 84 degrees: it is tried only for properties inside this box. Default: Australia (112.5..154 E, -44..-9 N).',
  });

const licence = z
  .strictObject({
    store: z.boolean().meta({ description: 'Pictures may be kept (every output keeps its picture).' }),
    print: z.boolean().meta({ description: 'Pictures may be printed (a brochure or a kit’s print deck).' }),
    portal: z.boolean().meta({ description: 'Pictures may be published on listing portals.' }),
  })
  .meta({
    description:
      "What the organization's licence for the source allows, as the licence states it. A request asking for a use the licence does not allow skips the source.",
  });

const sourceUrl = z
  .string()
  .max(2048)
  .refine((u) => {
    const parsed = parsedUrl(u);
    return parsed !== undefined && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
  }, 'must be an http(s) URL');

const common = {
  name: z
    .string()
    .regex(SOURCE_NAME, 'must be lower-case letters, digits and dashes (2-63)')
    .meta({
      description:
        "Names the source in outputs (`imagery.source`) and failure messages; unique among the organization's sources in the mode.",
      examples: ['nearmap'],
    }),
  coverage: coverage.default(() => ({ ...AUSTRALIA })),
  licence,
  attribution: z.string().trim().min(1).max(500).meta({
    description: 'Shown with every picture from the source, as its licence asks (e.g. "Imagery © Nearmap").',
  }),
  api_key: z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .meta({
      description:
        'The subscription key. Kept as a secret: never shown again (answers carry `key_hint`), sent only to this source, for this organization’s jobs in this mode.',
    }),
  api_key_param: z
    .string()
    .regex(KEY_PARAM, 'must be a query parameter name (a letter, then letters, digits, _ or -)')
    .optional()
    .meta({
      description: 'The query parameter the key travels in (Nearmap: `apikey`). Required with api_key.',
      examples: ['apikey'],
    }),
};

const nativeResolution = z.number().positive().max(1000).optional().meta({
  description:
    "The source's finest ground resolution in metres per pixel; finer frames are upsampled and say so.",
});

const xyzTiles = z.strictObject({
  kind: z.literal('xyz-tiles').meta({
    description: 'Web Mercator tiles from a {z}/{x}/{y} URL template (Nearmap Tile API, WMTS REST).',
  }),
  url: sourceUrl
    .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
    .meta({
      description: 'The tile URL template, e.g. `https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg`.',
    }),
  ...common,
  max_zoom: z.int().min(0).max(24).meta({ description: 'The deepest zoom the source has.' }),
  tile_size: z
    .union([z.literal(256), z.literal(512)])
    .optional()
    .meta({ description: 'Edge of one tile in pixels. Default 256.' }),
});

const wms = z.strictObject({
  kind: z.literal('wms').meta({ description: 'WMS 1.3.0 GetMap (MetroMap and other OGC servers).' }),
  url: sourceUrl.meta({ description: 'The WMS endpoint.' }),
  ...common,
  layers: z.string().min(1).max(500),
  styles: z.string().max(500).optional(),
  crs: z.enum(['EPSG:3857', 'EPSG:4326']).optional().meta({
    description: 'Default EPSG:3857; EPSG:4326 is asked for latitude first, as WMS 1.3.0 orders it.',
  }),
  format: z.enum(['image/jpeg', 'image/png']).optional(),
  max_size: z
    .int()
    .min(256)
    .max(16_384)
    .optional()
    .meta({ description: "The server's MaxWidth/MaxHeight; larger frames are split. Default 4096." }),
  native_resolution_m: nativeResolution,
});

const arcgisExport = z.strictObject({
  kind: z
    .literal('arcgis-export')
    .meta({ description: 'An ArcGIS REST MapServer `export` or ImageServer `exportImage`.' }),
  url: sourceUrl.meta({ description: 'The service URL (…/MapServer or …/ImageServer).' }),
  ...common,
  layers: z.string().max(200).optional().meta({ description: 'MapServer `layers` (e.g. "show:0").' }),
  format: z.enum(['jpg', 'png', 'png24', 'png32']).optional(),
  sr: z
    .union([z.literal(3857), z.literal(4326)])
    .optional()
    .meta({ description: 'The spatial reference asked for. Default 3857.' }),
  native_resolution_m: nativeResolution,
});

type KeyFields = {
  readonly url: string;
  readonly api_key?: string | undefined;
  readonly api_key_param?: string | undefined;
};

/** The key and its parameter go together, and the url carries neither a key nor its parameter. */
function checkKeyFields(source: KeyFields, ctx: z.RefinementCtx): void {
  if (source.api_key !== undefined && source.api_key_param === undefined)
    ctx.addIssue({ code: 'custom', path: ['api_key_param'], message: 'is required with api_key' });
  if (source.api_key === undefined && source.api_key_param !== undefined)
    ctx.addIssue({ code: 'custom', path: ['api_key'], message: 'is required with api_key_param' });
  const names = [...KEY_PARAMETER_NAMES, ...(source.api_key_param ? [source.api_key_param] : [])].map((n) =>
    n.toLowerCase(),
  );
  const carried = [...(parsedUrl(source.url)?.searchParams.keys() ?? [])].find((name) =>
    names.includes(name.toLowerCase()),
  );
  if (carried !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['url'],
      message: `must not carry a key (its '${carried}' parameter): send the key as api_key, which is kept secret, and name its parameter in api_key_param`,
    });
  else if (source.api_key !== undefined && source.url.includes(source.api_key))
    ctx.addIssue({
      code: 'custom',
      path: ['url'],
      message: 'must not contain the key: send it as api_key only, which is kept secret',
    });
}

/** POST /v1/imagery-sources: one source, by protocol. */
export const newImagerySource = z
  .discriminatedUnion('kind', [xyzTiles, wms, arcgisExport])
  .superRefine(checkKeyFields)
  .meta({ id: 'NewImagerySource' });
export type NewImagerySource = z.output<typeof newImagerySource>;

/** Every kind's own field (a change may name any; the source's kind decides which it may have). */
const kindFields = {
  max_zoom: xyzTiles.shape.max_zoom.optional(),
  tile_size: xyzTiles.shape.tile_size,
  layers: wms.shape.layers.optional(),
  styles: wms.shape.styles,
  crs: wms.shape.crs,
  format: z
    .enum([...wms.shape.format.unwrap().options, ...arcgisExport.shape.format.unwrap().options])
    .optional(),
  max_size: wms.shape.max_size,
  sr: arcgisExport.shape.sr,
  native_resolution_m: nativeResolution,
};

/** PATCH /v1/imagery-sources/{id}: the fields given replace the source's; its kind stays. */
export const imagerySourcePatch = z
  .strictObject({
    name: common.name.optional(),
    url: sourceUrl.optional().meta({ description: 'The URL (a template with {z}, {x}, {y} for xyz-tiles).' }),
    coverage: coverage.optional(),
    licence: licence.optional(),
    attribution: common.attribution.optional(),
    api_key: common.api_key.unwrap().nullable().optional().meta({
      description: 'A new key (replacing the one kept), or null to remove the key and its api_key_param.',
    }),
    api_key_param: common.api_key_param,
    ...kindFields,
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one field to change' })
  .refine((patch) => !(patch.api_key === null && patch.api_key_param !== undefined), {
    path: ['api_key_param'],
    message: 'cannot be set while api_key is null (which removes the key)',
  })
  .meta({ id: 'ImagerySourceChange' });
export type ImagerySourcePatch = z.output<typeof imagerySourcePatch>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A source as kept, without its key (which is kept beside it). */
export type ImagerySourceSettings = DistributiveOmit<NewImagerySource, 'api_key' | 'api_key_param'>;
