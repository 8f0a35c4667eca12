// POST /v2/markup/jobs/{jobId}/edit
import { jobIdParam } from '../core/schemas/common.ts';
import { markupEditRequest } from '../core/schemas/markup.ts';
import { submitMarkupEdit } from '../core/use-cases/markup.ts';
import { apiRoute } from './http/api-route.ts';
import { jobServices } from './http/services.ts';

export const handler = apiRoute(
  { params: jobIdParam, body: markupEditRequest },
  async ({ params, body, tenant }) => ({
    status: 202,
    data: await submitMarkupEdit(jobServices(), tenant, params.jobId, body),
  }),
);
