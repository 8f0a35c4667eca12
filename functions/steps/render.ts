// Workflow steps that drive a Remotion render for any job kind: StartRender launches it and CheckRender
// (in the state machine's Wait/Check loop) reports its progress onto the job until it is done. While the
// render waits for a free renderer the job's stage is queued_for_renderer. A transient failure (a timeout,
// a crashed browser, a lost process) is thrown as RenderRetryable, on which the state machine starts the
// render again with backoff; a render that keeps failing, fails otherwise or overruns its time ends the
// job failed with RENDER_FAILED and the renderer's message.
import { systemClock } from '../core/clock.ts';
import { JobError } from '../core/errors.ts';
import { firstLineOf, type RenderHandle, type RenderRequest } from '../media/rendering/renderer.ts';
import { renderer } from '../media/rendering/renderer-factory.ts';
import { defineStep, jobRef, type StepEvent, stepJobStore, stepMediaStore } from './step-runtime.ts';

/** The handle plus what the Choice state reads. */
/** The stage a job shows while its render waits for a free renderer. */
export const QUEUED_STAGE = 'queued_for_renderer';

/** The error name the state machine retries the render on (then maps to RENDER_FAILED). */
export const RENDER_RETRYABLE = 'RenderRetryable';

export class RenderRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = RENDER_RETRYABLE;
  }
}

export interface RenderState extends RenderHandle {
  readonly done: boolean;
  readonly progress: number;
  readonly size_bytes: number | null;
  /** The last check found the render waiting for a free renderer. */
  readonly queued?: boolean;
}

export interface StartRenderEvent extends StepEvent {
  readonly request: RenderRequest;
}

export const start = defineStep(async (event: StartRenderEvent): Promise<RenderState> => {
  try {
    const handle = await renderer(stepMediaStore()).start(event.request);
    return { ...handle, done: false, progress: 0, size_bytes: null };
  } catch (error) {
    throw new JobError('RENDER_FAILED', `The video render could not start: ${firstLineOf(error)}`);
  }
});

export interface CheckRenderEvent extends StepEvent {
  readonly render: RenderState;
  /** The job's percent while the render runs from 0 to 1. */
  readonly span: { readonly from: number; readonly to: number; readonly stage: string };
}

export async function check(event: CheckRenderEvent): Promise<RenderState> {
  const { render, span } = event;
  const status = await renderer(stepMediaStore()).status(render);
  if (status.state === 'failed') {
    const message = `The video render failed: ${status.message}`;
    throw status.transient ? new RenderRetryableError(message) : new JobError('RENDER_FAILED', message);
  }
  if (status.state === 'done') return { ...render, done: true, progress: 1, size_bytes: status.sizeBytes };
  const now = systemClock.now();
  if (now.getTime() > Date.parse(render.deadline)) {
    const seconds = Math.round((Date.parse(render.deadline) - Date.parse(render.started_at)) / 1000);
    throw new JobError('RENDER_FAILED', `The video render did not finish within ${seconds} s.`);
  }
  if (status.state === 'queued') {
    // Same percent, another stage: the job shows it waits (the store refuses it once past span.from).
    await stepJobStore().setProgress(
      jobRef(event.job),
      { percent: span.from, stage: QUEUED_STAGE },
      now.toISOString(),
    );
    return { ...render, done: false, progress: 0, size_bytes: null, queued: true };
  }
  const percent = Math.floor(span.from + (span.to - span.from) * status.progress);
  if (percent > span.from || render.queued) {
    await stepJobStore().setProgress(jobRef(event.job), { percent, stage: span.stage }, now.toISOString());
  }
  return { ...render, done: false, progress: status.progress, size_bytes: null, queued: false };
}
