// The listing kit's plan (pure: no I/O): which child jobs a kit makes, what each is made from, and the
// request of each once its inputs are ready. The kit's step calls it on every run with the children made
// so far; it creates what readyChildren returns and reports what blockedRoles returns as failed.
//
// Two kinds of input: a role *needs* another (it cannot be made without its output: the markup edit
// needs the markup's boundary) or *uses* one (it waits until that has ended, and draws on it only if it
// completed: a brochure slide shows the drone stills that were made, and is still made when one failed).

import { END_CARD_BRANDING } from '../../core/brand-kits/resolve.ts';
import type { ErrorDetail } from '../../core/errors.ts';
import {
  endCardBranding,
  type RenditionName,
  SLIDE_RENDITIONS,
  STILL_RENDITIONS,
  VIDEO_RENDITIONS,
} from '../../core/schemas/renditions.ts';
import type { ImageryProvenance } from '../../media/imagery/provenance.ts';
import { BROCHURE_LIMITS } from '../brochure/index.ts';
import { annotationText, boundaryPolygon, type NormalizedPoint } from '../markup/index.ts';
import {
  KIT_GROUPS,
  KIT_ROLES,
  type KitGroup,
  type KitRole,
  type ListingKitInput,
  SLIDE_ROLES,
  STAGING_ROLES,
} from './schema.ts';

export type { KitRole };

/** What the plan reads of a kit request (the recorded input, or the parsed request). */
export type KitRequest = Pick<
  ListingKitInput,
  | 'address'
  | 'options'
  | 'property'
  | 'branding'
  | 'rooms'
  | 'include'
  | 'imagery'
  | 'boundary'
  | 'parcel'
  | 'renditions'
>;

/**
 * The `renditions` field of a child's request: those of the kit's that the child's kind makes, in the
 * kit's order (nothing when none). `portal` goes to the assets made for the portals: the portal-safe edit
 * (the labelled edit's text-free twin, made only where its imagery's licence allows portals) and the staged
 * rooms (the caller's own photos); a child whose imagery forbids portals is never failed for it.
 */
function renditionsFor(request: KitRequest, role: KitRole): { renditions?: RenditionName[] } {
  const made: readonly RenditionName[] =
    role === 'reveal_video' || role === 'drone_footage'
      ? VIDEO_RENDITIONS
      : role.startsWith('slide_')
        ? SLIDE_RENDITIONS
        : STILL_RENDITIONS;
  const wanted = (request.renditions ?? []).filter(
    (name) =>
      made.includes(name) &&
      (name !== 'portal' ||
        role === 'markup_edit_portal_safe' ||
        (STAGING_ROLES as readonly string[]).includes(role)),
  );
  return wanted.length > 0 ? { renditions: wanted } : {};
}

/**
 * The end card of a kit's video: the brochure branding's fields an end card draws. Only for a kit that
 * asks for renditions: a kit without them makes exactly what it made before.
 */
function endCardOf(request: KitRequest): { branding?: Record<string, string> } {
  const b = request.branding;
  if (!b || !request.renditions?.length) return {};
  const fields = ['agency_logo_url', ...END_CARD_BRANDING.fields] as const;
  const card = Object.fromEntries(
    fields.flatMap((key) => {
      const value = (b as Record<string, unknown>)[key];
      return typeof value === 'string' ? [[key, value]] : [];
    }),
  );
  return Object.keys(card).length > 0 ? { branding: card } : {};
}

/** The kit's videos: their requests carry the end card (endCardOf). */
const VIDEO_ROLES: ReadonlySet<KitRole> = new Set(['reveal_video', 'drone_footage']);

/**
 * What the kit hands its children under rules of their own, checked at submit against those rules (the
 * children's own schemas), each problem named by the kit field it came from: a kit never accepts what one
 * of its children would then refuse, leaving it partial. Most of what a kit passes down is taken with the
 * child's own schema already (the brochure's branding and property, the staging room, the imagery); the
 * videos' end card is not: it is made from branding, and takes its logo over https only.
 */
