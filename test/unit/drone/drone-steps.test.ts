// The drone render steps with fake ports: what they ask the still renderer for (a 4K JPEG of the
// AerialStill composition in software WebGL, the footage's last frame as its poster at the video's size),
// what they store and report, and how render failures end the job.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JobError, TransientError } from '../../../functions/core/errors.ts';
import { planFootage } from '../../../functions/jobs/drone/outputs.ts';
import { renderDroneStill, storeDroneFootage } from '../../../functions/jobs/drone/render-steps.ts';
import { planFootageRendition } from '../../../functions/jobs/drone/renditions.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import { videoRenderPlan } from '../../../functions/jobs/shared/video-renditions.ts';
import {
  AERIAL_STILL,
  AERIAL_STILL_RENDITIONS,
} from '../../../functions/media/remotion/aerial-compositions.ts';
import type { StillRenderer, StillRequest } from '../../../functions/media/rendering/still-renderer.ts';
import { fakeMediaStore, resolvedLocation, SYNTHETIC_PROVENANCE, stepJob } from '../../support/fakes.ts';

const job = stepJob({ job_id: 'j1', org_id: 'org', mode: 'test', job_type: 'drone_stills' });
const scene: PreparedAerialScene = {
  sceneProps: {
    sceneUrl: 'https://media.test/scene.json',
    groundImage: 'https://media.test/ground.jpg',
    groundSizeM: 768,
    farGroundImage: 'https://media.test/far.jpg',
    farTileM: 400,
  },
  propertyCenter: { lat: -33.882, lng: 151.2 },
  siteProvider: 'offline-synthetic',
  imageryProvider: 'offline-synthetic-render',
  buildings: 12,
  imagery: SYNTHETIC_PROVENANCE,
};

function ports(render: (r: StillRequest) => Promise<Buffer> = async () => Buffer.from('jpeg')) {
  const requests: StillRequest[] = [];
  const stillRenderer: StillRenderer = {
    name: 'fake',
    renderStill: async (r) => {
      requests.push(r);
      return render(r);
    },
  };
  // The offline scene source: the prepared scene is complete, it adds nothing.
  const sceneSource = { additionsFor: async () => undefined };
  return { ports: { stillRenderer, media: fakeMediaStore(), sceneSource }, requests };
}

const address = '10 Wattle Street, Ultimo NSW 2007';

describe('RenderDroneStill', () => {
  it('renders a preset as a 4K JPEG in software WebGL and reports the preset and pose', async () => {
    const fake = ports();
    const out = await renderDroneStill(
      { job, input: { address, options: { angle: 'east', distance: 'close', front_direction: 90 } }, scene },
      fake.ports,
    );
    expect(fake.requests[0]).toMatchObject({
      composition: 'AerialStill',
      format: 'jpeg',
      jpegQuality: 90,
      gl: 'swangle',
    });
    expect(out).toMatchObject({
      image: {
        s3_key: 'media/org/test/j1/drone-still.jpg',
        content_type: 'image/jpeg',
        width: 3840,
        height: 2160,
      },
      angle: 'east',
      shot_type: 'hero',
      pose: { azimuth: 90, tilt: 55, distance: 100, camera_bearing: 180 },
      scene_source: 'offline-synthetic',
      property_center: scene.propertyCenter,
    });
  });

  it('renders a capture with the clamped pitch and no preset', async () => {
    const fake = ports();
    const out = await renderDroneStill(
      {
        job,
        input: { address, camera: { azimuth: 30, tilt: 70, distance: 300, pitch: 30 }, options: {} },
        scene,
      },
      fake.ports,
    );
    expect(out.angle).toBeUndefined();
    expect(out.pose).toMatchObject({ pitch: 15, pitch_requested: 30, pitch_clamped: true });
    expect((fake.requests[0]!.inputProps.camera as { pose: { pitch: number } }).pose.pitch).toBe(15);
  });

  it('renders each social shape again, re-framed, in the same step, and makes portal and web from the 4K still', async () => {
    const sizes: Record<string, { width: number; height: number }> = {
      [AERIAL_STILL.id]: AERIAL_STILL,
      ...Object.fromEntries(Object.values(AERIAL_STILL_RENDITIONS).map((f) => [f.id, f])),
    };
    // A JPEG of the composition's size, as the renderer would return.
    const fake = ports(async (r) => {
      const { width, height } = sizes[r.composition]!;
      return sharp({ create: { width, height, channels: 3, background: '#4a7a3a' } })
        .jpeg()
        .toBuffer();
    });
    const parcel = [
      { x: -12, y: -20 },
      { x: 12, y: -20 },
      { x: 12, y: 20 },
      { x: -12, y: 20 },
    ];
    const out = await renderDroneStill(
      {
        job,
        input: {
          address,
          options: { angle: 'east', distance: 'close', front_direction: 90 },
          renditions: ['social_story', 'portal', 'web', 'social_square'],
        },
        scene: { ...scene, parcel },
      },
      fake.ports,
    );
    // The 4K still, then each shape asked for in the shapes' order, the same scene through another lens.
    expect(fake.requests.map((r) => r.composition)).toEqual([
      'AerialStill',
      'AerialStillSquare',
      'AerialStillStory',
    ]);
    for (const r of fake.requests.slice(1)) {
      expect(r).toMatchObject({ format: 'jpeg', gl: 'swangle' });
      expect(r.inputProps.verticalFovDeg).toBeGreaterThan(46);
      expect(r.inputProps.sceneUrl).toBe(scene.sceneProps.sceneUrl);
    }
    const renditions = out.image.renditions!;
    expect(renditions.social_story).toMatchObject({
      s3_key: 'media/org/test/j1/drone-still.social-story.jpg',
      content_type: 'image/jpeg',
      width: 1080,
      height: 1920,
      fit: 'reframed',
    });
    expect(renditions.social_square).toMatchObject({ width: 1080, height: 1080, fit: 'reframed' });
    expect(renditions.social_portrait).toBeUndefined();
    // The camera of each shape: here the still's own pose through another lens.
    expect(Object.keys(out.rendition_cameras!)).toEqual(['social_square', 'social_story']);
    expect(out.rendition_cameras!.social_story).toMatchObject({ pose: out.pose, framing: 'lens' });
    expect(out.rendition_cameras!.social_story!.vertical_fov_deg).toBeGreaterThan(46);
    expect(renditions.portal).toMatchObject({ content_type: 'image/jpeg', source: 'original' });
    expect(renditions.web!.map((w) => `${w.format} ${w.width}`).sort()).toEqual([
      'avif 1024',
      'avif 2048',
      'avif 400',
      'webp 1024',
      'webp 2048',
      'webp 400',
    ]);
  });

  it('makes no renditions and no extra renders when none is asked for', async () => {
    const fake = ports();
    const out = await renderDroneStill(
      { job, input: { address, options: { angle: 'north', distance: 'far' } }, scene },
      fake.ports,
    );
    expect(fake.requests).toHaveLength(1);
    expect(out.image).not.toHaveProperty('renditions');
  });

  it('ends the job RENDER_FAILED with the renderer’s first line, and retries transient failures', async () => {
    const input = { address, options: { angle: 'north' as const, distance: 'far' as const } };
    const broken = ports(async () => {
      throw new Error('Error compiling fragment shader\n at stack');
    });
    const failed = renderDroneStill({ job, input, scene }, broken.ports);
    await expect(failed).rejects.toBeInstanceOf(JobError);
    await expect(failed).rejects.toMatchObject({
      name: 'RENDER_FAILED',
      message: 'The drone still render failed: Error compiling fragment shader',
    });
    const slow = ports(async () => {
      throw new Error('A delayRender() was called but not cleared after 180000ms');
    });
    await expect(renderDroneStill({ job, input, scene }, slow.ports)).rejects.toBeInstanceOf(TransientError);
  });
});

