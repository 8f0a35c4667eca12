// Brand kits (issue 46, item 2): an organization's branding kept once per mode — name, logo, colours,
// fonts, agency and agent details, a disclaimer — so a job names `brand_kit_id` instead of carrying its
// branding inline. The logo and the agent's photo are downloaded once, when the kit is created or changed,
// through the customer-image rules, and kept in the media bucket under brand-kits/ (outside media/, so the
// media retention backstop never removes them): a logo URL that later dies breaks no job. Every change
// makes a new version; a job records the version it used (resolve.ts), so editing a kit never changes
// media already made. No other organization, and not the other mode, ever reads a kit. A kit may belong to
// one office (`office_id`): an office's key then sees its own office's kits and the organization's, and
// another office's kit is not found, exactly like another organization's (office-scope.ts).
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { randomBase62 } from '../ids.ts';
import type { Tenant } from '../jobs/job-types.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { OfficeScope } from '../offices/office-scope.ts';
import { checkUrlSyntax, customerImagePolicy, type StageUrlRules } from '../outbound/url-policy.ts';

export const BRAND_KIT_ID = /^bk_[0-9A-Za-z]{1,40}$/;

/** A kit's contact details: the agency's and the agent's have the same fields (the agent's photo aside). */
export interface BrandKitContact {
  readonly name?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly licence_number?: string;
}

/** What a caller sets of a kit, apart from its images (kept as copies: BrandKitImage). */
export interface BrandKitSettings {
  readonly name: string;
  readonly colors?: { readonly primary?: string; readonly secondary?: string };
  readonly fonts?: { readonly heading?: string; readonly body?: string };
  readonly agency?: BrandKitContact;
  readonly agent?: BrandKitContact;
  readonly disclaimer?: string;
}

/** A kit's request: its settings and the URLs of its images (downloaded once, then kept). */
export interface NewBrandKit extends Omit<BrandKitSettings, 'agent'> {
  /** The office the kit is for (checked by the caller: offices.ts requestOffice); absent: the organization's. */
  readonly office_id?: string;
  readonly logo_url?: string;
  readonly agent?: BrandKitContact & { readonly photo_url?: string };
}

/**
 * A change: each field given replaces the kit's own (an object whole: `agent` replaces every agent
 * detail); null removes an optional one. `name` cannot be removed.
 */
export type BrandKitPatch = {
  readonly [K in Exclude<keyof NewBrandKit, 'office_id'>]?: K extends 'name'
    ? NewBrandKit[K]
    : NewBrandKit[K] | null;
};

/** The kept copy of a kit's image, in the media bucket. */
export interface BrandKitImage {
  readonly key: string;
  readonly content_type: string;
  readonly width: number;
  readonly height: number;
  readonly size_bytes: number;
  /** The URL it was downloaded from (once: it is never fetched again). */
  readonly source_url: string;
}

export interface BrandKitRecord {
  readonly id: string;
  /** 1 when made; every change adds one. */
  readonly version: number;
  /** The office the kit belongs to (fixed once made); absent: the whole organization's. */
  readonly office_id?: string;
  readonly settings: BrandKitSettings;
  readonly logo?: BrandKitImage;
  readonly agent_photo?: BrandKitImage;
  readonly created_at: string;
  readonly updated_at: string;
}

/** One item per kit; a tenant's kits listed newest first, `startingAfter` a kit id of the previous page. */
export interface BrandKitStore {
  get(tenant: Tenant, id: string): Promise<BrandKitRecord | undefined>;
  list(
    tenant: Tenant,
    page: { readonly limit: number; readonly startingAfter?: string },
  ): Promise<{ kits: BrandKitRecord[]; hasMore: boolean }>;
  /** Writes a new kit (its id is new). */
  create(tenant: Tenant, kit: BrandKitRecord): Promise<void>;
  /** Writes the kit if it is still at `previousVersion`; false when it changed (or went) meanwhile. */
  replace(tenant: Tenant, kit: BrandKitRecord, previousVersion: number): Promise<boolean>;
  /** False when there was no such kit. */
  delete(tenant: Tenant, id: string): Promise<boolean>;
}

/** A downloaded image (the customer-image fetch's answer). */
export interface KitImageDownload {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
}

/** What the slides make of a kit's colours (media/brochure/brand-colours.ts): the same checks, reported. */
export type BrandColourCheck = Readonly<Record<string, string | number | boolean>>;

