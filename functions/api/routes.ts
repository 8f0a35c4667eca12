// Every public route, once: the CDK app builds API Gateway resources, functions and grants from this
// table, the local gateway routes by it, the fallback handler answers 404/405 from it, and the OpenAPI
// document is generated from it. The jobs resource and the document are the API's own routes; every
// route that creates a job comes from the job-kind registry and is served by one handler module
// (submit-job.ts), which finds its route by method and path.
import type { ApiScope } from '../core/auth/scopes.ts';
import type { ErrorCode } from '../core/errors.ts';
import type { JobType } from '../core/jobs/job-types.ts';
import { jobIdParam } from '../core/schemas/common.ts';
import type { JobRoute } from '../jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../jobs/registry.ts';
import { AUDIT_ROUTES } from './audit-routes.ts';
import { BRAND_KIT_ROUTES } from './brand-kit-routes.ts';
import { DASHBOARD_ROUTES } from './dashboard/dashboard-routes.ts';
import { IMAGERY_SOURCE_ROUTES } from './imagery-source-routes.ts';
import { deletionReceipt, jobAccepted, jobPage, jobRecord, listJobsQuery } from './job-schemas.ts';
import { OFFICE_ROUTES } from './office-routes.ts';
import type { RouteDefinition } from './route-definition.ts';
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS } from './route-errors.ts';
import { JOB_ROUTE_SCOPE, ROUTE_SCOPES } from './route-scopes.ts';
import { usageQuery, usageReport } from './usage-schemas.ts';
import { WEBHOOK_ROUTES } from './webhook-routes.ts';

export type { RouteDefinition } from './route-definition.ts';

/** A job route's body may also name URLs the stage will not fetch. */
const JOB_BODY_ERRORS: readonly ErrorCode[] = [...BODY_ERRORS, 'URL_NOT_ALLOWED'];

/** Cancel and delete: one function (the same grants), which routes by method (job-control.ts). */
const JOB_CONTROL = {
  handler: 'functions/api/job-control.ts',
  functionId: 'JobControlFunction',
  /** Both routes' (the function is granted once): stop any job's execution, queue job events, erase media, events and a deleted job's Idempotency-Key records. */
  access: {
    jobs: 'write',
    stopsJobs: true,
    jobEvents: true,
    media: 'delete',
    events: 'write',
    idempotencyRecords: 'erase',
  },
} as const;

/** The one handler module of every job-creating route. */
const SUBMIT_JOB_HANDLER = 'functions/api/submit-job.ts';

function jobRouteDefinition(jobType: JobType, route: JobRoute): RouteDefinition {
  return {
    method: route.method,
    path: route.path,
    handler: SUBMIT_JOB_HANDLER,
    functionId: route.functionId,
    operationId: route.operationId,
    summary: route.summary,
    tag: route.tag,
    auth: 'api-key',
    params: route.params,
    body: route.body,
    example: route.example,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    // NOT_FOUND: the office_id named is not one of the key's offices (office-scope.ts).
    errors: [
      ...new Set<ErrorCode>([
        ...JOB_BODY_ERRORS,
        ...(route.errors ?? []),
        'NOT_FOUND',
        ...IDEMPOTENCY_ERRORS,
        ...AUTH_ERRORS,
      ]),
    ],
    access: { jobs: 'write', startsJob: jobType },
    job: route,
  };
}

export const ROUTES: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/v1/jobs',
    handler: 'functions/api/list-jobs.ts',
    functionId: 'ListJobsFunction',
    operationId: 'listJobs',
    summary:
      "Lists the organization's jobs in the key's mode, newest first (a key bound to an office: that office's jobs only).",
    tag: 'Jobs',
    auth: 'api-key',
    query: listJobsQuery,
    success: { status: 200, schema: jobPage, description: 'A page of jobs.' },
    errors: ['VALIDATION_ERROR', ...AUTH_ERRORS],
    access: { jobs: 'read', media: 'read' },
  },
  {
    method: 'GET',
    path: '/v1/jobs/{jobId}',
    handler: 'functions/api/get-job.ts',
    functionId: 'GetJobFunction',
    operationId: 'getJob',
    summary: 'Returns one job: status, progress, input and output (with fresh media URLs).',
    tag: 'Jobs',
    auth: 'api-key',
    params: jobIdParam,
    success: { status: 200, schema: jobRecord, description: 'The job.' },
    errors: ['NOT_FOUND', ...AUTH_ERRORS],
    access: { jobs: 'read', media: 'read' },
  },
  {
    method: 'POST',
    path: '/v1/jobs/{jobId}/cancel',
    handler: JOB_CONTROL.handler,
    functionId: JOB_CONTROL.functionId,
    operationId: 'cancelJob',
    summary:
      'Cancels a queued or processing job: its execution is stopped, it ends `canceled` and a `job.canceled` webhook is sent. Canceling a canceled job answers it again. The jobs made for it (those whose kit_job_id is its id) that are still queued or processing are canceled with it.',
    tag: 'Jobs',
    auth: 'api-key',
    params: jobIdParam,
    success: { status: 200, schema: jobRecord, description: 'The job, now canceled.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'JOB_NOT_CANCELABLE', ...IDEMPOTENCY_ERRORS, ...AUTH_ERRORS],
    access: JOB_CONTROL.access,
  },
  {
    method: 'DELETE',
    path: '/v1/jobs/{jobId}',
    handler: JOB_CONTROL.handler,
    functionId: JOB_CONTROL.functionId,
    operationId: 'deleteJob',
    summary:
      "Deletes a job and every job made from it (a kit's jobs, the edits and videos built on it): one still queued or processing is canceled first; then its media files, input, output, callback_metadata and events are erased, and a `job.deleted` event goes to the webhook endpoints. Usage records stay (nothing personal in them). Answers a receipt; deleting again is a 404.",
    tag: 'Jobs',
    auth: 'api-key',
    params: jobIdParam,
    success: { status: 200, schema: deletionReceipt, description: 'What was erased.' },
    errors: ['NOT_FOUND', ...AUTH_ERRORS],
    access: JOB_CONTROL.access,
  },
  {
    method: 'GET',
    path: '/v1/usage',
    handler: 'functions/api/get-usage.ts',
    functionId: 'GetUsageFunction',
    operationId: 'getUsage',
    summary:
      "The organization's usage in the key's mode, per day (UTC) and job type: completed jobs, billable units and, for live keys, the amount at the stage's rates, with totals per office. Failed and canceled jobs are not counted. Default range: the last 30 days; at most 366 days. A key bound to an office sees its office's usage only.",
    tag: 'Usage',
    auth: 'api-key',
    query: usageQuery,
    success: { status: 200, schema: usageReport, description: 'Usage over the range.' },
    errors: ['VALIDATION_ERROR', ...AUTH_ERRORS],
    access: { usage: true },
  },
  ...WEBHOOK_ROUTES,
  ...IMAGERY_SOURCE_ROUTES,
  ...BRAND_KIT_ROUTES,
  ...OFFICE_ROUTES,
  ...AUDIT_ROUTES,
  ...JOB_TYPE_SPECS.map(({ type, route }): RouteDefinition => jobRouteDefinition(type, route)),
  ...DASHBOARD_ROUTES,
  {
    method: 'GET',
    path: '/v1/openapi.json',
    handler: 'functions/api/openapi.ts',
    functionId: 'OpenApiFunction',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document (no API key needed).',
    tag: 'Meta',
    auth: 'none',
    success: { status: 200, description: 'The OpenAPI document.' },
    errors: ['INTERNAL_ERROR'],
    access: {},
  },
];

