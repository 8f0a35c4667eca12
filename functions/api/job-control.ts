// POST /v1/jobs/{jobId}/cancel and DELETE /v1/jobs/{jobId}: one function, found by method and resource
// (its two routes need the same grants: every state machine's StopExecution and the job events queue, so
// one role instead of two, and four fewer resources in the service stack). DELETE is not keyed: deleting
// again is a 404, as for a job that never existed.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { apiErrors } from '../core/errors.ts';
import { requestId } from '../core/ids.ts';
import { apiLogContext, instrumented } from '../core/observability.ts';
import { jobIdParam } from '../core/schemas/common.ts';
import { cancelJob } from '../core/use-cases/cancel-job.ts';
import { apiPorts } from '../wiring/api.ts';
import { auditedDeleteJob } from './audited.ts';
import { apiRoute, errorResult } from './http/api-route.ts';

const cancel = apiRoute(
  { params: jobIdParam, idempotent: true },
  async ({ params, tenant, office }) => ({
    status: 200,
    data: await cancelJob(apiPorts().cancel, tenant, params.jobId, office),
  }),
  apiPorts,
);

const remove = apiRoute(
  { params: jobIdParam },
  async ({ params, tenant, audit, office }) => ({
    status: 200,
    data: await auditedDeleteJob(audit, tenant, params.jobId, office),
  }),
  apiPorts,
);

async function jobControl(event: APIGatewayProxyEvent, context: Context) {
  if (event.httpMethod === 'POST' && event.resource === '/v1/jobs/{jobId}/cancel')
    return cancel(event, context);
  if (event.httpMethod === 'DELETE' && event.resource === '/v1/jobs/{jobId}') return remove(event, context);
  // Deployed wrongly: this function serves only those two routes.
  return errorResult(apiErrors.routeNotFound(event.httpMethod, event.path), {
    requestId: requestId(event.requestContext?.requestId),
    timestamp: new Date().toISOString(),
  });
}

export const handler = instrumented('jobControl', jobControl, apiLogContext);
