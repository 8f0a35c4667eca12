// Usage of one organization in one mode over a date range: jobs, units and amount per day and job type,
// with totals. Live usage is priced at the stage's rates; test usage is tracked the same way but never
// billed (amount 0, billed: false). GET /v1/usage and the developer dashboard both call getUsage.
import { apiErrors, type ErrorDetail } from '../errors.ts';
import type { JobType, Mode } from '../jobs/job-types.ts';
import { type OfficeScope, officeFilterOf } from '../offices/office-scope.ts';
import type { RenditionName } from '../schemas/renditions.ts';
import type { UsageStore } from '../usage/usage-store.ts';

/** The stage's rates: the price of one unit of each job type in live mode. */
export interface UsagePricing {
  readonly currency: 'AUD';
  /** Price per unit (see each job type's billing unit), in `currency`. A type without a price is free. */
  readonly livePerUnit: Readonly<Record<JobType, number>>;
  /** Price per rendition of each kind (see the renditions a job made), in `currency`; absent: free. */
  readonly livePerRendition?: Readonly<Partial<Record<RenditionName, number>>>;
}

export const USAGE_RANGE = {
  /** Without `from`, the range is the 30 days ending with `to` (today, UTC, without `to`). */
  defaultDays: 30,
  /** At most this many days, both ends included. */
  maxDays: 366,
} as const;

interface UsageQuery {
  readonly orgId: string;
  readonly mode: Mode;
  /** YYYY-MM-DD (UTC), inclusive; default: `to` minus 29 days. */
  readonly from?: string;
  /** YYYY-MM-DD (UTC), inclusive; default: today. */
  readonly to?: string;
  /** Only this office's usage. */
  readonly office_id?: string;
}

interface UsageFigures {
  readonly jobs: number;
  readonly units: number;
  /** Renditions made (each billed at its kind's rate). */
  readonly renditions: number;
  readonly amount: number;
}

interface UsageDay extends UsageFigures {
  readonly date: string;
  readonly job_type: JobType;
}

interface UsageReport {
  readonly object: 'usage';
  readonly organization_id: string;
  readonly mode: Mode;
  readonly from: string;
  readonly to: string;
  readonly currency: UsagePricing['currency'];
  /** true for live usage; test usage is tracked but never billed (every amount 0). */
  readonly billed: boolean;
  /** One row per date and job type that has usage, by date then job type; empty days are absent. */
  readonly days: readonly UsageDay[];
  readonly totals: UsageFigures & {
    readonly by_job_type: Readonly<Record<JobType, UsageFigures>>;
    readonly by_rendition: Readonly<
      Partial<Record<RenditionName, { readonly count: number; readonly amount: number }>>
    >;
    /** The totals of each office that has usage in the range; the organization's own jobs under `none`. */
    readonly by_office: Readonly<Record<string, UsageFigures>>;
  };
}

/** by_office's key for the jobs of no office (the organization's own). */
export const NO_OFFICE = 'none';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  dayOf(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

/** The range a query asks for, defaults settled; a 400 VALIDATION_ERROR naming the bad parameter otherwise. */
export function usageRange(query: Pick<UsageQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const details: ErrorDetail[] = [];
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (value !== undefined && !isIsoDate(value))
      details.push({ path: name, message: `must be a date written YYYY-MM-DD, got '${value}'` });
  }
  if (details.length > 0) throw apiErrors.validation(details);
  const to = query.to ?? dayOf(now);
  const from = query.from ?? addDays(to, -(USAGE_RANGE.defaultDays - 1));
  if (from > to) {
    throw apiErrors.validation([{ path: 'from', message: `must not be after to (${from} > ${to})` }]);
  }
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > USAGE_RANGE.maxDays) {
    throw apiErrors.validation([
      {
        path: 'from',
        message: `the range ${from} to ${to} is ${days} days; at most ${USAGE_RANGE.maxDays} days can be asked for at once`,
      },
    ]);
  }
  return { from, to };
}

/** Amounts are summed in cents, so totals equal the sum of the rows shown. */
const toCents = (units: number, pricePerUnit: number) => Math.round(units * pricePerUnit * 100);

