// Use case of POST /v1/listing-kits/generate: checks what the kit hands its children under their own
// rules (plan.ts passedDownProblems) and every image URL they will download (a field a child would refuse,
// a URL the stage would refuse, is the caller's to fix now, not a failed asset later), then records the
// kit job; its state machine makes the children.
import { SLIDE_BRANDING } from '../../core/brand-kits/resolve.ts';
import { apiErrors } from '../../core/errors.ts';
import type { JsonObject } from '../../core/jobs/job.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { withBrandKit } from '../shared/brand-kit.ts';
import { checkCustomerImageUrls, imageryUrls, type RequestImageUrl } from '../shared/image-urls.ts';
import { passedDownProblems } from './plan.ts';
import type { ListingKitRequest } from './schema.ts';

/** Every image URL of the request with the field it came from, as the caller wrote it. */
function kitImageUrls(request: ListingKitRequest): RequestImageUrl[] {
  const { property, branding, rooms } = request;
  return [
    ...(property?.images ?? []).map((url, i) => ({ field: `property.images[${i}]`, url })),
    ...(branding?.agent_headshot_url
      ? [{ field: 'branding.agent_headshot_url', url: branding.agent_headshot_url }]
      : []),
    ...(branding?.agency_logo_url
      ? [{ field: 'branding.agency_logo_url', url: branding.agency_logo_url }]
      : []),
    ...(rooms ?? []).map((room, i) => ({ field: `rooms[${i}].image_url`, url: room.image_url })),
    ...imageryUrls(request),
  ];
}

export const submitListingKit: SubmitJob<ListingKitRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, ...input } = body;
  const problems = passedDownProblems(body);
  if (problems.length > 0) throw apiErrors.validation(problems);
  checkCustomerImageUrls(kitImageUrls(body), deps.webhookPolicy);
  // Resolved once, here: every child (made later, by the kit's step) draws this version of the kit.
  const kit = await withBrandKit(deps, tenant, body, SLIDE_BRANDING);
  return submitJob(deps, {
    tenant,
    jobType: 'listing_kit',
    input: { ...input, ...kit } as JsonObject,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