export interface BrandKitPorts {
  readonly kits: BrandKitStore;
  readonly clock: Clock;
  /** The media bucket: the kit's image copies, and their presigned URLs in answers. */
  readonly media: Pick<MediaStore, 'put' | 'sign'>;
  /** Downloads an image under the customer-image rules (SSRF checks, size and pixel caps, type sniffed). */
  readonly fetchImage: (url: string) => Promise<KitImageDownload>;
  /** The stage's URL rules (plain http and loopback on the local stack only), checked before a download. */
  readonly urlRules: StageUrlRules;
  /** The slides' contrast rules applied to the kit's colours (defaults filled in as the slides fill them). */
  readonly checkColours: (colors: BrandKitSettings['colors']) => BrandColourCheck;
  /** The ids of the tenant's offices whose default kit this is (a delete is refused while any are). */
  readonly officesDefaulting: (tenant: Tenant, kitId: string) => Promise<string[]>;
}

/**
 * Whether a key of this office scope (or a job of this office) may use a kit: the organization's kits
 * (no office) are every office's; an office's kit is its own office's alone, and every one is the
 * organization-wide key's.
 */
export function kitInScope(kit: Pick<BrandKitRecord, 'office_id'>, scope: OfficeScope): boolean {
  return kit.office_id === undefined || scope === undefined || kit.office_id === scope;
}

/** Whether a job of this office (undefined: the organization's own) may draw the kit. */
export function kitUsableBy(kit: Pick<BrandKitRecord, 'office_id'>, jobOffice: string | undefined): boolean {
  return kit.office_id === undefined || kit.office_id === jobOffice;
}

