// Use case of POST /v1/brochure-slides/generate (docs/readme/brochure.md).
import { SLIDE_BRANDING } from '../../core/brand-kits/resolve.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { withBrandKit } from '../shared/brand-kit.ts';
import { checkCustomerImageUrls, type RequestImageUrl } from '../shared/image-urls.ts';
import type { BrochureSlideRequest } from './schema.ts';

/** Every image URL of the request with the field it came from, as the caller wrote it. */
function brochureImageUrls(request: BrochureSlideRequest): RequestImageUrl[] {
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

export const submitBrochureSlide: SubmitJob<BrochureSlideRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, ...input } = body;
  checkCustomerImageUrls(brochureImageUrls(body), deps.webhookPolicy);
  // The kit's fields under the inline ones, resolved now: the job keeps the version it drew.
  const kit = await withBrandKit(deps, tenant, body, SLIDE_BRANDING);
  return submitJob(deps, {
    tenant,
    jobType: 'brochure_slide',
    input: { ...input, ...kit },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
