// The webhook section of a job and the event payloads receivers get (documented under `webhooks` in
// the OpenAPI document).
import { z } from 'zod';
import { JOB_EVENT_TYPES } from '../webhooks/events.ts';
import { jobError } from './outputs.ts';

const webhookAttempt = z
  .object({
    event_id: z.string(),
    type: z.enum(JOB_EVENT_TYPES),
    attempt: z.int().min(1).meta({
      description:
        '1-based; 8 attempts at most (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with jitter).',
    }),
    attempted_at: z.iso.datetime(),
    status_code: z
      .int()
      .nullable()
      .meta({ description: 'HTTP status the receiver answered, null when none came back.' }),
    error: z.string().nullable(),
    delivered: z.boolean(),
    outcome: z.enum(['delivered', 'retrying', 'gone', 'exhausted']).meta({
      description:
        'retrying: another attempt is scheduled; gone: the receiver answered 410 and no more are sent; exhausted: the last attempt failed and the event went to the dead-letter queue.',
    }),
  })
  .meta({ id: 'WebhookAttempt' });

export const jobWebhook = z
  .object({ url: z.string(), attempts: z.array(webhookAttempt) })
  .nullable()
  .meta({
    description: 'Present when the request gave a webhook_url: every delivery attempt of every event.',
  });

const progress = z.object({ percent: z.int().min(0).max(100), stage: z.string() });

function webhookEvent(type: string, extra: Record<string, z.ZodType>, description: string) {
  return z
    .object({
      type: z.literal(type),
      id: z.string().meta({
        description:
          'Event id, also sent as the webhook-id header; stable across retries (deduplicate on it).',
      }),
      created_at: z.iso.datetime(),
      data: z.object({
        job_id: z.uuid(),
        job_type: z.string(),
        status: z.enum(['processing', 'completed', 'failed', 'canceled']),
        progress,
        ...extra,
        callback_metadata: z
          .record(z.string(), z.unknown())
          .nullable()
          .meta({ description: 'Exactly as the request gave it.' }),
      }),
    })
    .meta({ description });
}

/** job.deleted: the job is gone, so the event carries only what identifies it. */
const jobDeletedEvent = z
  .object({
    type: z.literal('job.deleted'),
    id: z.string().meta({ description: 'Event id, also sent as the webhook-id header.' }),
    created_at: z.iso.datetime(),
    data: z.object({
      job_id: z.uuid(),
      job_type: z.string(),
      status: z.literal('deleted'),
      deleted_at: z.iso.datetime(),
    }),
  })
  .meta({
    description:
      "The job was deleted (DELETE /v1/jobs/{jobId}, directly or as a dependant of the deleted job): its media, inputs and events are erased. Sent to the organization's webhook endpoints only: the request's webhook_url is erased with the job.",
  });

/** The events, keyed by type, as the OpenAPI `webhooks` section documents them. */
export function webhookEvents(output: z.ZodType) {
  return {
    'job.processing': webhookEvent('job.processing', {}, 'Work on the job started.'),
    'job.progress': webhookEvent(
      'job.progress',
      {},
      'A stage passed; at most one per stage and never more than one every 2 s.',
    ),
    'job.completed': webhookEvent(
      'job.completed',
      { output },
      'The job completed; output is as GET /v1/jobs/{jobId} shows it, with fresh media URLs.',
    ),
    'job.failed': webhookEvent(
      'job.failed',
      { error: jobError },
      'The job failed; error carries the code and message.',
    ),
    'job.canceled': webhookEvent(
      'job.canceled',
      {},
      'The job was canceled (POST /v1/jobs/{jobId}/cancel); no further events follow and it never completes.',
    ),
    'job.deleted': jobDeletedEvent,
  };
}
