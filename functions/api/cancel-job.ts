// POST /v1/jobs/{jobId}/cancel
import { jobIdParam } from '../core/schemas/common.ts';
import { cancelJob } from '../core/use-cases/cancel-job.ts';
import { apiRoute } from './http/api-route.ts';
import { cancelServices } from './http/services.ts';

export const handler = apiRoute({ params: jobIdParam, idempotent: true }, async ({ params, tenant }) => ({
  status: 200,
  data: await cancelJob(cancelServices(), tenant, params.jobId),
}));
