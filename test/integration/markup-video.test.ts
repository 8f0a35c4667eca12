// The markup reveal video on the local stack: generate → edit → video, from the markup (its latest
// completed edit), and the route's answer for an edit; the MP4 and the poster download from their URLs, ffprobe confirms
// codec, size, frame rate and duration, the last frame is the edit's finished look, progress moves while
// it renders, and every invalid request gets its 4xx. Videos render smaller here (TEST_RENDER_SCALE, set
// by the test stack); the default is 1920x1080.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { decode, download, meanDifference } from '../support/image-probe.ts';
import { newOrganization, TEST_RENDER_SCALE } from '../support/local-stack-process.ts';
import { probeVideo, videoFrame } from '../support/media-probe.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const SCALE = TEST_RENDER_SCALE;
let key: string;
let orgId: string;
let otherKey: string;
let markup: Json;
let edit: Json;

const post = (path: string, body: unknown, k = key) => call<Json>(stack.url, 'POST', path, { key: k, body });
const video = (jobId: string, body: unknown = {}, k = key) => post(`/v2/markup/jobs/${jobId}/video`, body, k);

async function completed(res: { status: number; text: string; body: Json }, timeoutMs = 30_000) {
  expect(res.status, res.text).toBe(202);
  const job = await waitForJob(stack.url, key, res.body.data.job_id, timeoutMs);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return job;
}

beforeAll(async () => {
  const org = await newOrganization(stack);
  orgId = org.orgId;
  key = await org.key('live');
  otherKey = await (await newOrganization(stack)).key('live');
  markup = await completed(
    await post('/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' }),
  );
  // An older edit first: a video of the markup reveals the newest completed one.
  await completed(
    await post(`/v2/markup/jobs/${markup.job_id}/edit`, {
      boundary_polygon: markup.output.suggested_boundary,
    }),
  );
  edit = await completed(
    await post(`/v2/markup/jobs/${markup.job_id}/edit`, {
      boundary_polygon: markup.output.suggested_boundary,
      text_annotations: [
        { type: 'label', text: '22 Smith Street', position: { x: 0.5, y: 0.08 } },
        { type: 'area' },
      ],
      options: { style: 'darken', compositor: { outline_color: '#FFD23F' } },
    }),
  );
});