export function passedDownProblems(request: KitRequest): ErrorDetail[] {
  if (!kitRoles(request).some((role) => VIDEO_ROLES.has(role))) return [];
  const card = endCardOf(request).branding;
  if (!card) return [];
  const parsed = endCardBranding.safeParse(card);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: ['branding', ...issue.path.map(String)].join('.'),
    message: `${issue.message} (the kit's videos draw it on their end card, which takes it only so)`,
  }));
}

export type ChildStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'canceled';

export interface ChildState {
  readonly jobId: string;
  readonly jobType: string;
  readonly status: ChildStatus;
  /** The stored output (media as object keys), when completed. */
  readonly output?: unknown;
  readonly error?: { readonly code: string; readonly message: string };
}

export interface ChildRequest {
  readonly role: KitRole;
  readonly jobType: string;
  /** The request body, as the kind's route takes it (it parses with that route's body schema). */
  readonly body: Record<string, unknown>;
  /** For routes on a parent (`/…/jobs/{jobId}/…`): the parent job's id. */
  readonly parentJobId?: string;
}

interface BlockedRole {
  readonly role: KitRole;
  /** The role it needs that failed, was canceled, was itself blocked, or gave nothing to build on. */
  readonly missing: KitRole;
  /** Why, in words, for the manifest's message. */
  readonly reason: string;
  /** DEPENDENCY_FAILED, or LICENCE_RESTRICTED when the licence of what it needs forbids its use. */
  readonly code: 'DEPENDENCY_FAILED' | 'LICENCE_RESTRICTED';
}

/** A use the kit left out because an asset's imagery licence forbids it. */
interface LicenceRestriction {
  readonly role: KitRole;
  readonly use: 'print' | 'portal';
  readonly code: 'LICENCE_RESTRICTED';
  readonly message: string;
}

type UrlOf = (key: string) => string;

const FINAL: ReadonlySet<ChildStatus> = new Set(['completed', 'failed', 'canceled']);

/** Each group's roles, in manifest order (staging: one per room). */
function groupRoles(group: KitGroup, request: KitRequest): KitRole[] {
  switch (group) {
    case 'frontage':
      return ['frontage'];
    case 'markup':
      return ['markup', 'markup_edit', 'reveal_video'];
    case 'portal_safe':
      return ['markup_edit_portal_safe'];
    case 'drone_stills':
      return ['drone_overhead', 'drone_hero', 'drone_twilight'];
    case 'drone_footage':
      return ['drone_footage'];
    case 'brochure':
      return [...SLIDE_ROLES];
    case 'staging':
      return (request.rooms ?? []).map((_, i) => STAGING_ROLES[i] as KitRole);
  }
}

const FRONT_ROLES: ReadonlySet<KitRole> = new Set([
  'markup',
  'drone_overhead',
  'drone_hero',
  'drone_twilight',
  'drone_footage',
]);
const STILL_ROLES: readonly KitRole[] = ['drone_overhead', 'drone_hero', 'drone_twilight'];

const hasFront = (request: KitRequest) => request.options?.front_direction !== undefined;

/** Every role this kit makes, in manifest order: the included groups and what they are made from. */
export function kitRoles(request: KitRequest): KitRole[] {
  const groups = request.include ?? KIT_GROUPS;
  const wanted = new Set<KitRole>(groups.flatMap((group) => groupRoles(group, request)));
  if (wanted.has('markup_edit_portal_safe')) wanted.add('markup');
  if (!hasFront(request) && [...wanted].some((role) => FRONT_ROLES.has(role))) wanted.add('frontage');
  return KIT_ROLES.filter((role) => wanted.has(role));
}

/** The roles a role cannot be made without, among the kit's roles. */
function needs(request: KitRequest, role: KitRole): KitRole[] {
  if (FRONT_ROLES.has(role)) return hasFront(request) ? [] : ['frontage'];
  switch (role) {
    case 'markup_edit':
    case 'markup_edit_portal_safe':
      return ['markup'];
    case 'reveal_video':
      return ['markup_edit'];
    default:
      return [];
  }
}

