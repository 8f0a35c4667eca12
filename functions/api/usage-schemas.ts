// The usage resource: GET /v1/usage's query and answer, as the OpenAPI document publishes them. The
// range rules (real dates, from ≤ to, at most 366 days) live in the use case, which the dashboard shares.
import { z } from 'zod';
import { officeId } from '../core/schemas/common.ts';
import { RENDITION_NAMES } from '../core/schemas/renditions.ts';
import { USAGE_RANGE } from '../core/use-cases/usage.ts';
import { JOB_TYPE_SPECS, JOB_TYPES } from '../jobs/registry.ts';

const PER_SECOND = JOB_TYPE_SPECS.filter((spec) => spec.billing?.unit === 'video_second').map((s) => s.type);

const isoDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
    .optional()
    .meta({ description, format: 'date' });

export const usageQuery = z.strictObject({
  from: isoDate(
    `First day (UTC), included. Default: ${USAGE_RANGE.defaultDays - 1} days before \`to\`. Must not be after \`to\`; the range spans at most ${USAGE_RANGE.maxDays} days.`,
  ),
  to: isoDate('Last day (UTC), included. Default: today.'),
  office_id: officeId.optional().meta({
    description: "Only this office's usage (an office's key sees only its own office's in any case).",
  }),
});

const figures = {
  jobs: z.int().min(0).meta({ description: 'Completed jobs (failed and canceled jobs are not counted).' }),
  units: z
    .int()
    .min(0)
    .meta({
      description: `Billable units: one per job, or one per started second of video (${PER_SECOND.join(', ')}).`,
    }),
  renditions: z.int().min(0).meta({
    description:
      'Renditions made (each media file’s portal, web set, social shapes and print count one each), each billed at its kind’s live rate.',
  }),
  amount: z.number().meta({
    description:
      'units × the live rate of the job type, plus each rendition × its kind’s live rate, in `currency`; 0 for test keys.',
  }),
};

const usageFigures = z.object(figures).meta({ id: 'UsageFigures' });

export const usageReport = z
  .object({
    object: z.literal('usage'),
    organization_id: z.string(),
    mode: z.enum(['test', 'live']),
    from: z.string().meta({ format: 'date' }),
    to: z.string().meta({ format: 'date' }),
    currency: z.literal('AUD'),
    billed: z.boolean().meta({ description: 'true for live keys; test usage is tracked but never billed.' }),
    days: z
      .array(
        z.object({
          date: z.string().meta({ format: 'date' }),
          job_type: z.enum(JOB_TYPES),
          ...figures,
        }),
      )
      .meta({
        description:
          'One row per day and job type with usage, by date then job type; days without usage are absent.',
      }),
    totals: z.object({
      ...figures,
      by_job_type: z.partialRecord(z.enum(JOB_TYPES), usageFigures).meta({
        description: 'The totals of each job type that has usage in the range.',
      }),
      by_rendition: z
        .partialRecord(z.enum(RENDITION_NAMES), z.object({ count: z.int().min(0), amount: z.number() }))
        .meta({ description: 'How many renditions of each kind were made in the range, and their amount.' }),
      by_office: z.record(z.string(), usageFigures).meta({
        description:
          "The totals of each office that has usage in the range, by office id; the organization's own jobs (no office) under `none`.",
      }),
    }),
  })
  .meta({ id: 'Usage' });
