// The provider sources a stage (lib/config/stages.ts `providers`) or the local stack (PROVIDERS_FILE) lists:
// imagery, cadastre and geocoder sources, each a row naming its protocol (`kind`), where it is (`url`),
// where it has data (`coverage`), what its licence allows and the attribution it asks for. A vendor is a
// row, not code: one adapter file per protocol reads every row of its kind. The rows are checked here once,
// with the field named when one is wrong, by whoever reads them (the CDK app at synth, the local stack at
// start, a function at its first use).
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { AUSTRALIAN_STATES } from '../../../domain/geo-types.ts';

/** Where a source has data, in WGS 84 degrees. */
const coverageSchema = z
  .object({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .strict()
  .refine((c) => c.west < c.east && c.south < c.north, {
    message: 'coverage must have west < east and south < north',
  });
export type Coverage = z.infer<typeof coverageSchema>;

/** What a source's licence allows its pictures (or lots): kept, printed, published on a listing portal. */
const licenceSchema = z.object({ store: z.boolean(), print: z.boolean(), portal: z.boolean() }).strict();
export type SourceLicenceUses = z.infer<typeof licenceSchema>;

/**
 * A source's API key: the name of the secret holding it (Secrets Manager in AWS, the secrets file on the
 * local stack) and the query parameter it travels in (Nearmap `apikey`, ArcGIS `token`). Never logged,
 * never in an output, an error or a log line: URLs are printed with it redacted.
 */
const apiKeySchema = z
  .object({
    secret: z.string().min(1).max(512),
    param: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'param must be a query parameter name'),
  })
  .strict();
export type SourceApiKey = z.infer<typeof apiKeySchema>;

const httpUrl = z
  .string()
  .max(2048)
  .refine((u) => {
    try {
      const { protocol } = new URL(u.replaceAll(/\{[a-z]+\}/g, '0'));
      return protocol === 'https:' || protocol === 'http:';
    } catch {
      return false;
    }
  }, 'url must be an http(s) URL');

const sourceNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'name must be lower-case letters, digits and dashes (2-63)');

/** Fields every remote source has. */
const remoteCommon = {
  name: sourceNameSchema,
  url: httpUrl,
  coverage: coverageSchema,
  licence: licenceSchema,
  /** Text shown beside what the source gave, as its licence asks (CC BY: "© State of New South Wales …"). */
  attribution: z.string().max(500),
  /** Where the terms are published (the README cites them). */
  terms: z.string().max(500).optional(),
  apiKey: apiKeySchema.optional(),
  /**
   * False until `npm run smoke -- --providers` has run against the live service; outputs and the smoke
   * report say so. Default true (a source an engineer configured and tried).
   */
  verified: z.boolean().optional(),
  /** The whole of one request (every retry included) must finish within this. Default 15 000. */
  timeoutMs: z.number().int().min(500).max(60_000).optional(),
};

// ---------------------------------------------------------------------------------------------------------
// Imagery: a top-down picture of the property.

const arcgisExportSource = z
  .object({
    ...remoteCommon,
    /** ArcGIS REST MapServer `export` or ImageServer `exportImage`: the service URL (…/MapServer, …/ImageServer). */
    kind: z.literal('arcgis-export'),
    /** MapServer `layers` (e.g. "show:0"); absent: the service's default layers. */
    layers: z.string().max(200).optional(),
    /** Image format asked for. Default jpg. */
    format: z.enum(['jpg', 'png', 'png24', 'png32']).optional(),
    /** The spatial reference asked for (bboxSR and imageSR). Default 3857 (Web Mercator). */
    sr: z.union([z.literal(3857), z.literal(4326)]).optional(),
    /** The finest ground resolution the source has, metres per pixel; absent: read from the service. */
    nativeResolutionM: z.number().positive().max(1000).optional(),
  })
  .strict();

const xyzTilesSource = z
  .object({
    ...remoteCommon,
    /** A URL template with {z}, {x} and {y} (Web Mercator, y down; WMTS REST endpoints work the same). */
    kind: z.literal('xyz-tiles'),
    /** The deepest zoom the source has; finer frames are upsampled from it (and say so). */
    maxZoom: z.number().int().min(0).max(24),
    /** Edge of one tile in pixels. Default 256. */
    tileSize: z.union([z.literal(256), z.literal(512)]).optional(),
  })
  .strict()
  .refine((s) => ['{z}', '{x}', '{y}'].every((p) => s.url.includes(p)), {
    message: 'url must contain {z}, {x} and {y}',
    path: ['url'],
  });

