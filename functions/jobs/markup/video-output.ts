// Workflow step StoreVideo: the rendered reveal MP4 and its poster as the markup_v2_video job output.
// Its own module, so the function loads no image code: it only assembles what earlier steps stored.

import type { z } from 'zod';
import { brandKitOutput } from '../../core/brand-kits/resolve.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import { defineStep } from '../define-step.ts';
import { type RenderState, renderResults } from '../shared/render.ts';
import { storedVideo, videoRenderPlan } from '../shared/video-renditions.ts';
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
  // Older executions prepared one render and no plan.
  const plan = prepared.plan ?? videoRenderPlan(prepared, [], false);
  return {
    video: storedVideo(plan, renderResults(render), 'relaid_out'),
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
    ...brandKitOutput(event.input.brand_kit),
  };
}

export const store = defineStep(storeRevealVideo, STORE_REVEAL_VIDEO);
