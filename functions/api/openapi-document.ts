// The OpenAPI 3.1 document, generated from the route table and the zod schemas (JSON Schema 2020-12 is
// OpenAPI 3.1's own dialect), so the document cannot disagree with what the handlers validate.
import { z } from 'zod';
import { API_SCOPES, type ApiScope, SCOPE_DESCRIPTIONS } from '../core/auth/scopes.ts';
import { ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from '../core/errors.ts';
import { JOB_STATUSES } from '../core/jobs/job-types.ts';
import { webhookEvents } from '../core/schemas/webhooks.ts';
import { JOB_TYPE_SPECS, jobTypeSpec } from '../jobs/registry.ts';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RULE,
} from './http/idempotency.ts';
import { jobOutput } from './job-schemas.ts';
import { JSON_LINES } from './route-definition.ts';
import { type RouteDefinition, routeScope, takesIdempotencyKey } from './routes.ts';

type JsonSchema = Record<string, unknown>;

/** Schemas with a zod `id` land in components.schemas (filled while the document is built). */
let components: Record<string, JsonSchema> = {};

function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string'
        ? v.replace('#/$defs/', '#/components/schemas/')
        : pointRefsAtComponents(v),
    ]),
  );
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const {
    $schema: _ignored,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, def] of Object.entries($defs ?? {})) {
    components[id] = pointRefsAtComponents(def) as JsonSchema;
  }
  return pointRefsAtComponents(rest) as JsonSchema;
}

const WEBHOOK_DELIVERY = [
  "Sent to the webhook_url of the request (when its `webhook_events` want the type), signed per the Standard Webhooks specification with the organization secret (`whsec_…`, shown and rotated with `npm run keys -- webhook-secret`); and to every enabled webhook endpoint of the organization and mode whose `enabled_events` want it (POST /v1/webhook-endpoints), signed with that endpoint's own secret. Each receiver is attempted and retried on its own.",
  'Verify with any Standard Webhooks library: HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`; during a secret rotation two signatures are sent for 24 hours.',
  "A 2xx within 10 s is success; 410 stops; anything else is retried immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (with jitter, honouring Retry-After); after that the event goes to a dead-letter queue. Redirects are not followed. Every attempt is listed on the event (GET /v1/events/{eventId}), and the webhook_url's in the job's `webhook.attempts`. A resend (POST /v1/events/{eventId}/resend) carries the same webhook-id.",
].join('\n\n');

const WEBHOOK_SECURITY =
  'The receiver is not called with an API key and needs none: it authenticates each delivery by its Standard Webhooks signature (the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers), verified with the organization secret. OpenAPI has no security scheme for a signed request, so this operation declares none (`security: []`).';

const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Event id, stable across retries.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret.',
    schema: { type: 'string' },
  },
];

// Every answer of an API-key route that passed the rate limit carries them, so they are required.
const RATE_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute for this key.',
    required: true,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current minute.',
    required: true,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time (seconds) at which the current window ends.',
    required: true,
    schema: { type: 'integer' },
  },
};

const requestMeta = {
  request_id: { type: 'string', pattern: '^req_[0-9a-f]+$' },
  timestamp: { type: 'string', format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' },
};

/** The `meta` of an API-key route's answer: the key decides the mode. */
const META = {
  type: 'object',
  description: 'About this answer: its request id, when it was made and the mode of the API key.',
  required: ['request_id', 'timestamp', 'mode'],
  properties: {
    ...requestMeta,
    mode: { type: 'string', enum: ['test', 'live'], description: 'Set by the API key prefix.' },
  },
};

/**
 * The `meta` of a dashboard answer. A dashboard session belongs to an organization, not to a mode (the
 * dashboard shows test and live side by side), so there is no `mode`: the routes that read one mode's
 * data take it in the query, and their data says it (`mode` of a job, of the usage report).
 */
const DASHBOARD_META = {
  type: 'object',
  description:
    'About this answer: its request id and when it was made. A dashboard session is not bound to a mode, so there is no `mode` here.',
  required: ['request_id', 'timestamp'],
  properties: requestMeta,
};

const errorBody = {
  type: 'object',
  required: ['error', 'meta'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        details: {
          type: 'array',
          description: 'VALIDATION_ERROR only: one entry per problem.',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['request_id', 'timestamp'],
      properties: { request_id: { type: 'string' }, timestamp: { type: 'string', format: 'date-time' } },
    },
  },
};

/** Retry-After: on every 429, and on the 409 of a request still in progress. */
function retryAfter(status: number, codes: readonly ErrorCode[]): Record<string, unknown> | undefined {
  const always = status === 429;
  if (!always && !codes.includes('IDEMPOTENCY_IN_PROGRESS')) return undefined;
  return {
    'Retry-After': {
      description: always ? 'Seconds to wait.' : 'With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait.',
      required: always,
      schema: { type: 'integer' },
    },
  };
}

function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join('\n\n'),
      headers: retryAfter(status, list),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

function queryParameters(schema: z.ZodType): unknown[] {
  const json = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    description: property.description,
    schema: property,
  }));
}

