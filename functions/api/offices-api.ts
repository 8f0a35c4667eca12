// The office routes' handlers by operation id (office-routes.ts), run by the function behind /v1/{proxy+}
// (webhooks-api.ts), which finds a route by method and path.
import { getOffice, listOffices } from '../core/offices/offices.ts';
import { apiPorts } from '../wiring/api.ts';
import { auditedCreateOffice, auditedDeleteOffice, auditedUpdateOffice } from './audited.ts';
import { type ApiHandler, apiRoute } from './http/api-route.ts';
import { createOfficeBody, officeIdParam, updateOfficeBody } from './office-schemas.ts';
import { noQuery } from './webhook-schemas.ts';

const ok = (data: unknown, status = 200) => ({ status, data });
const offices = () => apiPorts().offices;

export const OFFICE_OPERATIONS: Record<string, () => ApiHandler> = {
  createOffice: () =>
    apiRoute(
      { body: createOfficeBody, idempotent: true },
      async ({ body, tenant, audit, office }) =>
        ok(await auditedCreateOffice(audit, tenant, body, office), 201),
      apiPorts,
    ),
  listOffices: () =>
    apiRoute(
      { query: noQuery, readOnly: true },
      async ({ tenant, office }) => ok({ offices: await listOffices(offices(), tenant, office) }),
      apiPorts,
    ),
  getOffice: () =>
    apiRoute(
      { params: officeIdParam, readOnly: true },
      async ({ params, tenant, office }) => ok(await getOffice(offices(), tenant, params.officeId, office)),
      apiPorts,
    ),
  updateOffice: () =>
    apiRoute(
      { params: officeIdParam, body: updateOfficeBody },
      async ({ params, body, tenant, audit, office }) =>
        ok(await auditedUpdateOffice(audit, tenant, params.officeId, body, office)),
      apiPorts,
    ),
  deleteOffice: () =>
    apiRoute(
      { params: officeIdParam },
      async ({ params, tenant, audit, office }) =>
        ok(await auditedDeleteOffice(audit, tenant, params.officeId, office)),
      apiPorts,
    ),
};
