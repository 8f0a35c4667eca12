// The jobs resource (GET /v1/jobs, GET /v1/jobs/{jobId}): list query, job record and list page.
import { z } from 'zod';
import { JOB_STATUSES } from '../core/jobs/job-types.ts';
import { officeId } from '../core/schemas/common.ts';
import { jobError } from '../core/schemas/outputs.ts';
import { jobWebhook } from '../core/schemas/webhooks.ts';
import { JOB_TYPE_SPECS, JOB_TYPES } from '../jobs/registry.ts';

const integerString = (name: string) =>
  z.string().regex(/^\d+$/, `${name} must be a non-negative integer`).transform(Number);

export const listJobsQuery = z.strictObject({
  limit: integerString('limit')
    .pipe(z.int().min(1).max(100))
    .optional()
    .default(50)
    .meta({ description: 'Maximum results, 1-100.' }),
  offset: integerString('offset')
    .pipe(z.int().min(0).max(100_000))
    .optional()
    .default(0)
    .meta({ description: 'Results to skip, newest first.' }),
  status: z.enum(JOB_STATUSES).optional(),
  job_type: z.enum(JOB_TYPES).optional(),
  kit_job_id: z
    .uuid()
    .optional()
    .meta({ description: "Only the jobs made for this listing kit (the kit job's job_id)." }),
  office_id: officeId.optional().meta({
    description: "Only this office's jobs (an office's key lists only its own office's in any case).",
  }),
});

/** Every job type's output; which one a job carries depends on its job_type. */
export const jobOutput = z.union([...new Set(JOB_TYPE_SPECS.map((spec) => spec.output))] as [
  z.ZodType,
  ...z.ZodType[],
]);

export const jobRecord = z
  .object({
    job_id: z.uuid(),
    job_type: z.enum(JOB_TYPES),
    status: z.enum(JOB_STATUSES),
    mode: z.enum(['test', 'live']),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    completed_at: z.iso.datetime().nullable(),
    progress: z.object({
      percent: z.int().min(0).max(100),
      stage: z.string().meta({
        description:
          "What the job is doing, e.g. queued, started, a step's own stage, completed. A queued job waiting because its organization already has its limit of jobs processing shows waiting_for_your_other_jobs (it starts, oldest first, when one of them ends; it is never refused or failed for waiting). On the local stack a step waiting for capacity shows queued_for_capacity, a render waiting for a renderer queued_for_renderer.",
      }),
    }),
    input: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The request as accepted (validated, defaults applied).' }),
    output: jobOutput.nullable().meta({
      description: 'Set when completed; its shape depends on job_type (see the x-job-types extension).',
    }),
    error: jobError.nullable(),
    parent_job_id: z.uuid().nullable(),
    kit_job_id: z.uuid().nullable().meta({
      description: 'The listing kit this job was made for (null for jobs created directly).',
    }),
    office_id: z.string().nullable().meta({
      description: "The office the job belongs to (null: the organization's own).",
    }),
    webhook_url: z.string().nullable(),
    webhook: jobWebhook,
    callback_metadata: z.record(z.string(), z.unknown()).nullable(),
    media_expires_at: z.iso.datetime().nullable().meta({
      description:
        "When the job's media and inputs are erased (its delete_after, else the organization's retention, counted from created_at; a job still running then is erased when it ends). Null once erased.",
    }),
    media_expired: z.boolean().meta({
      description:
        'The media and inputs were erased by retention: output is null (its media files are deleted), input is {}, callback_metadata and webhook_url are null, and error keeps its code only. Status and timestamps stay.',
    }),
  })
  .meta({ id: 'Job' });

export const jobPage = z
  .object({
    jobs: z.array(jobRecord),
    pagination: z.object({
      limit: z.int(),
      offset: z.int(),
      count: z.int().meta({ description: 'Jobs in this page.' }),
      has_more: z.boolean(),
      next_offset: z
        .int()
        .nullable()
        .meta({ description: 'Offset of the next page, null on the last page.' }),
    }),
  })
  .meta({ id: 'JobPage' });

export const jobAccepted = z
  .object({ job_id: z.uuid(), status: z.literal('queued') })
  .meta({ id: 'JobAccepted' });

/** DELETE /v1/jobs/{jobId}: what was erased, job by job. */
export const deletionReceipt = z
  .object({
    job_id: z.uuid().meta({ description: 'The job the request named.' }),
    deleted_at: z.iso.datetime(),
    jobs: z
      .array(
        z.object({
          job_id: z.uuid(),
          job_type: z.enum(JOB_TYPES),
          relation: z.enum(['requested', 'kit_child', 'built_on']).meta({
            description:
              'requested: the job named; kit_child: made for a listing kit being deleted; built_on: made from a deleted job (an edit of a markup, a video of an edit).',
          }),
          via_job_id: z.uuid().nullable().meta({ description: 'The deleted job it was made for or from.' }),
          status_at_deletion: z.enum(JOB_STATUSES),
          canceled: z
            .boolean()
            .meta({ description: 'It was queued or processing: canceled (execution stopped) first.' }),
          media_objects_deleted: z.int().min(0),
          events_deleted: z.int().min(0),
        }),
      )
      .meta({ description: 'Every job deleted: the one named first, then what was made from it.' }),
    erased: z.array(z.string()).meta({
      description:
        'What each deleted job lost: its media files, the Idempotency-Key records of the request that created it (replaying that key makes a new job), input (addresses, names, phone numbers, email addresses, headshot and logo URLs), output, error, callback_metadata, webhook URL and attempts, and its events.',
    }),
    kept: z.array(z.string()).meta({
      description:
        'What stays: the usage record (job id, type, units, day; nothing personal), so invoices and usage totals do not change.',
    }),
  })
  .meta({ id: 'DeletionReceipt' });
