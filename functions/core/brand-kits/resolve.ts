// A brand kit resolved into a job's input at submission (pure: the kit is read by the caller). The job
// stores the branding it will draw — the kit's fields, each one given inline winning — and `brand_kit`:
// the kit's id and version, and the kept copies of the kit's images it draws. The step reads only that
// stored input, so a kit edited or deleted after submission never changes what the job makes.
import type { BrandKitImage, BrandKitRecord } from './brand-kits.ts';

/** A kit image as a job draws it: the kept copy in the media bucket (brand-kits/<org>/<mode>/…). */
export type BrandKitImageRef = Pick<BrandKitImage, 'key' | 'content_type' | 'width' | 'height'>;

/** What a job records of the kit it used (its input's and its output's `brand_kit`). */
export interface BrandKitUse {
  readonly id: string;
  readonly version: number;
  /** The kit's logo, when the job draws it (no `agency_logo_url` given inline). */
  readonly logo?: BrandKitImageRef;
  /** The kit agent's photo, when the job draws it (no `agent_headshot_url` given inline). */
  readonly agent_photo?: BrandKitImageRef;
}

/** The branding fields a kit fills, by the names the brochure's (and the end card's) `branding` has. */
export interface KitBranding {
  readonly agency_name?: string;
  readonly agent_name?: string;
  readonly agent_phone?: string;
  readonly agent_email?: string;
  readonly primary_color?: string;
  readonly secondary_color?: string;
  readonly agency_licence_number?: string;
  readonly agent_licence_number?: string;
  readonly disclaimer?: string;
}

/** Which of the kit's fields and images a job kind's branding takes. */
export interface BrandingShape {
  readonly fields: readonly (keyof KitBranding)[];
  readonly logo: boolean;
  readonly agentPhoto: boolean;
}

/**
 * A brochure slide (and a listing kit, whose slides these are) takes every field, the logo and the photo:
 * the licence numbers beside the agency and agent, the disclaimer as the slide's small print.
 */
export const SLIDE_BRANDING: BrandingShape = {
  fields: [
    'agency_name',
    'agent_name',
    'agent_phone',
    'agent_email',
    'primary_color',
    'secondary_color',
    'agency_licence_number',
    'agent_licence_number',
    'disclaimer',
  ],
  logo: true,
  agentPhoto: true,
};

/** A video's end card: the logo, the agency, the agent and their phone, the colours, the licences, the disclaimer. */
export const END_CARD_BRANDING: BrandingShape = {
  fields: [
    'agency_name',
    'agent_name',
    'agent_phone',
    'primary_color',
    'secondary_color',
    'agency_licence_number',
    'agent_licence_number',
    'disclaimer',
  ],
  logo: true,
  agentPhoto: false,
};

/** The kit's settings as branding fields (only those it has). */
export function kitBranding(kit: BrandKitRecord): KitBranding {
  const { colors, agency, agent, disclaimer } = kit.settings;
  const all: KitBranding = {
    agency_name: agency?.name,
    agent_name: agent?.name,
    agent_phone: agent?.phone,
    agent_email: agent?.email,
    primary_color: colors?.primary,
    secondary_color: colors?.secondary,
    agency_licence_number: agency?.licence_number,
    agent_licence_number: agent?.licence_number,
    disclaimer,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as KitBranding;
}

const imageRef = (image: BrandKitImage): BrandKitImageRef => ({
  key: image.key,
  content_type: image.content_type,
  width: image.width,
  height: image.height,
});

/**
 * The branding a job stores: the kit's fields the kind takes, then every field given inline over them
 * (an inline field wins); and the kit's use, with the images drawn from the kit (an inline logo or
 * headshot URL wins over the kit's copy).
 */
export function resolveBranding<
  B extends { readonly agency_logo_url?: string; readonly agent_headshot_url?: string },
>(
  kit: BrandKitRecord,
  inline: B | undefined,
  shape: BrandingShape,
): { branding: B & KitBranding; brand_kit: BrandKitUse } {
  const fromKit = kitBranding(kit);
  const picked = Object.fromEntries(shape.fields.flatMap((f) => (fromKit[f] ? [[f, fromKit[f]]] : [])));
  const given = Object.fromEntries(Object.entries(inline ?? {}).filter(([, v]) => v !== undefined));
  const logo = shape.logo && kit.logo && !inline?.agency_logo_url ? imageRef(kit.logo) : undefined;
  const photo =
    shape.agentPhoto && kit.agent_photo && !inline?.agent_headshot_url
      ? imageRef(kit.agent_photo)
      : undefined;
  return {
    branding: { ...picked, ...given } as unknown as B & KitBranding,
    brand_kit: {
      id: kit.id,
      version: kit.version,
      ...(logo ? { logo } : {}),
      ...(photo ? { agent_photo: photo } : {}),
    },
  };
}

/**
 * A kit's use as a child job takes it over from its listing kit (the version the kit resolved, never
 * a later one): the images the child's kind draws, and only where its branding has no URL of its own.
 */
export function inheritedUse(
  pinned: BrandKitUse,
  branding: { readonly agency_logo_url?: string; readonly agent_headshot_url?: string } | undefined,
  shape: BrandingShape,
): BrandKitUse {
  const logo = shape.logo && !branding?.agency_logo_url ? pinned.logo : undefined;
  const photo = shape.agentPhoto && !branding?.agent_headshot_url ? pinned.agent_photo : undefined;
  return {
    id: pinned.id,
    version: pinned.version,
    ...(logo ? { logo } : {}),
    ...(photo ? { agent_photo: photo } : {}),
  };
}

/** What a job's output says of the kit: which one, at which version. */
export function brandKitOutput(use: BrandKitUse | undefined): {
  brand_kit?: { id: string; version: number };
} {
  return use ? { brand_kit: { id: use.id, version: use.version } } : {};
}