/**
 * The scope an API-key route needs (route-scopes.ts: the job routes' one, or the table's by method and
 * path); undefined for a route not called with a key (the dashboard's, the document), and for a keyed
 * route missing from the table, which the route-scope unit test refuses (at run time it needs admin).
 */
export function routeScope(
  route: Pick<RouteDefinition, 'method' | 'path' | 'auth' | 'job'>,
): ApiScope | undefined {
  if (route.auth !== 'api-key') return undefined;
  if (route.job) return JOB_ROUTE_SCOPE;
  return ROUTE_SCOPES[`${route.method} ${route.path}`];
}

/**
 * Every POST of the API (keyed routes) takes an Idempotency-Key header (24 h): the route's function gets
 * the idempotency table, and the OpenAPI document lists the header and its errors. The dashboard's own
 * POSTs are clicks in a page, not integrations that retry.
 */
export function takesIdempotencyKey(route: Pick<RouteDefinition, 'method' | 'auth'>): boolean {
  return route.method === 'POST' && route.auth === 'api-key';
}

/** The dashboard page (GET /dashboard and its assets): a static app, not part of the API document. */
export const DASHBOARD_PAGE = {
  paths: ['/dashboard', '/dashboard/{asset}'],
  handler: 'functions/api/dashboard/page.ts',
  functionId: 'DashboardPageFunction',
} as const;

/** The module that answers every request no route matches (404, or 405 with Allow). */
export const FALLBACK_HANDLER = {
  handler: 'functions/api/route-fallback.ts',
  functionId: 'RouteFallbackFunction',
} as const;

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

const PATTERNS = ROUTES.map((route) => ({ route, pattern: pathPattern(route.path) }));

/** The route of a method and an API Gateway resource path (event.resource). */
export function routeFor(method: string, resource: string): RouteDefinition | undefined {
  return ROUTES.find((route) => route.method === method && route.path === resource);
}

/** The greedy resources proxied routes are served through (each has an ANY method to its routes' function). */
export const PROXY_PATHS: readonly string[] = [
  ...new Set(ROUTES.flatMap((route) => (route.proxied ? [route.proxied] : []))),
];

/** The path's parameters by the route's names ({endpointId} …), or undefined when the path is not the route's. */
function paramsOf(route: RouteDefinition, path: string): Record<string, string> | undefined {
  const names = route.path.split('/');
  const parts = path.split('/');
  if (names.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const part = parts[i]!;
    const param = /^\{([^}]+)\}$/.exec(name)?.[1];
    if (param) {
      if (part === '') return undefined;
      try {
        params[param] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    } else if (name !== part) return undefined;
  }
  return params;
}

/**
 * The proxied route of a request that reached `proxy`: the most specific path that matches (a static
 * segment before a parameter, as API Gateway matches), then the method; `allowed` when only the method
 * is wrong; undefined when no proxied route has the path.
 */
export function proxiedRouteFor(
  proxy: string,
  method: string,
  rawPath: string,
): { route: RouteDefinition; params: Record<string, string> } | { allowed: string[] } | undefined {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const matches = ROUTES.filter((route) => route.proxied === proxy).flatMap((route) => {
    const params = paramsOf(route, path);
    return params ? [{ route, params, specificity: -(route.path.match(/\{/g)?.length ?? 0) }] : [];
  });
  if (matches.length === 0) return undefined;
  const best = Math.max(...matches.map((m) => m.specificity));
  const onPath = matches.filter((m) => m.specificity === best);
  const found = onPath.find((m) => m.route.method === method);
  return found ?? { allowed: [...new Set(onPath.map((m) => m.route.method))] };
}

/** The routes whose path matches, whatever their method. */
export function routesForPath(path: string): RouteDefinition[] {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATTERNS.filter(({ pattern }) => pattern.test(normalized)).map(({ route }) => route);
}
