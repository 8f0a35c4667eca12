// An organization's offices (issue 46, item 1): a franchise group's branches, each with its own jobs,
// events, usage, webhook endpoints and, optionally, its own media retention. Per organization and mode, as
// the key says, like imagery sources and webhook endpoints. An API key may be bound to one office
// (office-scope.ts): it then sees and makes only that office's things, and another office's are a 404,
// exactly like another organization's.
import { type BrandKitRecord, brandKitNotFound, kitUsableBy } from '../brand-kits/brand-kits.ts';
import type { Clock } from '../clock.ts';
import { ApiError, apiErrors } from '../errors.ts';
import { randomBase62 } from '../ids.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { organizationRetentionDays, type RetentionPolicy } from '../jobs/retention.ts';

/** Offices an organization may have in one mode (one list item: a few hundred fit with room to spare). */
export const MAX_OFFICES = 500;

export const OFFICE_ID = /^off_[0-9A-Za-z]{1,40}$/;

/** One office as kept (and as answered: it holds nothing secret). */
export interface OfficeRecord {
  readonly id: string;
  readonly name: string;
  /** The caller's own reference for it (a branch code, a CRM id); null when none. */
  readonly external_ref: string | null;
  /** Days its jobs' media and inputs are kept; null: the organization's retention. */
  readonly media_retention_days: number | null;
  /**
   * The brand kit its jobs draw when they name none (the organization's or this office's own); null or
   * absent (an office made before defaults): none.
   */
  readonly default_brand_kit_id?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  /**
   * Set by a delete while it counts the office's running jobs (deleteOffice): no job may be made in the
   * office meanwhile. Never answered; a mark older than DELETE_MARK_TTL_MS is a delete that died, ignored.
   */
  readonly deleting_since?: string;
}

/** How long a delete's mark holds (a delete that died leaves one behind: it then stops counting). */
export const DELETE_MARK_TTL_MS = 60_000;

/**
 * How long a delete waits, once it has marked the office, before it counts the office's running jobs: the
 * jobs table's status index is eventually consistent, and a job written just before the mark must be seen.
 */
export const DELETE_SETTLE_MS = 1_000;

export type OfficeView = Omit<OfficeRecord, 'default_brand_kit_id' | 'deleting_since'> & {
  readonly object: 'office';
  readonly default_brand_kit_id: string | null;
};

export interface NewOffice {
  readonly name: string;
  readonly external_ref?: string | null;
  readonly media_retention_days?: number | null;
  readonly default_brand_kit_id?: string | null;
}

export type OfficePatch = Partial<NewOffice>;

/** The offices of one organization and mode, as one versioned list (one read finds any of them). */
export interface OfficeStore {
  list(tenant: Tenant): Promise<{ offices: OfficeRecord[]; version: number }>;
  /** Writes `next` if the list is still at `version`; false when it changed meanwhile. */
  replace(tenant: Tenant, version: number, next: readonly OfficeRecord[]): Promise<boolean>;
}

/** Whether an office has jobs still queued or processing (the jobs table's answer). */
export type RunningJobsOf = (tenant: Tenant, officeId: string) => Promise<number>;

export interface OfficePorts {
  readonly offices: OfficeStore;
  readonly clock: Clock;
  /** The stage's retention bounds: an office's media_retention_days is checked as an organization's is. */
  readonly retention: RetentionPolicy;
  /** How many of the office's jobs are still queued or processing (a delete is refused while any are). */
  readonly runningJobs: RunningJobsOf;
  /** The tenant's brand kit (a default kit must be the organization's or the office's own). */
  readonly brandKit: (tenant: Tenant, id: string) => Promise<BrandKitRecord | undefined>;
  /** DELETE_SETTLE_MS unless given (tests: 0). */
  readonly deleteSettleMs?: number;
}

export const officeView = ({ deleting_since: _mark, ...record }: OfficeRecord): OfficeView => ({
  ...record,
  default_brand_kit_id: record.default_brand_kit_id ?? null,
  object: 'office',
});

/** Whether a delete is under way on the office (its mark is fresh). */
export function beingDeleted(record: OfficeRecord, now: Date): boolean {
  return (
    record.deleting_since !== undefined &&
    now.getTime() - Date.parse(record.deleting_since) < DELETE_MARK_TTL_MS
  );
}

const officeBeingDeleted = (id: string) =>
  new ApiError(
    'NOT_FOUND',
    `Office '${id}' is being deleted: no job can be made in it. If the delete is refused (it has running jobs), try again.`,
  );

/**
 * A default kit an office may have: one of the organization's kits (no office) or the office's own
 * (`officeId` undefined: an office not made yet, which has no kits). Anything else — another office's kit,
 * one that does not exist — is a 404 naming default_brand_kit_id.
 */
