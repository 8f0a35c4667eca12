// Workflow step StoreExport: the rendered file as the video_export job output. Its own module, so the
// function loads no renderer: it only assembles what the earlier steps settled and stored.
import type { z } from 'zod';
import type { Stored } from '../../core/schemas/outputs.ts';
import { CODEC_OUTPUT } from '../../media/rendering/renderer.ts';
import { defineStep } from '../define-step.ts';
import type { RenderState } from '../shared/render.ts';
import { STORE_EXPORT } from './functions.ts';
import type { videoExportOutput } from './schema.ts';
import type { PreparedExport, VideoExportEvent } from './steps.ts';

interface StoreExportEvent extends VideoExportEvent {
  readonly prepared: PreparedExport;
  readonly render: RenderState;
}

export async function storeExport(
  event: StoreExportEvent,
): Promise<Stored<z.infer<typeof videoExportOutput>>> {
  const { input, prepared, render } = event;
  const { codec, crf } = input.options;
  return {
    video: {
      s3_key: render.output_key,
      content_type: CODEC_OUTPUT[codec].contentType,
      width: prepared.width,
      height: prepared.height,
      size_bytes: render.size_bytes ?? undefined,
    },
    codec,
    crf,
    width: prepared.width,
    height: prepared.height,
    fps: prepared.fps,
    duration_in_frames: prepared.duration_in_frames,
    duration_seconds: Math.round((prepared.duration_in_frames / prepared.fps) * 1000) / 1000,
    duration_source: prepared.duration_source,
    composition_id: input.composition_id,
    serve_url: input.serve_url,
    renderer: render.renderer,
  };
}

export const store = defineStep(storeExport, STORE_EXPORT);
