// CheckRender's decisions: done, still rendering (progress onto the job), failed or stuck (the job
// fails with RENDER_FAILED and the renderer's message); slow or waiting renders are not failures.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../functions/core/clock.ts';
import {
  type CheckRenderEvent,
  checkRender,
  renderResults,
  startRender,
} from '../../../functions/jobs/shared/render.ts';
import type { RenderStatus } from '../../../functions/media/rendering/renderer.ts';
import { fakeJobStore } from '../../support/fakes.ts';

const status = vi.fn<() => Promise<RenderStatus>>();
const setProgress = vi.fn(async () => true);
// The step's ports, passed in: a fake renderer and job store, the real clock.
const ports = {
  renderer: { name: 'fake', codecs: [], start: vi.fn(), status, composition: vi.fn() },
  jobs: fakeJobStore({ setProgress }),
  clock: systemClock,
};
const check = (event: CheckRenderEvent) => checkRender(event, ports);

const job = {
  job_id: 'j1',
  org_id: 'o1',
  mode: 'live' as const,
  job_type: 'markup_v2_video' as const,
  webhook_url: null,
};
const render = (deadlineInMs: number) => ({
  render_id: 'r1',
  renderer: 'fake',
  output_key: 'media/o1/live/j1/markup-reveal.mp4',
  started_at: new Date(Date.now() - 60_000).toISOString(),
  deadline: new Date(Date.now() + deadlineInMs).toISOString(),
  poll_seconds: 1,
  done: false,
  progress: 0,
  size_bytes: null,
});
const span = { from: 20, to: 95, stage: 'rendering' };

describe('CheckRender', () => {
  beforeEach(() => {
    status.mockReset();
    setProgress.mockClear();
  });

  it('moves the job forward with the render and says it is not done', async () => {
    status.mockResolvedValue({ state: 'rendering', progress: 0.5 });
    const result = await check({ job, render: render(60_000), span });
    expect(result).toMatchObject({ done: false, progress: 0.5, render_id: 'r1' });
    expect(setProgress).toHaveBeenCalledWith(
      expect.objectContaining({ jobId: 'j1' }),
      { percent: 57, stage: 'rendering' },
      expect.any(String),
    );
  });

  it('reports done with the size of the video', async () => {
    status.mockResolvedValue({ state: 'done', sizeBytes: 4242 });
    expect(await check({ job, render: render(60_000), span })).toMatchObject({
      done: true,
      size_bytes: 4242,
    });
  });

  it('fails the job with RENDER_FAILED and the renderer message', async () => {
    status.mockResolvedValue({ state: 'failed', message: 'Error loading image' });
    await expect(check({ job, render: render(60_000), span })).rejects.toMatchObject({
      name: 'RENDER_FAILED',
      message: 'The video render failed: Error loading image',
    });
  });

  it('fails a render that made no progress for its whole time budget', async () => {
    status.mockResolvedValue({ state: 'rendering', progress: 0.9 });
    await expect(check({ job, render: { ...render(-1), progress: 0.9 }, span })).rejects.toMatchObject({
      name: 'RENDER_FAILED',
      message: expect.stringMatching(/made no progress for 60 s \(stuck at 90 %\)/),
    });
  });

  it('keeps a render that is past its budget but still moving (a busy machine is not a failure)', async () => {
    status.mockResolvedValue({ state: 'rendering', progress: 0.95 });
    const before = Date.now();
    const result = await check({ job, render: { ...render(-1), progress: 0.9 }, span });
    expect(result).toMatchObject({ done: false, progress: 0.95 });
    // Moved on to this check's time: not before it started.
    expect(Date.parse(result.progressed_at!)).toBeGreaterThanOrEqual(before);
  });

  it('does not count time spent waiting for a renderer', async () => {
    status.mockResolvedValue({ state: 'queued', ahead: 1 });
    const waited = await check({ job, render: render(-1), span });
    expect(waited).toMatchObject({ done: false, queued: true });
    // The render then starts: its allowance runs from the last wait, not from its start.
    status.mockResolvedValue({ state: 'rendering', progress: 0 });
    expect(await check({ job, render: waited, span })).toMatchObject({ done: false, queued: false });
  });

  it('shows a render waiting for a free renderer as the queued_for_renderer stage', async () => {
    status.mockResolvedValue({ state: 'queued', ahead: 3 });
    const result = await check({ job, render: render(60_000), span });
    expect(result).toMatchObject({ done: false, queued: true });
    expect(setProgress).toHaveBeenCalledWith(
      expect.anything(),
      { percent: 20, stage: 'queued_for_renderer' },
      expect.any(String),
    );
  });

  it('moves the stage back to rendering once a queued render starts, even at its first percent', async () => {
    status.mockResolvedValue({ state: 'rendering', progress: 0 });
    await check({ job, render: { ...render(60_000), queued: true }, span });
    expect(setProgress).toHaveBeenCalledWith(
      expect.anything(),
      { percent: 20, stage: 'rendering' },
      expect.any(String),
    );
  });

  it('throws a transient failure as RenderRetryable, which the state machine restarts', async () => {
    status.mockResolvedValue({
      state: 'failed',
      message: 'the render stopped reporting progress (its process ended)',
      transient: true,
    });
    await expect(check({ job, render: render(60_000), span })).rejects.toMatchObject({
      name: 'RenderRetryable',
      message: 'The video render failed: the render stopped reporting progress (its process ended)',
    });
  });
});

