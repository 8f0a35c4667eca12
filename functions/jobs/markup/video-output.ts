// Workflow step StoreVideo: the rendered reveal MP4 and its poster as the markup_v2_video job output.
// Its own module, so the function loads no image code: it only assembles what earlier steps stored.
import type { z } from 'zod';
import type { Stored } from '../../core/schemas/outputs.ts';
import { defineStep } from '../define-step.ts';
import type { RenderState } from '../shared/render.ts';
import { STORE_REVEAL_VIDEO } from './functions.ts';
import type { markupVideoOutput } from './schema.ts';
import type { PreparedReveal, RevealEvent } from './video-steps.ts';

interface StoreVideoEvent extends RevealEvent {
  readonly prepared: PreparedReveal;
  readonly render: RenderState;
}

export async function storeRevealVideo(
  event: StoreVideoEvent,
): Promise<Stored<z.infer<typeof markupVideoOutput>>> {
  const { prepared, render } = event;
  const edit = event.parent.output;
  return {
    video: {
      s3_key: render.output_key,
      content_type: 'video/mp4',
      width: prepared.width,
      height: prepared.height,
      size_bytes: render.size_bytes ?? undefined,
    },
    poster: prepared.poster,
    duration_seconds: prepared.duration_seconds,
    fps: prepared.fps,
    width: prepared.width,
    height: prepared.height,
    codec: 'h264',
    markup_job_id: edit.markup_job_id,
    edit_job_id: event.parent.job_id,
    renderer: render.renderer,
    ...(edit.imagery ? { imagery: edit.imagery } : {}),
  };
}

export const store = defineStep(storeRevealVideo, STORE_REVEAL_VIDEO);
