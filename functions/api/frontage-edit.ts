// POST /v1/property-frontage/jobs/{jobId}/edit
import { jobIdParam } from '../core/schemas/common.ts';
import { frontageEditRequest } from '../core/schemas/frontage.ts';
import { submitFrontageEdit } from '../core/use-cases/frontage.ts';
import { apiRoute } from './http/api-route.ts';
import { jobServices } from './http/services.ts';

export const handler = apiRoute(
  { params: jobIdParam, body: frontageEditRequest },
  async ({ params, body, tenant }) => ({
    status: 202,
    data: await submitFrontageEdit(jobServices(), tenant, params.jobId, body),
  }),
);