describe('a batch of renders (a video and its renditions)', () => {
  const request = (key: string) => ({
    composition: 'MarkupReveal',
    inputProps: {},
    codec: 'h264' as const,
    scale: 1,
    outputKey: key,
    timeoutSeconds: 60,
  });
  const handle = (key: string) => ({
    render_id: `r-${key}`,
    renderer: 'fake',
    output_key: key,
    started_at: new Date().toISOString(),
    deadline: new Date(Date.now() + 60_000).toISOString(),
    poll_seconds: 1,
  });

  beforeEach(() => {
    status.mockReset();
    setProgress.mockClear();
    ports.renderer.start.mockReset();
    ports.renderer.start.mockImplementation(async (r: { outputKey: string }) => handle(r.outputKey));
  });

  it('renders one after another in the same loop, spanning the progress, and gives the results in order', async () => {
    const batch = { renders: [request('main.mp4'), request('square.mp4'), request('story.mp4')] };
    let state = await startRender({ job, request: batch }, ports);
    expect(ports.renderer.start).toHaveBeenCalledTimes(1);
    expect(state).toMatchObject({ output_key: 'main.mp4', done: false, batch: { count: 3 } });

    status.mockResolvedValueOnce({ state: 'rendering', progress: 0.5 });
    state = await check({ job, render: state, span });
    // Half of the first of three: 20 + 75 * 0.5 / 3.
    expect(setProgress).toHaveBeenLastCalledWith(
      expect.anything(),
      { percent: 32, stage: 'rendering' },
      expect.any(String),
    );

    status.mockResolvedValueOnce({ state: 'done', sizeBytes: 100 });
    state = await check({ job, render: state, span });
    expect(state).toMatchObject({ output_key: 'square.mp4', done: false, progress: 0 });
    expect(ports.renderer.start).toHaveBeenCalledTimes(2);

    status.mockResolvedValueOnce({ state: 'done', sizeBytes: 200 });
    state = await check({ job, render: state, span });
    status.mockResolvedValueOnce({ state: 'done', sizeBytes: 300 });
    state = await check({ job, render: state, span });
    expect(state.done).toBe(true);
    expect(renderResults(state)).toEqual([
      { output_key: 'main.mp4', size_bytes: 100 },
      { output_key: 'square.mp4', size_bytes: 200 },
      { output_key: 'story.mp4', size_bytes: 300 },
    ]);
  });

  it('fails the job when a later render of the batch fails, naming the renderer message', async () => {
    let state = await startRender({ job, request: { renders: [request('a.mp4'), request('b.mp4')] } }, ports);
    status.mockResolvedValueOnce({ state: 'done', sizeBytes: 1 });
    state = await check({ job, render: state, span });
    status.mockResolvedValueOnce({ state: 'failed', message: 'WebGL context lost' });
    await expect(check({ job, render: state, span })).rejects.toMatchObject({
      name: 'RENDER_FAILED',
      message: 'The video render failed: WebGL context lost',
    });
  });

  it('gives a single render as a one-element result', async () => {
    const state = await startRender({ job, request: request('only.mp4') }, ports);
    status.mockResolvedValueOnce({ state: 'done', sizeBytes: 7 });
    expect(renderResults(await check({ job, render: state, span }))).toEqual([
      { output_key: 'only.mp4', size_bytes: 7 },
    ]);
  });
});