const wmsSource = z
  .object({
    ...remoteCommon,
    /** WMS 1.3.0 GetMap at this endpoint. */
    kind: z.literal('wms'),
    layers: z.string().min(1).max(500),
    styles: z.string().max(500).optional(),
    /** Default EPSG:3857; EPSG:4326 is asked for latitude first, as WMS 1.3.0 orders its axes. */
    crs: z.enum(['EPSG:3857', 'EPSG:4326']).optional(),
    format: z.enum(['image/jpeg', 'image/png']).optional(),
    /** The server's MaxWidth/MaxHeight; larger frames are split into requests within it. Default 4096. */
    maxSize: z.number().int().min(256).max(16_384).optional(),
    nativeResolutionM: z.number().positive().max(1000).optional(),
  })
  .strict();

/** The offline synthetic scene (local stack and dev): covers everywhere, `synthetic: true`. */
const offlineImagerySource = z.object({ kind: z.literal('offline') }).strict();
/** Amazon Location Maps `raster.satellite` (display only: see IMAGERY_LICENCES). */
const amazonLocationImagerySource = z.object({ kind: z.literal('amazon-location') }).strict();

export const imagerySourceSchema = z.discriminatedUnion('kind', [
  arcgisExportSource,
  xyzTilesSource,
  wmsSource,
  offlineImagerySource,
  amazonLocationImagerySource,
]);
export type ImagerySourceConfig = z.infer<typeof imagerySourceSchema>;
export type RemoteImagerySourceConfig = Exclude<ImagerySourceConfig, { kind: 'offline' | 'amazon-location' }>;
export type ArcgisExportSourceConfig = z.infer<typeof arcgisExportSource>;
export type XyzTilesSourceConfig = z.infer<typeof xyzTilesSource>;
export type WmsSourceConfig = z.infer<typeof wmsSource>;

// ---------------------------------------------------------------------------------------------------------
// Cadastre: the lot the property stands on.

/**
 * A field or layer name as it goes into a request (a `where` clause, a WFS filter's ValueReference, a type
 * name): letters, digits, underscores, dots and (for a WFS type name's namespace) one colon, so that a
 * configured name can never carry SQL or XML into a request.
 */
const fieldName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'must be a field name (letters, digits, _ and .)');

/**
 * How the source marks a strata unit (a lot in a building, not the land the building stands on): a
 * field and the values that mean a unit, and/or a pattern (a JavaScript regular expression) of the unit
 * lots' identifiers. Without it the lot selection still prefers the largest lot holding the point, which
 * is the base lot wherever the units lie inside it.
 */
const strataSchema = z
  .object({
    field: fieldName.optional(),
    values: z
      .array(z.union([z.string().max(100), z.number(), z.boolean()]))
      .min(1)
      .max(20)
      .optional(),
    lotIdPattern: z
      .string()
      .min(1)
      .max(200)
      .refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'lotIdPattern must be a regular expression')
      .optional(),
  })
  .strict()
  .refine((s) => (s.field === undefined) === (s.values === undefined), {
    message: 'strata.field and strata.values go together',
  })
  .refine((s) => s.field !== undefined || s.lotIdPattern !== undefined, {
    message: 'strata needs field and values, or lotIdPattern',
  });
export type StrataMarking = z.infer<typeof strataSchema>;

const arcgisQueryCadastre = z
  .object({
    ...remoteCommon,
    /** An ArcGIS REST layer's `query` (the layer URL: …/MapServer/9). */
    kind: z.literal('arcgis-query'),
    /** The field holding the lot's identifier ("lotidstring": "5//DP123456"). */
    lotIdField: fieldName,
    /**
     * Extra `where` clause (default "1=1"), ANDed with the lot-id condition of a lookup by id. Written by
     * whoever configures the source, never from a request.
     */
    where: z.string().max(500).optional(),
    /** geojson, or Esri JSON for layers whose supportedQueryFormats lack it. Default: read from the layer. */
    format: z.enum(['geojson', 'json']).optional(),
    strata: strataSchema.optional(),
  })
  .strict();