/** The slides that show pictures wait for the kit's stills and staged rooms; location and agent do not. */
const PICTURE_SLIDES: ReadonlySet<KitRole> = new Set([
  'slide_cover',
  'slide_features',
  'slide_gallery',
  'slide_content',
]);

/** The roles a role waits for and draws on when they completed, among the kit's roles. */
function uses(roles: readonly KitRole[], role: KitRole): KitRole[] {
  if (!PICTURE_SLIDES.has(role)) return [];
  return roles.filter((r) => STILL_ROLES.includes(r) || r.startsWith('staging_'));
}

// ---------------------------------------------------------------------------------------------------------
// Dependency state

/** The markup's suggested boundary when the edit schema takes it; undefined when there is none to use. */
function usableBoundary(markup: ChildState | undefined): NormalizedPoint[] | undefined {
  const boundary = (markup?.output as { suggested_boundary?: unknown } | undefined)?.suggested_boundary;
  if (!Array.isArray(boundary)) return undefined;
  return boundaryPolygon.safeParse(boundary).success ? (boundary as NormalizedPoint[]) : undefined;
}

/** The imagery provenance of a completed child's output, when it has one. */
function imageryOf(child: ChildState | undefined): ImageryProvenance | undefined {
  if (child?.status !== 'completed') return undefined;
  return (child.output as { imagery?: ImageryProvenance } | undefined)?.imagery;
}

/** Why the licence of an asset's imagery forbids a use, in words; undefined when it allows it. */
function licenceForbids(
  role: KitRole,
  child: ChildState | undefined,
  use: 'print' | 'portal',
): string | undefined {
  const imagery = imageryOf(child);
  if (!imagery || imagery.licence[use]) return undefined;
  const where = use === 'print' ? 'printed' : 'published on listing portals';
  return `the ${role}'s imagery (${imagery.source}) is licensed for no ${use} use: it may not be ${where}`;
}

/** Why a needed role gives this role nothing to build on (undefined: it may still, or it did). */
function unusable(
  role: KitRole,
  need: KitRole,
  child: ChildState | undefined,
): Pick<BlockedRole, 'reason' | 'code'> | undefined {
  if (!child) return undefined;
  if (child.status === 'failed' || child.status === 'canceled')
    return { reason: `the ${need} it is made from ${child.status}`, code: 'DEPENDENCY_FAILED' };
  if (child.status === 'completed' && need === 'markup' && !usableBoundary(child)) {
    return {
      reason: `the ${need} it is made from has no usable suggested boundary`,
      code: 'DEPENDENCY_FAILED',
    };
  }
  if (role === 'markup_edit_portal_safe') {
    const forbidden = licenceForbids(need, child, 'portal');
    if (forbidden) return { reason: forbidden, code: 'LICENCE_RESTRICTED' };
  }
  return undefined;
}

/** Every role that can never be made, with the role it needs that ended without what it needs. */
function blockedMap(
  request: KitRequest,
  children: ReadonlyMap<KitRole, ChildState>,
): Map<KitRole, BlockedRole> {
  const roles = kitRoles(request);
  const blocked = new Map<KitRole, BlockedRole>();
  // Roles are in dependency order (a role's needs come before it), so one pass settles every chain.
  for (const role of roles) {
    if (children.has(role)) continue;
    for (const need of needs(request, role)) {
      if (blocked.has(need)) {
        blocked.set(role, {
          role,
          missing: need,
          reason: `the ${need} it is made from was not made`,
          code: 'DEPENDENCY_FAILED',
        });
        break;
      }
      const problem = unusable(role, need, children.get(need));
      if (problem) {
        blocked.set(role, { role, missing: need, ...problem });
        break;
      }
    }
  }
  return blocked;
}

