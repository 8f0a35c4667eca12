// The workflow ports: what starts and stops a job's state machine, and the input every execution gets.
// Their Step Functions adapters are functions/adapters/step-functions/workflows.ts.
import type { Job, JsonObject } from '../jobs/job.ts';
import type { JobType, Mode } from '../jobs/job-types.ts';

/** The execution input every job state machine receives; steps address the job through `job`. */
export interface WorkflowInput {
  readonly job: {
    readonly job_id: string;
    readonly org_id: string;
    readonly mode: Mode;
    readonly job_type: JobType;
    /** Steps emit webhook events only for jobs that have one. */
    readonly webhook_url: string | null;
    /**
     * The job's office, where an event's publisher knows it without the job (a job.deleted event); the
     * delivery reads it off the job for every other event, so executions are not given it.
     */
    readonly office_id?: string;
  };
  readonly input: JsonObject;
  /** The parent job's input and output, for jobs that edit another; null otherwise. */
  readonly parent: {
    readonly job_id: string;
    readonly input: JsonObject;
    readonly output: JsonObject;
  } | null;
}

export function workflowInputFor(job: Job, parent: Job | undefined): WorkflowInput {
  return {
    job: {
      job_id: job.jobId,
      org_id: job.orgId,
      mode: job.mode,
      job_type: job.jobType,
      webhook_url: job.webhookUrl ?? null,
    },
    input: job.input,
    parent: parent ? { job_id: parent.jobId, input: parent.input, output: parent.output ?? {} } : null,
  };
}

/** The organization's plan when the caller already knows it (its API key carries it): `plan` may be absent. */
export interface KnownPlan {
  readonly plan?: string;
}

/** Whether a new job is to start now (it holds its slot) or wait for one (its organization is at its limit). */
export type Admission = 'start' | 'wait';

export interface WorkflowStarter {
  /** `timeoutMs`: give up waiting after this long (the execution may still start; a retry is the same one). */
  start(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<void>;
  /**
   * Optional (the stage's fair share has it): takes a slot for a job BEFORE it is written, so the job is
   * written once, already as it should be (to start, or waiting), instead of written, then a slot taken,
   * then marked waiting. Only for a job whose id was made just now (its UUIDv7 time is the claim's
   * time: see FairShare.reconcile).
   */
  admit?(job: Pick<Job, 'jobId' | 'jobType' | 'orgId' | 'mode'>, known?: KnownPlan): Promise<Admission>;
  /** Starts a job admit() said to start, without taking its slot again. */
  startAdmitted?(
    jobType: JobType,
    executionName: string,
    input: WorkflowInput,
    options?: { readonly timeoutMs?: number },
  ): Promise<void>;
}

/** Stops a job's execution (cancel). Stopping one that has ended or never started is not an error. */
export interface WorkflowStopper {
  /** `timeoutMs`: give up waiting after this long (the stop may still land; the job is canceled anyway). */
  stop(
    jobType: JobType,
    executionName: string,
    cause: string,
    options?: { readonly timeoutMs?: number },
  ): Promise<void>;
}
