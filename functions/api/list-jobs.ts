// GET /v1/jobs

import { listJobs } from '../core/use-cases/jobs.ts';
import { apiRoute } from './http/api-route.ts';
import { jobPorts } from './http/services.ts';
import { listJobsQuery } from './job-schemas.ts';

export const handler = apiRoute({ query: listJobsQuery, readOnly: true }, async ({ query, tenant }) => ({
  status: 200,
  data: await listJobs(jobPorts(), tenant, query),
}));