/** Roles that can never run: a role they need failed, was canceled or gave nothing to build on. */
export function blockedRoles(request: KitRequest, children: ReadonlyMap<KitRole, ChildState>): BlockedRole[] {
  return [...blockedMap(request, children).values()];
}

/** Every role is made and has ended, or can never be made. */
export function kitDone(request: KitRequest, children: ReadonlyMap<KitRole, ChildState>): boolean {
  const blocked = blockedMap(request, children);
  return kitRoles(request).every(
    (role) => blocked.has(role) || FINAL.has(children.get(role)?.status ?? 'queued'),
  );
}

/** Percent of the kit's roles that have ended (blocked ones count): 0-99 until done, then 100. */
export function kitProgress(request: KitRequest, children: ReadonlyMap<KitRole, ChildState>): number {
  const roles = kitRoles(request);
  const blocked = blockedMap(request, children);
  const ended = roles.filter(
    (role) => blocked.has(role) || FINAL.has(children.get(role)?.status ?? 'queued'),
  );
  if (ended.length === roles.length) return 100;
  return Math.min(99, Math.floor((ended.length / roles.length) * 100));
}

/** Roles not yet made whose needs have all completed and whose uses have all ended, with their requests. */
export function readyChildren(
  request: KitRequest,
  children: ReadonlyMap<KitRole, ChildState>,
  urlOf: UrlOf,
): ChildRequest[] {
  const roles = kitRoles(request);
  const blocked = blockedMap(request, children);
  const settled = (role: KitRole) => blocked.has(role) || FINAL.has(children.get(role)?.status ?? 'queued');
  return roles
    .filter(
      (role) =>
        !children.has(role) &&
        !blocked.has(role) &&
        needs(request, role).every((need) => children.get(need)?.status === 'completed') &&
        uses(roles, role).every(settled),
    )
    .map((role) => childRequest(request, role, children, roles, urlOf));
}

/**
 * The uses the kit leaves out because an asset's licence forbids them: stills kept off the (printed)
 * slides, and the portal-safe edit not made from a markup whose imagery may not go on portals.
 */
export function licenceRestrictions(
  request: KitRequest,
  children: ReadonlyMap<KitRole, ChildState>,
): LicenceRestriction[] {
  const roles = kitRoles(request);
  const restrictions: LicenceRestriction[] = [];
  if (roles.some((role) => PICTURE_SLIDES.has(role))) {
    for (const role of STILL_ROLES) {
      const forbidden = licenceForbids(role, children.get(role), 'print');
      if (forbidden)
        restrictions.push({
          role,
          use: 'print',
          code: 'LICENCE_RESTRICTED',
          message: `Not placed on the brochure slides or the print deck: ${forbidden}.`,
        });
    }
  }
  const portal = blockedMap(request, children).get('markup_edit_portal_safe');
  if (portal?.code === 'LICENCE_RESTRICTED')
    restrictions.push({
      role: 'markup_edit_portal_safe',
      use: 'portal',
      code: 'LICENCE_RESTRICTED',
      message: `Not made: ${portal.reason}.`,
    });
  return restrictions;
}

// ---------------------------------------------------------------------------------------------------------
// Child requests

/** The front bearing every child uses: the caller's, else the completed frontage detection's. */
function frontOf(request: KitRequest, children: ReadonlyMap<KitRole, ChildState>): number {
  const given = request.options?.front_direction;
  if (given !== undefined) return given;
  const bearing = (children.get('frontage')?.output as { bearing?: unknown } | undefined)?.bearing;
  if (typeof bearing !== 'number') throw new Error('the frontage detection has no bearing');
  return bearing;
}

/** options.lat/lng when the caller gave them. */
function location(request: KitRequest): { lat?: number; lng?: number } {
  const { lat, lng } = request.options ?? {};
  return lat !== undefined && lng !== undefined ? { lat, lng } : {};
}

