// The webhook endpoints and events resources: request and answer schemas, as the OpenAPI document
// publishes them.
import { z } from 'zod';
import {
  cursorPagination,
  officeId,
  pageLimit,
  webhookEventTypes,
  webhookUrl,
} from '../core/schemas/common.ts';
import type { EventListFilter } from '../core/webhooks/event-log.ts';
import { JOB_EVENT_TYPES, PING_EVENT_TYPE } from '../core/webhooks/events.ts';
import { JOB_TYPES } from '../jobs/registry.ts';

const ENDPOINT_ID = /^we_[A-Za-z0-9]{1,40}$/;
const EVENT_ID = /^evt_[0-9a-f]{32}$/;
const RESEND_ID = /^evr_[0-9a-f]{32}$/;

const endpointId = z.string().regex(ENDPOINT_ID, 'must be a webhook endpoint id (we_…)');
const eventId = z.string().regex(EVENT_ID, 'must be an event id (evt_ and 32 hex digits)');

/** A read that takes no query: an unknown parameter is refused by name, as an unknown field is. */
export const noQuery = z.strictObject({});

export const endpointIdParam = z.strictObject({
  endpointId: endpointId.meta({ description: "The webhook endpoint's `id`." }),
});
const resendId = z.string().regex(RESEND_ID, 'must be an event resend id (evr_ and 32 hex digits)');
export const resendIdParam = z.strictObject({
  resendId: resendId.meta({ description: "The range resend's `id` (POST /v1/events/resend answered it)." }),
});

export const eventIdParam = z.strictObject({
  eventId: eventId.meta({ description: "The event's `id` (the `webhook-id` header of its deliveries)." }),
});

const enabledEvents = webhookEventTypes.meta({
  description: `The event types the endpoint gets: any of ${JOB_EVENT_TYPES.join(', ')}, or \`["*"]\` for all.`,
});
const description = z.string().max(500).nullable();

export const createEndpointBody = z.strictObject({
  url: webhookUrl.meta({
    description:
      'Receives the events (https on deployed stages; checked as webhook_url is: private, link-local and metadata addresses are refused).',
  }),
  enabled_events: enabledEvents,
  description: description.optional(),
  enabled: z.boolean().optional().meta({ description: 'Default true; a disabled endpoint gets nothing.' }),
  office_id: officeId.optional().meta({
    description:
      "The office whose events alone the endpoint gets (fixed once made). Default: every event of the organization; an office's key always makes its own office's endpoints.",
  }),
});

export const updateEndpointBody = z
  .strictObject({
    url: createEndpointBody.shape.url.optional(),
    enabled_events: enabledEvents.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'name at least one field to change' });

const endpointFields = {
  id: endpointId,
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  enabled_events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  secret_created_at: z.iso.datetime().nullable().meta({ description: 'When the current secret was made.' }),
  previous_secret_expires_at: z.iso.datetime().nullable().meta({
    description: 'While a rotated-out secret still signs (24 h after the rotation): when it stops.',
  }),
  failing_since: z.iso.datetime().nullable().meta({
    description: 'Since when every attempt to the endpoint has failed (null once one is delivered).',
  }),
  disabled_reason: z.enum(['failing']).nullable().meta({
    description:
      'Set when the service disabled the endpoint: `failing`, every attempt failed for 3 days (the stage setting webhooks.endpointDisableAfterDays). Enabling it again (PATCH enabled: true) clears it.',
  }),
  disabled_at: z.iso.datetime().nullable().meta({
    description:
      'While the endpoint is disabled (by its owner or for failing): when it was. null while enabled, and for an endpoint disabled before this was recorded.',
  }),
  office_id: z.string().nullable().meta({
    description: 'The office whose events alone it gets; null: every event of the organization and mode.',
  }),
};

export const webhookEndpoint = z.object(endpointFields).meta({ id: 'WebhookEndpoint' });