/** The path's parameters, with the schema the route validates them with. */
function pathParameters(route: RouteDefinition): unknown[] {
  const properties =
    (route.params && (jsonSchema(route.params, 'input').properties as Record<string, JsonSchema>)) ?? {};
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const { description, ...schema } = properties[name!] ?? { type: 'string' };
    return { name, in: 'path', required: true, description, schema };
  });
}

/**
 * Every error a route can answer: the ones its handler names, the ones its schemas imply (a path
 * parameter over its length limit is a 400), and the gateway's own (bad escapes, oversized bodies or
 * headers), which any route can meet.
 */
function answerableErrors(route: RouteDefinition): ErrorCode[] {
  const codes: ErrorCode[] = [...route.errors, 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'HEADERS_TOO_LARGE'];
  if (route.auth !== 'none') codes.push('UNAUTHORIZED');
  if (route.params || route.query || route.body) codes.push('VALIDATION_ERROR');
  if (route.body) codes.push('INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE');
  if (route.errors.includes('JOB_NOT_READY')) codes.push('PARENT_JOB_FAILED', 'PARENT_MEDIA_EXPIRED');
  return codes;
}

/** The Idempotency-Key request header of every POST (see api/http/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Makes a retried POST safe: ${IDEMPOTENCY_KEY_RULE} For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with \`Idempotent-Replayed: true\`) instead of creating another job. The same key with another request is a 409 \`IDEMPOTENCY_CONFLICT\`; while the first request is still being processed it is a 409 \`IDEMPOTENCY_IN_PROGRESS\` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again.`,
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
  },
};

const REPLAYED_HEADER = {
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const AUTHENTICATION: Record<RouteDefinition['auth'], string> = {
  'api-key':
    "Authenticated with an API key (X-API-Key). Sees and creates only the jobs of the key's organization and mode (`meta.mode`), and counts against the key's rate limit (the X-RateLimit-* headers).",
  session:
    'Authenticated with a developer dashboard session (`Authorization: Bearer …`), never with an API key, and scoped to the signed-in organization. A session is not bound to a mode, so `meta` has no `mode`.',
  none: 'Public: no authentication.',
};

/** The sentence that says which scope a keyed route needs. */
function scopeSentence(scope: ApiScope): string {
  const also = scope === 'admin' ? '' : ' (or `admin`, which holds every scope)';
  return `Needs the \`${scope}\` scope${also}: a key without it is answered 403 \`INSUFFICIENT_SCOPE\`.`;
}

/** What an operation does, in full: what it answers, for whom, and how it is called. */
function operationDescription(route: RouteDefinition): string {
  const scope = routeScope(route);
  const jobType = route.access.startsJob;
  const job = jobType && [
    `The \`${jobType}\` job: ${jobTypeSpec(jobType).description} The schema of its output is \`x-job-types.${jobType}.output\`.`,
    "Answers 202 with the job's id at once; the work runs asynchronously. Follow the job with GET /v1/jobs/{jobId} until its status is final, or with the webhooks sent to the request's `webhook_url`.",
  ];
  return [
    route.summary,
    ...(job ?? []),
    AUTHENTICATION[route.auth],
    ...(scope ? [scopeSentence(scope)] : []),
    ...(takesIdempotencyKey(route)
      ? ['Takes an Idempotency-Key header, so that a retried request creates nothing twice.']
      : []),
  ].join('\n\n');
}

