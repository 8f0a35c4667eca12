// The usage port: one record per completed job, written once and read by date range.
// Its DynamoDB adapter (and the table's keys) is functions/adapters/dynamodb/usage-store.ts.
import type { JobType, Tenant } from '../jobs/job-types.ts';
import type { BillingUnit, RenditionCounts } from './billing.ts';

export interface UsageRecord {
  readonly tenant: Tenant;
  readonly jobId: string;
  readonly jobType: JobType;
  readonly unit: BillingUnit;
  readonly units: number;
  /** The renditions the job made, billed at their own rates (absent: none). */
  readonly renditions?: RenditionCounts;
  /** The job's office (absent: the organization's own). */
  readonly officeId?: string;
  /** The job's completed_at (ISO 8601, UTC); its date is the usage day. */
  readonly completedAt: string;
}

/** One job's usage as a range read returns it. */
export interface UsageItem {
  readonly date: string;
  readonly jobId: string;
  readonly jobType: JobType;
  readonly unit: BillingUnit;
  readonly units: number;
  readonly renditions?: RenditionCounts;
  readonly officeId?: string;
}

/** The port the completion step records through and the usage use case reads through. */
export interface UsageStore {
  /** Records a completed job's usage; false when this job was recorded already (nothing written). */
  record(usage: UsageRecord): Promise<boolean>;
  /** Every usage item of a tenant completed on a date from `from` to `to` (YYYY-MM-DD, inclusive). */
  list(tenant: Tenant, from: string, to: string): Promise<UsageItem[]>;
}

/** The usage day of a completion time: its UTC date. */
export const usageDate = (completedAt: string) => new Date(completedAt).toISOString().slice(0, 10);
