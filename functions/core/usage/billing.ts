// How many billable units one completed job is worth. A job kind declares its measure as plain data
// (`billing` on its JobTypeSpec); the state machine hands that declaration to the completion step, which
// measures the job's output with it. The platform knows the measures, never the kinds.
import { logger } from '../observability.ts';
import { RENDITION_NAMES, type RenditionName } from '../schemas/renditions.ts';

/** What one unit is: a job, or one second of rendered video (rounded up). */
const BILLING_UNITS = ['job', 'video_second'] as const;
export type BillingUnit = (typeof BILLING_UNITS)[number];

export type BillingSpec = (
  | { readonly unit: 'job' }
  | {
      readonly unit: 'video_second';
      /** The output field (top level) holding the video's length in seconds. */
      readonly outputField: string;
    }
) & {
  /**
   * false: the output shows other jobs' renditions (a kit's manifest shows its children's), which those
   * jobs are billed for; none are counted again here.
   */
  readonly renditions?: false;
};

/** One unit per completed job: every kind that does not say otherwise. */
export const DEFAULT_BILLING: BillingSpec = { unit: 'job' };

/**
 * The units a completed job is billed for. A video is billed per started second, at least one; an
 * output without its length (a broken kind) is billed one unit rather than nothing, and said so loudly.
 */
export function billableUnits(spec: BillingSpec, output: Readonly<Record<string, unknown>>): number {
  switch (spec.unit) {
    case 'job':
      return 1;
    case 'video_second': {
      const seconds = output[spec.outputField];
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
        logger.error('billing measure missing from output; billed 1 unit', { field: spec.outputField });
        return 1;
      }
      return Math.max(1, Math.ceil(seconds - 1e-9));
    }
  }
}

/** How many of each rendition a job made: one per rendition named in a media file's `renditions` map. */
export type RenditionCounts = Partial<Record<RenditionName, number>>;

/**
 * The renditions in a job's output, counted for billing: each rendition of each media file once (the web
 * set is one rendition; a video rendition's branded version is part of it).
 */
export function renditionCounts(output: unknown): RenditionCounts {
  const counts: RenditionCounts = {};
  const known = new Set<string>(RENDITION_NAMES);
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'renditions' && typeof item === 'object' && item !== null && !Array.isArray(item)) {
          for (const name of Object.keys(item))
            if (known.has(name)) counts[name as RenditionName] = (counts[name as RenditionName] ?? 0) + 1;
        } else visit(item);
      }
    }
  };
  visit(output);
  return counts;
}