export async function getUsage(
  store: UsageStore,
  query: UsageQuery,
  pricing: UsagePricing,
  now: Date = new Date(),
  /** The key's office: it sees only its own office's usage (a filter naming another finds none). */
  scope?: OfficeScope,
): Promise<UsageReport> {
  const { from, to } = usageRange(query, now);
  const billed = query.mode === 'live';
  const office = officeFilterOf(scope, query.office_id);
  const items =
    office === 'none'
      ? []
      : (await store.list({ orgId: query.orgId, mode: query.mode }, from, to)).filter(
          (item) => office.officeId === undefined || item.officeId === office.officeId,
        );

  const rows = new Map<
    string,
    {
      date: string;
      job_type: JobType;
      jobs: number;
      units: number;
      renditions: number;
      renditionCents: number;
    }
  >();
  const byRendition: Partial<Record<RenditionName, { count: number; cents: number }>> = {};
  const byOffice = new Map<string, { jobs: number; units: number; renditions: number; cents: number }>();
  for (const item of items) {
    const officeKey = item.officeId ?? NO_OFFICE;
    const officeTotals = byOffice.get(officeKey) ?? { jobs: 0, units: 0, renditions: 0, cents: 0 };
    officeTotals.jobs += 1;
    officeTotals.units += item.units;
    officeTotals.cents += billed ? toCents(item.units, pricing.livePerUnit[item.jobType] ?? 0) : 0;
    for (const [name, count] of Object.entries(item.renditions ?? {}) as [RenditionName, number][]) {
      officeTotals.renditions += count;
      officeTotals.cents += billed ? toCents(count, pricing.livePerRendition?.[name] ?? 0) : 0;
    }
    byOffice.set(officeKey, officeTotals);
    const key = `${item.date}\u0000${item.jobType}`;
    const row = rows.get(key) ?? {
      date: item.date,
      job_type: item.jobType,
      jobs: 0,
      units: 0,
      renditions: 0,
      renditionCents: 0,
    };
    row.jobs += 1;
    row.units += item.units;
    for (const [name, count] of Object.entries(item.renditions ?? {}) as [RenditionName, number][]) {
      const cents = billed ? toCents(count, pricing.livePerRendition?.[name] ?? 0) : 0;
      row.renditions += count;
      row.renditionCents += cents;
      byRendition[name] ??= { count: 0, cents: 0 };
      const total = byRendition[name];
      total.count += count;
      total.cents += cents;
    }
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.date === b.date ? a.job_type.localeCompare(b.job_type) : a.date.localeCompare(b.date),
  );

  const byType: Record<JobType, { jobs: number; units: number; renditions: number; cents: number }> = {};
  let totalCents = 0;
  const days: UsageDay[] = sorted.map(({ renditionCents, ...row }) => {
    const cents = (billed ? toCents(row.units, pricing.livePerUnit[row.job_type] ?? 0) : 0) + renditionCents;
    byType[row.job_type] ??= { jobs: 0, units: 0, renditions: 0, cents: 0 };
    const type = byType[row.job_type]!;
    type.jobs += row.jobs;
    type.units += row.units;
    type.renditions += row.renditions;
    type.cents += cents;
    totalCents += cents;
    return { ...row, amount: cents / 100 };
  });

  return {
    object: 'usage',
    organization_id: query.orgId,
    mode: query.mode,
    from,
    to,
    currency: pricing.currency,
    billed,
    days,
    totals: {
      jobs: days.reduce((sum, d) => sum + d.jobs, 0),
      units: days.reduce((sum, d) => sum + d.units, 0),
      renditions: days.reduce((sum, d) => sum + d.renditions, 0),
      amount: totalCents / 100,
      by_job_type: Object.fromEntries(
        Object.entries(byType).map(([type, t]) => [
          type,
          { jobs: t.jobs, units: t.units, renditions: t.renditions, amount: t.cents / 100 },
        ]),
      ),
      by_rendition: Object.fromEntries(
        Object.entries(byRendition).map(([name, r]) => [name, { count: r.count, amount: r.cents / 100 }]),
      ),
      by_office: Object.fromEntries(
        [...byOffice.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, t]) => [
            id,
            { jobs: t.jobs, units: t.units, renditions: t.renditions, amount: t.cents / 100 },
          ]),
      ),
    },
  };
}
