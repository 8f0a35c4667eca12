// The scope each API-key route needs, in one place beside the route table (routes.ts): the request
// pipeline checks it where the key is authenticated (http/api-route.ts), the OpenAPI document states it
// (`x-required-scope`), and a unit test holds every keyed route of the table to having exactly one here.
// Kept free of the route table's imports (the job registry, the schemas), so that every route's function
// can read it without bundling the table.
import type { ApiScope } from '../core/auth/scopes.ts';

/**
 * Every route that creates a job (the job-kind registry's routes, served by submit-job.ts) needs this.
 * They are not listed below: routes.ts gives it to each from the registry.
 */
export const JOB_ROUTE_SCOPE: ApiScope = 'jobs:write';

/**
 * By `METHOD path` (API Gateway path syntax, as the route table has it).
 *   - Cancel needs jobs:write, not jobs:delete: it erases nothing (the job and what it made so far stay
 *     readable), and a key that may start a job may stop it. Deletion erases media for good: jobs:delete.
 *   - The event log is read with jobs:read (it is the jobs' history); acting on it (resends, test events)
 *     and the endpoints themselves need webhooks:manage, reads of endpoints included (their URLs and filters
 *     are the integration's configuration, not job data).
 *   - Imagery sources hold the organization's own paid subscriptions and their keys: admin.
 *   - The audit log says who changed what across the organization's setup: admin.
 *   - Brand kits: brand:manage. A job request naming one (brand_kit_id) needs only the job's own scope.
 *   - Offices are the organization's own structure: admin.
 */
export const ROUTE_SCOPES: Readonly<Record<string, ApiScope>> = {
  'GET /v1/jobs': 'jobs:read',
  'GET /v1/jobs/{jobId}': 'jobs:read',
  'POST /v1/jobs/{jobId}/cancel': 'jobs:write',
  'DELETE /v1/jobs/{jobId}': 'jobs:delete',
  'GET /v1/usage': 'usage:read',
  'POST /v1/webhook-endpoints': 'webhooks:manage',
  'GET /v1/webhook-endpoints': 'webhooks:manage',
  'GET /v1/webhook-endpoints/{endpointId}': 'webhooks:manage',
  'PATCH /v1/webhook-endpoints/{endpointId}': 'webhooks:manage',
  'DELETE /v1/webhook-endpoints/{endpointId}': 'webhooks:manage',
  'POST /v1/webhook-endpoints/{endpointId}/rotate-secret': 'webhooks:manage',
  'POST /v1/webhook-endpoints/{endpointId}/test': 'webhooks:manage',
  'GET /v1/events': 'jobs:read',
  'GET /v1/events/{eventId}': 'jobs:read',
  'POST /v1/events/resend': 'webhooks:manage',
  'POST /v1/events/{eventId}/resend': 'webhooks:manage',
  'GET /v1/event-resends/{resendId}': 'webhooks:manage',
  'POST /v1/imagery-sources': 'admin',
  'GET /v1/imagery-sources': 'admin',
  'GET /v1/imagery-sources/{sourceId}': 'admin',
  'PATCH /v1/imagery-sources/{sourceId}': 'admin',
  'DELETE /v1/imagery-sources/{sourceId}': 'admin',
  'GET /v1/audit-events': 'admin',
  'GET /v1/audit-events/export': 'admin',
  'POST /v1/brand-kits': 'brand:manage',
  'GET /v1/brand-kits': 'brand:manage',
  'GET /v1/brand-kits/{brandKitId}': 'brand:manage',
  'PATCH /v1/brand-kits/{brandKitId}': 'brand:manage',
  'DELETE /v1/brand-kits/{brandKitId}': 'brand:manage',
  'POST /v1/offices': 'admin',
  'GET /v1/offices': 'admin',
  'GET /v1/offices/{officeId}': 'admin',
  'PATCH /v1/offices/{officeId}': 'admin',
  'DELETE /v1/offices/{officeId}': 'admin',
};

/**
 * The scope a keyed request needs, by its method and route path (event.resource): the table's, or the one
 * its module names (the job routes). A path the table does not know needs admin: a keyed route added
 * without a scope fails closed, never open (and the route-scope unit test fails first).
 */
export function requiredScope(method: string, resource: string, given?: ApiScope): ApiScope {
  return given ?? ROUTE_SCOPES[`${method.toUpperCase()} ${resource}`] ?? 'admin';
}
