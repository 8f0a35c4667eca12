// GET /v1/audit-events: the audit log (core/audit/audit-log.ts) of the key's organization and mode, newest
// first, with cursor paging as GET /v1/events has it. Served, as the webhook routes are, by the one
// function behind /v1/{proxy+} (webhook-routes.ts says why); its scope is admin (route-scopes.ts).
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_EXPORT_LIMITS, type AuditFilter } from '../core/audit/audit-log.ts';
import { type OfficeScope, officeFilterOf } from '../core/offices/office-scope.ts';
import { cursorPagination, officeId, pageLimit } from '../core/schemas/common.ts';
import type { RouteDefinition } from './route-definition.ts';
import { proxiedApiRoute } from './webhook-routes.ts';
import { refuseReversedRange } from './webhook-schemas.ts';

const AUDIT_ID = /^aud_[0-9a-f]{32}$/;
const auditId = z.string().regex(AUDIT_ID, 'must be an audit event id (aud_ and 32 hex digits)');
const isoTime = (what: string) =>
  z.iso.datetime({ offset: true }).meta({ description: `${what} (ISO 8601 date-time).` });

/** The filters the list and the export share. */
const auditFilters = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "Only this actor's records: a key id (key_…) or a dashboard member's id." }),
  target_id: z.string().min(1).max(200).optional().meta({ description: "Only this target's records." }),
  office_id: officeId.optional().meta({
    description: "Only this office's records (an office's key sees only its own office's in any case).",
  }),
  created_from: isoTime('Only records made at or after this time').optional(),
  created_to: isoTime('Only records made at or before this time; not before created_from').optional(),
};

export const exportAuditEventsQuery = z
  .strictObject({
    starting_after: auditId.optional().meta({
      description: 'The previous answer’s X-Next-Cursor: the records after it, newest first.',
    }),
    ...auditFilters,
  })
  .superRefine(refuseReversedRange);

export const listAuditEventsQuery = z
  .strictObject({
    limit: pageLimit,
    starting_after: auditId.optional().meta({
      description: "The previous page's `pagination.next_cursor`: the records after it, newest first.",
    }),
    ...auditFilters,
  })
  .superRefine(refuseReversedRange);

export function auditFilterOf(
  query: z.output<typeof listAuditEventsQuery> | z.output<typeof exportAuditEventsQuery>,
  /** The key's office: an office's key reads only its office's records. */
  scope?: OfficeScope,
): AuditFilter | 'none' {
  const office = officeFilterOf(scope, query.office_id);
  if (office === 'none') return 'none';
  return {
    ...office,
    limit: 'limit' in query ? query.limit : 1,
    startingAfter: query.starting_after,
    action: query.action,
    actor: query.actor,
    targetId: query.target_id,
    from: query.created_from,
    to: query.created_to,
  };
}

const fieldValues = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Field values as the API shows them; secrets are `[redacted]`.' });

export const auditEvent = z
  .object({
    id: auditId,
    object: z.literal('audit_event'),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      type: z.enum(['api_key', 'member', 'cli']),
      id: z.string().meta({
        description:
          'A key id (key_…, never the key), a dashboard member (their member id, mem_…), or the OS user at the keys CLI.',
      }),
    }),
    target: z.object({
      type: z.enum([
        'api_key',
        'webhook_endpoint',
        'imagery_source',
        'brand_kit',
        'job',
        'event',
        'event_resend',
        'organization',
        'member',
        'office',
      ]),
      id: z.string(),
    }),
    mode: z.enum(['test', 'live']),
    created_at: z.iso.datetime(),
    source_ip: z.string().nullable().meta({ description: 'null for the keys CLI.' }),
    request_id: z.string().nullable().meta({ description: 'null for the keys CLI.' }),
    office_id: z.string().nullable().meta({
      description:
        "The office the change is about (an office, an office's job or webhook endpoint), else the office the acting key is bound to; null for the organization's own.",
    }),
    changes: z.object({ before: fieldValues.optional(), after: fieldValues.optional() }).nullable().meta({
      description: 'What changed: the fields before and after (only those that differ for an update).',
    }),
  })
  .meta({ id: 'AuditEvent' });

export const auditEventPage = z
  .object({
    audit_events: z.array(auditEvent),
    pagination: cursorPagination(auditId),
  })
  .meta({ id: 'AuditEventPage' });

export const AUDIT_ROUTES: readonly RouteDefinition[] = [
  proxiedApiRoute({
    method: 'GET',
    path: '/v1/audit-events',
    operationId: 'listAuditEvents',
    summary:
      "The audit log of the key's organization and mode, newest first (kept 1 year, append-only: no route edits or deletes it): API keys created, rotated and revoked; webhook endpoints created, changed, rotated and deleted; imagery sources created, changed and deleted; brand kits created, changed and deleted; jobs deleted; resends; the organization's webhook signing secret rotated and its settings (media retention, the staging watermark) changed, which hold in both modes and are recorded in each, as are dashboard members invited, changed and removed. Each names its actor (a key id or a dashboard member, never a secret), the target, the source IP, the request id and what changed, secrets redacted.",
    tag: 'Audit log',
    query: listAuditEventsQuery,
    success: { status: 200, schema: auditEventPage, description: 'A page of audit events.' },
    errors: ['VALIDATION_ERROR'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: '/v1/audit-events/export',
    operationId: 'exportAuditEvents',
    summary: `The audit log as JSON Lines (application/jsonl), for an archive or a SIEM: every record the filters match, one audit event per line as GET /v1/audit-events shows it, newest first. One answer holds at most ${AUDIT_EXPORT_LIMITS.records.toLocaleString('en')} records and about ${AUDIT_EXPORT_LIMITS.bytes / 1024 / 1024} MB; past that it carries X-Next-Cursor, to pass as starting_after (same filters) for the rest. No record matching: an empty answer.`,
    tag: 'Audit log',
    query: exportAuditEventsQuery,
    success: {
      status: 200,
      schema: auditEvent,
      jsonLines: true,
      description: 'One audit event per line (each line a JSON object, each ending in a newline).',
    },
    errors: ['VALIDATION_ERROR'],
  }),
];
