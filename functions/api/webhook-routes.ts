// Webhook endpoints and events: every route is served by one function through one API Gateway resource,
// /v1/{proxy+} (ANY), rather than a method per route: the service stack is close to CloudFormation's
// 500 resources, and these nine routes would otherwise cost about forty. The function routes by method
// and path itself (webhooks-api.ts), answering 404/405 as the fallback does for any other /v1 path.
import type { RouteDefinition } from './route-definition.ts';
import { AUTH_ERRORS, BODY_ERRORS, IDEMPOTENCY_ERRORS } from './route-errors.ts';
import {
  createEndpointBody,
  deletedEndpoint,
  endpointIdParam,
  eventIdParam,
  eventPage,
  eventRecord,
  listEventsQuery,
  noQuery,
  resendEventAnswer,
  resendEventBody,
  resendEventsAnswer,
  resendEventsBody,
  resendIdParam,
  testEventAnswer,
  updatedEndpoint,
  updateEndpointBody,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointWithSecret,
} from './webhook-schemas.ts';

const WEBHOOKS_HANDLER = 'functions/api/webhooks-api.ts';
export const WEBHOOKS_API_FUNCTION_ID = 'WebhooksApiFunction';
/** The one API Gateway resource these routes are served through. */
export const WEBHOOKS_PROXY_PATH = '/v1/{proxy+}';
/**
 * Endpoints (accounts table), the event log, jobs (to find an event's receivers), the webhook queue, and
 * the media bucket (brand kits keep their logo and photo there: brand-kit-routes.ts).
 */
const WEBHOOKS_ACCESS = { jobs: 'read', events: 'write', jobEvents: true, media: 'write' } as const;

type WebhookRoute = Omit<RouteDefinition, 'handler' | 'auth' | 'functionId' | 'access' | 'proxied'>;

const route = (definition: WebhookRoute): RouteDefinition => ({
  ...definition,
  handler: WEBHOOKS_HANDLER,
  functionId: WEBHOOKS_API_FUNCTION_ID,
  access: WEBHOOKS_ACCESS,
  auth: 'api-key',
  proxied: WEBHOOKS_PROXY_PATH,
  errors: [...definition.errors, ...(definition.method === 'POST' ? IDEMPOTENCY_ERRORS : []), ...AUTH_ERRORS],
});

/** A route of the proxied function: the imagery sources' routes (imagery-source-routes.ts) are made with it too. */
export const proxiedApiRoute = route;

const ENDPOINT = '/v1/webhook-endpoints/{endpointId}';

