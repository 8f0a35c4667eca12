// Every route that creates a job (POST …/generate, …/detect, …/edit, …/video): the route comes from the
// job-kind registry by method and resource path, its schemas validate the request, and its kind's submit
// use case records the job and starts its state machine.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiErrors } from '../core/errors.ts';
import { requestId } from '../core/ids.ts';
import type { Tenant } from '../core/jobs/job-types.ts';
import { apiLogContext, instrumented } from '../core/observability.ts';
import { officeStillOpen, requestOffice } from '../core/offices/offices.ts';
import type { JobPorts } from '../core/use-cases/jobs.ts';
import type { JobRoute } from '../jobs/job-kind.ts';
import { apiPorts } from '../wiring/api.ts';
import { type ApiHandler, apiRoute, errorResult } from './http/api-route.ts';
import { JOB_ROUTE_SCOPE } from './route-scopes.ts';
import { type RouteDefinition, routeFor } from './routes.ts';

/** The raw use-case call of a job route: validated request and ports in, job accepted out. */
function submitJobRequest(
  route: JobRoute,
  deps: JobPorts,
  tenant: Tenant,
  request: { body: unknown; params: unknown },
) {
  return route.submit(deps, tenant, request);
}

const pipelines = new Map<RouteDefinition, ApiHandler>();

function pipelineOf(route: RouteDefinition & { job: JobRoute }): ApiHandler {
  let pipeline = pipelines.get(route);
  if (!pipeline) {
    pipeline = apiRoute(
      { body: route.job.body, params: route.job.params, idempotent: true, scope: JOB_ROUTE_SCOPE },
      async ({ body, params, tenant, key, office: scope, creationClaim, idempotencyRecords }) => {
        // webhook_events is every job route's (commonRequestFields): taken here, not by each kind's submit.
        // So is delete_after (retention): the submit use case checks it against the stage's bounds. And
        // office_id: the job's office is the key's, else the one named (read here: it must exist, and its
        // retention may take the organization's place, its default brand kit the kit a job names).
        const {
          webhook_events: webhookEvents,
          delete_after: deleteAfter,
          office_id: officeId,
          ...rest
        } = body as { webhook_events?: string[]; delete_after?: string; office_id?: string };
        const office = await requestOffice(apiPorts().offices, tenant, scope, officeId);
        const deps = {
          ...apiPorts().jobs,
          ...(office
            ? {
                officeId: office.id,
                officeCheck: () => officeStillOpen(apiPorts().offices, tenant, office.id),
              }
            : {}),
          ...(office?.media_retention_days ? { officeRetentionDays: office.media_retention_days } : {}),
          ...(office?.default_brand_kit_id ? { officeDefaultBrandKitId: office.default_brand_kit_id } : {}),
          webhookEvents,
          ...(deleteAfter === undefined ? {} : { deleteAfter }),
          ...(creationClaim ? { creationClaim } : {}),
          ...(idempotencyRecords ? { idempotencyRecords } : {}),
          // The organization's plan and retention as the admission write just returned them with the key:
          // the job's limit and expiry without a read of the organization.
          ...(key?.organization ? { organization: key.organization } : {}),
        };
        return { status: 202, data: await submitJobRequest(route.job, deps, tenant, { body: rest, params }) };
      },
      apiPorts,
    );
    pipelines.set(route, pipeline);
  }
  return pipeline;
}

async function submitJob(event: APIGatewayProxyEvent, context: Context) {
  const route = routeFor(event.httpMethod, event.resource);
  if (!route?.job) {
    // Deployed wrongly: this function only serves the registry's job routes.
    return errorResult(apiErrors.routeNotFound(event.httpMethod, event.path), {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    });
  }
  return pipelineOf(route as RouteDefinition & { job: JobRoute })(event, context);
}

export const handler = instrumented('submitJob', submitJob, apiLogContext);
