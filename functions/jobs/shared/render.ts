// Workflow steps that drive a Remotion render for any job kind: StartRender launches it and CheckRender
// (in the state machine's Wait/Check loop) reports its progress onto the job until it is done. While the
// render waits for a free renderer the job's stage is queued_for_renderer. A transient failure (a timeout,
// a crashed browser, a lost process) is thrown as RenderRetryable, on which the state machine starts the
// render again with backoff; a render that keeps failing or fails otherwise ends the
// job failed with RENDER_FAILED and the renderer's message. A render that stops moving for its whole time
// budget is stuck and fails too; one that is merely slow or waiting is not.
// A step may ask for several renders at once (a video and its renditions: `{ renders: [...] }`): they run
// one after another in the same loop — the check that sees one done starts the next — and the job's
// progress spans them all. The results come back in request order (renderResults).
import { JobError } from '../../core/errors.ts';
import { businessMetrics } from '../../core/observability.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { firstLineOf, type RenderHandle, type RenderRequest } from '../../media/rendering/renderer.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { CHECK_RENDER, START_RENDER } from './functions.ts';
import { RENDER_RETRYABLE, RenderRetryableError } from './render-errors.ts';

/** The stage a job shows while its render waits for a free renderer. */
export { RENDER_RETRYABLE };

const QUEUED_STAGE = 'queued_for_renderer';

/** Several renders made one after another in one render step; the first is the job's main video. */
export interface RenderBatch {
  readonly renders: readonly RenderRequest[];
}

/** A finished render of a batch. */
export interface FinishedRender {
  readonly output_key: string;
  readonly size_bytes: number | null;
}

/** The handle plus what the Choice state reads. */
export interface RenderState extends RenderHandle {
  readonly done: boolean;
  readonly progress: number;
  readonly size_bytes: number | null;
  /** The last check found the render waiting for a free renderer. */
  readonly queued?: boolean;
  /** When a check last saw the render move (or wait for a renderer); absent: when it started. */
  readonly progressed_at?: string;
  /** A batch: the renders still to start, and those finished, in request order. */
  readonly batch?: {
    readonly remaining: readonly RenderRequest[];
    readonly finished: readonly FinishedRender[];
    readonly count: number;
  };
}

export interface StartRenderEvent extends StepEvent {
  readonly request: RenderRequest | RenderBatch;
}

const isBatch = (request: RenderRequest | RenderBatch): request is RenderBatch => 'renders' in request;

async function startOne(renderer: StepPorts['renderer'], request: RenderRequest): Promise<RenderHandle> {
  try {
    return await renderer.start(request);
  } catch (error) {
    throw new JobError('RENDER_FAILED', `The video render could not start: ${firstLineOf(error)}`);
  }
}

export async function startRender(
  event: StartRenderEvent,
  ports: Pick<StepPorts, 'renderer'>,
): Promise<RenderState> {
  const { request } = event;
  const [first, ...rest] = isBatch(request) ? request.renders : [request];
  if (!first) throw new JobError('RENDER_FAILED', 'The render step was given nothing to render.');
  const handle = await startOne(ports.renderer, first);
  return {
    ...handle,
    done: false,
    progress: 0,
    size_bytes: null,
    ...(isBatch(request) ? { batch: { remaining: rest, finished: [], count: request.renders.length } } : {}),
  };
}

/** Every render of the step, finished, in request order (one for a single render). */
export function renderResults(render: RenderState): readonly FinishedRender[] {
  return render.batch
    ? render.batch.finished
    : [{ output_key: render.output_key, size_bytes: render.size_bytes }];
}

export interface CheckRenderEvent extends StepEvent {
  readonly render: RenderState;
  /** The job's percent while the render runs from 0 to 1. */
  readonly span: { readonly from: number; readonly to: number; readonly stage: string };
}

export async function checkRender(
  event: CheckRenderEvent,
  ports: Pick<StepPorts, 'renderer' | 'jobs' | 'clock'>,
): Promise<RenderState> {
  const { render, span } = event;
  const status = await ports.renderer.status(render);
  if (status.state === 'failed') {
    const message = `The video render failed: ${status.message}`;
    throw status.transient ? new RenderRetryableError(message) : new JobError('RENDER_FAILED', message);
  }
  if (status.state === 'done') {
    businessMetrics.renderDuration(
      event.job.job_type,
      ports.clock.now().getTime() - Date.parse(render.started_at),
    );
    if (!render.batch) return { ...render, done: true, progress: 1, size_bytes: status.sizeBytes };
    const finished = [
      ...render.batch.finished,
      { output_key: render.output_key, size_bytes: status.sizeBytes },
    ];
    const [next, ...remaining] = render.batch.remaining;
    const batch = { ...render.batch, finished, remaining };
    if (!next) return { ...render, done: true, progress: 1, size_bytes: status.sizeBytes, batch };
    // The next render of the batch starts now; the loop goes on with its handle.
    const handle = await startOne(ports.renderer, next);
    await reportProgress(event, ports, batch.finished.length / batch.count, false);
    return { ...handle, done: false, progress: 0, size_bytes: null, batch };
  }
  const now = ports.clock.now();
  // A render fails for lack of progress, not for wall time: time spent waiting for a renderer or sharing
  // a busy machine does not count while frames keep coming. The allowance is the render's own budget.
  const moved = status.state === 'queued' || status.progress > render.progress;
  const progressedAt = moved ? now.toISOString() : (render.progressed_at ?? render.started_at);
  const allowanceMs = Date.parse(render.deadline) - Date.parse(render.started_at);
  if (now.getTime() - Date.parse(progressedAt) > allowanceMs) {
    const seconds = Math.round(allowanceMs / 1000);
    throw new JobError(
      'RENDER_FAILED',
      `The video render made no progress for ${seconds} s (stuck at ${Math.floor(render.progress * 100)} %).`,
    );
  }
  if (status.state === 'queued') {
    // Same percent, another stage: the job shows it waits (the store refuses it once past span.from).
    await ports.jobs.setProgress(
      jobRef(event.job),
      { percent: span.from, stage: QUEUED_STAGE },
      now.toISOString(),
    );
    return {
      ...render,
      done: false,
      progress: 0,
      size_bytes: null,
      queued: true,
      progressed_at: progressedAt,
    };
  }
  const done = render.batch ? render.batch.finished.length : 0;
  const share = (done + status.progress) / (render.batch?.count ?? 1);
  await reportProgress(event, ports, share, render.queued === true);
  return {
    ...render,
    done: false,
    progress: Math.max(render.progress, status.progress),
    size_bytes: null,
    queued: false,
    progressed_at: progressedAt,
  };
}

/** The job's percent for `share` (0-1) of the step's renders done; written when it moves (or leaves the queue). */
async function reportProgress(
  event: CheckRenderEvent,
  ports: Pick<StepPorts, 'jobs' | 'clock'>,
  share: number,
  wasQueued: boolean,
): Promise<void> {
  const { span } = event;
  const percent = Math.floor(span.from + (span.to - span.from) * share);
  if (percent > span.from || wasQueued)
    await ports.jobs.setProgress(
      jobRef(event.job),
      { percent, stage: span.stage },
      ports.clock.now().toISOString(),
    );
}

export const start = defineStep(startRender, START_RENDER);
/** No progress of its own to record: the check reports the render's. */
export const check = defineStep(checkRender, CHECK_RENDER);
