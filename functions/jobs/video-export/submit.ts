// Use case of POST /v1/video-export/render (docs/readme/video-export.md): the bundle's host is checked
// against the stage's allowlist at request time, so a caller hears about a refused URL now rather than from
// a failed job.
import { ApiError } from '../../core/errors.ts';
import { checkServeUrl } from '../../core/outbound/bundle-hosts.ts';
import { submitJob } from '../../core/use-cases/jobs.ts';
import type { RenderCodec } from '../../media/rendering/renderer.ts';
import type { SubmitJob } from '../job-kind.ts';
import { CRF_RANGE, VIDEO_EXPORT_LIMITS, type VideoExportRequest } from './schema.ts';

/** The job input as recorded: the request with its defaults settled (crf null where the codec has none). */
export interface VideoExportInput {
  readonly serve_url: string;
  readonly composition_id: string;
  readonly input_props: Record<string, unknown>;
  readonly options: {
    readonly codec: RenderCodec;
    readonly crf: number | null;
    readonly width?: number;
    readonly height?: number;
    readonly fps?: number;
    readonly duration_in_frames?: number;
  };
}

/** The use case, checking the bundle's host against the stage's allowlist (its deps' bundleHosts). */
export const submitVideoExport: SubmitJob<VideoExportRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, serve_url, composition_id, input_props, options } = body;
  const checked = checkServeUrl(serve_url, deps.bundleHosts);
  if (!checked.ok) throw new ApiError('URL_NOT_ALLOWED', `serve_url is not allowed: ${checked.reason}.`);
  const input: VideoExportInput = {
    serve_url,
    composition_id,
    input_props,
    options: {
      ...options,
      crf: CRF_RANGE[options.codec] ? (options.crf ?? VIDEO_EXPORT_LIMITS.crf.default) : null,
    },
  };
  return submitJob(deps, {
    tenant,
    jobType: 'video_export',
    input: { ...input },
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
