// Use cases of the drone endpoints (docs/readme/drone.md): the schemas settle every bound and default, so a
// submit records the request (without its webhook fields) as the job input.
import { END_CARD_BRANDING } from '../../core/brand-kits/resolve.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { withBrandKit } from '../shared/brand-kit.ts';
import { brandingUrls, checkCustomerImageUrls } from '../shared/image-urls.ts';
import type { DroneCaptureRequest, DroneFootageRequest, DroneStillsRequest } from './schema.ts';

function submitDrone<
  B extends {
    webhook_url?: string;
    callback_metadata?: Record<string, unknown>;
    branding?: { agency_logo_url?: string };
    brand_kit_id?: string;
  },
>(jobType: 'drone_stills' | 'drone_stills_capture' | 'drone_footage'): SubmitJob<B> {
  return async (deps, tenant, { body }) => {
    // The end card's logo (footage): a URL the stage would not download is a 422 now, before anything is made.
    checkCustomerImageUrls(brandingUrls(body), deps.webhookPolicy);
    const { webhook_url, callback_metadata, ...input } = body;
    // Footage's end card from the kit, resolved now: the job keeps the version it drew. Stills take no
    // kit, so no office default either.
    const kit = await withBrandKit(deps, tenant, body, END_CARD_BRANDING, {
      officeDefault: jobType === 'drone_footage',
    });
    return submitJob(deps, {
      tenant,
      jobType,
      input: { ...input, ...kit },
      webhookUrl: webhook_url,
      callbackMetadata: callback_metadata,
    });
  };
}

export const submitDroneStills = submitDrone<DroneStillsRequest>('drone_stills');
export const submitDroneCapture = submitDrone<DroneCaptureRequest>('drone_stills_capture');
export const submitDroneFootage = submitDrone<DroneFootageRequest>('drone_footage');
