// Use cases of the Markup V2 endpoints: POST /v2/markup/generate, /v2/markup/jobs/{jobId}/edit and
// /v2/markup/jobs/{jobId}/video.
import { END_CARD_BRANDING } from '../../core/brand-kits/resolve.ts';
import { ApiError, apiErrors } from '../../core/errors.ts';
import type { Job } from '../../core/jobs/job.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import {
  ensureCompleted,
  type JobPorts,
  loadParentJob,
  submitJob,
  visibleJob,
} from '../../core/use-cases/jobs.ts';
import type { SubmitJob } from '../job-kind.ts';
import { withBrandKit } from '../shared/brand-kit.ts';
import { brandingUrls, checkCustomerImageUrls, imageryUrls } from '../shared/image-urls.ts';
import {
  MARKUP_STYLES,
  type MarkupEditRequest,
  type MarkupGenerateRequest,
  type MarkupStyle,
  type MarkupVideoRequest,
  resolveCompositor,
} from './schema.ts';

export const submitMarkupGeneration: SubmitJob<MarkupGenerateRequest> = async (deps, tenant, { body }) => {
  const { webhook_url, callback_metadata, ...input } = body;
  checkCustomerImageUrls(imageryUrls(body), deps.webhookPolicy);
  return submitJob(deps, {
    tenant,
    jobType: 'markup_v2',
    input,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};

/** The markup's own style (options.style of its request) is the default of its edits. */
function markupStyle(input: Record<string, unknown>): MarkupStyle {
  const style = (input.options as { style?: unknown } | undefined)?.style;
  return MARKUP_STYLES.includes(style as MarkupStyle) ? (style as MarkupStyle) : 'outline';
}

export const submitMarkupEdit: SubmitJob<MarkupEditRequest, { jobId: string }> = async (
  deps,
  tenant,
  { body, params },
) => {
  const parent = await loadParentJob(deps, tenant, params.jobId, ['markup_v2']);
  const { webhook_url, callback_metadata, options, ...rest } = body;
  return submitJob(deps, {
    tenant,
    jobType: 'markup_v2_edit',
    // Recorded with every default settled, so the job shows exactly what was composited.
    input: {
      ...rest,
      options: {
        style: options?.style ?? markupStyle(parent.input),
        compositor: resolveCompositor(options?.compositor),
      },
    },
    parent,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};

/**
 * The edit a reveal video shows: the job itself when it is an edit, or the latest completed edit when
 * it is a markup (a markup without one cannot be revealed yet: there is no boundary to draw).
 */
async function revealSource(deps: JobPorts, tenant: Tenant, jobId: string): Promise<Job> {
  // As loadParentJob: another office's job is not found, and its type is never named to this key.
  const job = await visibleJob(deps.jobs, tenant, jobId, deps.officeId);
  if (!job) throw apiErrors.jobNotFound(jobId);
  if (job.jobType === 'markup_v2_edit') {
    ensureCompleted(job);
    return job;
  }
  if (job.jobType === 'markup_v2') {
    ensureCompleted(job);
    const edit = await deps.jobs.latestBuiltOn(tenant, jobId, 'markup_v2_edit', 'completed');
    if (!edit) {
      throw new ApiError(
        'JOB_NOT_READY',
        `Markup job '${jobId}' has no completed edit, so there is no boundary to reveal: POST /v2/markup/jobs/${jobId}/edit with a boundary_polygon, wait until that edit is completed, then request the video.`,
      );
    }
    return edit;
  }
  throw new ApiError(
    'INVALID_PARENT_JOB',
    `Job '${jobId}' is a ${job.jobType} job; a reveal video needs a markup_v2 or markup_v2_edit job.`,
  );
}

export const submitMarkupVideo: SubmitJob<MarkupVideoRequest, { jobId: string }> = async (
  deps,
  tenant,
  { body, params },
) => {
  checkCustomerImageUrls(brandingUrls(body), deps.webhookPolicy);
  const source = await revealSource(deps, tenant, params.jobId);
  const { webhook_url, callback_metadata, ...input } = body;
  // The end card from the kit, resolved now: the job keeps the version it drew.
  // The video is its parent's office's when the request names none: that office's kits and default apply.
  const kit = await withBrandKit(deps, tenant, body, END_CARD_BRANDING, {
    ...(source.officeId ? { parentOffice: source.officeId } : {}),
  });
  return submitJob(deps, {
    tenant,
    jobType: 'markup_v2_video',
    input: { ...input, ...kit },
    parent: source,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
};
