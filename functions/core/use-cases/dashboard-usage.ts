// The dashboard's usage page asks one function for a usage report (the shape of GET /v1/usage). Until
// usage metering lands (functions/core/use-cases/usage.ts, getUsage), the report is counted from the
// organization's completed jobs: one unit per completed job, no amounts. Swap `usageFromJobs` for
// getUsage in dashboardUsage's caller when metering exists.
import type { Job } from '../jobs/job.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { Mode } from '../jobs/job-types.ts';

export interface UsageQuery {
  readonly orgId: string;
  readonly mode: Mode;
  /** YYYY-MM-DD, inclusive (UTC days). */
  readonly from: string;
  readonly to: string;
}

interface Figures {
  jobs: number;
  units: number;
  amount: number;
}

export interface UsageReport {
  readonly object: 'usage';
  readonly organization_id: string;
  readonly mode: Mode;
  readonly from: string;
  readonly to: string;
  readonly currency: string;
  readonly days: ReadonlyArray<{ date: string; job_type: string } & Figures>;
  readonly totals: Figures & { by_job_type: Record<string, Figures> };
}

export type UsageSource = (query: UsageQuery) => Promise<UsageReport>;

export const MAX_USAGE_DAYS = 92;
const DAY_MS = 86_400_000;

/** The period asked for, defaulting to the last 30 days up to today; 400-worthy problems as messages. */
export function usagePeriod(
  now: Date,
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } | { problem: string } {
  const end = to ?? now.toISOString().slice(0, 10);
  const start = from ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(startMs) || new Date(startMs).toISOString().slice(0, 10) !== start)
    return { problem: `from '${start}' is not a calendar date` };
  if (Number.isNaN(endMs) || new Date(endMs).toISOString().slice(0, 10) !== end)
    return { problem: `to '${end}' is not a calendar date` };
  if (endMs < startMs) return { problem: 'from must not be after to' };
  if ((endMs - startMs) / DAY_MS + 1 > MAX_USAGE_DAYS)
    return { problem: `a report covers at most ${MAX_USAGE_DAYS} days` };
  return { from: start, to: end };
}

/** Completed jobs of the period, per UTC day (of completion) and job type. */
export function usageFromJobs(jobs: JobStore): UsageSource {
  return async ({ orgId, mode, from, to }) => {
    const tenant = { orgId, mode };
    const counted: Job[] = [];
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    // Newest first; a job completes after it is created, so stop at jobs created before the period.
    for (let offset = 0; ; offset += 100) {
      const page = await jobs.list(tenant, { status: 'completed', limit: 100, offset });
      for (const job of page.jobs) {
        const day = (job.completedAt ?? job.updatedAt).slice(0, 10);
        if (day >= from && day <= to) counted.push(job);
      }
      const oldest = page.jobs.at(-1);
      if (!page.hasMore || !oldest || Date.parse(oldest.createdAt) < fromMs) break;
    }
    const cells = new Map<string, { date: string; job_type: string } & Figures>();
    const byType: Record<string, Figures> = {};
    for (const job of counted) {
      const date = (job.completedAt ?? job.updatedAt).slice(0, 10);
      const key = `${date} ${job.jobType}`;
      const cell = cells.get(key) ?? { date, job_type: job.jobType, jobs: 0, units: 0, amount: 0 };
      cell.jobs += 1;
      cell.units += 1;
      cells.set(key, cell);
      byType[job.jobType] ??= { jobs: 0, units: 0, amount: 0 };
      const total = byType[job.jobType]!;
      total.jobs += 1;
      total.units += 1;
    }
    const days = [...cells.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.job_type.localeCompare(b.job_type),
    );
    return {
      object: 'usage',
      organization_id: orgId,
      mode,
      from,
      to,
      currency: 'AUD',
      days,
      totals: { jobs: counted.length, units: counted.length, amount: 0, by_job_type: byType },
    };
  };
}
