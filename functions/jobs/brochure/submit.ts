// Use case of POST /v1/brochure-slides/generate (docs/readme/brochure.md).
import { ApiError } from '../../core/errors.ts';
import { checkUrlSyntax, customerImagePolicy, type StageUrlRules } from '../../core/outbound/url-policy.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import type { BrochureSlideRequest } from './schema.ts';

/** Every image URL of the request with the field it came from, as the caller wrote it. */
export function brochureImageUrls(request: BrochureSlideRequest): Array<{ field: string; url: string }> {
  const { property, slide, branding } = request;
  return [
    ...(property.images ?? []).map((url, i) => ({ field: `property.images[${i}]`, url })),
    ...(slide.selected_images ?? []).map((url, i) => ({ field: `slide.selected_images[${i}]`, url })),
    ...(branding.agent_headshot_url
      ? [{ field: 'branding.agent_headshot_url', url: branding.agent_headshot_url }]
      : []),
    ...(branding.agency_logo_url
      ? [{ field: 'branding.agency_logo_url', url: branding.agency_logo_url }]
      : []),
  ];
}

/** 422 URL_NOT_ALLOWED, naming the field, unless the stage would download from every image URL. */
function checkImageUrls(request: BrochureSlideRequest, rules: StageUrlRules): void {
  const policy = customerImagePolicy(rules);
  for (const { field, url } of brochureImageUrls(request)) {
    const checked = checkUrlSyntax(url, policy);
    if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `${field} is not allowed: ${checked.reason}`);
  }
}

export const submitBrochureSlide: SubmitJob<BrochureSlideRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, ...input } = body;
  // The customer-image policy at request time: the caller hears now about a URL the step would refuse
  // (the step checks again, per hop and per resolved address, when it downloads).
  checkImageUrls(body, deps.webhookPolicy);
  return submitJob(deps, {
    tenant,
    jobType: 'brochure_slide',
    input: { ...input },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
