// Every webhook endpoint and events route (webhook-routes.ts) and every imagery source route
// (imagery-source-routes.ts, handled in imagery-sources-api.ts), behind the one /v1/{proxy+} resource: the
// route is found here by method and path (a static segment before a parameter, as API Gateway matches),
// its path parameters are set as API Gateway would have, and the route's own pipeline runs. Any other
// path under /v1 that reaches this function is answered as the fallback answers it (404, or 405 with Allow).
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { exportAuditEvents, listAuditEvents } from '../core/audit/audit-log.ts';
import { apiErrors } from '../core/errors.ts';
import { requestId } from '../core/ids.ts';
import { apiLogContext, instrumented } from '../core/observability.ts';
import { getEvent, getRangeResend, listEvents, sendTestEvent } from '../core/use-cases/events.ts';
import { getEndpoint, listEndpoints } from '../core/webhooks/endpoints.ts';
import { apiPorts } from '../wiring/api.ts';
import { auditFilterOf, exportAuditEventsQuery, listAuditEventsQuery } from './audit-routes.ts';
import {
  auditedCreateEndpoint,
  auditedDeleteEndpoint,
  auditedResendEvent,
  auditedRotateEndpointSecret,
  auditedStartRangeResend,
  auditedUpdateEndpoint,
} from './audited.ts';
import { BRAND_KIT_OPERATIONS } from './brand-kits-api.ts';
import { type ApiHandler, apiRoute, errorResult, jsonLinesAnswer } from './http/api-route.ts';
import { IMAGERY_SOURCE_OPERATIONS } from './imagery-sources-api.ts';
import { OFFICE_OPERATIONS } from './offices-api.ts';
import { proxiedRouteFor, routesForPath } from './routes.ts';
import { WEBHOOKS_PROXY_PATH } from './webhook-routes.ts';
import {
  createEndpointBody,
  endpointIdParam,
  eventFilterOf,
  eventIdParam,
  listEventsQuery,
  noQuery,
  resendEventBody,
  resendEventsBody,
  resendIdParam,
  updateEndpointBody,
} from './webhook-schemas.ts';

const ok = (data: unknown, status = 200) => ({ status, data });
const endpoints = () => apiPorts().webhooks.endpoints;
const events = () => apiPorts().webhooks.events;

