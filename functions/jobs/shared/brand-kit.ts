// A job request's `brand_kit_id` resolved into the input the job stores (core/brand-kits/resolve.ts): the
// kit read once, at submission, for the request's tenant only. A listing kit's children take over the
// version their kit resolved instead of reading the kit again.
import { brandKitNotFound } from '../../core/brand-kits/brand-kits.ts';
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

/**
 * The request's branding with its kit's fields under it, and the kit's use (`brand_kit`), ready to spread
 * into the stored input. A request without `brand_kit_id` (and not a listing kit's child) is unchanged.
 */
export async function withBrandKit<B extends BrandingLike>(
  deps: Pick<JobPorts, 'brandKits' | 'brandKitPin'>,
  tenant: Tenant,
  request: { readonly brand_kit_id?: string; readonly branding?: B },
  shape: BrandingShape,
): Promise<{ branding?: B & KitBranding; brand_kit?: BrandKitUse }> {
  const { branding } = request;
  if (deps.brandKitPin) {
    // A listing kit's child: its branding is the kit's, already resolved with the kit's inline fields.
    if (!branding) return {};
    return { branding, brand_kit: inheritedUse(deps.brandKitPin, branding, shape) };
  }
  if (request.brand_kit_id === undefined) return branding ? { branding } : {};
  if (!deps.brandKits) throw new Error('brand_kit_id needs the brandKits port');
  const kit = await deps.brandKits.get(tenant, request.brand_kit_id);
  if (!kit) {
    const message = brandKitNotFound(request.brand_kit_id).message;
    throw new ApiError('NOT_FOUND', message, { details: [{ path: 'brand_kit_id', message }] });
  }
  return resolveBranding(kit, branding, shape);
}
