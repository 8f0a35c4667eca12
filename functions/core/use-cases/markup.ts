// Use cases of the Markup V2 endpoints (spec 4.1).
import type { Tenant } from '../jobs/job-types.ts';
import {
  MARKUP_STYLES,
  type MarkupEditRequest,
  type MarkupGenerateRequest,
  type MarkupStyle,
  resolveCompositor,
} from '../schemas/markup.ts';
import { type JobDeps, loadParentJob, submitJob } from './jobs.ts';

export function submitMarkupGeneration(deps: JobDeps, tenant: Tenant, request: MarkupGenerateRequest) {
  const { webhook_url, callback_metadata, ...input } = request;
  return submitJob(deps, {
    tenant,
    jobType: 'markup_v2',
    input,
    webhookUrl: webhook_url,
    callbackMetadata: callback_metadata,
  });
}

/** The markup's own style (options.style of its request) is the default of its edits. */
function markupStyle(input: Record<string, unknown>): MarkupStyle {
  const style = (input.options as { style?: unknown } | undefined)?.style;
  return MARKUP_STYLES.includes(style as MarkupStyle) ? (style as MarkupStyle) : 'outline';
}

export async function submitMarkupEdit(
  deps: JobDeps,
  tenant: Tenant,
  parentJobId: string,
  request: MarkupEditRequest,
) {
  const parent = await loadParentJob(deps, tenant, parentJobId, ['markup_v2']);
  const { webhook_url, callback_metadata, options, ...rest } = request;
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
}
