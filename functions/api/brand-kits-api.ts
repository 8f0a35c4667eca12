// The brand kit routes' handlers by operation id (brand-kit-routes.ts), run by the function behind
// /v1/{proxy+} (webhooks-api.ts), which finds a route by method and path.
import { brandKitView, getBrandKit, listBrandKits } from '../core/brand-kits/brand-kits.ts';
import { apiErrors } from '../core/errors.ts';
import type { Tenant } from '../core/jobs/job-types.ts';
import type { OfficeScope } from '../core/offices/office-scope.ts';
import { apiPorts } from '../wiring/api.ts';
import { auditedCreateBrandKit, auditedDeleteBrandKit, auditedUpdateBrandKit } from './audited.ts';
import {
  brandKitIdParam,
  createBrandKitBody,
  listBrandKitsQuery,
  updateBrandKitBody,
} from './brand-kit-schemas.ts';
import { type ApiHandler, apiRoute } from './http/api-route.ts';

const ok = (data: unknown, status = 200) => ({ status, data });
const kits = () => apiPorts().brandKits;

/** A patched kit is checked as a new one is: a change cannot leave a kit a create would refuse. */
export function checkedKit(merged: unknown) {
  const checked = createBrandKitBody.safeParse(merged);
  if (checked.success) return checked.data;
  throw apiErrors.validation(
    checked.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** A page of kits as GET /v1/brand-kits answers it (the dashboard's Brand kits page reads the same). */
export async function brandKitPageOf(
  tenant: Tenant,
  query: { readonly limit: number; readonly starting_after?: string | undefined },
  office: OfficeScope,
) {
  const page = await listBrandKits(
    kits(),
    tenant,
    { limit: query.limit, ...(query.starting_after ? { startingAfter: query.starting_after } : {}) },
    office,
  );
  return {
    brand_kits: await Promise.all(page.kits.map((kit) => brandKitView(kits(), kit))),
    pagination: {
      limit: query.limit,
      count: page.kits.length,
      has_more: page.hasMore,
      next_cursor: page.hasMore ? (page.kits.at(-1)?.id ?? null) : null,
    },
  };
}

export const BRAND_KIT_OPERATIONS: Record<string, () => ApiHandler> = {
  createBrandKit: () =>
    apiRoute(
      { body: createBrandKitBody, idempotent: true },
      async ({ body, tenant, audit, office }) =>
        ok(await auditedCreateBrandKit(audit, tenant, body, office), 201),
      apiPorts,
    ),
  listBrandKits: () =>
    apiRoute(
      { query: listBrandKitsQuery, readOnly: true },
      async ({ query, tenant, office }) => ok(await brandKitPageOf(tenant, query, office)),
      apiPorts,
    ),
  getBrandKit: () =>
    apiRoute(
      { params: brandKitIdParam, readOnly: true },
      async ({ params, tenant, office }) =>
        ok(await brandKitView(kits(), await getBrandKit(kits(), tenant, params.brandKitId, office))),
      apiPorts,
    ),
  updateBrandKit: () =>
    apiRoute(
      { params: brandKitIdParam, body: updateBrandKitBody },
      async ({ params, body, tenant, audit, office }) =>
        ok(await auditedUpdateBrandKit(audit, tenant, params.brandKitId, body, checkedKit, office)),
      apiPorts,
    ),
  deleteBrandKit: () =>
    apiRoute(
      { params: brandKitIdParam },
      async ({ params, tenant, audit, office }) =>
        ok(await auditedDeleteBrandKit(audit, tenant, params.brandKitId, office)),
      apiPorts,
    ),
};