const NEXT_CURSOR_HEADER = {
  'X-Next-Cursor': {
    description:
      'Present when the answer stopped at its size limit: pass it as starting_after, with the same filters, for the rest.',
    schema: { type: 'string' },
  },
};

/** The `data` + `meta` envelope of a success answer. */
function successBody(route: RouteDefinition): JsonSchema {
  if (!route.success.schema) return { type: 'object' };
  return {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: jsonSchema(route.success.schema, 'output'),
      meta: { $ref: `#/components/schemas/${route.auth === 'api-key' ? 'Meta' : 'DashboardMeta'}` },
    },
  };
}

function operation(route: RouteDefinition): Record<string, unknown> {
  const success = route.success;
  const idempotent = takesIdempotencyKey(route);
  const scope = routeScope(route);
  return {
    operationId: route.operationId,
    ...(scope ? { 'x-required-scope': scope } : {}),
    summary: route.summary,
    description: operationDescription(route),
    tags: [route.tag],
    security:
      route.auth === 'none' ? [] : [route.auth === 'api-key' ? { ApiKey: [] } : { DashboardSession: [] }],
    parameters: [
      ...pathParameters(route),
      ...(route.query ? queryParameters(route.query) : []),
      ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ],
    requestBody: route.body
      ? {
          required: true,
          content: {
            'application/json': {
              schema: jsonSchema(route.body, 'input'),
              ...(route.example === undefined ? {} : { example: route.example }),
            },
          },
        }
      : undefined,
    responses: {
      [String(success.status)]: {
        description: success.description,
        headers:
          route.auth === 'api-key'
            ? {
                ...RATE_HEADERS,
                ...(idempotent ? REPLAYED_HEADER : {}),
                ...(success.jsonLines ? NEXT_CURSOR_HEADER : {}),
              }
            : undefined,
        content: success.jsonLines
          ? { [JSON_LINES]: { schema: success.schema ? jsonSchema(success.schema, 'output') : {} } }
          : { 'application/json': { schema: successBody(route) } },
      },
      ...errorResponses(answerableErrors(route)),
    },
  };
}

