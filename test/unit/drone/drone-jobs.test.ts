// The drone kinds' request schemas (every out-of-range or unknown value names the field and what is
// allowed) and the plans the steps render from (pose report, clamp flag, default shot types, key poses).

import { describe, expect, it } from 'vitest';
import { planFootage, planPresetStill, planStill } from '../../../functions/jobs/drone/outputs.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import {
  droneCaptureRequest,
  droneFootageRequest,
  droneStillsRequest,
} from '../../../functions/jobs/drone/schema.ts';
import { distanceMetres } from '../../../functions/media/geo/local-metric.ts';
import { SYNTHETIC_PROVENANCE } from '../../support/fakes.ts';

const address = '10 Wattle Street, Ultimo NSW 2007';
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

describe('drone request schemas', () => {
  it('defaults the V1 preset and distance', () => {
    const r = droneStillsRequest.parse({ address });
    expect(r.options).toEqual({ angle: 'north', distance: 'far' });
  });

  it('rejects unknown presets, naming the field and the allowed values', () => {
    const r = droneStillsRequest.safeParse({ address, options: { angle: 'up', distance: 'near' } });
    expect(r.success).toBe(false);
    expect(issues(r)).toMatch(/options\.angle: .*overhead.*north_west/);
    expect(issues(r)).toMatch(/options\.distance: .*close.*extra_far/);
  });

  it('bounds every camera field of a capture', () => {
    const r = droneCaptureRequest.safeParse({
      address,
      camera: { azimuth: 361, tilt: 80, distance: 20, pitch: 31 },
      options: { front_direction: 360, shot_type: 'night' },
    });
    const text = issues(r);
    for (const field of ['camera.azimuth', 'camera.tilt', 'camera.distance', 'camera.pitch']) {
      expect(text).toContain(field);
    }
    expect(text).toMatch(/options\.front_direction: must be 0-359/);
    expect(text).toMatch(/options\.shot_type: .*establishing.*hero.*twilight/);
  });

  it('accepts a capture with the pitch defaulted', () => {
    const r = droneCaptureRequest.parse({ address, camera: { azimuth: 0, tilt: 75, distance: 1200 } });
    expect(r.camera.pitch).toBe(0);
  });

  it('requires a footage style and bounds its duration to whole seconds 3-15', () => {
    expect(issues(droneFootageRequest.safeParse({ address, options: {} }))).toContain('options.style');
    const r = droneFootageRequest.safeParse({ address, options: { style: 'front_left_zoom', duration: 16 } });
    expect(issues(r)).toContain('options.duration');
    expect(droneFootageRequest.safeParse({ address, options: { style: 'orbit' } }).success).toBe(false);
    expect(
      droneFootageRequest.safeParse({ address, options: { style: 'front_right_approach', duration: 3.5 } })
        .success,
    ).toBe(false);
  });

  it('needs lat and lng together', () => {
    expect(issues(droneStillsRequest.safeParse({ address, options: { lat: -33.9 } }))).toContain(
      'options.lng',
    );
  });
});

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
  buildings: 1,
  imagery: SYNTHETIC_PROVENANCE,
};

describe('drone plans', () => {
  it('reports the clamped pitch and renders with it', () => {
    const plan = planStill(scene, { azimuth: 10, tilt: 70, distance: 400, pitch: 25 }, 90, undefined);
    expect(plan.pose.pitch).toBe(15);
    expect(plan.pose.pitch_clamped).toBe(true);
    expect(plan.pose.pitch_requested).toBe(25);
    expect(plan.request.inputProps.camera).toEqual({
      kind: 'pose',
      pose: { azimuth: 10, tilt: 70, distance: 400, pitch: 15 },
    });
    expect(plan.shotType).toBe('hero');
    expect(plan.pose.camera_bearing).toBe(100);
  });

  it('places the camera at the requested distance and altitude', () => {
    const plan = planStill(scene, { azimuth: 0, tilt: 60, distance: 400, pitch: 0 }, undefined, 'twilight');
    expect(plan.pose.camera_position.altitude_m).toBeCloseTo(200, 1);
    const ground = distanceMetres(scene.propertyCenter, plan.pose.camera_position);
    expect(ground).toBeCloseTo(400 * Math.sin(Math.PI / 3), 0);
    expect(plan.pose.camera_position.lat).toBeGreaterThan(scene.propertyCenter.lat);
    expect(plan.shotType).toBe('twilight');
  });

  it('gives the overhead preset the establishing grade', () => {
    const plan = planPresetStill(scene, { angle: 'overhead' });
    expect(plan.shotType).toBe('establishing');
    expect(plan.pose.tilt).toBe(0);
    expect(plan.request.composition).toBe('AerialStill');
  });

  // The preset poses the stack reports (test/integration/drone.test.ts renders two presets; these are
  // the others, planned exactly as the stack's RenderDroneStill step plans them).
  it('makes the default preset the front of the property at the far distance when front_direction is given', () => {
    const options = droneStillsRequest.parse({ address, options: { front_direction: 200 } }).options;
    expect(options).toEqual({ angle: 'north', distance: 'far', front_direction: 200 });
    const plan = planPresetStill(scene, options);
    expect(plan.shotType).toBe('hero');
    expect(plan.pose).toMatchObject({ azimuth: 0, tilt: 55, distance: 300, camera_bearing: 200 });
    expect(plan.pose.camera_position.altitude_m).toBeCloseTo(300 * Math.cos((55 * Math.PI) / 180), 0);
    // South-south-west of the property: the camera is south of it.
    expect(plan.pose.camera_position.lat).toBeLessThan(scene.propertyCenter.lat);
    expect(plan.request.inputProps.frontDirection).toBe(200);
  });

  it('turns compass presets by their own bearing without front_direction, at the preset distance', () => {
    const plan = planPresetStill(scene, { angle: 'south_west', distance: 'close' });
    expect(plan.pose).toMatchObject({ azimuth: 225, distance: 100, camera_bearing: 225 });
    expect(distanceMetres(scene.propertyCenter, plan.pose.camera_position)).toBeCloseTo(
      100 * Math.sin((55 * Math.PI) / 180),
      0,
    );
  });

  it('plans footage with the style default duration and key poses ending on the property', () => {
    const plan = planFootage(scene, { style: 'front_right_approach', front_direction: 45 }, 'k/footage.mp4');
    expect(plan.durationSeconds).toBe(10);
    expect(plan.request.inputProps.durationInFrames).toBe(300);
    expect(plan.keyPoses.map((k) => k.at_seconds)).toEqual([0, expect.any(Number), 10]);
    expect(plan.keyPoses[1]!.at_seconds).toBeGreaterThan(0);
    expect(plan.keyPoses[1]!.at_seconds).toBeLessThan(10);
    expect(plan.keyPoses.at(-1)!.pitch).toBe(0);
    expect(plan.keyPoses[0]!.camera_position.altitude_m).toBeGreaterThan(
      plan.keyPoses.at(-1)!.camera_position.altitude_m,
    );
    expect(
      planFootage(scene, { style: 'front_left_zoom', duration: 5 }, 'k').request.inputProps.durationInFrames,
    ).toBe(150);
  });
});
