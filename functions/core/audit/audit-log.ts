// The audit log (issue 46, item 5): an append-only record of every change that matters to an
// organization's setup — API keys created, rotated and revoked; webhook endpoints created, changed,
// rotated and deleted; imagery sources and brand kits created, changed and deleted; jobs deleted; resends. Each record
// names its actor (a key id or a dashboard member, never a secret), the action, its target, when, from
// where (source IP, request id) and what changed (before/after, secrets redacted). Per organization and
// mode, like everything else a key sees; kept one year. The port has no update or delete: nothing edits it.
// Its DynamoDB adapter is functions/adapters/dynamodb/audit-log.ts (the events table).
import { uuidv7 } from '../ids.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { logger } from '../observability.ts';

export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.deleted',
  'imagery_source.created',
  'imagery_source.updated',
  'imagery_source.deleted',
  'brand_kit.created',
  'brand_kit.updated',
  'brand_kit.deleted',
  'job.deleted',
  'event.resent',
  'events.resend_started',
  'organization.webhook_secret_rotated',
  'organization.settings_updated',
  'member.invited',
  'member.updated',
  'member.removed',
  'office.created',
  'office.updated',
  'office.deleted',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Days an audit record is kept (then the table's TTL removes it). */
export const AUDIT_RETENTION_DAYS = 365;

/**
 * Who did it: an API key (its key id, a public handle), a dashboard member (their member id, `mem_…`), or
 * an operator at the keys CLI (the OS user).
 */
export interface AuditActor {
  readonly type: 'api_key' | 'member' | 'cli';
  readonly id: string;
}

export interface AuditTarget {
  readonly type:
    | 'api_key'
    | 'webhook_endpoint'
    | 'imagery_source'
    | 'brand_kit'
    | 'job'
    | 'event'
    | 'event_resend'
    | 'organization'
    | 'member'
    | 'office';
  readonly id: string;
}

/** Field values before and after the change (secrets already redacted: redact()). */
export interface AuditChanges {
  readonly before?: Readonly<Record<string, unknown>>;
  readonly after?: Readonly<Record<string, unknown>>;
}

/** Where and why a change was made: the request it came with (absent for the CLI). */
export interface AuditContext {
  readonly actor: AuditActor;
  readonly sourceIp?: string;
  readonly requestId?: string;
  /** The office the actor acts for (an office's API key); a change's own office, where it has one, wins. */
  readonly officeId?: string;
}

export interface AuditRecord extends AuditContext {
  /** `aud_` + a UUIDv7 without dashes: ids sort by time. */
  readonly auditId: string;
  readonly orgId: string;
  readonly mode: Tenant['mode'];
  readonly at: string;
  readonly action: AuditAction;
  readonly target: AuditTarget;
  readonly changes?: AuditChanges;
}

export interface AuditFilter {
  readonly limit: number;
  /** The previous page's last audit id: the records after it, newest first. */
  readonly startingAfter?: string;
  readonly action?: AuditAction;
  /** An actor's id (key id, member id). */
  readonly actor?: string;
  readonly targetId?: string;
  /** Only the records of this office. */
  readonly officeId?: string;
  /** ISO times, both included. */
  readonly from?: string;
  readonly to?: string;
}

/** The port: append and read, nothing else (no route or role edits or deletes a record). */
export interface AuditLog {
  /** Writes a new record; a record id is never written twice. */
  append(record: AuditRecord, expiresAtSeconds: number): Promise<void>;
  /** A tenant's records, newest first. */
  list(tenant: Tenant, filter: AuditFilter): Promise<{ records: AuditRecord[]; hasMore: boolean }>;
}

export function newAuditId(now: number = Date.now()): string {
  return `aud_${uuidv7(now).replaceAll('-', '')}`;
}

/** The smallest audit id made at `ms` (a bound of a time range over audit ids). */
export function auditIdFloor(ms: number): string {
  return `aud_${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}`;
}

/**
 * Field names whose values are secrets, wherever they appear in what is recorded: `secret`, `secrets`,
 * `password`, `token`, `authorization` (alone or as a name's last word), `key` and `api_key`. Not the
 * hints, times or parameter names beside them (`key_hint`, `secret_created_at`, `api_key_param`).
 */
const SECRET_FIELD = /(^|_)(secrets?|password|token|authorization)$|^(api_?)?key$/i;

/** A copy with every secret-named field's value replaced by "[redacted]" (nested objects too). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) && v !== null && v !== undefined ? '[redacted]' : redact(v),
    ]),
  );
}

/**
 * Only the fields that differ between before and after, or undefined when none do. Compared as they are
 * (a new secret is a change), recorded redacted (the record says the secret changed, not what it is).
 */
export function changed(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditChanges | undefined {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  const b = redact(before) as Record<string, unknown>;
  const a = redact(after) as Record<string, unknown>;
  if (keys.length === 0) return undefined;
  return {
    before: Object.fromEntries(keys.filter((k) => k in b).map((k) => [k, b[k]])),
    after: Object.fromEntries(keys.filter((k) => k in a).map((k) => [k, a[k]])),
  };
}

export interface AuditPorts {
  readonly auditLog: AuditLog;
  readonly clock: { now(): Date };
}

/**
 * Records one change, after it was made. A failure to record is logged (without the record's changes)
 * and does not undo or fail the change the caller already made: retrying the request would make it twice.
 */
export async function recordAudit(
  ports: AuditPorts,
  tenant: Tenant,
  context: AuditContext,
  entry: {
    action: AuditAction;
    target: AuditTarget;
    changes?: AuditChanges;
    /** The office the change is about (an office, an office's job or endpoint); default: the actor's. */
    officeId?: string;
  },
): Promise<void> {
  const now = ports.clock.now();
  const officeId = entry.officeId ?? context.officeId;
  const record: AuditRecord = {
    auditId: newAuditId(now.getTime()),
    orgId: tenant.orgId,
    mode: tenant.mode,
    at: now.toISOString(),
    actor: context.actor,
    ...(context.sourceIp ? { sourceIp: context.sourceIp } : {}),
    ...(context.requestId ? { requestId: context.requestId } : {}),
    ...(officeId ? { officeId } : {}),
    action: entry.action,
    target: entry.target,
    ...(entry.changes ? { changes: redact(entry.changes) as AuditChanges } : {}),
  };
  const expiresAt = Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_DAYS * 86_400;
  try {
    await ports.auditLog.append(record, expiresAt);
  } catch (error) {
    logger.error('an audit record was not written', {
      error,
      audit_action: record.action,
      audit_target: `${record.target.type}:${record.target.id}`,
    });
  }
}

/**
 * Records a change to the organization itself (its webhook signing secret, its settings), which holds in
 * both modes: one record in each, so the audit log of either mode shows it.
 */
export async function recordOrganizationAudit(
  ports: AuditPorts,
  orgId: string,
  context: AuditContext,
  entry: { action: AuditAction; changes?: AuditChanges },
): Promise<void> {
  for (const mode of ['live', 'test'] as const)
    await recordAudit(ports, { orgId, mode }, context, {
      ...entry,
      target: { type: 'organization', id: orgId },
    });
}

/** What GET /v1/audit-events answers of a record. */
export function auditView(record: AuditRecord) {
  return {
    id: record.auditId,
    object: 'audit_event' as const,
    action: record.action,
    actor: record.actor,
    target: record.target,
    mode: record.mode,
    created_at: record.at,
    source_ip: record.sourceIp ?? null,
    request_id: record.requestId ?? null,
    office_id: record.officeId ?? null,
    changes: record.changes ?? null,
  };
}

/** GET /v1/audit-events: a page of the tenant's records, newest first. */
export async function listAuditEvents(
  ports: Pick<AuditPorts, 'auditLog'>,
  tenant: Tenant,
  filter: AuditFilter,
) {
  const { records, hasMore } = await ports.auditLog.list(tenant, filter);
  return {
    audit_events: records.map(auditView),
    pagination: {
      limit: filter.limit,
      count: records.length,
      has_more: hasMore,
      next_cursor: hasMore ? (records.at(-1)?.auditId ?? null) : null,
    },
  };
}

/** How much one export answer holds at most: a Lambda answer is at most 6 MB. */
export const AUDIT_EXPORT_LIMITS = { records: 10_000, bytes: 4 * 1024 * 1024 } as const;

export interface AuditExport {
  /** One audit event (as GET /v1/audit-events shows it) per line, newest first, each line ending in \n. */
  readonly jsonLines: string;
  readonly count: number;
  /** Set when the limits cut the export short: pass as starting_after to go on. */
  readonly nextCursor: string | null;
}

/**
 * GET /v1/audit-events/export: every record the filter matches as JSON Lines, read a page at a time,
 * up to AUDIT_EXPORT_LIMITS; past them, a cursor to go on from (the last record written).
 */
export async function exportAuditEvents(
  ports: Pick<AuditPorts, 'auditLog'>,
  tenant: Tenant,
  filter: Omit<AuditFilter, 'limit'>,
  limits: { readonly records: number; readonly bytes: number } = AUDIT_EXPORT_LIMITS,
): Promise<AuditExport> {
  const lines: string[] = [];
  let bytes = 0;
  let after = filter.startingAfter;
  for (;;) {
    const pageSize = Math.min(1000, limits.records - lines.length);
    const { records, hasMore } = await ports.auditLog.list(tenant, {
      ...filter,
      limit: pageSize,
      startingAfter: after,
    });
    for (const [i, record] of records.entries()) {
      const line = `${JSON.stringify(auditView(record))}\n`;
      const size = Buffer.byteLength(line);
      if (lines.length > 0 && bytes + size > limits.bytes) {
        return { jsonLines: lines.join(''), count: lines.length, nextCursor: after ?? null };
      }
      lines.push(line);
      bytes += size;
      after = record.auditId;
      if (lines.length >= limits.records && (hasMore || i < records.length - 1)) {
        return { jsonLines: lines.join(''), count: lines.length, nextCursor: after };
      }
    }
    if (!hasMore) return { jsonLines: lines.join(''), count: lines.length, nextCursor: null };
  }
}