/** The tags of the API's own routes; a job kind's tag is described by its kinds. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Jobs: 'The jobs every generating route creates, whatever their kind: list them, read one (status, progress, output with fresh media URLs, webhook attempts) and cancel one.',
  Webhooks:
    "Webhook endpoints (each with its own signing secret and event filter; every job event of the organization and mode goes to each enabled endpoint that wants it, besides the request's webhook_url) and the event log: every event of the last 30 days with each delivery attempt, and resends that keep the event's webhook-id.",
  'Imagery sources':
    "An organization's own imagery subscriptions (Nearmap, MetroMap, any XYZ tile, WMS 1.3.0 or ArcGIS REST export service it is licensed for), registered once per mode with the licence it holds and its key. The organization's address-only markups and frontage detections try them before the stage's sources, in the order registered, wherever a source's coverage holds the property and its licence allows what the request asks; `imagery.source` says which served. The key is kept as a secret: never shown again, never logged, sent only to its source for this organization's jobs.",
  'Brand kits':
    "An organization's branding kept once per mode (needs a `brand:manage` key): name, logo, colours (checked as the slides check them), fonts, agency and agent details with their licence numbers, a disclaimer. The logo and the agent's photo are downloaded once and kept, so a URL that later dies breaks nothing. Brochure slides, listing kits and branded videos take `brand_kit_id` instead of inline branding (a field given inline wins, `disclaimer` and the licence numbers included): the slides and a video's end card draw the licence numbers beside the agency and agent and the disclaimer as small print at their foot; the job records the kit's version at submission, so editing a kit never changes a job's media.",
  Offices:
    "An organization's offices (a franchise group's branches), per mode: each job, event, usage record and webhook endpoint may belong to one (`office_id`). A key bound to an office sees and makes only its office's; another office's job, event or endpoint is a 404, as another organization's. Needs an `admin` key.",
  'Audit log':
    "Who changed what in the organization's setup (API keys, webhook endpoints, imagery sources, brand kits, job deletions, resends), kept 1 year and never edited. Needs an `admin` key.",
  Usage:
    "Metered usage: completed jobs and billable units per UTC day and job type, with amounts at the stage's live rates.",
  Dashboard:
    "The developer dashboard's own API, which the page at GET /dashboard calls: sign-in, API keys, the webhook signing secret, offices, brand kits, and the jobs and usage of the signed-in organization. Authenticated with a dashboard session, not with an API key.",
  Meta: 'This document.',
};

function tagDescription(tag: string): string | undefined {
  const kinds = JOB_TYPE_SPECS.filter((spec) => spec.route.tag === tag);
  if (kinds.length === 0) return TAG_DESCRIPTIONS[tag];
  return kinds
    .map(({ type, route, description }) => `\`${type}\` jobs (${route.method} ${route.path}): ${description}`)
    .join('\n\n');
}

/** `job.completed` → `jobCompletedWebhook`. */
function webhookOperationId(eventType: string): string {
  return `${eventType.replace(/[._](\w)/g, (_m, c: string) => c.toUpperCase())}Webhook`;
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[]): Record<string, unknown> {
  components = {};
  const jobTypes = Object.fromEntries(
    JOB_TYPE_SPECS.map(({ type, route, description, output }) => [
      type,
      {
        endpoint: `${route.method} ${route.path}`,
        description,
        output: jsonSchema(output, 'output'),
      },
    ]),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Property Media Generation Service',
      version: '1.0.0',
      description: [
        'Asynchronous API that turns Australian property addresses into marketing media.',
        'Every generating request answers 202 with a job; poll GET /v1/jobs/{jobId} until its status is `completed`, `failed` or `canceled`.',
        `Job statuses: ${JOB_STATUSES.join(', ')} (queued → processing → completed | failed; a queued or processing job can be canceled with POST /v1/jobs/{jobId}/cancel).`,
        'Every POST takes an optional Idempotency-Key header: a retry with the same key and request within 24 hours answers the first answer again instead of creating a second job.',
        'Authenticate with the X-API-Key header: `svc_test_…` keys see test jobs only, `svc_live_…` keys live jobs only.',
        `A key carries scopes, and each operation needs one (its \`x-required-scope\`); a request outside the key's scopes is a 403 \`INSUFFICIENT_SCOPE\` naming the scope it needed. Scopes: ${API_SCOPES.map((scope) => `\`${scope}\` (${SCOPE_DESCRIPTIONS[scope]})`).join(', ')}. \`admin\` implies every other scope; keys made before scopes have every scope.`,
        'Rate limits are per key (test keys 10/min; live keys 60/min unless the organization has another plan); every authenticated response carries X-RateLimit-* headers.',
        'Request bodies are JSON objects of at most 1 MiB; unknown fields are rejected.',
      ].join('\n\n'),
      // The project's code is private (README, Licences); there is no public support address.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Property Media Generation Service team' },
    },
    servers: [{ url: '/', description: 'This deployment' }],
    // Every route's tag, once, in route order (the job kinds' tags come from the registry).
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({
      name,
      description: tagDescription(name),
    })),
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        DashboardSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The developer dashboard (GET /dashboard): a Cognito ID token on deployed stages, a session from POST /v1/dashboard/sessions on the local stack.',
        },
      },
      schemas: { Error: errorBody, Meta: META, DashboardMeta: DASHBOARD_META, ...components },
    },
    webhooks: Object.fromEntries(
      Object.entries(webhookEvents(jobOutput)).map(([type, schema]) => [
        type,
        {
          post: {
            operationId: webhookOperationId(type),
            summary: schema.description,
            description: `${WEBHOOK_DELIVERY}\n\n${WEBHOOK_SECURITY}`,
            security: [],
            parameters: WEBHOOK_HEADERS,
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
            },
            responses: {
              '200': {
                description:
                  'Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it.',
              },
            },
          },
        },
      ]),
    ),
    'x-job-types': jobTypes,
    'x-error-codes': Object.fromEntries(
      (Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => [
        code,
        { status: ERROR_STATUS[code], description: ERROR_DESCRIPTIONS[code] },
      ]),
    ),
  };
}