const wfsCadastre = z
  .object({
    ...remoteCommon,
    /** WFS 2.0 GetFeature with a BBOX filter, GeoJSON output. */
    kind: z.literal('wfs'),
    typeNames: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/, 'typeNames must be one type name'),
    lotIdField: fieldName,
    /** The outputFormat value the server takes for GeoJSON. Default application/json. */
    outputFormat: z.string().max(100).optional(),
    /**
     * The SRSNAME asked for, and so the axis order of BBOX: "urn:ogc:def:crs:EPSG::4326" (default) is
     * latitude first, as EPSG defines the CRS and WFS 2.0 honours it; "EPSG:4326" is longitude first on
     * servers that keep the legacy order for that spelling (GeoServer does).
     */
    srsName: z.enum(['urn:ogc:def:crs:EPSG::4326', 'EPSG:4326']).optional(),
    /**
     * The axis order of the GeoJSON answer when it names no `crs` (RFC 7946 GeoJSON is longitude first;
     * some servers answer in the SRSNAME's order and say so in `crs`, which wins). Default lon-lat.
     */
    axisOrder: z.enum(['lon-lat', 'lat-lon']).optional(),
    /** The most lots one lookup may return (the request's COUNT). Default 500. */
    maxFeatures: z.number().int().min(1).max(10_000).optional(),
    strata: strataSchema.optional(),
  })
  .strict();

export const cadastreSourceSchema = z.discriminatedUnion('kind', [arcgisQueryCadastre, wfsCadastre]);
export type CadastreSourceConfig = z.infer<typeof cadastreSourceSchema>;
export type ArcgisQueryCadastreConfig = z.infer<typeof arcgisQueryCadastre>;
export type WfsCadastreConfig = z.infer<typeof wfsCadastre>;

// ---------------------------------------------------------------------------------------------------------
// Geocoders: the address's position.

/**
 * The states whose addresses a geocoder knows: an address has no position before it is geocoded, so a
 * state service is tried only for addresses in its states. Absent: every address is tried.
 */
const statesSchema = z.array(z.enum(AUSTRALIAN_STATES)).min(1).max(8);

const arcgisAddressGeocoder = z
  .object({
    ...remoteCommon,
    /** An address point layer queried through ArcGIS REST `query` (the layer URL). */
    kind: z.literal('arcgis-query'),
    /**
     * The layer's fields: the house number, street name (with its type) and locality; the address is
     * matched on them (upper case, as state address registers keep them).
     */
    fields: z
      .object({
        houseNumber: fieldName,
        streetName: fieldName,
        streetType: fieldName.optional(),
        locality: fieldName,
        postcode: fieldName.optional(),
        unit: fieldName.optional(),
      })
      .strict(),
    /** The house number field holds numbers, not text (the value goes unquoted). Default false. */
    numericHouseNumber: z.boolean().optional(),
    /** The postcode field holds numbers, not text. Default false. */
    numericPostcode: z.boolean().optional(),
    /** Street types as the layer spells them: "STREET" (full, default) or "ST" (abbreviated). */
    streetTypes: z.enum(['full', 'abbreviated']).optional(),
    /** Extra `where` clause ANDed with the address's (default none). */
    where: z.string().max(500).optional(),
    /** What the layer's points are: on the building (rooftop) or somewhere on the lot (parcel, default). */
    precision: z.enum(['rooftop', 'parcel']).optional(),
    states: statesSchema.optional(),
  })
  .strict();

const nswAddressLocationGeocoder = z
  .object({
    ...remoteCommon,
    /** NSW Spatial Services' Address Location service (an address and its position). */
    kind: z.literal('nsw-address-location'),
    /** Default ["NSW"]. */
    states: statesSchema.optional(),
  })
  .strict();

const offlineGeocoder = z.object({ kind: z.literal('offline') }).strict();
const amazonLocationGeocoder = z.object({ kind: z.literal('amazon-location') }).strict();

export const geocoderSourceSchema = z.discriminatedUnion('kind', [
  arcgisAddressGeocoder,
  nswAddressLocationGeocoder,
  offlineGeocoder,
  amazonLocationGeocoder,
]);
export type GeocoderSourceConfig = z.infer<typeof geocoderSourceSchema>;
export type RemoteGeocoderSourceConfig = Exclude<
  GeocoderSourceConfig,
  { kind: 'offline' | 'amazon-location' }