export const brandKitNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No brand kit with id '${id}' exists for this key.`);

const newBrandKitId = () => `bk_${randomBase62(20)}`;

/** Where a kit's image copies live: under the kit, by content, so a changed image never overwrites one a queued job uses. */
export function brandKitImageKey(tenant: Tenant, kitId: string, role: string, bytes: Buffer, type: string) {
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[type] ?? 'img';
  return `${brandKitImagePrefix(tenant, kitId)}${role}-${digest}.${ext}`;
}

/** Every image of a tenant's kit is under this prefix (a job may only read images under its tenant's). */
export function brandKitImagePrefix(tenant: Tenant, kitId: string): string {
  return `${brandKitsPrefix(tenant)}${kitId}/`;
}

export function brandKitsPrefix(tenant: Tenant): string {
  return `brand-kits/${tenant.orgId}/${tenant.mode}/`;
}

/**
 * The kit's copy of the image at `url`: the one it already has when `url` is where that came from
 * (never fetched twice), else downloaded now and stored. A failed download is a 400 naming the field.
 */
async function keptImage(
  ports: BrandKitPorts,
  tenant: Tenant,
  kitId: string,
  role: 'logo' | 'agent-photo',
  field: string,
  url: string,
  current: BrandKitImage | undefined,
): Promise<BrandKitImage> {
  if (current?.source_url === url) return current;
  const checked = checkUrlSyntax(url, customerImagePolicy(ports.urlRules));
  if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `${field} is not allowed: ${checked.reason}`);
  let image: KitImageDownload;
  try {
    image = await ports.fetchImage(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError('VALIDATION_ERROR', `Invalid request: ${field}: ${reason}`, {
      details: [{ path: field, message: reason }],
    });
  }
  const key = brandKitImageKey(tenant, kitId, role, image.bytes, image.contentType);
  await ports.media.put(key, image.bytes, image.contentType, { width: image.width, height: image.height });
  return {
    key,
    content_type: image.contentType,
    width: image.width,
    height: image.height,
    size_bytes: image.bytes.length,
    source_url: url,
  };
}

/** The settings of a request or a patched kit: the image URLs taken out, empty objects dropped. */
function settingsOf(kit: NewBrandKit): BrandKitSettings {
  const { logo_url: _logo, office_id: _office, agent, ...rest } = kit;
  const { photo_url: _photo, ...contact } = agent ?? {};
  return { ...rest, ...(Object.keys(contact).length > 0 ? { agent: contact } : {}) };
}

/** The kit as a request would make it again: its settings and the URLs its images came from. */
function asRequest(record: BrandKitRecord): NewBrandKit {
  const { agent, ...rest } = record.settings;
  const photo = record.agent_photo?.source_url;
  return {
    ...rest,
    ...(record.logo ? { logo_url: record.logo.source_url } : {}),
    ...(agent || photo ? { agent: { ...agent, ...(photo ? { photo_url: photo } : {}) } } : {}),
  };
}

/** The request with the patch applied: a field given replaces the kit's own, null removes it. */
export function patchedRequest(record: BrandKitRecord, patch: BrandKitPatch): NewBrandKit {
  const merged: Record<string, unknown> = { ...asRequest(record) };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged as unknown as NewBrandKit;
}

/** The kit's images as the request asks for them (kept copies reused, new URLs downloaded). */
async function imagesOf(
  ports: BrandKitPorts,
  tenant: Tenant,
  kitId: string,
  request: NewBrandKit,
  current?: BrandKitRecord,
): Promise<Pick<BrandKitRecord, 'logo' | 'agent_photo'>> {
  const [logo, agentPhoto] = await Promise.all([
    request.logo_url
      ? keptImage(ports, tenant, kitId, 'logo', 'logo_url', request.logo_url, current?.logo)
      : undefined,
    request.agent?.photo_url
      ? keptImage(
          ports,
          tenant,
          kitId,
          'agent-photo',
          'agent.photo_url',
          request.agent.photo_url,
          current?.agent_photo,
        )
      : undefined,
  ]);
  return { ...(logo ? { logo } : {}), ...(agentPhoto ? { agent_photo: agentPhoto } : {}) };
}

/** An image as an answer shows it: a fresh presigned URL to the kept copy, and where it came from. */
async function imageView(ports: Pick<BrandKitPorts, 'media' | 'clock'>, image: BrandKitImage | undefined) {
  if (!image) return null;
  const signed = await ports.media.sign(image.key, ports.clock.now());
  return {
    url: signed.url,
    expires_at: signed.expiresAt,
    content_type: image.content_type,
    width: image.width,
    height: image.height,
    size_bytes: image.size_bytes,
    source_url: image.source_url,
  };
}

const contactView = (contact: BrandKitContact | undefined) => ({
  name: contact?.name ?? null,
  phone: contact?.phone ?? null,
  email: contact?.email ?? null,
  licence_number: contact?.licence_number ?? null,
});

export async function brandKitView(
  ports: Pick<BrandKitPorts, 'media' | 'clock' | 'checkColours'>,
  record: BrandKitRecord,
) {
  const { settings } = record;
  const [logo, photo] = await Promise.all([
    imageView(ports, record.logo),
    imageView(ports, record.agent_photo),
  ]);
  return {
    id: record.id,
    object: 'brand_kit' as const,
    version: record.version,
    office_id: record.office_id ?? null,
    name: settings.name,
    logo,
    colors: {
      primary: settings.colors?.primary ?? null,
      secondary: settings.colors?.secondary ?? null,
      contrast: ports.checkColours(settings.colors),
    },
    fonts: { heading: settings.fonts?.heading ?? null, body: settings.fonts?.body ?? null },
    agency: contactView(settings.agency),
    agent: { ...contactView(settings.agent), photo },
    disclaimer: settings.disclaimer ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
export type BrandKitView = Awaited<ReturnType<typeof brandKitView>>;

/**
 * What the audit log records of a kit: its settings and its images by source URL and content (not the
 * presigned URLs, which change on every read and would show as changes).
 */
export function brandKitAuditFields(record: BrandKitRecord): Readonly<Record<string, unknown>> {
  const image = (i: BrandKitImage | undefined) =>
    i ? { source_url: i.source_url, stored_as: i.key, width: i.width, height: i.height } : null;
  return {
    name: record.settings.name,
    version: record.version,
    office_id: record.office_id ?? null,
    colors: record.settings.colors ?? null,
    fonts: record.settings.fonts ?? null,
    agency: record.settings.agency ?? null,
    agent: record.settings.agent ?? null,
    disclaimer: record.settings.disclaimer ?? null,
    logo: image(record.logo),
    agent_photo: image(record.agent_photo),
  };
}

export async function createBrandKit(
  ports: BrandKitPorts,
  tenant: Tenant,
  request: NewBrandKit,
): Promise<BrandKitRecord> {
  const id = newBrandKitId();
  const images = await imagesOf(ports, tenant, id, request);
  const at = ports.clock.now().toISOString();
  const record: BrandKitRecord = {
    id,
    version: 1,
    ...(request.office_id === undefined ? {} : { office_id: request.office_id }),
    settings: settingsOf(request),
    ...images,
    created_at: at,
    updated_at: at,
  };
  await ports.kits.create(tenant, record);
  return record;
}

/** The tenant's kit as a key of this office scope sees it: another office's is not found. */
export async function getBrandKit(
  ports: Pick<BrandKitPorts, 'kits'>,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<BrandKitRecord> {
  const record = BRAND_KIT_ID.test(id) ? await ports.kits.get(tenant, id) : undefined;
  if (!record || !kitInScope(record, scope)) throw brandKitNotFound(id);
  return record;
}

/**
 * A kit a key may change: one it sees, and, for an office's key, its own office's (the organization's
 * kits are changed with a key of the whole organization: 403).
 */
async function changeableBrandKit(
  ports: Pick<BrandKitPorts, 'kits'>,
  tenant: Tenant,
  id: string,
  scope: OfficeScope,
): Promise<BrandKitRecord> {
  const record = await getBrandKit(ports, tenant, id, scope);
  if (scope !== undefined && record.office_id === undefined)
    throw new ApiError(
      'FORBIDDEN',
      `Brand kit '${id}' belongs to the whole organization: this API key acts for one office, and changes only its own office's kits.`,
    );
  return record;
}

