// Job statuses, and who owns a job. Which job types exist is the job-kind registry's business
// (functions/jobs/registry.ts); the platform stores and moves any of them. Each job type has one state
// machine; its ARN reaches the API handlers as STATE_MACHINE_ARN_<JOB_TYPE>.

// canceled: stopped by its owner (POST /v1/jobs/{jobId}/cancel); final like completed and failed.
export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job type named by the registry, e.g. markup_v2. */
export type JobType = string;

export type Mode = 'test' | 'live';

/** The owner of a job, an API key or a rate counter: an organization in one mode. */
export interface Tenant {
  readonly orgId: string;
  readonly mode: Mode;
}