const replayOffer = z
  .object({
    disabled_at: z.iso.datetime().nullable().meta({
      description: 'When the endpoint was disabled (null if it was disabled before this was recorded).',
    }),
    disabled_reason: z
      .enum(['failing'])
      .nullable()
      .meta({ description: '`failing`: the service disabled it; null: its owner did.' }),
    failed: z.int().min(0).meta({
      description:
        "Events in the window whose latest attempt to this endpoint failed (the failing streak's).",
    }),
    missed: z.int().min(0).meta({
      description:
        'Events in the window of a type the endpoint wants that were never sent to it (they came while it was disabled).',
    }),
    has_more: z.boolean().meta({
      description:
        'More than 500 events are in the window: the counts are of the newest 500, and the resend (500 a request) needs an earlier range after it.',
    }),
    resend: z
      .object({
        method: z.literal('POST'),
        path: z.literal('/v1/events/resend'),
        body: z.object({
          created_from: z.iso.datetime().meta({
            description:
              'The start of the window: when its failing streak began (disabled for failing), else when it was disabled.',
          }),
          created_to: z.iso.datetime().meta({ description: 'This change: when it was enabled again.' }),
          failed_only: z.literal(false).meta({
            description:
              'false: missed events have no failed attempt to the endpoint, so failed_only would skip them; in this window nothing was delivered to it but pings and hand-made resends, which receivers de-duplicate by webhook-id.',
          }),
          endpoint_id: endpointId,
        }),
      })
      .meta({ description: 'The request that replays the window to this endpoint, as it is to be sent.' }),
  })
  .meta({ id: 'WebhookEndpointReplayOffer' });

export const updatedEndpoint = z
  .object({
    ...endpointFields,
    replay: replayOffer.nullable().meta({
      description:
        'Set when this change enabled a disabled endpoint: what it failed or missed since, and the resend that replays it. null otherwise.',
    }),
  })
  .meta({ id: 'UpdatedWebhookEndpoint' });

