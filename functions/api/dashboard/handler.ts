// Every /v1/dashboard/* route: each is its own function (as every route is), all built from this module,
// which finds its route by method and resource path and runs that route's use case for the signed-in
// organization.

import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiErrors } from '../../core/errors.ts';
import { requestId } from '../../core/ids.ts';
import { apiLogContext, instrumented } from '../../core/observability.ts';
import {
  createDashboardKey,
  dashboardWebhookSecrets,
  listDashboardKeys,
  revokeDashboardKey,
  rotateDashboardKey,
  rotateDashboardWebhookSecret,
  signInWithToken,
} from '../../core/use-cases/dashboard.ts';
import { getJob, listJobs } from '../../core/use-cases/jobs.ts';
import { getUsage } from '../../core/use-cases/usage.ts';
import { type ApiHandler, errorResult } from '../http/api-route.ts';
import { dashboardAuth, dashboardKeyAdmin, dashboardSessions } from '../http/dashboard-services.ts';
import { authSettings, jobPorts, usageServices } from '../http/services.ts';
import { publicRoute, sessionRoute } from '../http/session-route.ts';
import { routeFor } from '../routes.ts';
import {
  createKeyBody,
  dashboardJobParams,
  dashboardJobQuery,
  dashboardJobsQuery,
  keyIdParam,
  signInBody,
  usageQuery,
} from './schemas.ts';

const ok = (data: unknown, status = 200) => ({ status, data });

/** The handlers by operation id (the route table names them). */
const OPERATIONS: Record<string, () => ApiHandler> = {
  dashboardSignIn: () =>
    publicRoute({ body: signInBody }, async ({ body }) => {
      if (dashboardAuth() !== 'sign-in-link') {
        throw apiErrors.forbidden('This stage signs in to the dashboard with its Cognito user pool.');
      }
      return ok(await signInWithToken(dashboardSessions(), body.token), 201);
    }),
  dashboardSignOut: () =>
    sessionRoute({}, async ({ sessionToken }) => {
      if (sessionToken) await dashboardSessions().end(sessionToken);
      return ok({ signed_out: true });
    }),
  dashboardAccount: () =>
    sessionRoute({}, async ({ orgId }) =>
      ok({
        organization_id: orgId,
        modes: authSettings().keyVariant === 'live-only' ? ['live'] : ['test', 'live'],
        sign_in: dashboardAuth(),
      }),
    ),
  dashboardListKeys: () =>
    sessionRoute({}, async ({ orgId }) => ok({ keys: await listDashboardKeys(dashboardKeyAdmin(), orgId) })),
  dashboardCreateKey: () =>
    sessionRoute({ body: createKeyBody }, async ({ orgId, body }) =>
      ok(await createDashboardKey(dashboardKeyAdmin(), orgId, body, authSettings().keyVariant), 201),
    ),
  dashboardRotateKey: () =>
    sessionRoute({ params: keyIdParam }, async ({ orgId, params }) =>
      ok(await rotateDashboardKey(dashboardKeyAdmin(), orgId, params.keyId, authSettings().keyVariant), 201),
    ),
  dashboardRevokeKey: () =>
    sessionRoute({ params: keyIdParam }, async ({ orgId, params }) =>
      ok(await revokeDashboardKey(dashboardKeyAdmin(), orgId, params.keyId)),
    ),
  dashboardWebhookSecret: () =>
    sessionRoute({}, async ({ orgId }) => ok(await dashboardWebhookSecrets(dashboardKeyAdmin(), orgId))),
  dashboardRotateWebhookSecret: () =>
    sessionRoute({}, async ({ orgId }) => ok(await rotateDashboardWebhookSecret(dashboardKeyAdmin(), orgId))),
  dashboardListJobs: () =>
    sessionRoute({ query: dashboardJobsQuery }, async ({ orgId, query }) =>
      ok(await listJobs(jobPorts(), { orgId, mode: query.mode }, query)),
    ),
  dashboardGetJob: () =>
    sessionRoute({ params: dashboardJobParams, query: dashboardJobQuery }, async ({ orgId, params, query }) =>
      ok(await getJob(jobPorts(), { orgId, mode: query.mode }, params.jobId)),
    ),
  dashboardUsage: () =>
    sessionRoute({ query: usageQuery }, async ({ orgId, query }) => {
      const { store, pricing } = usageServices();
      return ok(await getUsage(store, { orgId, ...query }, pricing, jobPorts().clock.now()));
    }),
};

const pipelines = new Map<string, ApiHandler>();

async function dashboardApi(event: APIGatewayProxyEvent, context: Context) {
  const route = routeFor(event.httpMethod, event.resource);
  const build = route && OPERATIONS[route.operationId];
  if (!route || !build) {
    // Deployed wrongly: this module serves the dashboard routes only.
    return errorResult(apiErrors.routeNotFound(event.httpMethod, event.path), {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    });
  }
  let pipeline = pipelines.get(route.operationId);
  if (!pipeline) {
    pipeline = build();
    pipelines.set(route.operationId, pipeline);
  }
  return pipeline(event, context);
}

export const handler = instrumented('dashboardApi', dashboardApi, apiLogContext);