/** The caller's imagery and parcel, for the children drawn from them (frontage and markup). */
function imageryFields(request: KitRequest): Record<string, unknown> {
  return {
    ...(request.imagery ? { imagery: request.imagery } : {}),
    ...(request.boundary ? { boundary: request.boundary } : {}),
    ...(request.parcel ? { parcel: request.parcel } : {}),
  };
}

function completedOutput<T>(children: ReadonlyMap<KitRole, ChildState>, role: KitRole): T | undefined {
  const child = children.get(role);
  return child?.status === 'completed' ? (child.output as T) : undefined;
}

/** Where the edit writes the address: top centre (the front, and so the street, is at the bottom). */
const ADDRESS_LABEL_POSITION = { x: 0.5, y: 0.08 } as const;

/** The edit's text: the boundary area at its centre and the address, when the label font can draw it. */
function editAnnotations(request: KitRequest): Record<string, unknown>[] {
  const area = { type: 'area' };
  const text = [...request.address].slice(0, 200).join('');
  if (!annotationText.safeParse(text).success) return [area];
  return [area, { type: 'label', text, position: ADDRESS_LABEL_POSITION, size: 'medium' }];
}

interface StoredKey {
  readonly s3_key: string;
}

/**
 * The kit-made pictures of a slide, as URLs: stills and staged rooms that completed, except pictures whose
 * imagery licence forbids print (slides are printed: the kit's print deck is made from them).
 */
function madePictures(
  children: ReadonlyMap<KitRole, ChildState>,
  roles: readonly KitRole[],
  urlOf: UrlOf,
): { stills: Partial<Record<KitRole, string>>; rooms: string[] } {
  const stills: Partial<Record<KitRole, string>> = {};
  for (const role of STILL_ROLES) {
    const image = completedOutput<{ image?: StoredKey }>(children, role)?.image;
    if (image && !licenceForbids(role, children.get(role), 'print')) stills[role] = urlOf(image.s3_key);
  }
  const rooms = roles
    .filter((role) => role.startsWith('staging_'))
    .flatMap((role) => {
      const image = completedOutput<{ image?: StoredKey }>(children, role)?.image;
      return image ? [urlOf(image.s3_key)] : [];
    });
  return { stills, rooms };
}

const SLIDE_TYPE: Record<(typeof SLIDE_ROLES)[number], string> = {
  slide_cover: 'cover',
  slide_features: 'features',
  slide_gallery: 'gallery',
  slide_location: 'location',
  slide_agent: 'agent',
  slide_content: 'content',
};

/** A slide's photos in the order it shows them: the caller's first, then what the kit made. */
function slideImages(
  role: (typeof SLIDE_ROLES)[number],
  request: KitRequest,
  made: ReturnType<typeof madePictures>,
): string[] {
  const own = request.property?.images ?? [];
  const { drone_overhead: overhead, drone_hero: hero, drone_twilight: twilight } = made.stills;
  const pick = (...urls: (string | undefined)[]) => urls.filter((url): url is string => url !== undefined);
  let images: string[];
  switch (role) {
    case 'slide_cover':
      images = [...own, ...pick(hero, twilight, overhead)];
      break;
    case 'slide_features':
      images = [...own, ...made.rooms, ...pick(hero)];
      break;
    case 'slide_gallery':
      images = [...own, ...made.rooms, ...pick(hero, twilight, overhead)];
      break;
    case 'slide_content':
      images = [...pick(twilight), ...own, ...made.rooms, ...pick(overhead)];
      break;
    default:
      images = [...own];
  }
  return [...new Set(images)].slice(0, BROCHURE_LIMITS.images.max);
}

