// POST /v1/jobs/{jobId}/cancel
import { jobIdParam } from '../core/schemas/common.ts';
import { cancelJob } from '../core/use-cases/cancel-job.ts';
import { apiPorts } from '../wiring/api.ts';
import { apiRoute } from './http/api-route.ts';

export const handler = apiRoute(
  { params: jobIdParam, idempotent: true },
  async ({ params, tenant }) => ({
    status: 200,
    data: await cancelJob(apiPorts().cancel, tenant, params.jobId),
  }),
  apiPorts,
);
