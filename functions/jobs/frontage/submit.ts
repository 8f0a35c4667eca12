// Use cases of POST /v1/property-frontage/detect and POST /v1/property-frontage/jobs/{jobId}/edit.
import { loadParentJob, submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { checkCustomerImageUrls, imageryUrls } from '../shared/image-urls.ts';
import type { FrontageDetectRequest, FrontageEditRequest } from './schema.ts';

export const submitFrontageDetection: SubmitJob<FrontageDetectRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, ...input } = body;
  checkCustomerImageUrls(imageryUrls(body), deps.webhookPolicy);
  return submitJob(deps, {
    tenant,
    jobType: 'frontage_detection',
    input: { ...input, options: input.options ?? {} },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};

export const submitFrontageEdit: SubmitJob<FrontageEditRequest, { jobId: string }> = async (
  deps,
  tenant,
  { body, params },
) => {
  const parent = await loadParentJob(deps, tenant, params.jobId, ['frontage_detection']);
  const { webhook_url, callback_metadata, ...input } = body;
  return submitJob(deps, {
    tenant,
    jobType: 'frontage_edit',
    input,
    parent,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
