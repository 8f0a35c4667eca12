// Where an output's imagery came from and what its licence allows, as every output made from imagery
// states it: `imagery: { source, synthetic, captured_at, attribution, licence: { store, print, portal } }`.
// The stage configuration states each provider source's licence (lib/config/stages.ts, the README cites the
// terms); a caller's own imagery is licensed as the caller says (all uses unless the request limits them).
// Attribution is text for the caller to show where the licence asks for it; it is never drawn into a
// picture, since the listing portals' rules forbid text on listing photos.
import { z } from 'zod';

export const PROVIDER_IMAGERY_SOURCES = [
  'offline-synthetic',
  'amazon-location-satellite',
  'photorealistic-3d-tiles',
] as const;
type ProviderImagerySource = (typeof PROVIDER_IMAGERY_SOURCES)[number];

export const CALLER_IMAGERY_SOURCES = ['caller-orthophoto', 'caller-drone-photo'] as const;

interface ImageryLicence {
  /** The picture may be kept (the service stores every output; false means the caller may not). */
  readonly store: boolean;
  /** The picture may be printed (brochures, the kit's print deck). */
  readonly print: boolean;
  /** The picture may be published on a listing portal. */
  readonly portal: boolean;
}

export interface ImageryProvenance {
  /**
   * The built-in sources (PROVIDER_IMAGERY_SOURCES), the caller's own (CALLER_IMAGERY_SOURCES), or the
   * name of a configured source ("nsw-imagery", an organization's "nearmap").
   */
  readonly source: string;
  /** True for generated scenes: the picture is not a photograph of the property. */
  readonly synthetic: boolean;
  /** ISO 8601 date or date-time the imagery was captured, when known (no offset: the camera's local time). */
  readonly captured_at: string | null;
  /** Text to show beside the picture where the licence asks for it; never drawn into the picture. */
  readonly attribution: string | null;
  readonly licence: ImageryLicence;
  /**
   * Ground metres per pixel the source really delivered; above the picture's own scale the picture was
   * upsampled past the source's resolution (`upsampled`). Absent for generated scenes and caller imagery.
   */
  readonly ground_sample_distance_m?: number;
  readonly upsampled?: boolean;
  /** False while the source has not been checked against the live service (`npm run smoke -- --providers`). */
  readonly verified?: boolean;
  /** Sources tried before this one, and why each could not serve. */
  readonly tried?: { readonly source: string; readonly reason: string }[];
}

/** A provider source's licence as the stage states it, with the terms it comes from. */
const sourceLicenceSchema = z.object({
  store: z.boolean(),
  print: z.boolean(),
  portal: z.boolean(),
  attribution: z.string().nullable(),
  /** Where the terms are published (the README cites them). */
  terms: z.string(),
});
export type SourceLicence = z.infer<typeof sourceLicenceSchema>;

const imageryLicencesSchema = z.record(z.enum(PROVIDER_IMAGERY_SOURCES), sourceLicenceSchema);
export type ImageryLicences = Readonly<Record<ProviderImagerySource, SourceLicence>>;

/** The stage's licences from their JSON (IMAGERY_LICENCES); a malformed value fails fast, naming the problem. */
export function parseImageryLicences(raw: string | undefined, variable: string): ImageryLicences {
  if (!raw)
    throw new Error(
      `Environment variable ${variable} is not set; the deployment (or local stack) must set it.`,
    );
  const parsed = imageryLicencesSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${variable} is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data as ImageryLicences;
}

/** The provenance of a provider source's picture. */
export function providerProvenance(
  licences: ImageryLicences,
  source: ProviderImagerySource,
  options: { readonly attribution?: string | null; readonly capturedAt?: string | null } = {},
): ImageryProvenance {
  const licence = licences[source];
  return {
    source,
    synthetic: source === 'offline-synthetic',
    captured_at: options.capturedAt ?? null,
    attribution: options.attribution ?? licence.attribution,
    licence: { store: licence.store, print: licence.print, portal: licence.portal },
  };
}