describe('markup reveal video', () => {
  it('renders an H.264 MP4 of the chosen duration from a markup (its latest edit), with a poster', async () => {
    const accepted = await video(markup.job_id, { options: { duration: 5 } });
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.body.data.job_id;
    // Poll closely: the render reports its progress onto the job while it runs.
    const seen: number[] = [];
    let job: Json;
    for (const deadline = Date.now() + 150_000; ; ) {
      job = (await call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key })).body.data;
      if (job.status === 'completed' || job.status === 'failed') break;
      if (job.progress.stage === 'rendering') seen.push(job.progress.percent);
      if (Date.now() > deadline) throw new Error(`video job still ${job.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(
      seen.some((p) => p > 20 && p < 96),
      `progress seen: ${seen.join(',')}`,
    ).toBe(true);
    expect(job.job_type).toBe('markup_v2_video');
    expect(job.parent_job_id).toBe(edit.job_id);
    expect(job.input).toEqual({ options: { duration: 5 } });
    const out = job.output;
    expect(out).toMatchObject({
      duration_seconds: 5,
      fps: 30,
      width: 1920 * SCALE,
      height: 1080 * SCALE,
      codec: 'h264',
      markup_job_id: markup.job_id,
      edit_job_id: edit.job_id,
      renderer: 'remotion-local',
    });
    expect(out.video.content_type).toBe('video/mp4');

    const mp4 = await download(out.video.url);
    expect(out.video.size_bytes).toBe(mp4.length);
    const facts = probeVideo(mp4);
    expect(facts).toMatchObject({
      codec: 'h264',
      width: 1920 * SCALE,
      height: 1080 * SCALE,
      fps: 30,
      frames: 150,
    });
    expect(facts.durationSeconds).toBeCloseTo(5, 1);
    expect(facts.container).toMatch(/mp4/);

    const poster = await decode(await download(out.poster.url));
    expect([poster.width, poster.height]).toEqual([1920 * SCALE, 1080 * SCALE]);
    // The video ends on the edit's look: its last frame is the poster (the composited still), and its
    // first frame is the plain aerial (no darkening yet).
    const last = await decode(videoFrame(mp4, -0.05));
    const first = await decode(videoFrame(mp4, 0));
    const grid = Array.from({ length: 400 }, (_, i) => ({
      x: ((i % 20) + 0.5) * (poster.width / 20),
      y: (Math.floor(i / 20) + 0.5) * (poster.height / 20),
    }));
    expect(meanDifference(last, poster, grid)).toBeLessThan(8);
    expect(meanDifference(first, poster, grid)).toBeGreaterThan(15);
  }, 180_000);

  // A reveal of an edit renders as the one above does, and a 7 s default reveal of an edit is rendered and
  // probed in listing-kit.test.ts (its reveal child); here the route takes the edit and fills the default,
  // and the job is canceled instead of taking the render slot for another video.
  it('takes an edit given directly, 7 seconds by default', async () => {
    const accepted = await video(edit.job_id);
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.body.data.job_id as string;
    const job = (await call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key })).body.data;
    expect(job.job_type).toBe('markup_v2_video');
    expect(job.parent_job_id).toBe(edit.job_id);
    expect(job.input).toEqual({ options: { duration: 7 } });
    const canceled = await call<Json>(stack.url, 'POST', `/v1/jobs/${jobId}/cancel`, { key });
    expect([200, 409], canceled.text).toContain(canceled.status); // 409: it finished first
  });
});

describe('markup video bad input', () => {
  it.each([
    ['duration 4', { options: { duration: 4 } }],
    ['duration 11', { options: { duration: 11 } }],
    ['duration fractional', { options: { duration: 7.5 } }],
    ['duration as string', { options: { duration: '7' } }],
    ['unknown option', { options: { fps: 60 } }],
    ['unknown field', { style: 'blur' }],
  ])('%s → 400', async (_label, body) => {
    const res = await video(edit.job_id, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('needs a completed edit: a markup without one is 409 JOB_NOT_READY saying so', async () => {
    const bare = await completed(
      await post('/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' }),
    );
    const res = await video(bare.job_id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('JOB_NOT_READY');
    expect(res.body.error.message).toMatch(/edit/);
  });

  it('refuses parents that are unknown, foreign, of another type or not completed', async () => {
    expect((await video('00000000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await video('not-a-job')).status).toBe(404);
    const foreign = await video(edit.job_id, {}, otherKey);
    expect(foreign.status).toBe(404);

    const frontage = await post('/v1/property-frontage/detect', {
      address: '22 Smith Street, Fitzroy VIC 3065',
    });
    const wrongType = await video(frontage.body.data.job_id);
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error.code).toBe('INVALID_PARENT_JOB');

    // A markup still being made (recorded as processing, as its workflow would leave it).
    const now = new Date().toISOString();
    const processing = {
      jobId: '01900000-0000-7000-8000-000000000001',
      orgId,
      mode: 'live' as const,
      jobType: 'markup_v2' as const,
      status: 'processing' as const,
      createdAt: now,
      updatedAt: now,
      progress: { percent: 35, stage: 'rendering_aerial' },
      input: { address: '22 Smith Street, Fitzroy VIC 3065', options: {} },
    };
    await stack.jobs.create(processing);
    const running = await video(processing.jobId);
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('JOB_NOT_READY');
    expect(running.body.error.message).toMatch(/processing/);

    const failed = await waitForJob(
      stack.url,
      key,
      (await post('/v2/markup/generate', { address: '3 Nowhere Lane, Fakesuburb VIC 3000' })).body.data
        .job_id,
    );
    const notReady = await video(failed.job_id);
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.code).toBe('PARENT_JOB_FAILED');
    expect(notReady.body.error.message).toContain('ADDRESS_NOT_FOUND');
  });
});
