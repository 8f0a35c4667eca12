// GET /v1/usage
import { getUsage } from '../core/use-cases/usage.ts';
import { apiPorts } from '../wiring/api.ts';
import { apiRoute } from './http/api-route.ts';
import { usageQuery } from './usage-schemas.ts';

export const handler = apiRoute(
  { query: usageQuery, readOnly: true },
  async ({ query, tenant, office }) => {
    const { store, pricing } = apiPorts().usage;
    return { status: 200, data: await getUsage(store, { ...tenant, ...query }, pricing, undefined, office) };
  },
  apiPorts,
);
