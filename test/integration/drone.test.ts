// The drone job kinds on the local stack: V1 presets (overhead, and a compass preset at a distance turned
// by front_direction; the other presets' poses are planned in test/unit/drone/drone-jobs.test.ts), a V2
// capture whose pitch is clamped, and one footage style. The turned preset also asks for its renditions:
// portal and web from the 4K still, social_story rendered again, re-framed; every file is downloaded and
// decoded, and its size, format and colour space (sRGB) are what the output says.
// Stills download as 3840x2160 JPEGs of a scene (sky above the horizon when the camera looks up, ground
// detail everywhere else); footage is checked from the file (H.264, size, 30 fps, length) and its poster
// is its last frame. Every bad input is a 400 naming the field and what is allowed. Every job is
// submitted up front so scene preparation overlaps the renders (one render at a time on two cores).
// Videos render smaller here (TEST_RENDER_SCALE, set by the test stack).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { decode, download, meanDifference } from '../support/image-probe.ts';
import { newOrganization, TEST_RENDER_SCALE } from '../support/local-stack-process.ts';
import { probeVideo, videoFrame } from '../support/media-probe.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
/** Every job waits behind the others for the one render slot: 4K software-WebGL stills, two clips. */
const JOB_TIMEOUT_MS = 600_000;
let key: string;

const post = (path: string, body: unknown) => call<Json>(stack.url, 'POST', path, { key, body });

const submissions = {
  overhead: ['/v1/drone-stills/generate', { address: ADDRESS, options: { angle: 'overhead' } }],
  eastTurned: [
    '/v1/drone-stills/generate',
    {
      address: ADDRESS,
      options: { angle: 'east', distance: 'extra_far', front_direction: 300 },
      renditions: ['portal', 'web', 'social_story'],
    },
  ],
  capture: [
    '/v2/drone-stills/capture',
    {
      address: ADDRESS,
      camera: { azimuth: 20, tilt: 70, distance: 350, pitch: 25 },
      options: { front_direction: 200, shot_type: 'twilight' },
    },
  ],
  zoom: [
    '/v2/drone-footage/generate',
    { address: ADDRESS, options: { style: 'front_left_zoom', duration: 3, front_direction: 200 } },
  ],
} as const;
type Name = keyof typeof submissions;
const jobs = new Map<Name, Promise<Json>>();

function job(name: Name): Promise<Json> {
  return jobs.get(name)!;
}

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  for (const [name, [path, body]] of Object.entries(submissions) as [Name, (typeof submissions)[Name]][]) {
    const res = await post(path, body);
    expect(res.status, res.text).toBe(202);
    const finished = waitForJob(stack.url, key, res.body.data.job_id, JOB_TIMEOUT_MS).then((j) => {
      if (j.status !== 'completed') throw new Error(`${name}: ${j.status} ${JSON.stringify(j.error)}`);
      return j;
    });
    finished.catch(() => undefined); // awaited by its test
    jobs.set(name, finished);
  }
});

/** Standard deviation of the luminance of a region, from a downscaled greyscale copy. */
async function regionStats(jpeg: Buffer, top: number, bottom: number) {
  const small = await sharp(jpeg).resize(384, 216, { fit: 'fill' }).greyscale().raw().toBuffer();
  const rows = small.subarray(Math.round(top * 216) * 384, Math.round(bottom * 216) * 384);
  const mean = rows.reduce((s, v) => s + v, 0) / rows.length;
  const sd = Math.sqrt(rows.reduce((s, v) => s + (v - mean) ** 2, 0) / rows.length);
  return { mean, sd };
}

/**
 * The largest change of mean colour (0-255, any channel) from one row to the next between `top` and
 * `bottom` (fractions of the height), in any of 8 upright strips of a 384x216 copy: a hard seam across
 * the frame or in part of it (a sky that meets the haze in a line) shows as one large step, where a
 * gradient shows as many small ones.
 */
async function largestRowStep(jpeg: Buffer, top: number, bottom: number): Promise<number> {
  const [w, h, strips] = [384, 216, 8];
  const small = await sharp(jpeg).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const mean = (y: number, strip: number, c: number) => {
    let sum = 0;
    for (let x = strip * (w / strips); x < (strip + 1) * (w / strips); x += 1)
      sum += small[(y * w + x) * 3 + c]!;
    return sum / (w / strips);
  };
  let largest = 0;
  for (let y = Math.round(top * h); y < Math.round(bottom * h) - 1; y += 1) {
    for (let strip = 0; strip < strips; strip += 1) {
      for (let c = 0; c < 3; c += 1) {
        largest = Math.max(largest, Math.abs(mean(y + 1, strip, c) - mean(y, strip, c)));
      }
    }
  }
  return largest;
}

async function still(name: Name): Promise<{ job: Json; jpeg: Buffer }> {
  const done = await job(name);
  expect(done.output.image).toMatchObject({ content_type: 'image/jpeg', width: 3840, height: 2160 });
  const jpeg = await download(done.output.image.url);
  const meta = await sharp(jpeg).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 3840, 2160]);
  return { job: done, jpeg };
}

