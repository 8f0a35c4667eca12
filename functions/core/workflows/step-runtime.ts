// What every workflow step shares: the job reference from the execution input, the ports it works
// through (job store, media store, job events, clock; built in functions/wiring/step.ts), and the
// progress it records when it starts. A step's result becomes state-machine data.
import type { Clock } from '../clock.ts';
import type { JobProgress } from '../jobs/job.ts';
import type { JobRef, JobStore } from '../jobs/job-store.ts';
import type { JobStatus } from '../jobs/job-types.ts';
import type { MediaStore } from '../media/media-store.ts';
import { instrumented, jobOfEvent, logger } from '../observability.ts';
import { forOrganization } from '../outbound/download-slots.ts';
import { type JobEventType, MIN_PROGRESS_EVENT_GAP_MS } from '../webhooks/events.ts';
import type { WorkflowInput } from './workflow-starter.ts';

/** The job as every step receives it: the `job` of the execution input. */
export type StepJob = WorkflowInput['job'];

export interface StepEvent {
  readonly job: StepJob;
  /** Set by the state machine: the stage this step starts and the percent reached when it does. */
  readonly progress?: JobProgress;
}

/** Puts job events on the webhook queue. */
export interface JobEvents {
  publish(
    type: JobEventType,
    job: StepJob,
    status: JobStatus,
    progress: JobProgress,
    now: Date,
    eventId?: string,
  ): Promise<void>;
}

/** The ports of the platform's own steps (lifecycle, execution ended); job kinds add providers. */
export interface WorkflowPorts {
  readonly jobs: JobStore;
  readonly media: MediaStore;
  readonly events: JobEvents;
  readonly clock: Clock;
}

export function jobRef(job: StepJob): JobRef {
  return { tenant: { orgId: job.org_id, mode: job.mode }, jobId: job.job_id, jobType: job.job_type };
}

/**
 * The platform's ports plus more, each extra one built by its factory on first use (and then kept): a
 * step's Lambda builds only the adapters the step really touches.
 */
export function withLazyPorts<P extends WorkflowPorts>(
  platform: WorkflowPorts,
  factories: { readonly [K in Exclude<keyof P, keyof WorkflowPorts>]: () => P[K] },
): P {
  const built = new Map<PropertyKey, unknown>();
  const extra = Object.fromEntries(
    Object.entries(factories).map(([name, factory]) => [
      name,
      {
        get: () => {
          if (!built.has(name)) built.set(name, (factory as () => unknown)());
          return built.get(name);
        },
      },
    ]),
  );
  return Object.defineProperties(Object.create(platform), extra) as P;
}

/**
 * Puts a job event on the webhook queue: every job's events are recorded (GET /v1/events) and go to the
 * organization's webhook endpoints, and to the job's webhook_url when it has one.
 */
export async function emitJobEvent(
  ports: Pick<WorkflowPorts, 'events' | 'clock'>,
  job: StepJob,
  type: JobEventType,
  status: JobStatus,
  progress: JobProgress,
): Promise<void> {
  try {
    await ports.events.publish(type, job, status, progress, ports.clock.now());
  } catch (error) {
    // Webhook plumbing never changes a job's outcome: the event is lost, loudly.
    logger.error('job event not queued', { job_id: job.job_id, event_type: type, error });
  }
}

/** Records the progress a step starts at on its job (and emits job.progress, sparingly). */
export async function recordStepProgress(event: StepEvent, ports: WorkflowPorts): Promise<void> {
  if (!event.progress) return;
  const ref = jobRef(event.job);
  const now = ports.clock.now();
  const moved = await ports.jobs.setProgress(ref, event.progress, now.toISOString());
  if (
    moved &&
    (await ports.jobs.claimProgressEvent(ref, event.progress.stage, now, MIN_PROGRESS_EVENT_GAP_MS))
  ) {
    await emitJobEvent(ports, event.job, 'job.progress', 'processing', event.progress);
  }
}

/**
 * A step's Lambda handler from its raw function: the ports come from `ports()` (built once per
 * container, perhaps after loading their modules), the progress is recorded, then the step runs, with the job on every log line and trace.
 * Tests call the raw function with fakes.
 */
export function stepHandler<E extends StepEvent, R, P extends WorkflowPorts>(
  run: (event: E, ports: P) => Promise<R>,
  ports: () => P | Promise<P>,
): (event: E) => Promise<R> {
  return instrumented(
    run.name || 'step',
    async (event: E) => {
      const built = await ports();
      await recordStepProgress(event, built);
      // The step's downloads of URLs its organization named count against that organization's bound.
      const job = event.job as StepJob | undefined;
      return forOrganization(job ? `${job.org_id}#${job.mode}` : '', () => run(event, built));
    },
    jobOfEvent,
  );
}