export const WEBHOOK_ROUTES: readonly RouteDefinition[] = [
  route({
    method: 'POST',
    path: '/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    summary:
      "Registers a webhook endpoint for the key's organization and mode: every job event whose type is in enabled_events goes to it, signed with its own secret. The answer carries the secret, once.",
    tag: 'Webhooks',
    body: createEndpointBody,
    example: {
      url: 'https://crm.example.com/hooks/property-media',
      enabled_events: ['job.completed', 'job.failed'],
      description: 'CRM listing sync',
    },
    success: { status: 201, schema: webhookEndpointWithSecret, description: 'The endpoint and its secret.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'WEBHOOK_ENDPOINT_LIMIT', 'NOT_FOUND'],
  }),
  route({
    method: 'GET',
    path: '/v1/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    summary: "The organization's webhook endpoints in the key's mode (never their secrets).",
    tag: 'Webhooks',
    query: noQuery,
    success: { status: 200, schema: webhookEndpointList, description: 'The endpoints.' },
    errors: ['VALIDATION_ERROR'],
  }),
  route({
    method: 'GET',
    path: ENDPOINT,
    operationId: 'getWebhookEndpoint',
    summary: 'One webhook endpoint (never its secret).',
    tag: 'Webhooks',
    params: endpointIdParam,
    success: { status: 200, schema: webhookEndpoint, description: 'The endpoint.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'PATCH',
    path: ENDPOINT,
    operationId: 'updateWebhookEndpoint',
    summary:
      'Changes an endpoint: url, enabled_events, description, enabled (the fields given). Enabling a disabled endpoint answers `replay`: what it failed or missed while disabled, and the POST /v1/events/resend that replays it.',
    tag: 'Webhooks',
    params: endpointIdParam,
    body: updateEndpointBody,
    success: { status: 200, schema: updatedEndpoint, description: 'The endpoint as changed.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND'],
  }),
  route({
    method: 'DELETE',
    path: ENDPOINT,
    operationId: 'deleteWebhookEndpoint',
    summary: 'Deletes an endpoint: nothing more is sent to it, retries included.',
    tag: 'Webhooks',
    params: endpointIdParam,
    success: { status: 200, schema: deletedEndpoint, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'POST',
    path: `${ENDPOINT}/rotate-secret`,
    operationId: 'rotateWebhookEndpointSecret',
    summary:
      'A new signing secret for the endpoint, shown once in the answer. The previous secret keeps signing for 24 hours: each delivery then carries two signatures (Standard Webhooks), so the receiver can switch over.',
    tag: 'Webhooks',
    params: endpointIdParam,
    success: {
      status: 200,
      schema: webhookEndpointWithSecret,
      description: 'The endpoint and its new secret.',
    },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'POST',
    path: `${ENDPOINT}/test`,
    operationId: 'testWebhookEndpoint',
    summary:
      'Sends a `ping` event to the endpoint (enabled or not), signed and retried like any event, and recorded in GET /v1/events.',
    tag: 'Webhooks',
    params: endpointIdParam,
    success: { status: 202, schema: testEventAnswer, description: 'The ping is queued.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'GET',
    path: '/v1/events',
    operationId: 'listEvents',
    summary:
      "The organization's events in the key's mode, newest first (kept 30 days): every job event, and endpoint pings, with whether their receivers have them.",
    tag: 'Webhooks',
    query: listEventsQuery,
    success: { status: 200, schema: eventPage, description: 'A page of events.' },
    errors: ['VALIDATION_ERROR'],
  }),
  route({
    method: 'POST',
    path: '/v1/events/resend',
    operationId: 'resendEvents',
    summary:
      'Resends the events created in a range, by default only to the receivers whose latest attempt failed: accepted at once as a resend of its own (202, with the events and deliveries it will send: at most 500 events and 1,000 deliveries, `has_more` when the range held more), sent in the background (GET /v1/event-resends/{resendId}). Each keeps its webhook-id; each delivery is one attempt, recorded on its event. At most 2 range resends of an organization and mode are sent at once (429 RESEND_LIMITED beyond, with Retry-After); the same request while one like it is being sent answers that one.',
    tag: 'Webhooks',
    body: resendEventsBody,
    example: { created_from: '2026-11-29T00:00:00Z', created_to: '2026-11-29T23:59:59Z', failed_only: true },
    success: { status: 202, schema: resendEventsAnswer, description: 'The resend, accepted.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'RESEND_LIMITED'],
  }),
  route({
    method: 'GET',
    path: '/v1/event-resends/{resendId}',
    operationId: 'getEventResend',
    summary: 'A range resend: its events and deliveries, how many are queued, and whether it is completed.',
    tag: 'Webhooks',
    params: resendIdParam,
    success: { status: 200, schema: resendEventsAnswer, description: 'The resend.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'GET',
    path: '/v1/events/{eventId}',
    operationId: 'getEvent',
    summary:
      'One event with every delivery attempt to every receiver: time, status, duration, the first 1 KB of the answer, error.',
    tag: 'Webhooks',
    params: eventIdParam,
    success: { status: 200, schema: eventRecord, description: 'The event.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  route({
    method: 'POST',
    path: '/v1/events/{eventId}/resend',
    operationId: 'resendEvent',
    summary:
      'Sends the event again (same webhook-id, so receivers de-duplicate it) to one endpoint, or to every receiver that wants it now. One attempt each, recorded on the event. One event is resent to one receiver at most once a minute (429 RESEND_LIMITED, with Retry-After).',
    tag: 'Webhooks',
    params: eventIdParam,
    body: resendEventBody,
    success: { status: 202, schema: resendEventAnswer, description: 'The resend is queued.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'RESEND_LIMITED'],
  }),
];
