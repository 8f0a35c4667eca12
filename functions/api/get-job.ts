// GET /v1/jobs/{jobId}
import { jobIdParam } from '../core/schemas/common.ts';
import { getJob } from '../core/use-cases/jobs.ts';
import { apiPorts } from '../wiring/api.ts';
import { apiRoute } from './http/api-route.ts';

export const handler = apiRoute(
  { params: jobIdParam, readOnly: true },
  async ({ params, tenant, office }) => ({
    status: 200,
    data: await getJob(apiPorts().jobs, tenant, params.jobId, office),
  }),
  apiPorts,
);
