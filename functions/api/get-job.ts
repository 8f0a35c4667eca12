// GET /v1/jobs/{jobId}
import { jobIdParam } from '../core/schemas/common.ts';
import { getJob } from '../core/use-cases/jobs.ts';
import { apiRoute } from './http/api-route.ts';
import { jobPorts } from './http/services.ts';

export const handler = apiRoute({ params: jobIdParam, readOnly: true }, async ({ params, tenant }) => ({
  status: 200,
  data: await getJob(jobPorts(), tenant, params.jobId),
}));