describe('drone stills (V1 presets)', () => {
  it(
    'overhead looks straight down from 220 m with the establishing grade: ground detail edge to edge',
    async () => {
      const { job: done, jpeg } = await still('overhead');
      expect(done.job_type).toBe('drone_stills');
      expect(done.input).toEqual({ address: ADDRESS, options: { angle: 'overhead', distance: 'far' } });
      expect(done.output).toMatchObject({
        angle: 'overhead',
        shot_type: 'establishing',
        scene_source: 'offline-synthetic',
        pose: { tilt: 0, pitch: 0, camera_position: { altitude_m: 220 } },
      });
      // No sky: the top and the bottom of the frame are both textured ground.
      expect((await regionStats(jpeg, 0, 0.1)).sd).toBeGreaterThan(12);
      expect((await regionStats(jpeg, 0.9, 1)).sd).toBeGreaterThan(12);
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'a compass preset at a distance, turned by front_direction, is another picture of the same scene',
    async () => {
      const east = await still('eastTurned');
      expect(east.job.input.options).toEqual({ angle: 'east', distance: 'extra_far', front_direction: 300 });
      // east is 90° clockwise of the front, which faces 300: the camera looks from bearing 30.
      expect(east.job.output).toMatchObject({
        angle: 'east',
        shot_type: 'hero',
        pose: { azimuth: 90, tilt: 55, distance: 400, camera_bearing: 30 },
      });
      // From the north-north-east: the camera is north of the property.
      expect(east.job.output.pose.camera_position.lat).toBeGreaterThan(east.job.output.property_center.lat);
      // The same scene from another side and distance is another picture.
      const overhead = await still('overhead');
      const [a, b] = await Promise.all([decode(overhead.jpeg), decode(east.jpeg)]);
      const grid = Array.from({ length: 400 }, (_, i) => ({
        x: (i % 20) * 190 + 95,
        y: Math.floor(i / 20) * 105 + 50,
      }));
      expect(meanDifference(a, b, grid)).toBeGreaterThan(15);
    },
    JOB_TIMEOUT_MS,
  );
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
  it(
    'makes portal and web from the 4K still and renders social_story again, re-framed',
    async () => {
      const job = await still('eastTurned').then((s) => s.job);
      const { image } = job.output;
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
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'makes no renditions for a still that asks for none',
    async () => {
      const { job: done } = await still('overhead');
      expect(done.output.image.renditions).toBeUndefined();
      expect(done.output.rendition_cameras).toBeUndefined();
    },
    JOB_TIMEOUT_MS,
  );
});

describe('drone capture (V2 free pose)', () => {
  it(
    'clamps the pitch so tilt + pitch stays at 85°, says so, and shows the sky above the horizon',
    async () => {
      const { job: done, jpeg } = await still('capture');
      expect(done.job_type).toBe('drone_stills_capture');
      expect(done.output).toMatchObject({
        shot_type: 'twilight',
        pose: {
          azimuth: 20,
          tilt: 70,
          distance: 350,
          pitch: 15,
          pitch_requested: 25,
          pitch_clamped: true,
          pitch_ignored: false,
          camera_bearing: 220,
        },
      });
      expect(done.output.angle).toBeUndefined();
      // Looking up toward the horizon: a smooth dusk sky at the top, textured ground at the bottom.
      const sky = await regionStats(jpeg, 0, 0.08);
      const ground = await regionStats(jpeg, 0.85, 1);
      expect(sky.sd).toBeLessThan(ground.sd);
      expect(ground.sd).toBeGreaterThan(12);
      // The sky rises out of the haze on the horizon: no line where they meet (a hard one stepped about 90 levels
      // from one row to the next here; the sky's gradient and the haze's band step about 11).
      expect(await largestRowStep(jpeg, 0, 0.5)).toBeLessThan(25);
    },
    JOB_TIMEOUT_MS,
  );
});

describe('drone footage (V2 styles)', () => {
  // One style through the stack: every style's flight path is checked in test/unit/camera and
  // test/unit/drone, and the approach's render batch is prepared in
  // test/component/drone/footage-renditions.test.ts; the renderer is the same for every style.
  it.each([['zoom', 'front_left_zoom']] as const)(
    '%s: H.264 at 30 fps for 3 s, at the video size, with its last frame as the poster',
    async (name, style) => {
      const done = await job(name);
      expect(done.job_type).toBe('drone_footage');
      const out = done.output;
      // 1920x1080 at the test stack's scale.
      const [width, height] = [1920 * TEST_RENDER_SCALE, 1080 * TEST_RENDER_SCALE];
      expect(out).toMatchObject({
        style,
        duration_seconds: 3,
        fps: 30,
        video: { content_type: 'video/mp4', width, height },
        poster: { content_type: 'image/jpeg', width, height },
      });
      expect(out.key_poses[0].at_seconds).toBe(0);
      expect(out.key_poses.at(-1)).toMatchObject({ at_seconds: 3, pitch: 0 });
      const video = await download(out.video.url);
      const facts = probeVideo(video);
      expect(facts).toMatchObject({ codec: 'h264', width, height, fps: 30, frames: 90 });
      expect(facts.durationSeconds).toBeCloseTo(3, 1);
      const poster = await decode(await download(out.poster.url));
      const last = await decode(videoFrame(video, 2.96));
      const first = await decode(videoFrame(video, 0));
      const grid = Array.from({ length: 300 }, (_, i) => ({
        x: ((i % 20) + 0.5) * (width / 20),
        y: (Math.floor(i / 20) + 0.5) * (height / 15),
      }));
      // The poster is the end framing (up to H.264 loss), and the camera moved over the clip.
      expect(meanDifference(poster, last, grid)).toBeLessThan(12);
      expect(meanDifference(first, last, grid)).toBeGreaterThan(15);
    },
    JOB_TIMEOUT_MS,
  );
});

describe('drone requests that are refused', () => {
  const fields = (res: { body: Json }) =>
    (res.body.error.details ?? []).map((d: Json) => `${d.path}: ${d.message}`).join(' | ');

  it.each([
    [
      'unknown preset',
      '/v1/drone-stills/generate',
      { options: { angle: 'up' } },
      /options\.angle: .*overhead.*north_west/,
    ],
    [
      'unknown distance',
      '/v1/drone-stills/generate',
      { options: { distance: 'near' } },
      /options\.distance: .*close.*medium.*far.*extra_far/,
    ],
    [
      'front_direction 360',
      '/v1/drone-stills/generate',
      { options: { front_direction: 360 } },
      /options\.front_direction: must be 0-359/,
    ],
    [
      'front_direction -1',
      '/v2/drone-footage/generate',
      { options: { style: 'front_left_zoom', front_direction: -1 } },
      /options\.front_direction: must be 0-359 degrees/,
    ],
    ['lat without lng', '/v1/drone-stills/generate', { options: { lat: -33.88 } }, /options\.lng/],
    ['unknown option', '/v1/drone-stills/generate', { options: { zoom: 2 } }, /options.*zoom/],
    ['no camera', '/v2/drone-stills/capture', {}, /camera/],
    [
      'azimuth 361',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 361, tilt: 30, distance: 200 } },
      /camera\.azimuth: must be 0-360 degrees/,
    ],
    [
      'tilt 76',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 76, distance: 200 } },
      /camera\.tilt: must be 0-75 degrees/,
    ],
    [
      'distance 49',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 49 } },
      /camera\.distance: must be 50-1200 metres/,
    ],
    [
      'distance 1201',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 1201 } },
      /camera\.distance: must be 50-1200 metres/,
    ],
    [
      'pitch 31',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 200, pitch: 31 } },
      /camera\.pitch: must be 0-30 degrees/,
    ],
    [
      'pitch -1',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 200, pitch: -1 } },
      /camera\.pitch: must be 0-30 degrees/,
    ],
    [
      'unknown shot type',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 200 }, options: { shot_type: 'night' } },
      /options\.shot_type: .*establishing.*hero.*twilight/,
    ],
    [
      'unknown camera field',
      '/v2/drone-stills/capture',
      { camera: { azimuth: 0, tilt: 30, distance: 200, roll: 5 } },
      /camera.*roll/,
    ],
    ['no style', '/v2/drone-footage/generate', { options: {} }, /options\.style/],
    [
      'unknown style',
      '/v2/drone-footage/generate',
      { options: { style: 'orbit' } },
      /options\.style: .*front_left_zoom.*front_right_approach/,
    ],
    [
      'duration 2',
      '/v2/drone-footage/generate',
      { options: { style: 'front_left_zoom', duration: 2 } },
      /options\.duration: must be a whole number of seconds, 3-15/,
    ],
    [
      'duration 16',
      '/v2/drone-footage/generate',
      { options: { style: 'front_left_zoom', duration: 16 } },
      /options\.duration: must be a whole number of seconds, 3-15/,
    ],
    [
      'duration 3.5',
      '/v2/drone-footage/generate',
      { options: { style: 'front_left_zoom', duration: 3.5 } },
      /options\.duration: must be a whole number of seconds, 3-15/,
    ],
  ])('%s → 400', async (_label, path, body, expected) => {
    const res = await post(path, { address: ADDRESS, ...body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(fields(res)).toMatch(expected);
  });

  it('a bad address is refused on every drone route', async () => {
    for (const path of [
      '/v1/drone-stills/generate',
      '/v2/drone-stills/capture',
      '/v2/drone-footage/generate',
    ]) {
      const res = await post(path, {
        address: 'somewhere nice',
        camera: { azimuth: 0, tilt: 30, distance: 200 },
        options: { style: 'front_left_zoom' },
      });
      expect(res.status, res.text).toBe(400);
      expect(fields(res)).toMatch(/address/);
    }
  });
});
