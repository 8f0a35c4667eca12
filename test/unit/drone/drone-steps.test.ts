// The drone render steps with fake ports: what they ask the still renderer for (a 4K JPEG of the
// AerialStill composition in software WebGL, the footage's last frame as its poster at the video's size),
// what they store and report, and how render failures end the job.
import { describe, expect, it } from 'vitest';
import { JobError, TransientError } from '../../../functions/core/errors.ts';
import { planFootage } from '../../../functions/jobs/drone/outputs.ts';
import { renderDroneStill, storeDroneFootage } from '../../../functions/jobs/drone/render-steps.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
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
});
