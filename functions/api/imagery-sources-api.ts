// The imagery source routes' handlers by operation id (imagery-source-routes.ts), run by the function
// behind /v1/{proxy+} (webhooks-api.ts), which finds a route by method and path.
import { getImagerySource, listImagerySources } from '../core/imagery-sources/imagery-sources.ts';
import { apiPorts } from '../wiring/api.ts';
import {
  auditedCreateImagerySource,
  auditedDeleteImagerySource,
  auditedUpdateImagerySource,
} from './audited.ts';
import { type ApiHandler, apiRoute } from './http/api-route.ts';
import { createImagerySourceBody, sourceIdParam, updateImagerySourceBody } from './imagery-source-schemas.ts';
import { noQuery } from './webhook-schemas.ts';

const ok = (data: unknown, status = 200) => ({ status, data });
const sources = () => apiPorts().imagerySources;

export const IMAGERY_SOURCE_OPERATIONS: Record<string, () => ApiHandler> = {
  createImagerySource: () =>
    apiRoute(
      { body: createImagerySourceBody, idempotent: true },
      async ({ body, tenant, audit }) => ok(await auditedCreateImagerySource(audit, tenant, body), 201),
      apiPorts,
    ),
  listImagerySources: () =>
    apiRoute(
      { query: noQuery, readOnly: true },
      async ({ tenant }) => ok({ sources: await listImagerySources(sources(), tenant) }),
      apiPorts,
    ),
  getImagerySource: () =>
    apiRoute(
      { params: sourceIdParam, readOnly: true },
      async ({ params, tenant }) => ok(await getImagerySource(sources(), tenant, params.sourceId)),
      apiPorts,
    ),
  updateImagerySource: () =>
    apiRoute(
      { params: sourceIdParam, body: updateImagerySourceBody },
      async ({ params, body, tenant, audit }) =>
        ok(await auditedUpdateImagerySource(audit, tenant, params.sourceId, body)),
      apiPorts,
    ),
  deleteImagerySource: () =>
    apiRoute(
      { params: sourceIdParam },
      async ({ params, tenant, audit }) =>
        ok(await auditedDeleteImagerySource(audit, tenant, params.sourceId)),
      apiPorts,
    ),
};
