// POST /v1/property-frontage/detect
import { frontageDetectRequest } from '../core/schemas/frontage.ts';
import { submitFrontageDetection } from '../core/use-cases/frontage.ts';
import { apiRoute } from './http/api-route.ts';
import { jobServices } from './http/services.ts';

export const handler = apiRoute({ body: frontageDetectRequest }, async ({ body, tenant }) => ({
  status: 202,
  data: await submitFrontageDetection(jobServices(), tenant, body),
}));
