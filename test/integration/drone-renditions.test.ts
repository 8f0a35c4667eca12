// Drone renditions on the local stack: a still with portal, web and social_story, and the shortest footage
// the schema allows with social_story and an end card. Every file is downloaded and decoded: its size,
// format and colour space (sRGB) are what the output says, the social shapes are re-framed renders (fit
// reframed) in their own shape, the portal file is a landscape JPEG from the text-free 4K still, and the
// branded videos end on the end card while the unbranded ones do not. Videos render smaller here
// (TEST_RENDER_SCALE, set by the test stack).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import {
  newOrganization,
  type StackProcess,
  startStackProcess,
  TEST_RENDER_SCALE,
} from '../support/local-stack-process.ts';
import { probeVideo, videoFrame } from '../support/media-probe.ts';

// Its own stack: these renders hold a heavy step for minutes, and the other files' jobs on the shared
// stack would wait behind them (first come, first served) past their own timeouts.
let stack: StackProcess;
const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
const JOB_TIMEOUT_MS = 900_000;
const SCALE = TEST_RENDER_SCALE;
const BRAND = '#1F3A5F';
let key: string;
let still: Promise<Json>;
let footage: Promise<Json>;

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
  // Both up front, so the footage's scene is prepared while the still renders.
  still = submit('/v1/drone-stills/generate', {
    address: ADDRESS,
    options: { angle: 'south_west', distance: 'close' },
    renditions: ['portal', 'web', 'social_story'],
  });
  footage = submit('/v2/drone-footage/generate', {
    address: ADDRESS,
    options: { style: 'front_left_zoom', duration: 3 },
    renditions: ['social_story'],
    branding: { agency_name: 'Example Realty', agent_name: 'Sam Lee', primary_color: BRAND },
  });
  still.catch(() => undefined);
  footage.catch(() => undefined);
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

describe('drone footage renditions', () => {
  it('renders social_story along the same flight, and an end-card version of each beside the unbranded one', async () => {
    const job = await footage;
    const { video } = job.output;
    const W = 1920 * SCALE;
    const H = 1080 * SCALE;
    const files: [Json, number, number, boolean][] = [
      [video, W, H, false],
      [video.branded, W, H, true],
      [video.renditions.social_story, 1080 * SCALE, 1920 * SCALE, false],
      [video.renditions.social_story.branded, 1080 * SCALE, 1920 * SCALE, true],
    ];
    expect(video.renditions.social_story.fit).toBe('reframed');
    expect(Object.keys(video.renditions)).toEqual(['social_story']);
    for (const [file, width, height, branded] of files) {
      expect(file).toMatchObject({ content_type: 'video/mp4', width, height });
      const bytes = await download(file.url);
      expect(bytes.length).toBe(file.size_bytes);
      const facts = probeVideo(bytes);
      expect(facts).toMatchObject({ codec: 'h264', width, height, fps: 30 });
      // 8-bit 4:2:0 (Remotion's full-range JPEG frames: yuvj420p), which every player takes.
      expect(['yuv420p', 'yuvj420p']).toContain(facts.pixelFormat);
      // 3 s of flight, and the 3 s card after it on the branded ones.
      expect(facts.durationSeconds).toBeCloseTo(branded ? 6 : 3, 0);
      // The last frame: the brand colour filling the card, or the scene.
      const last = await sharp(videoFrame(bytes, -0.1)).removeAlpha().stats();
      const [r, g, b] = last.channels.map((c) => c.mean);
      const brand = [0x1f, 0x3a, 0x5f];
      const distance = Math.hypot(r! - brand[0]!, g! - brand[1]!, b! - brand[2]!);
      if (branded) expect(distance).toBeLessThan(25);
      else expect(distance).toBeGreaterThan(25);
    }
    // The story's flight ends on the property as the 16:9 one does: the last frames of the unbranded
    // versions are scenes with detail, not blank.
    const storyLast = await sharp(videoFrame(await download(video.renditions.social_story.url), -0.1))
      .greyscale()
      .stats();
    expect(storyLast.channels[0]!.stdev).toBeGreaterThan(10);
  }, 960_000);
});