/**
 * A page of the kits a key of this office scope sees, newest first. An office's key skips other
 * offices' kits, reading further pages of the tenant's kits until its page is full.
 */
export async function listBrandKits(
  ports: Pick<BrandKitPorts, 'kits'>,
  tenant: Tenant,
  page: { readonly limit: number; readonly startingAfter?: string },
  scope?: OfficeScope,
): Promise<{ kits: BrandKitRecord[]; hasMore: boolean }> {
  if (page.startingAfter) {
    const after = await ports.kits.get(tenant, page.startingAfter);
    if (!after || !kitInScope(after, scope))
      throw new ApiError(
        'VALIDATION_ERROR',
        `Invalid request: starting_after: no brand kit with id '${page.startingAfter}' exists for this key`,
        { details: [{ path: 'starting_after', message: 'is not one of this key’s brand kits' }] },
      );
  }
  if (scope === undefined) return ports.kits.list(tenant, page);
  const kits: BrandKitRecord[] = [];
  let startingAfter = page.startingAfter;
  for (;;) {
    const read = await ports.kits.list(tenant, {
      limit: page.limit,
      ...(startingAfter ? { startingAfter } : {}),
    });
    for (const kit of read.kits) {
      if (!kitInScope(kit, scope)) continue;
      // One more visible kit than the page: there is a next page.
      if (kits.length === page.limit) return { kits, hasMore: true };
      kits.push(kit);
    }
    if (!read.hasMore) return { kits, hasMore: false };
    startingAfter = read.kits.at(-1)?.id;
  }
}

/**
 * Changes the fields given and makes the next version. `check` validates the merged request as a new
 * kit's is validated (so a change cannot leave a kit a create would refuse). Returns the kit before and
 * after the change.
 */
export async function updateBrandKit(
  ports: BrandKitPorts,
  tenant: Tenant,
  id: string,
  patch: BrandKitPatch,
  check: (merged: NewBrandKit) => NewBrandKit,
  scope?: OfficeScope,
): Promise<{ before: BrandKitRecord; after: BrandKitRecord }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = await changeableBrandKit(ports, tenant, id, scope);
    const request = check(patchedRequest(before, patch));
    const images = await imagesOf(ports, tenant, id, request, before);
    const after: BrandKitRecord = {
      id,
      version: before.version + 1,
      ...(before.office_id === undefined ? {} : { office_id: before.office_id }),
      settings: settingsOf(request),
      ...images,
      created_at: before.created_at,
      updated_at: ports.clock.now().toISOString(),
    };
    if (await ports.kits.replace(tenant, after, before.version)) return { before, after };
  }
  throw new Error('The brand kit kept changing underneath; retry.');
}

/**
 * Deletes the kit, unless it is an office's default kit (409 BRAND_KIT_IN_USE naming the offices: clear
 * their default first). Its image copies stay in the bucket: a job submitted with the kit and not yet run
 * still draws them.
 */
export async function deleteBrandKit(
  ports: Pick<BrandKitPorts, 'kits' | 'officesDefaulting'>,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
): Promise<{ before: BrandKitRecord; deleted: { id: string; object: 'brand_kit'; deleted: true } }> {
  const before = await changeableBrandKit(ports, tenant, id, scope);
  const offices = await ports.officesDefaulting(tenant, id);
  if (offices.length > 0)
    throw new ApiError(
      'BRAND_KIT_IN_USE',
      `Brand kit '${id}' is the default brand kit of office${offices.length === 1 ? '' : 's'} ${offices.map((o) => `'${o}'`).join(', ')}; clear their default_brand_kit_id (PATCH /v1/offices/{id}) first.`,
      {
        details: offices.map((office) => ({
          path: 'default_brand_kit_id',
          message: `the default brand kit of office ${office}`,
        })),
      },
    );
  if (!(await ports.kits.delete(tenant, id))) throw brandKitNotFound(id);
  return { before, deleted: { id, object: 'brand_kit', deleted: true } };
}
