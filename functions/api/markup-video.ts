// POST /v2/markup/jobs/{jobId}/video
import { jobIdParam } from '../core/schemas/common.ts';
import { markupVideoRequest } from '../core/schemas/markup.ts';
import { submitMarkupVideo } from '../core/use-cases/markup.ts';
import { apiRoute } from './http/api-route.ts';
import { jobServices } from './http/services.ts';

export const handler = apiRoute(
  { params: jobIdParam, body: markupVideoRequest },
  async ({ params, body, tenant }) => ({
    status: 202,
    data: await submitMarkupVideo(jobServices(), tenant, params.jobId, body),
  }),
);