export const webhookEndpointWithSecret = z
  .object({
    ...endpointFields,
    secret: z.string().meta({
      description:
        'The signing secret (whsec_…). Shown only in this answer: store it now; it is never shown again.',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookEndpointList = z
  .object({ endpoints: z.array(webhookEndpoint) })
  .meta({ id: 'WebhookEndpointList' });

export const deletedEndpoint = z.object({
  id: endpointId,
  object: z.literal('webhook_endpoint'),
  deleted: z.literal(true),
});

export const testEventAnswer = z.object({
  event_id: eventId,
  type: z.literal(PING_EVENT_TYPE),
  endpoint_id: endpointId,
});

const EVENT_TYPES = [...JOB_EVENT_TYPES, PING_EVENT_TYPE] as const;

const isoTime = (what: string) =>
  z.iso.datetime({ offset: true }).meta({ description: `${what} (ISO 8601 date-time).` });

/**
 * A created-at range whose end is before its start selects nothing: it is refused, naming both fields,
 * before any store is asked (DynamoDB refuses such a key range with an error of its own).
 */
export function refuseReversedRange(
  value: { readonly created_from?: string; readonly created_to?: string },
  ctx: z.RefinementCtx,
): void {
  if (value.created_from === undefined || value.created_to === undefined) return;
  if (Date.parse(value.created_from) <= Date.parse(value.created_to)) return;
  for (const path of ['created_from', 'created_to'])
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: 'created_from must not be after created_to (both are included; equal times name one instant)',
    });
}

/** GET /v1/events' query fields (the dashboard's events page adds its mode to them). */
export const listEventsQueryFields = {
  limit: pageLimit,
  starting_after: eventId.optional().meta({
    description: "The previous page's `pagination.next_cursor`: the events after it, newest first.",
  }),
  type: z.enum(EVENT_TYPES).optional(),
  job_id: z.uuid().optional().meta({ description: "Only this job's events." }),
  office_id: officeId.optional().meta({
    description: "Only this office's events (an office's key sees only its own office's in any case).",
  }),
  created_from: isoTime('Only events created at or after this time').optional(),
  created_to: isoTime('Only events created at or before this time; not before created_from').optional(),
  delivery_success: z.enum(['false']).optional().meta({
    description: '`false`: only events a receiver has not acknowledged (its latest attempt failed).',
  }),
};

export const listEventsQuery = z.strictObject(listEventsQueryFields).superRefine(refuseReversedRange);

/** GET /v1/events' query (and the dashboard's) as the event log's filter. */
export function eventFilterOf(query: z.output<typeof listEventsQuery>): EventListFilter {
  return {
    limit: query.limit,
    startingAfter: query.starting_after,
    type: query.type,
    jobId: query.job_id,
    ...(query.office_id === undefined ? {} : { officeId: query.office_id }),
    createdFrom: query.created_from,
    createdTo: query.created_to,
    failedOnly: query.delivery_success === 'false',
  };
}

const deliveryAttempt = z
  .object({
    url: z.string(),
    attempt: z.int().min(1),
    replay: z.boolean().meta({ description: 'Sent by a resend, not by the retry schedule.' }),
    attempted_at: z.iso.datetime(),
    status_code: z.int().nullable(),
    duration_ms: z.int().min(0),
    response_body: z
      .string()
      .nullable()
      .meta({ description: "The first 1 KB of the receiver's answer (UTF-8), null when none came back." }),
    error: z.string().nullable(),
    delivered: z.boolean(),
    outcome: z.enum(['delivered', 'retrying', 'gone', 'exhausted', 'failed']),
  })
  .meta({ id: 'DeliveryAttempt' });

const eventFields = {
  id: eventId,
  object: z.literal('event'),
  type: z.enum(EVENT_TYPES),
  created_at: z.iso.datetime(),
  job_id: z.uuid().nullable(),
  job_type: z.enum(JOB_TYPES).nullable(),
  office_id: z.string().nullable().meta({
    description: "The event's office (its job's, or a pinged endpoint's); null: the organization's own.",
  }),
  data: z.record(z.string(), z.unknown()).meta({
    description: "A job event's job status and progress when it happened (the payload adds the output).",
  }),
  delivery_success: z.boolean().nullable().meta({
    description:
      "false: a receiver's latest attempt failed; true: every receiver attempted has it; null: no attempt yet (or no receiver).",
  }),
};

export const eventSummary = z.object(eventFields).meta({ id: 'Event' });

export const eventRecord = z
  .object({
    ...eventFields,
    deliveries: z.array(
      z.object({
        endpoint_id: endpointId.nullable().meta({ description: "null: the job request's own webhook_url." }),
        url: z.string(),
        delivered: z.boolean(),
        attempts: z.array(deliveryAttempt),
      }),
    ),
  })
  .meta({ id: 'EventWithDeliveries' });

export const eventPage = z
  .object({
    events: z.array(eventSummary),
    pagination: cursorPagination(eventId),
  })
  .meta({ id: 'EventPage' });

export const resendEventBody = z.strictObject({
  endpoint_id: endpointId
    .optional()
    .meta({ description: 'Only to this endpoint; default: every receiver that wants the event now.' }),
});

export const resendEventAnswer = z.object({
  event_id: eventId,
  resent_to: z
    .array(z.string())
    .meta({ description: 'Endpoint ids, and `webhook_url` for the job request’s own.' }),
});

export const resendEventsBody = z
  .strictObject({
    created_from: isoTime('The first event time'),
    created_to: isoTime('The last event time; not before created_from'),
    failed_only: z
      .boolean()
      .optional()
      .default(true)
      .meta({ description: 'Default true: only to receivers whose latest attempt failed.' }),
    endpoint_id: endpointId.optional().meta({ description: 'Only to this endpoint.' }),
  })
  .superRefine(refuseReversedRange);

export const eventResend = z
  .object({
    id: resendId,
    object: z.literal('event_resend'),
    status: z.enum(['queued', 'sending', 'completed']).meta({
      description:
        'queued: accepted, nothing sent yet; sending: its deliveries are being queued, in batches; completed: every delivery is queued (each is then one attempt, recorded on its event).',
    }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    created_from: z.string().meta({ description: 'The range, as the request gave it.' }),
    created_to: z.string(),
    failed_only: z.boolean(),
    endpoint_id: endpointId.nullable(),
    event_ids: z.array(eventId).meta({ description: 'The events it resends, newest first.' }),
    events: z.int().min(0),
    deliveries: z.int().min(0).meta({
      description:
        'What it sends: one attempt per event and receiver (at most 1,000 a resend), known when it is accepted.',
    }),
    queued_deliveries: z.int().min(0).meta({ description: 'Of those, queued so far.' }),
    has_more: z.boolean().meta({
      description:
        'The range held more than one resend takes (500 events, 1,000 deliveries): resend the rest with a created_to before the oldest of event_ids.',
    }),
  })
  .meta({ id: 'EventResend' });

/** What POST /v1/events/resend answers (the resend as accepted) and its status route shows. */
export const resendEventsAnswer = eventResend;