function slideBody(
  role: (typeof SLIDE_ROLES)[number],
  request: KitRequest,
  children: ReadonlyMap<KitRole, ChildState>,
  roles: readonly KitRole[],
  urlOf: UrlOf,
): Record<string, unknown> {
  const images = slideImages(role, request, madePictures(children, roles, urlOf));
  const { price_display, description } = request.property ?? {};
  return {
    property: {
      address: request.address,
      ...(price_display !== undefined ? { price_display } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(images.length > 0 ? { images } : {}),
    },
    slide: { type: SLIDE_TYPE[role] },
    ...(request.branding && Object.keys(request.branding).length > 0 ? { branding: request.branding } : {}),
  };
}

/** The hero and twilight poses: facing the front (azimuth 0 with front_direction), a three-quarter tilt. */
const HERO_CAMERA = { azimuth: 0, tilt: 55, distance: 180, pitch: 10 } as const;
const TWILIGHT_CAMERA = { azimuth: 0, tilt: 60, distance: 250, pitch: 15 } as const;

function childRequest(
  request: KitRequest,
  role: KitRole,
  children: ReadonlyMap<KitRole, ChildState>,
  roles: readonly KitRole[],
  urlOf: UrlOf,
): ChildRequest {
  const child = childRequestOf(request, role, children, roles, urlOf);
  const video = role === 'reveal_video' || role === 'drone_footage';
  return {
    ...child,
    body: { ...child.body, ...renditionsFor(request, role), ...(video ? endCardOf(request) : {}) },
  };
}

function childRequestOf(
  request: KitRequest,
  role: KitRole,
  children: ReadonlyMap<KitRole, ChildState>,
  roles: readonly KitRole[],
  urlOf: UrlOf,
): ChildRequest {
  const { address } = request;
  const at = location(request);
  switch (role) {
    case 'frontage':
      return {
        role,
        jobType: 'frontage_detection',
        body: { address, ...(at.lat !== undefined ? { options: at } : {}), ...imageryFields(request) },
      };
    case 'markup':
      return {
        role,
        jobType: 'markup_v2',
        body: {
          address,
          options: { front_direction: frontOf(request, children), ...at },
          ...imageryFields(request),
        },
      };
    case 'markup_edit':
    case 'markup_edit_portal_safe': {
      const markup = children.get('markup')!;
      const boundary = usableBoundary(markup);
      if (!boundary) throw new Error(`the markup has no usable boundary for ${role}`);
      return {
        role,
        jobType: 'markup_v2_edit',
        parentJobId: markup.jobId,
        body: {
          boundary_polygon: boundary,
          ...(role === 'markup_edit' ? { text_annotations: editAnnotations(request) } : {}),
        },
      };
    }
    case 'reveal_video':
      return { role, jobType: 'markup_v2_video', parentJobId: children.get('markup_edit')!.jobId, body: {} };
    case 'drone_overhead':
      return {
        role,
        jobType: 'drone_stills',
        body: { address, options: { angle: 'overhead', front_direction: frontOf(request, children), ...at } },
      };
    case 'drone_hero':
    case 'drone_twilight':
      return {
        role,
        jobType: 'drone_stills_capture',
        body: {
          address,
          camera: role === 'drone_hero' ? HERO_CAMERA : TWILIGHT_CAMERA,
          options: {
            front_direction: frontOf(request, children),
            shot_type: role === 'drone_hero' ? 'hero' : 'twilight',
            ...at,
          },
        },
      };
    case 'drone_footage':
      return {
        role,
        jobType: 'drone_footage',
        body: {
          address,
          options: { style: 'front_right_approach', front_direction: frontOf(request, children), ...at },
        },
      };
    case 'slide_cover':
    case 'slide_features':
    case 'slide_gallery':
    case 'slide_location':
    case 'slide_agent':
    case 'slide_content':
      return { role, jobType: 'brochure_slide', body: slideBody(role, request, children, roles, urlOf) };
    default: {
      const room = request.rooms?.[STAGING_ROLES.indexOf(role as (typeof STAGING_ROLES)[number])];
      if (!room) throw new Error(`no room for ${role}`);
      return {
        role,
        jobType: 'virtual_staging',
        body: {
          image_url: room.image_url,
          room_type: room.room_type,
          ...(room.style_prompt !== undefined ? { options: { style_prompt: room.style_prompt } } : {}),
        },
      };
    }
  }
}