>;
export type ArcgisAddressGeocoderConfig = z.infer<typeof arcgisAddressGeocoder>;
export type NswAddressLocationGeocoderConfig = z.infer<typeof nswAddressLocationGeocoder>;

// ---------------------------------------------------------------------------------------------------------
// The lists

/** The streets and buildings around the property (the lot comes from the cadastre where one covers it). */
const siteChoice = z.enum(['offline', 'amazon-location']);

/** A stage's (or the local stack's) sources, each list in the order they are tried. */
export const providerSourcesSchema = z
  .object({
    imagery: z.array(imagerySourceSchema).min(1).max(20),
    cadastre: z.array(cadastreSourceSchema).max(20).default([]),
    geocoder: z.array(geocoderSourceSchema).min(1).max(20),
    site: siteChoice.default('offline'),
  })
  .strict()
  .superRefine((sources, ctx) => {
    for (const list of ['imagery', 'cadastre', 'geocoder'] as const) {
      const seen = new Set<string>();
      sources[list].forEach((source, i) => {
        const name = 'name' in source ? source.name : source.kind;
        if (seen.has(name))
          ctx.addIssue({ code: 'custom', path: [list, i, 'name'], message: `${list} names '${name}' twice` });
        seen.add(name);
      });
    }
  });
export type ProviderSources = z.infer<typeof providerSourcesSchema>;

/** The sources as a stage states them (lib/config/stages.ts `providers`). */
export interface StageProviderSources {
  readonly geocoder: readonly GeocoderSourceConfig[];
  /** Streets and buildings around the property (the lot comes from `cadastre` where a source covers it). */
  readonly site: 'offline' | 'amazon-location';
  readonly imagery: readonly ImagerySourceConfig[];
  readonly cadastre: readonly CadastreSourceConfig[];
}

/** The first problem of a sources document, with its field's path: "imagery[0].coverage.west: …". */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
  return `${where || '(root)'}: ${issue.message}`;
}

/**
 * Checks a sources document (a stage's `providers`, the local stack's PROVIDERS_FILE, the PROVIDERS
 * variable); a bad one throws naming the field and `what` it came from.
 */
export function parseProviderSources(value: unknown, what: string): ProviderSources {
  const parsed = providerSourcesSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${what} is not valid: ${firstProblem(parsed.error)}`);
  return parsed.data;
}

/** Whether a source's coverage holds a point. */
export function covers(coverage: Coverage, point: { lat: number; lng: number }): boolean {
  return (
    point.lng >= coverage.west &&
    point.lng <= coverage.east &&
    point.lat >= coverage.south &&
    point.lat <= coverage.north
  );
}

/** The display name of a source row ("nsw-imagery", or the kind for the built-in ones). */
export function sourceName(source: { readonly kind: string; readonly name?: string }): string {
  return source.name ?? source.kind;
}

/** How a long sources document travels in a Lambda environment variable: gzip, then base64, after this. */
const PACKED = 'gzip+base64:';

/**
 * A sources document as the PROVIDERS variable carries it: JSON, packed when long (Lambda allows 4 KB of
 * variables in all, and a deployed stage's lists with their attributions take half of it). The terms stay
 * out: they are for readers (docs/readme/providers.md), not for the function.
 */
export function encodeProviderSources(sources: StageProviderSources): string {
  const json = JSON.stringify(sources, (key, value) => (key === 'terms' ? undefined : value));
  return json.length <= 512 ? json : PACKED + gzipSync(json, { level: 9 }).toString('base64');
}

/** The PROVIDERS variable's document, packed or plain (the local stack sets it plain from PROVIDERS_FILE). */
export function decodeProviderSources(value: string, what: string): ProviderSources {
  let json: unknown;
  try {
    const text = value.startsWith(PACKED)
      ? gunzipSync(Buffer.from(value.slice(PACKED.length), 'base64')).toString('utf8')
      : value;
    json = JSON.parse(text);
  } catch {
    throw new Error(`${what} must be JSON (or gzip+base64: packed JSON).`);
  }
  return parseProviderSources(json, what);
}