async function checkedDefaultKit(
  ports: Pick<OfficePorts, 'brandKit'>,
  tenant: Tenant,
  kitId: string | null | undefined,
  officeId: string | undefined,
): Promise<void> {
  if (kitId === undefined || kitId === null) return;
  const kit = await ports.brandKit(tenant, kitId);
  if (kit && kitUsableBy(kit, officeId)) return;
  const { message } = brandKitNotFound(kitId);
  throw new ApiError('NOT_FOUND', message, { details: [{ path: 'default_brand_kit_id', message }] });
}

/** The same answer for an office that does not exist and one the key may not see: nothing is given away. */
export const officeNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No office with id '${id}' exists for this key.`);

const newOfficeId = () => `off_${randomBase62(20)}`;

/** Reads, changes and writes the tenant's list, retrying when another writer got there first. */
async function change<T>(
  ports: Pick<OfficePorts, 'offices' | 'clock'>,
  tenant: Tenant,
  edit: (offices: OfficeRecord[], now: Date) => { next: OfficeRecord[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { offices, version } = await ports.offices.list(tenant);
    const { next, result } = edit(offices, ports.clock.now());
    if (await ports.offices.replace(tenant, version, next)) return result;
  }
  throw new Error('The offices kept changing underneath; retry.');
}

function requireUniqueName(offices: readonly OfficeRecord[], name: string, id?: string): void {
  const other = offices.find((o) => o.name === name && o.id !== id);
  if (!other) return;
  const detail = {
    path: 'name',
    message: `'${name}' is already the name of this organization's office ${other.id} in this mode`,
  };
  throw new ApiError('VALIDATION_ERROR', `Invalid request: name: ${detail.message}`, { details: [detail] });
}

function checkedRetention(ports: Pick<OfficePorts, 'retention'>, days: number | null | undefined) {
  if (days === undefined || days === null) return days;
  return organizationRetentionDays(days, ports.retention);
}

/** A new office; only an organization-wide key makes one (an office's key acts within its office). */
export async function createOffice(
  ports: OfficePorts,
  tenant: Tenant,
  request: NewOffice,
  scope?: string,
): Promise<OfficeView> {
  if (scope !== undefined)
    throw apiErrors.forbidden(
      'This API key acts for one office: offices are created with a key of the whole organization.',
    );
  const retention = checkedRetention(ports, request.media_retention_days) ?? null;
  await checkedDefaultKit(ports, tenant, request.default_brand_kit_id, undefined);
  return change(ports, tenant, (offices, now) => {
    if (offices.length >= MAX_OFFICES)
      throw new ApiError(
        'OFFICE_LIMIT',
        `An organization may have at most ${MAX_OFFICES} offices per mode; delete one first.`,
      );
    requireUniqueName(offices, request.name);
    const at = now.toISOString();
    const record: OfficeRecord = {
      id: newOfficeId(),
      name: request.name,
      external_ref: request.external_ref ?? null,
      media_retention_days: retention,
      default_brand_kit_id: request.default_brand_kit_id ?? null,
      created_at: at,
      updated_at: at,
    };
    return { next: [...offices, record], result: officeView(record) };
  });
}

/**
 * The tenant's offices a key sees: every one for an organization-wide key (`scope` undefined), only its
 * own for an office's key.
 */
export async function listOffices(
  ports: Pick<OfficePorts, 'offices'>,
  tenant: Tenant,
  scope: string | undefined,
): Promise<OfficeView[]> {
  const { offices } = await ports.offices.list(tenant);
  return offices.filter((o) => scope === undefined || o.id === scope).map(officeView);
}

/** One office, or undefined when it does not exist (the submit path asks without throwing). */
export async function findOffice(
  ports: Pick<OfficePorts, 'offices'>,
  tenant: Tenant,
  id: string,
): Promise<OfficeRecord | undefined> {
  return (await ports.offices.list(tenant)).offices.find((o) => o.id === id);
}

export async function getOffice(
  ports: Pick<OfficePorts, 'offices'>,
  tenant: Tenant,
  id: string,
  scope: string | undefined,
): Promise<OfficeView> {
  const record = scope === undefined || scope === id ? await findOffice(ports, tenant, id) : undefined;
  if (!record) throw officeNotFound(id);
  return officeView(record);
}

export async function updateOffice(
  ports: OfficePorts,
  tenant: Tenant,
  id: string,
  patch: OfficePatch,
  scope: string | undefined,
): Promise<OfficeView> {
  if (scope !== undefined && scope !== id) throw officeNotFound(id);
  const retention = checkedRetention(ports, patch.media_retention_days);
  await checkedDefaultKit(ports, tenant, patch.default_brand_kit_id, id);
  return change(ports, tenant, (offices, now) => {
    const index = offices.findIndex((o) => o.id === id);
    if (index < 0) throw officeNotFound(id);
    const current = offices[index]!;
    if (patch.name !== undefined) requireUniqueName(offices, patch.name, id);
    const updated: OfficeRecord = {
      ...current,
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.external_ref === undefined ? {} : { external_ref: patch.external_ref }),
      ...(retention === undefined ? {} : { media_retention_days: retention }),
      ...(patch.default_brand_kit_id === undefined
        ? {}
        : { default_brand_kit_id: patch.default_brand_kit_id }),
      updated_at: now.toISOString(),
    };
    const next = [...offices];
    next[index] = updated;
    return { next, result: officeView(updated) };
  });
}

