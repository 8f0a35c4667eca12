// The shared lifecycle steps of every job state machine: mark processing, mark completed (storing the
// output) and mark failed (from a Catch, with the caught error turned into a code and a message).
import { systemClock } from '../core/clock.ts';
import type { JsonObject } from '../core/jobs/job.ts';
import { type CaughtError, jobErrorFromCaught } from './step-errors.ts';
import { jobRef, type StepJob, stepJobStore } from './step-runtime.ts';

export type LifecycleEvent =
  | { readonly action: 'processing'; readonly job: StepJob }
  | { readonly action: 'completed'; readonly job: StepJob; readonly output: JsonObject }
  | { readonly action: 'failed'; readonly job: StepJob; readonly error: CaughtError };

export async function handler(event: LifecycleEvent): Promise<{ readonly recorded: boolean }> {
  const store = stepJobStore();
  const ref = jobRef(event.job);
  const now = systemClock.now().toISOString();
  switch (event.action) {
    case 'processing':
      return { recorded: await store.markProcessing(ref, { percent: 5, stage: 'started' }, now) };
    case 'completed':
      return { recorded: await store.complete(ref, event.output, now) };
    case 'failed': {
      const error = jobErrorFromCaught(event.error);
      // Operators see what was caught; the job shows only the integrator-facing code and message.
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'job failed',
          jobId: ref.jobId,
          code: error.code,
          caught: event.error.Error,
          cause: event.error.Cause,
        }),
      );
      return { recorded: await store.fail(ref, error, now) };
    }
  }
}
