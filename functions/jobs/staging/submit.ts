// Use case of POST /v1/virtual-staging/generate (docs/readme/staging.md).
import type { RenditionName } from '../../core/schemas/renditions.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import { type ResolvedRoomType, resolveRoomType } from '../../media/staging/room-types.ts';
import { type ResolvedStyle, resolveStyle } from '../../media/staging/staging-styles.ts';
import type { SubmitJob } from '../job-kind.ts';
import { checkCustomerImageUrls } from '../shared/image-urls.ts';
import type { VirtualStagingRequest } from './schema.ts';

/** The job input as recorded: the request with the room type and style it resolved to settled. */
export interface VirtualStagingInput {
  readonly image_url: string;
  readonly room_type: ResolvedRoomType;
  readonly style: ResolvedStyle;
  readonly options: { readonly style_prompt?: string; readonly watermark?: boolean };
  /**
   * Whether the step draws the "Virtually staged" label, settled at submission so a retried or
   * recovered job draws the same picture: the request's options.watermark, else the organization's
   * setting. Absent on jobs recorded before the setting existed (no label).
   */
  readonly watermark?: { readonly on: boolean; readonly source: 'request' | 'organization' };
  /** The renditions asked for (absent: none). */
  readonly renditions?: readonly RenditionName[];
}

export const submitVirtualStaging: SubmitJob<VirtualStagingRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, image_url, room_type, options, renditions } = body;
  checkCustomerImageUrls([{ field: 'image_url', url: image_url }], deps.webhookPolicy);
  // The request's own choice wins; only without one is the organization's setting read.
  const watermark: VirtualStagingInput['watermark'] =
    options?.watermark !== undefined
      ? { on: options.watermark, source: 'request' }
      : { on: (await deps.organizationSettings(tenant.orgId)).stagingWatermark, source: 'organization' };
  const input: VirtualStagingInput = {
    image_url,
    room_type: resolveRoomType(room_type),
    style: resolveStyle(options?.style_prompt),
    options: {
      ...(options?.style_prompt ? { style_prompt: options.style_prompt } : {}),
      ...(options?.watermark !== undefined ? { watermark: options.watermark } : {}),
    },
    watermark,
    ...(renditions ? { renditions } : {}),
  };
  return submitJob(deps, {
    tenant,
    jobType: 'virtual_staging',
    input: { ...input },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
