// How long a job's media and inputs are kept, and what is left of a job once they expire.
//
// A job expires at its creation plus, in order of precedence: the request's `delete_after` (an ISO 8601
// duration), its kit's expiry (for the jobs a kit makes), the organization's own retention
// (`media_retention_days`, set with the keys CLI), its plan's default, the stage's default. The retention
// sweep (core/workflows/retention.ts) then deletes the job's media objects and keeps the record without
// them or anything personal: `media_expired: true`, input `{}`, output `null`, error code only.
import { ApiError, apiErrors } from '../errors.ts';
import type { JobErrorInfo } from './job.ts';

export interface RetentionPolicy {
  /** Days kept when neither the request, the organization nor its plan says otherwise. */
  readonly defaultDays: number;
  /** Days kept by plan name (an organization's plan is set with `keys set-plan`). */
  readonly planDays: Readonly<Record<string, number>>;
  /** The shortest delete_after accepted, in seconds (a stage may allow less for its tests). */
  readonly minSeconds: number;
  /** The longest retention accepted, in days (delete_after and an organization's own). */
  readonly maxDays: number;
}

const DAY_S = 86_400;

/**
 * `P[n]W`, or `P[n]DT[n]H[n]M[n]S` with any of the parts (whole numbers; seconds may have a fraction).
 * Years and months are refused: their length depends on the calendar.
 */
export const ISO_DURATION = /^P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?)$/;

/** Seconds of an ISO 8601 duration as ISO_DURATION accepts it; undefined when it is not one (or is empty). */
export function durationSeconds(text: string): number | undefined {
  const m = ISO_DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [, weeks, days, hours, minutes, seconds] = m;
  const n = (v: string | undefined) => (v === undefined ? 0 : Number(v));
  return n(weeks) * 7 * DAY_S + n(days) * DAY_S + n(hours) * 3600 + n(minutes) * 60 + n(seconds);
}

/** The request's delete_after in seconds, within the stage's bounds (400 naming the field otherwise). */
export function deleteAfterSeconds(text: string, policy: RetentionPolicy): number {
  const seconds = durationSeconds(text);
  const bounds = `between ${policy.minSeconds} seconds and ${policy.maxDays} days`;
  if (seconds === undefined)
    throw apiErrors.validation([
      {
        path: 'delete_after',
        message: `must be an ISO 8601 duration such as PT1H or P30D (days, hours, minutes, seconds; no years or months), ${bounds}`,
      },
    ]);
  if (seconds < policy.minSeconds || seconds > policy.maxDays * DAY_S)
    throw apiErrors.validation([{ path: 'delete_after', message: `must be ${bounds}; got ${text}` }]);
  return seconds;
}

/** When a new job's media expire (see the header for the order of precedence). */
export function mediaExpiresAt(
  createdAt: string,
  choice: {
    readonly deleteAfter?: string;
    /** The kit's expiry, for a job a kit makes. */
    readonly inherited?: string;
    readonly organizationDays?: number;
    readonly plan?: string;
  },
  policy: RetentionPolicy,
): string {
  if (choice.deleteAfter !== undefined)
    return new Date(
      Date.parse(createdAt) + deleteAfterSeconds(choice.deleteAfter, policy) * 1000,
    ).toISOString();
  if (choice.inherited !== undefined) return choice.inherited;
  return new Date(Date.parse(createdAt) + retentionDays(choice, policy) * DAY_S * 1000).toISOString();
}

/** The days an organization's new jobs are kept: its own retention, else its plan's, else the stage's. */
export function retentionDays(
  organization: { readonly organizationDays?: number; readonly plan?: string },
  policy: RetentionPolicy,
): number {
  return organization.organizationDays ?? planRetentionDays(organization.plan, policy) ?? policy.defaultDays;
}

/** A plan's default retention in days (undefined: no plan, or a plan without one). */
export function planRetentionDays(plan: string | undefined, policy: RetentionPolicy): number | undefined {
  return plan === undefined ? undefined : policy.planDays[plan];
}

/** An organization's own retention, checked (the keys CLI's input). */
export function organizationRetentionDays(value: unknown, policy: RetentionPolicy): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > policy.maxDays)
    throw new ApiError(
      'VALIDATION_ERROR',
      `media_retention_days must be a whole number of days from 1 to ${policy.maxDays}.`,
    );
  return value;
}

/**
 * An expired job's error: its code stays, its message (which may quote a URL or an address) does not. Its
 * output goes entirely: the media in it are deleted, and the rest was made from the inputs that are erased.
 */
export function expiredError(error: JobErrorInfo | undefined): JobErrorInfo | undefined {
  return error === undefined
    ? undefined
    : { code: error.code, message: 'The message was erased with the job’s inputs when its retention ended.' };
}
