// The workflow step of virtual staging: download the room photo (SSRF-checked, size-capped), stage it
// with the stage's Stager, and store the staged and the before image.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { mediaKey } from '../../core/media/media-store.ts';
import { logger } from '../../core/observability.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { applyWatermark } from '../../media/staging/disclosure-watermark.ts';
import type { StagingImageFormat } from '../../media/staging/stager.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { ownMediaFetcher } from '../shared/own-media-images.ts';
import { storeStillRenditions } from '../shared/still-renditions.ts';
import { STAGE_ROOM } from './functions.ts';
import type { virtualStagingOutput } from './schema.ts';
import type { VirtualStagingInput } from './submit.ts';

export type StoredVirtualStagingOutput = Stored<z.infer<typeof virtualStagingOutput>>;

export interface StageRoomEvent extends StepEvent {
  readonly input: VirtualStagingInput;
}

/** Written into the portal file's metadata: the portals ask that a virtually staged photo says so. */
export const STAGING_DISCLOSURE =
  'Virtually staged: furniture and decor were added digitally; the room is not furnished as shown.';

const EXTENSIONS: Readonly<Record<StagingImageFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The stager's seed: fixed per job, so a retried step draws the same picture. */
export function stagingSeed(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32LE(0);
}

export async function stageRoom(
  event: StageRoomEvent,
  ports: Pick<StepPorts, 'fetchImage' | 'stager' | 'media'>,
): Promise<StoredVirtualStagingOutput> {
  const { input } = event;
  const ref = jobRef(event.job);
  // A failed download is an ImageFetchError named by its job code (the same on every kind), so the job
  // ends failed with it and the message naming the URL and the reason. A photo that is one of the
  // organization's own outputs (a staged room staged again) is read from the bucket, however old its URL.
  const before = await ownMediaFetcher(ports.fetchImage, ports.media, ref.tenant)(input.image_url);
  const stagedAt = Date.now();
  const [beforeImage, staged] = await Promise.all([
    ports.media.put(
      mediaKey(ref.tenant, ref.jobId, `before.${EXTENSIONS[before.format]}`),
      before.bytes,
      before.contentType,
      { width: before.width, height: before.height },
    ),
    ports.stager.stage({
      image: before.bytes,
      roomType: input.room_type.used,
      ...(input.options.style_prompt ? { stylePrompt: input.options.style_prompt } : {}),
      seed: stagingSeed(ref.jobId),
    }),
  ]);
  // Settled at submission (request option, else the organization's setting); drawn over either
  // provider's picture, in its format.
  const watermark = input.watermark?.on === true;
  const stagedImage = watermark ? await applyWatermark(staged.image, staged.format) : staged.image;
  const stagingMs = Date.now() - stagedAt;
  const [stored, renditions] = await Promise.all([
    ports.media.put(
      mediaKey(ref.tenant, ref.jobId, `staged.${EXTENSIONS[staged.format]}`),
      stagedImage,
      staged.contentType,
      { width: staged.width, height: staged.height },
    ),
    // The watermark is text: the portal file is the staged picture without it, its disclosure kept in
    // the file's metadata (and virtually_staged in the output) instead.
    storeStillRenditions(
      stagedImage,
      {
        wanted: input.renditions,
        subject: { points: [] },
        textFree: watermark
          ? { source: 'text_free_twin', picture: async () => staged.image }
          : { source: 'original' },
        metadata: { disclosure: STAGING_DISCLOSURE },
      },
      ports,
      ref,
      'staged',
    ),
  ]);
  const image = renditions ? { ...stored, renditions } : stored;
  logger.info('room staged', {
    provider: staged.provider,
    width: staged.width,
    height: staged.height,
    watermark,
    staging_ms: stagingMs,
  });
  return {
    image,
    before_image: beforeImage,
    room_type: { ...input.room_type },
    style: { used: staged.style, match: input.style.match },
    provider: staged.provider,
    items: [...staged.items],
    virtually_staged: true,
    watermark,
  };
}

export const stage = defineStep(stageRoom, STAGE_ROOM);