describe('StoreDroneFootage', () => {
  it('renders the last frame as the poster at the video size and reports the footage', async () => {
    const fake = ports();
    const plan = planFootage(
      scene,
      { style: 'front_left_zoom', duration: 3 },
      'media/org/test/j1/f.mp4',
      0.5,
    );
    const out = await storeDroneFootage(
      {
        job,
        input: { address, options: { style: 'front_left_zoom', duration: 3 } },
        location: resolvedLocation(),
        prepared: { ...plan, scene },
        render: {
          render_id: 'r',
          renderer: 'fake',
          output_key: 'media/org/test/j1/f.mp4',
          started_at: '',
          deadline: '',
          poll_seconds: 1,
          done: true,
          progress: 1,
          size_bytes: 1234,
        },
      },
      fake.ports,
    );
    expect(fake.requests[0]).toMatchObject({
      composition: 'AerialFootage',
      frame: 89,
      format: 'jpeg',
      scale: 0.5,
      gl: 'swangle',
    });
    expect(out).toMatchObject({
      video: {
        s3_key: 'media/org/test/j1/f.mp4',
        content_type: 'video/mp4',
        width: 960,
        height: 540,
        size_bytes: 1234,
      },
      poster: { content_type: 'image/jpeg', width: 960, height: 540 },
      style: 'front_left_zoom',
      duration_seconds: 3,
      fps: 30,
    });
    expect(out.key_poses.at(-1)!.at_seconds).toBe(3);
  });

  it('records the batch: the video, its re-framed shapes and their branded versions, in the plan’s order', async () => {
    const fake = ports();
    const options = { style: 'front_left_zoom' as const, duration: 3 };
    const plan = planFootage(scene, options, 'media/org/test/j1/f.mp4', 0.5);
    const story = planFootageRendition(scene, options, 'social_story', 'media/org/test/j1/s.mp4', 0.5);
    const renderPlan = videoRenderPlan(
      { width: 960, height: 540 },
      [{ shape: 'social_story', width: story.width, height: story.height }],
      true,
    );
    const keys = ['f.mp4', 'f-branded.mp4', 's.mp4', 's-branded.mp4'].map((k) => `media/org/test/j1/${k}`);
    const out = await storeDroneFootage(
      {
        job,
        input: {
          address,
          options,
          renditions: ['social_story'],
          branding: { agency_name: 'Example Realty' },
        },
        location: resolvedLocation(),
        prepared: {
          ...plan,
          request: { renders: [plan.request, plan.request, story.request, story.request] },
          main: plan.request,
          plan: renderPlan,
          scene,
        },
        render: {
          render_id: 'r',
          renderer: 'fake',
          output_key: keys[3]!,
          started_at: '',
          deadline: '',
          poll_seconds: 1,
          done: true,
          progress: 1,
          size_bytes: 4,
          batch: {
            remaining: [],
            finished: keys.map((output_key, i) => ({ output_key, size_bytes: i + 1 })),
            count: 4,
          },
        },
      },
      fake.ports,
    );
    // The poster is the 16:9 unbranded video's last frame.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ composition: 'AerialFootage', frame: 89 });
    expect(out.video).toMatchObject({
      s3_key: keys[0],
      width: 960,
      height: 540,
      size_bytes: 1,
      branded: { s3_key: keys[1], width: 960, height: 540, size_bytes: 2 },
      renditions: {
        social_story: {
          s3_key: keys[2],
          width: 540,
          height: 960,
          fit: 'reframed',
          branded: { s3_key: keys[3], width: 540, height: 960 },
        },
      },
    });
  });
});
