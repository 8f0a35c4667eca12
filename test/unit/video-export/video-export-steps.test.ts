// PrepareExport and StoreExport with a fake renderer (no bundle, no browser), and the submit use case with
// fake job deps: the composition lookup's failures as job codes, the length precedence, the request built
// for the render, the output assembled, the request-time allowlist check and the recorded input.
import { describe, expect, it } from 'vitest';
import { JobError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { VideoExportRequest } from '../../../functions/jobs/video-export/schema.ts';
import { prepareExport, type VideoExportEvent } from '../../../functions/jobs/video-export/steps.ts';
import { storeExport } from '../../../functions/jobs/video-export/store.ts';
import { submitVideoExport, type VideoExportInput } from '../../../functions/jobs/video-export/submit.ts';
import {
  BundleUnreachableError,
  type CompositionInfo,
  CompositionNotFoundError,
  type Renderer,
} from '../../../functions/media/rendering/renderer.ts';
import { fakeJobPorts, fakeJobStore, withoutParams } from '../../support/fakes.ts';

const SERVE_URL = 'https://bundles.example.com/site/';
const job = {
  job_id: 'j1',
  org_id: 'org-1',
  mode: 'live' as const,
  job_type: 'video_export',
  webhook_url: null,
};
const MAIN: CompositionInfo = { id: 'Main', width: 1280, height: 720, fps: 30, durationInFrames: 90 };

function fakeRenderer(composition: (serveUrl: string, id: string) => CompositionInfo): Renderer {
  return {
    name: 'fake',
    codecs: ['h264', 'vp9', 'prores', 'gif'],
    start: async () => {
      throw new Error('not used');
    },
    status: async () => ({ state: 'done', sizeBytes: 1 }),
    composition: async (serveUrl, id) => composition(serveUrl, id),
  };
}
const renderer = fakeRenderer((_url, id) => {
  if (id !== 'Main') throw new CompositionNotFoundError(id, ['Main', 'Outro']);
  return MAIN;
});

const event = (
  input: Omit<Partial<VideoExportInput>, 'options'> & { options?: Partial<VideoExportInput['options']> },
) =>
  ({
    job,
    input: {
      serve_url: SERVE_URL,
      composition_id: 'Main',
      input_props: {},
      ...input,
      options: { codec: 'h264', crf: 23, ...input.options },
    },
  }) as VideoExportEvent;

describe('prepareExport', () => {
  it("builds the render request from the composition's own size, rate and length", async () => {
    const prepared = await prepareExport(event({ input_props: { title: 'Hi' } }), { renderer });
    expect(prepared).toEqual({
      request: {
        composition: 'Main',
        serveUrl: SERVE_URL,
        inputProps: { title: 'Hi' },
        codec: 'h264',
        crf: 23,
        scale: 1,
        width: 1280,
        height: 720,
        fps: 30,
        durationInFrames: 90,
        outputKey: 'media/org-1/live/j1/export.mp4',
        timeoutSeconds: 720,
      },
      width: 1280,
      height: 720,
      fps: 30,
      duration_in_frames: 90,
      duration_source: 'composition',
    });
  });

  it('takes the length from the option before input_props.totalDurationInFrames', async () => {
    const props = { totalDurationInFrames: 45 };
    const fromOption = await prepareExport(
      event({ input_props: props, options: { duration_in_frames: 12 } }),
      {
        renderer,
      },
    );
    expect([fromOption.duration_in_frames, fromOption.duration_source]).toEqual([12, 'option']);
    const fromProps = await prepareExport(event({ input_props: props }), { renderer });
    expect([fromProps.duration_in_frames, fromProps.duration_source]).toEqual([45, 'input_props']);
    expect(fromProps.request.durationInFrames).toBe(45);
  });

  it('applies size and rate overrides, the codec extension, and no crf for ProRes', async () => {
    const prepared = await prepareExport(
      event({ options: { codec: 'prores', crf: null, width: 640, height: 360, fps: 25 } }),
      { renderer },
    );
    expect(prepared.request).toMatchObject({
      width: 640,
      height: 360,
      fps: 25,
      outputKey: 'media/org-1/live/j1/export.mov',
    });
    expect(prepared.request).not.toHaveProperty('crf');
  });

  it("reports the even size Remotion will write for H.264 when the composition's own is odd", async () => {
    const odd = fakeRenderer(() => ({ ...MAIN, width: 101, height: 57 }));
    const prepared = await prepareExport(event({}), { renderer: odd });
    expect([prepared.width, prepared.height]).toEqual([100, 56]);
    const gif = await prepareExport(event({ options: { codec: 'gif', crf: null } }), { renderer: odd });
    expect([gif.width, gif.height]).toEqual([101, 57]);
  });

  it('fails COMPOSITION_NOT_FOUND listing the ids the bundle has', async () => {
    const error = await prepareExport(event({ composition_id: 'Intro' }), { renderer }).catch((e) => e);
    expect(error).toBeInstanceOf(JobError);
    expect(error.name).toBe('COMPOSITION_NOT_FOUND');
    expect(error.message).toBe(
      `The bundle at ${SERVE_URL} has no composition 'Intro'; the compositions it registers are: Main, Outro.`,
    );
  });

  it('fails BUNDLE_UNREACHABLE when the bundle cannot be loaded', async () => {
    const down = fakeRenderer((url) => {
      throw new BundleUnreachableError(url, 'net::ERR_CONNECTION_REFUSED');
    });
    const error = await prepareExport(event({}), { renderer: down }).catch((e) => e);
    expect(error.name).toBe('BUNDLE_UNREACHABLE');
    expect(error.message).toBe(
      `The Remotion bundle at ${SERVE_URL} could not be loaded: net::ERR_CONNECTION_REFUSED. Check that serve_url opens the index.html of a bundle made with \`npx remotion bundle\` (or deploySite), and that the page loads in a browser without errors.`,
    );
  });

  it("fails CODEC_NOT_SUPPORTED when the stage's renderer lacks the codec", async () => {
    const error = await prepareExport(event({ options: { codec: 'h265' } }), { renderer }).catch((e) => e);
    expect(error.name).toBe('CODEC_NOT_SUPPORTED');
    expect(error.message).toContain('it renders h264, vp9, prores, gif');
  });
});

describe('storeExport', () => {
  it('records the stored video with what the render settled', async () => {
    const e = event({ options: { codec: 'vp9', crf: 30 } });
    const prepared = await prepareExport(e, { renderer });
    const output = await storeExport({
      ...e,
      prepared,
      render: {
        render_id: 'r1',
        renderer: 'fake',
        output_key: prepared.request.outputKey,
        started_at: '2025-01-01T00:00:00.000Z',
        deadline: '2025-01-01T00:12:00.000Z',
        poll_seconds: 2,
        done: true,
        progress: 1,
        size_bytes: 12345,
      },
    });
    expect(output).toEqual({
      video: {
        s3_key: 'media/org-1/live/j1/export.webm',
        content_type: 'video/webm',
        width: 1280,
        height: 720,
        size_bytes: 12345,
      },
      codec: 'vp9',
      crf: 30,
      width: 1280,
      height: 720,
      fps: 30,
      duration_in_frames: 90,
      duration_seconds: 3,
      duration_source: 'composition',
      composition_id: 'Main',
      serve_url: SERVE_URL,
      renderer: 'fake',
    });
  });
});

describe('submitVideoExport', () => {
  const tenant = { orgId: 'org-1', mode: 'live' } as const;
  const created: Job[] = [];
  const deps = fakeJobPorts({
    webhookPolicy: { allowHttp: false, allowLoopback: false },
    bundleHosts: ['bundles.example.com'],
    clock: { now: () => new Date('2025-01-01T00:00:00Z') },
    jobs: fakeJobStore({ create: async (j) => void created.push(j) }),
    starter: { start: async () => undefined },
  });
  const submit = submitVideoExport;
  const body = (
    serve_url: string,
    options: VideoExportRequest['options'] = { codec: 'h264' },
  ): VideoExportRequest => ({ serve_url, composition_id: 'Main', input_props: {}, options });

  it('refuses a host off the allowlist with 422 URL_NOT_ALLOWED before creating a job', async () => {
    const submitted = submit(deps, tenant, withoutParams(body('https://other.example.com/')));
    await expect(submitted).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 422 });
    await expect(submitted).rejects.toThrow(
      "serve_url is not allowed: host 'other.example.com' is not on the bundle-host allowlist: bundles.example.com.",
    );
    expect(created).toEqual([]);
  });

  it('records the input with the crf settled: 23 by default, null for codecs without one', async () => {
    await submit(deps, tenant, withoutParams(body(SERVE_URL)));
    await submit(deps, tenant, withoutParams(body(SERVE_URL, { codec: 'gif' })));
    const inputs = created.map((j) => j.input.options);
    expect(inputs).toEqual([
      { codec: 'h264', crf: 23 },
      { codec: 'gif', crf: null },
    ]);
  });
});
