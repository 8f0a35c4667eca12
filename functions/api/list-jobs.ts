// GET /v1/jobs

import { listJobs } from '../core/use-cases/jobs.ts';
import { apiPorts } from '../wiring/api.ts';
import { apiRoute } from './http/api-route.ts';
import { listJobsQuery } from './job-schemas.ts';

export const handler = apiRoute(
  { query: listJobsQuery, readOnly: true },
  async ({ query, tenant, office }) => ({
    status: 200,
    data: await listJobs(apiPorts().jobs, tenant, query, office),
  }),
  apiPorts,
);
