// POST /v2/markup/generate
import { markupGenerateRequest } from '../core/schemas/markup.ts';
import { submitMarkupGeneration } from '../core/use-cases/markup.ts';
import { apiRoute } from './http/api-route.ts';
import { jobServices } from './http/services.ts';

export const handler = apiRoute({ body: markupGenerateRequest }, async ({ body, tenant }) => ({
  status: 202,
  data: await submitMarkupGeneration(jobServices(), tenant, body),
}));
