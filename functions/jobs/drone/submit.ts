// Use cases of the drone endpoints (docs/readme/drone.md): the schemas settle every bound and default, so a
// submit records the request (without its webhook fields) as the job input.
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { brandingUrls, checkCustomerImageUrls } from '../shared/image-urls.ts';
import type { DroneCaptureRequest, DroneFootageRequest, DroneStillsRequest } from './schema.ts';

function submitDrone<
  B extends {
    webhook_url?: string;
    callback_metadata?: Record<string, unknown>;
    branding?: { agency_logo_url?: string };
  },
>(jobType: 'drone_stills' | 'drone_stills_capture' | 'drone_footage'): SubmitJob<B> {
  return (deps, tenant, { body }) => {
    // The end card's logo (footage): a URL the stage would not download is a 422 now, before anything is made.
    checkCustomerImageUrls(brandingUrls(body), deps.webhookPolicy);
    const { webhook_url, callback_metadata, ...input } = body;
    return submitJob(deps, {
      tenant,
      jobType,
      input,
      webhookUrl: webhook_url,
      callbackMetadata: callback_metadata,
    });
  };
}

export const submitDroneStills = submitDrone<DroneStillsRequest>('drone_stills');
export const submitDroneCapture = submitDrone<DroneCaptureRequest>('drone_stills_capture');
export const submitDroneFootage = submitDrone<DroneFootageRequest>('drone_footage');
