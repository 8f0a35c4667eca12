// A job request's `brand_kit_id` resolved into the input the job stores (core/brand-kits/resolve.ts): the
// kit read once, at submission, for the request's tenant only. A listing kit's children take over the
// version their kit resolved instead of reading the kit again. A job draws only the organization's kits
// and its own office's (another office's kit is a 404 as one that does not exist); a job of an office that
// names no kit draws the office's default kit, exactly as if it had named it.
import { brandKitNotFound, kitUsableBy } from '../../core/brand-kits/brand-kits.ts';
import {
  type BrandingShape,
  type BrandKitUse,
  inheritedUse,
  type KitBranding,
  resolveBranding,
} from '../../core/brand-kits/resolve.ts';
import { ApiError } from '../../core/errors.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { JobPorts } from '../../core/use-cases/jobs.ts';

interface BrandingLike {
  readonly agency_logo_url?: string;
  readonly agent_headshot_url?: string;
}

/** How the job stands to its office: the parent's office, for a job built on one without its own. */
export interface KitUseOptions {
  /** The parent's office (a reveal video of a markup): the job's office when the deps have none. */
  readonly parentOffice?: string;
  /** Whether the job's kind takes brand_kit_id, and so its office's default kit (default true). */
  readonly officeDefault?: boolean;
}

/** The office's default kit for a job naming none: the deps' office's, else the parent's (read now). */
async function defaultKitOf(
  deps: Pick<JobPorts, 'officeId' | 'officeDefaultBrandKitId' | 'officeDefaultKit'>,
  tenant: Tenant,
  parentOffice: string | undefined,
): Promise<string | undefined> {
  if (deps.officeId !== undefined) return deps.officeDefaultBrandKitId;
  if (parentOffice !== undefined && deps.officeDefaultKit) return deps.officeDefaultKit(tenant, parentOffice);
  return undefined;
}

/**
 * The request's branding with its kit's fields under it, and the kit's use (`brand_kit`), ready to spread
 * into the stored input. A request without `brand_kit_id` (and not a listing kit's child) is unchanged,
 * unless its office has a default kit.
 */
export async function withBrandKit<B extends BrandingLike>(
  deps: Pick<
    JobPorts,
    'brandKits' | 'brandKitPin' | 'officeId' | 'officeDefaultBrandKitId' | 'officeDefaultKit'
  >,
  tenant: Tenant,
  request: { readonly brand_kit_id?: string; readonly branding?: B },
  shape: BrandingShape,
  options: KitUseOptions = {},
): Promise<{ branding?: B & KitBranding; brand_kit?: BrandKitUse }> {
  const { branding } = request;
  if (deps.brandKitPin) {
    // A listing kit's child: its branding is the kit's, already resolved with the kit's inline fields.
    if (!branding) return {};
    return { branding, brand_kit: inheritedUse(deps.brandKitPin, branding, shape) };
  }
  const jobOffice = deps.officeId ?? options.parentOffice;
  const named = request.brand_kit_id;
  const kitId =
    named ??
    (options.officeDefault === false ? undefined : await defaultKitOf(deps, tenant, options.parentOffice));
  if (kitId === undefined) return branding ? { branding } : {};
  if (!deps.brandKits) throw new Error('brand_kit_id needs the brandKits port');
  const kit = await deps.brandKits.get(tenant, kitId);
  if (!kit || !kitUsableBy(kit, jobOffice)) {
    // A default kit is checked when it is set and cannot be deleted while it is one: gone meanwhile, the
    // job is made without it rather than refused for a kit it did not name.
    if (named === undefined) return branding ? { branding } : {};
    const message = brandKitNotFound(named).message;
    throw new ApiError('NOT_FOUND', message, { details: [{ path: 'brand_kit_id', message }] });
  }
  return resolveBranding(kit, branding, shape);
}
