// Every public route, once: the CDK app builds API Gateway resources, functions and grants from this
// table, the local gateway routes by it, the fallback handler answers 404/405 from it, and the OpenAPI
// document is generated from it. Handler modules are named, not imported, so reading the table is cheap.
import type { z } from 'zod';
import type { ErrorCode } from '../core/errors.ts';
import type { JobType } from '../core/jobs/job-types.ts';
import { jobIdParam } from '../core/schemas/common.ts';
import { frontageDetectRequest, frontageEditRequest } from '../core/schemas/frontage.ts';
import { jobAccepted, jobPage, jobRecord, listJobsQuery } from '../core/schemas/jobs.ts';
import { markupEditRequest, markupGenerateRequest, markupVideoRequest } from '../core/schemas/markup.ts';

export type HttpMethod = 'GET' | 'POST';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: /v1/jobs/{jobId} */
  readonly path: string;
  /** Handler module, relative to the project root; it exports `handler`. */
  readonly handler: string;
  /** Construct id of the route's function (a contract: changing it replaces the function). */
  readonly functionId: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly success: { readonly status: 200 | 202; readonly schema?: z.ZodType; readonly description: string };
  readonly errors: readonly ErrorCode[];
  /** What the function may touch; the CDK app grants exactly this. */
  readonly access: {
    readonly jobs?: 'read' | 'write';
    readonly media?: 'read';
    readonly startsJob?: JobType;
  };
}

const AUTH_ERRORS: readonly ErrorCode[] = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
];
const BODY_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URL_NOT_ALLOWED',
];

export const ROUTES: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/v1/jobs',
    handler: 'functions/api/list-jobs.ts',
    functionId: 'ListJobsFunction',
    operationId: 'listJobs',
    summary: "Lists the organization's jobs in the key's mode, newest first.",
    tag: 'Jobs',
    auth: true,
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
    auth: true,
    params: jobIdParam,
    success: { status: 200, schema: jobRecord, description: 'The job.' },
    errors: ['NOT_FOUND', ...AUTH_ERRORS],
    access: { jobs: 'read', media: 'read' },
  },
  {
    method: 'POST',
    path: '/v1/property-frontage/detect',
    handler: 'functions/api/frontage-detect.ts',
    functionId: 'FrontageDetectFunction',
    operationId: 'detectFrontage',
    summary: 'Detects the compass bearing the property front faces; creates a frontage_detection job.',
    tag: 'Property frontage',
    auth: true,
    body: frontageDetectRequest,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    errors: [...BODY_ERRORS, ...AUTH_ERRORS],
    access: { jobs: 'write', startsJob: 'frontage_detection' },
  },
  {
    method: 'POST',
    path: '/v1/property-frontage/jobs/{jobId}/edit',
    handler: 'functions/api/frontage-edit.ts',
    functionId: 'FrontageEditFunction',
    operationId: 'editFrontage',
    summary: 'Regenerates a completed frontage detection at a new bearing; creates a frontage_edit job.',
    tag: 'Property frontage',
    auth: true,
    params: jobIdParam,
    body: frontageEditRequest,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'JOB_NOT_READY', 'INVALID_PARENT_JOB', ...AUTH_ERRORS],
    access: { jobs: 'write', startsJob: 'frontage_edit' },
  },
  {
    method: 'POST',
    path: '/v2/markup/generate',
    handler: 'functions/api/markup-generate.ts',
    functionId: 'MarkupGenerateFunction',
    operationId: 'generateMarkup',
    summary:
      'Renders a 3840x2160 aerial of the property, ready for boundary annotation; creates a markup_v2 job.',
    tag: 'Markup V2',
    auth: true,
    body: markupGenerateRequest,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    errors: [...BODY_ERRORS, ...AUTH_ERRORS],
    access: { jobs: 'write', startsJob: 'markup_v2' },
  },
  {
    method: 'POST',
    path: '/v2/markup/jobs/{jobId}/edit',
    handler: 'functions/api/markup-edit.ts',
    functionId: 'MarkupEditFunction',
    operationId: 'editMarkup',
    summary:
      'Composites a boundary (outline, blur or darken) and text annotations onto a completed markup_v2; creates a markup_v2_edit job.',
    tag: 'Markup V2',
    auth: true,
    params: jobIdParam,
    body: markupEditRequest,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'JOB_NOT_READY', 'INVALID_PARENT_JOB', ...AUTH_ERRORS],
    access: { jobs: 'write', startsJob: 'markup_v2_edit' },
  },
  {
    method: 'POST',
    path: '/v2/markup/jobs/{jobId}/video',
    handler: 'functions/api/markup-video.ts',
    functionId: 'MarkupVideoFunction',
    operationId: 'renderMarkupVideo',
    summary:
      "Renders the reveal video of a markup edit (or of a markup's latest completed edit); creates a markup_v2_video job.",
    tag: 'Markup V2',
    auth: true,
    params: jobIdParam,
    body: markupVideoRequest,
    success: { status: 202, schema: jobAccepted, description: 'Job accepted.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'JOB_NOT_READY', 'INVALID_PARENT_JOB', ...AUTH_ERRORS],
    access: { jobs: 'write', startsJob: 'markup_v2_video' },
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    handler: 'functions/api/openapi.ts',
    functionId: 'OpenApiFunction',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document (no API key needed).',
    tag: 'Meta',
    auth: false,
    success: { status: 200, description: 'The OpenAPI document.' },
    errors: ['INTERNAL_ERROR'],
    access: {},
  },
];

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

/** The routes whose path matches, whatever their method. */
export function routesForPath(path: string): RouteDefinition[] {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATTERNS.filter(({ pattern }) => pattern.test(normalized)).map(({ route }) => route);
}
