// Drone still renditions on the local stack: a still with portal, web and social_story. Every file is
// downloaded and decoded: its size, format and colour space (sRGB) are what the output says, social_story
// is a re-framed render (fit reframed) in its own shape, and the portal file is a landscape JPEG from the
// text-free 4K still. Footage renditions (the story and the end-card versions) are planned in
// test/component/drone/footage-renditions.test.ts, and the end card's fade is rendered in
// test/component/rendering/split-render.test.ts: rendering four more videos through a stack of their own
// was the suite's costliest check.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization, type StackProcess, startStackProcess } from '../support/local-stack-process.ts';

// Its own stack: the still and its re-framed story hold a heavy step, and the other files' jobs on the
// shared stack would wait behind them (first come, first served).
let stack: StackProcess;
const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
const JOB_TIMEOUT_MS = 900_000;
let key: string;
let still: Promise<Json>;

async function submit(path: string, body: unknown): Promise<Json> {
  const res = await call<Json>(stack.url, 'POST', path, { key, body });
  expect(res.status, res.text).toBe(202);
  const job = await waitForJob(stack.url, key, res.body.data.job_id, JOB_TIMEOUT_MS);
  if (job.status !== 'completed') throw new Error(`${path}: ${job.status} ${JSON.stringify(job.error)}`);
  return job;
}

afterAll(async () => {
  await stack?.stop();
});

beforeAll(async () => {
  stack = await startStackProcess();
  key = await (await newOrganization(stack)).key('live');
  still = submit('/v1/drone-stills/generate', {
    address: ADDRESS,
    options: { angle: 'south_west', distance: 'close' },
    renditions: ['portal', 'web', 'social_story'],
  });
  still.catch(() => undefined);
});

/** A downloaded picture's decoded facts, checked against what the output said of it. */
async function picture(file: Json) {
  const bytes = await download(file.url);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([file.width, file.height]);
  expect(bytes.length).toBe(file.size_bytes);
  expect(meta.space).toBe('srgb');
  return { bytes, meta };
}

describe('drone still renditions', () => {
  it('makes portal and web from the 4K still and renders social_story again, re-framed', async () => {
    const job = await still;
    const { image } = job.output;
    expect(image).toMatchObject({ width: 3840, height: 2160, content_type: 'image/jpeg' });
    const { renditions } = image;
    expect(Object.keys(renditions).sort()).toEqual(['portal', 'social_story', 'web']);

    // portal: a landscape JPEG of 4:3 to 3:2 within the portals' limits, from the still itself (no text on it).
    expect(renditions.portal.source).toBe('original');
    const portal = await picture(renditions.portal);
    expect(portal.meta.format).toBe('jpeg');
    const ratio = portal.meta.width! / portal.meta.height!;
    expect(ratio).toBeGreaterThanOrEqual(4 / 3 - 0.01);
    expect(ratio).toBeLessThanOrEqual(3 / 2 + 0.01);
    expect(portal.meta.width).toBeGreaterThanOrEqual(1200);
    expect(portal.meta.width).toBeLessThanOrEqual(3000);
    expect(portal.bytes.length).toBeLessThan(10 * 1024 * 1024);

    // web: WebP and AVIF at 2048, 1024 and 400 px wide, the still's shape.
    const web = renditions.web as Json[];
    expect(web.map((w) => `${w.format} ${w.width}`).sort()).toEqual([
      'avif 1024',
      'avif 2048',
      'avif 400',
      'webp 1024',
      'webp 2048',
      'webp 400',
    ]);
    for (const file of web) {
      const { meta } = await picture(file);
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : 'webp');
      expect(file.height).toBe(Math.round((file.width * 2160) / 3840));
    }

    // social_story: 1080x1920, drawn again by the camera (not a cut of the 4K still).
    expect(renditions.social_story.fit).toBe('reframed');
    const story = await picture(renditions.social_story);
    expect(story.meta).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    // The camera that drew it: the still's preset through a lens of its own, reported.
    const camera = job.output.rendition_cameras.social_story;
    expect(['lens', 'pose']).toContain(camera.framing);
    expect(camera.vertical_fov_deg).toBeGreaterThan(0);
    expect(Object.keys(job.output.rendition_cameras)).toEqual(['social_story']);
    // A rendered scene, not a blank frame: the picture has detail from top to bottom.
    const stats = await sharp(story.bytes).greyscale().stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
  }, 960_000);
});
