// Use cases of the property frontage endpoints (spec 4.2).
import type { Tenant } from '../jobs/job-types.ts';
import type { FrontageDetectRequest, FrontageEditRequest } from '../schemas/frontage.ts';
import { type JobDeps, loadParentJob, submitJob } from './jobs.ts';

export function submitFrontageDetection(deps: JobDeps, tenant: Tenant, request: FrontageDetectRequest) {
  const { webhook_url, callback_metadata, ...input } = request;
  return submitJob(deps, {
    tenant,
    jobType: 'frontage_detection',
    input: { ...input, options: input.options ?? {} },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
}

export async function submitFrontageEdit(
  deps: JobDeps,
  tenant: Tenant,
  parentJobId: string,
  request: FrontageEditRequest,
) {
  const parent = await loadParentJob(deps, tenant, parentJobId, ['frontage_detection']);
  const { webhook_url, callback_metadata, ...input } = request;
  return submitJob(deps, {
    tenant,
    jobType: 'frontage_edit',
    input,
    parent,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
}