/**
 * Deletes an office that has no job queued or processing (409 OFFICE_HAS_RUNNING_JOBS otherwise: cancel
 * them or let them end). Its finished jobs, their events and usage stay with the organization, still
 * carrying the office's id (an organization-wide key sees them, and can filter by it). Keys bound to the
 * office can make no more jobs: their office is gone.
 */
export async function deleteOffice(
  ports: OfficePorts,
  tenant: Tenant,
  id: string,
  scope: string | undefined,
): Promise<{ id: string; object: 'office'; deleted: true }> {
  if (scope !== undefined && scope !== id) throw officeNotFound(id);
  // Marked first, so no job is made in it from here on (requestOffice and officeStillOpen refuse), then
  // counted once the jobs written before the mark show on the status index; a job made in the office
  // between the submit's check and its write is undone by the submit itself (officeStillOpen).
  await change(ports, tenant, (offices, now) => {
    if (!offices.some((o) => o.id === id)) throw officeNotFound(id);
    return {
      next: offices.map((o) => (o.id === id ? { ...o, deleting_since: now.toISOString() } : o)),
      result: undefined,
    };
  });
  const settle = ports.deleteSettleMs ?? DELETE_SETTLE_MS;
  if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
  const running = await ports.runningJobs(tenant, id).catch(async (error: unknown) => {
    await unmark(ports, tenant, id);
    throw error;
  });
  if (running > 0) {
    await unmark(ports, tenant, id);
    throw new ApiError(
      'OFFICE_HAS_RUNNING_JOBS',
      `Office '${id}' has ${running} job${running === 1 ? '' : 's'} still queued or processing; cancel ${running === 1 ? 'it' : 'them'} or wait until ${running === 1 ? 'it ends' : 'they end'}, then delete the office.`,
      { details: [{ path: 'office_id', message: `${running} running job${running === 1 ? '' : 's'}` }] },
    );
  }
  return change(ports, tenant, (offices) => {
    if (!offices.some((o) => o.id === id)) throw officeNotFound(id);
    return {
      next: offices.filter((o) => o.id !== id),
      result: { id, object: 'office' as const, deleted: true as const },
    };
  });
}

/** Takes a refused delete's mark off the office (if it is still there). */
async function unmark(
  ports: Pick<OfficePorts, 'offices' | 'clock'>,
  tenant: Tenant,
  id: string,
): Promise<void> {
  await change(ports, tenant, (offices) => ({
    next: offices.map((o) => {
      if (o.id !== id) return o;
      const { deleting_since: _mark, ...rest } = o;
      return rest;
    }),
    result: undefined,
  }));
}

/**
 * Whether a job may still be made in the office, asked again after the job is written (a strongly
 * consistent read): false once a delete has marked it or removed it. The submit then removes its job, so
 * a delete never leaves a running job in an office it deleted.
 */
export async function officeStillOpen(
  ports: Pick<OfficePorts, 'offices' | 'clock'>,
  tenant: Tenant,
  id: string,
): Promise<ApiError | undefined> {
  const record = await findOffice(ports, tenant, id);
  if (!record) return officeNotFound(id);
  return beingDeleted(record, ports.clock.now()) ? officeBeingDeleted(id) : undefined;
}

/**
 * The office a request acts in (a new job, a new webhook endpoint): the key's own, else the `office_id` it
 * names, else none (undefined: the organization's own). An office that does not exist — or, for an
 * office's key, any other office — is a 404 naming the id given; so is an office key's own office once
 * deleted: it can make nothing more.
 */
/** The ids of the tenant's offices whose default brand kit is `kitId` (a kit delete is refused while any are). */
export async function officesDefaulting(
  ports: Pick<OfficePorts, 'offices'>,
  tenant: Tenant,
  kitId: string,
): Promise<string[]> {
  const { offices } = await ports.offices.list(tenant);
  return offices.filter((o) => o.default_brand_kit_id === kitId).map((o) => o.id);
}

export async function requestOffice(
  ports: Pick<OfficePorts, 'offices' | 'clock'>,
  tenant: Tenant,
  scope: string | undefined,
  requested: string | undefined,
): Promise<OfficeRecord | undefined> {
  if (scope !== undefined && requested !== undefined && requested !== scope) throw officeNotFound(requested);
  const id = scope ?? requested;
  if (id === undefined) return undefined;
  const record = await findOffice(ports, tenant, id);
  if (!record) throw officeNotFound(id);
  if (beingDeleted(record, ports.clock.now())) throw officeBeingDeleted(id);
  return record;
}