/** The handlers by operation id (the route table names them). */
const OPERATIONS: Record<string, () => ApiHandler> = {
  createWebhookEndpoint: () =>
    apiRoute(
      { body: createEndpointBody, idempotent: true },
      async ({ body, tenant, audit, office }) =>
        ok(await auditedCreateEndpoint(audit, tenant, body, office), 201),
      apiPorts,
    ),
  listWebhookEndpoints: () =>
    apiRoute(
      { query: noQuery, readOnly: true },
      async ({ tenant, office }) => ok({ endpoints: await listEndpoints(endpoints(), tenant, office) }),
      apiPorts,
    ),
  getWebhookEndpoint: () =>
    apiRoute(
      { params: endpointIdParam, readOnly: true },
      async ({ params, tenant, office }) =>
        ok(await getEndpoint(endpoints(), tenant, params.endpointId, office)),
      apiPorts,
    ),
  updateWebhookEndpoint: () =>
    apiRoute(
      { params: endpointIdParam, body: updateEndpointBody },
      async ({ params, body, tenant, audit, office }) =>
        ok(await auditedUpdateEndpoint(audit, tenant, params.endpointId, body, office)),
      apiPorts,
    ),
  deleteWebhookEndpoint: () =>
    apiRoute(
      { params: endpointIdParam },
      async ({ params, tenant, audit, office }) =>
        ok(await auditedDeleteEndpoint(audit, tenant, params.endpointId, office)),
      apiPorts,
    ),
  rotateWebhookEndpointSecret: () =>
    apiRoute(
      { params: endpointIdParam, idempotent: true },
      async ({ params, tenant, audit, office }) =>
        ok(await auditedRotateEndpointSecret(audit, tenant, params.endpointId, office)),
      apiPorts,
    ),
  testWebhookEndpoint: () =>
    apiRoute(
      { params: endpointIdParam, idempotent: true },
      async ({ params, tenant, office }) =>
        ok(await sendTestEvent(events(), tenant, params.endpointId, office), 202),
      apiPorts,
    ),
  listEvents: () =>
    apiRoute(
      { query: listEventsQuery, readOnly: true },
      async ({ query, tenant, office }) =>
        ok(await listEvents(events(), tenant, eventFilterOf(query), office)),
      apiPorts,
    ),
  getEvent: () =>
    apiRoute(
      { params: eventIdParam, readOnly: true },
      async ({ params, tenant, office }) => ok(await getEvent(events(), tenant, params.eventId, office)),
      apiPorts,
    ),
  resendEvent: () =>
    apiRoute(
      { params: eventIdParam, body: resendEventBody, idempotent: true },
      async ({ params, body, tenant, audit, office }) =>
        ok(await auditedResendEvent(audit, tenant, params.eventId, body, office), 202),
      apiPorts,
    ),
  resendEvents: () =>
    apiRoute(
      { body: resendEventsBody, idempotent: true },
      async ({ body, tenant, audit, office }) =>
        ok(await auditedStartRangeResend(audit, tenant, body, office), 202),
      apiPorts,
    ),
  getEventResend: () =>
    apiRoute(
      { params: resendIdParam, readOnly: true },
      async ({ params, tenant, office }) =>
        ok(await getRangeResend(events(), tenant, params.resendId, office)),
      apiPorts,
    ),
  ...IMAGERY_SOURCE_OPERATIONS,
  ...BRAND_KIT_OPERATIONS,
  ...OFFICE_OPERATIONS,
  listAuditEvents: () =>
    apiRoute(
      { query: listAuditEventsQuery, readOnly: true },
      async ({ query, tenant, office }) => {
        const filter = auditFilterOf(query, office);
        return ok(
          filter === 'none'
            ? {
                audit_events: [],
                pagination: { limit: query.limit, count: 0, has_more: false, next_cursor: null },
              }
            : await listAuditEvents(apiPorts().audit, tenant, filter),
        );
      },
      apiPorts,
    ),
  exportAuditEvents: () =>
    apiRoute(
      { query: exportAuditEventsQuery, readOnly: true },
      async ({ query, tenant, office }) => {
        const filter = auditFilterOf(query, office);
        if (filter === 'none') return jsonLinesAnswer({ jsonLines: '', nextCursor: null });
        const { limit: _, ...rest } = filter;
        return jsonLinesAnswer(await exportAuditEvents(apiPorts().audit, tenant, rest));
      },
      apiPorts,
    ),
};

const pipelines = new Map<string, ApiHandler>();

async function webhooksApi(event: APIGatewayProxyEvent, context: Context) {
  const method = (event.httpMethod || 'GET').toUpperCase();
  const path = event.path || '/';
  const matched = proxiedRouteFor(WEBHOOKS_PROXY_PATH, method, path);
  if (!matched || 'allowed' in matched) {
    // A /v1 path no other resource took: the fallback's answer (this function serves /v1/{proxy+}).
    const allowed = matched?.allowed ?? [...new Set(routesForPath(path).map((r) => r.method))];
    const state = {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    };
    return errorResult(
      allowed.length > 0
        ? apiErrors.methodNotAllowed(method, path, allowed)
        : apiErrors.routeNotFound(method, path),
      state,
    );
  }
  const { route, params } = matched;
  let pipeline = pipelines.get(route.operationId);
  if (!pipeline) {
    pipeline = OPERATIONS[route.operationId]!();
    pipelines.set(route.operationId, pipeline);
  }
  return pipeline(
    { ...event, resource: route.path, pathParameters: Object.keys(params).length > 0 ? params : null },
    context,
  );
}

export const handler = instrumented('webhooksApi', webhooksApi, apiLogContext);
