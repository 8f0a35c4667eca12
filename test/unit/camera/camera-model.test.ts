// The drone camera model: where a pose puts the camera, where it looks, how front_direction rotates it,
// the pitch rule and clamp, the V1 preset table, footage paths, and that stills centre the property.
import { describe, expect, it } from 'vitest';
import {
  MAX_LOOK_FROM_NADIR_DEG,
  projectToImage,
  resolveCamera,
  type Vec3,
} from '../../../functions/media/camera/camera-model.ts';
import {
  ANGLE_PRESETS,
  DISTANCE_PRESETS,
  defaultShotType,
  FOOTAGE_PATHS,
  FOOTAGE_STYLES,
  poseAlong,
  presetPose,
} from '../../../functions/media/camera/presets.ts';

const close = (a: Vec3, b: Vec3, digits = 6) => {
  expect(a.x).toBeCloseTo(b.x, digits);
  expect(a.y).toBeCloseTo(b.y, digits);
  expect(a.z).toBeCloseTo(b.z, digits);
};
const R = Math.SQRT1_2;

describe('resolveCamera', () => {
  it('tilt 0 puts the camera straight above the property looking straight down', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 0, distance: 200, pitch: 0 }, undefined);
    close(cam.position, { x: 0, y: 0, z: 200 });
    close(cam.forward, { x: 0, y: 0, z: -1 });
    // Azimuth 0 without a front direction: the camera is "at" the north, so the image top is south.
    close(cam.up, { x: 0, y: -1, z: 0 });
  });

  it('azimuth is clockwise from north without a front direction', () => {
    const cam = resolveCamera({ azimuth: 90, tilt: 90 - 1e-9, distance: 100, pitch: 0 }, undefined);
    close(cam.position, { x: 100, y: 0, z: 0 }, 4);
    expect(cam.bearingDeg).toBe(90);
  });

  it('a 45° tilt sits at equal height and ground distance and looks at the property', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 45, distance: 100, pitch: 0 }, undefined, {
      x: 10,
      y: 20,
      z: 0,
    });
    close(cam.position, { x: 10, y: 20 + 100 * R, z: 100 * R });
    close(cam.forward, { x: 0, y: -R, z: -R });
    close(cam.up, { x: 0, y: -R, z: R });
  });

  it('front_direction rotates the pose: azimuth 0 is directly in front of the property', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 60, distance: 100, pitch: 0 }, 135);
    expect(cam.bearingDeg).toBe(135);
    const ground = Math.hypot(cam.position.x, cam.position.y);
    expect(cam.position.x / ground).toBeCloseTo(Math.sin((135 * Math.PI) / 180), 9);
    expect(cam.position.y / ground).toBeCloseTo(Math.cos((135 * Math.PI) / 180), 9);
    const rotated = resolveCamera({ azimuth: 300, tilt: 60, distance: 100, pitch: 0 }, 135);
    expect(rotated.bearingDeg).toBe(75);
  });

  it('pitch turns the view up toward the horizon without moving the camera', () => {
    const flat = resolveCamera({ azimuth: 0, tilt: 50, distance: 100, pitch: 0 }, undefined);
    const up = resolveCamera({ azimuth: 0, tilt: 50, distance: 100, pitch: 20 }, undefined);
    close(up.position, flat.position);
    const fromNadir = (Math.acos(-up.forward.z) * 180) / Math.PI;
    expect(fromNadir).toBeCloseTo(70, 9);
    expect(up.pitchClamped).toBe(false);
  });

  it('clamps pitch so tilt + pitch stays below the horizon, and says so', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 75, distance: 300, pitch: 30 }, undefined);
    expect(cam.pose.pitch).toBe(MAX_LOOK_FROM_NADIR_DEG - 75);
    expect(cam.pitchClamped).toBe(true);
    expect(cam.pitchRequested).toBe(30);
    expect(cam.forward.z).toBeLessThan(0);
  });

  it('ignores pitch below tilt 5', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 4, distance: 300, pitch: 20 }, undefined);
    expect(cam.pose.pitch).toBe(0);
    expect(cam.pitchIgnored).toBe(true);
    expect(cam.pitchClamped).toBe(false);
  });

  it('keeps forward and up orthonormal', () => {
    for (const tilt of [0, 10, 45, 75]) {
      const cam = resolveCamera({ azimuth: 33, tilt, distance: 500, pitch: 12 }, 200);
      expect(Math.hypot(cam.forward.x, cam.forward.y, cam.forward.z)).toBeCloseTo(1, 12);
      expect(Math.hypot(cam.up.x, cam.up.y, cam.up.z)).toBeCloseTo(1, 12);
      expect(cam.forward.x * cam.up.x + cam.forward.y * cam.up.y + cam.forward.z * cam.up.z).toBeCloseTo(
        0,
        12,
      );
      expect(cam.up.z).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('stills centre the property', () => {
  it('projects the property centre to the image centre for every preset, distance and front', () => {
    const target = { x: -12, y: 7, z: 0 };
    for (const angle of ANGLE_PRESETS) {
      for (const front of [undefined, 0, 77, 300]) {
        const cam = resolveCamera(presetPose(angle, 'medium'), front, target);
        const p = projectToImage(cam, target, 16 / 9);
        expect(p.x).toBeCloseTo(0.5, 9);
        expect(p.y).toBeCloseTo(0.5, 9);
        expect(p.depth).toBeCloseTo(200 * (angle === 'overhead' ? 1.1 : 1), 6);
      }
    }
  });

  it('puts a point in front of the property below the centre for a front pose', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 55, distance: 200, pitch: 0 }, 90);
    // 20 m toward the street (east, since the front faces 90°): nearer the camera, lower in the frame.
    const p = projectToImage(cam, { x: 20, y: 0, z: 0 }, 16 / 9);
    expect(p.y).toBeGreaterThan(0.5);
    expect(p.x).toBeCloseTo(0.5, 9);
    // 20 m to the north is on the camera's right when it looks west.
    const north = projectToImage(cam, { x: 0, y: 20, z: 0 }, 16 / 9);
    expect(north.x).toBeGreaterThan(0.5);
  });

  it('pitching up moves the property down the frame', () => {
    const cam = resolveCamera({ azimuth: 0, tilt: 50, distance: 200, pitch: 10 }, undefined);
    expect(projectToImage(cam, { x: 0, y: 0, z: 0 }, 16 / 9).y).toBeGreaterThan(0.6);
  });
});

describe('V1 presets', () => {
  it('maps compass presets to azimuths relative to the front at the chosen distance', () => {
    expect(presetPose('north', 'far')).toEqual({ azimuth: 0, tilt: 55, distance: 300, pitch: 0 });
    expect(presetPose('south_west', 'close')).toEqual({ azimuth: 225, tilt: 55, distance: 100, pitch: 0 });
    expect(presetPose('north_west', 'extra_far').azimuth).toBe(315);
    expect(Object.values(DISTANCE_PRESETS)).toEqual([100, 200, 300, 400]);
  });

  it('the overhead preset looks straight down whatever the distance option', () => {
    expect(presetPose('overhead', 'close')).toEqual(presetPose('overhead', 'extra_far'));
    expect(presetPose('overhead', 'far').tilt).toBe(0);
  });

  it('a rotated compass preset equals the V2 pose with the same front direction', () => {
    const v1 = resolveCamera(presetPose('east', 'far'), 200);
    const v2 = resolveCamera({ azimuth: 90, tilt: 55, distance: 300, pitch: 0 }, 200);
    close(v1.position, v2.position);
    expect(v1.bearingDeg).toBe(290);
  });

  it('defaults the shot type by tilt', () => {
    expect(defaultShotType(0)).toBe('establishing');
    expect(defaultShotType(14.9)).toBe('establishing');
    expect(defaultShotType(15)).toBe('hero');
  });
});

describe('footage paths', () => {
  for (const style of FOOTAGE_STYLES) {
    it(`${style} starts on its first key, ends on its last and moves smoothly`, () => {
      const path = FOOTAGE_PATHS[style];
      const start = poseAlong(path, 0);
      expect(start.azimuth).toBe(path.keys[0]!.pose.azimuth);
      expect(start.distance).toBeCloseTo(path.keys[0]!.pose.distance, 9);
      const end = poseAlong(path, 1);
      const last = path.keys.at(-1)!.pose;
      expect(end.distance).toBeCloseTo(last.distance, 9);
      expect(end.pitch).toBe(0);
      let prev = poseAlong(path, 0);
      for (let i = 1; i <= 100; i++) {
        const pose = poseAlong(path, i / 100);
        expect(pose.distance).toBeLessThanOrEqual(prev.distance + 1e-9);
        expect(Math.abs(pose.azimuth - prev.azimuth)).toBeLessThan(2);
        prev = pose;
      }
      // Eased: the first hundredth moves far less than a middle hundredth.
      const d = (a: number, b: number) => poseAlong(path, a).distance - poseAlong(path, b).distance;
      expect(d(0, 0.01)).toBeLessThan(d(0.5, 0.51) / 10);
    });
  }

  it('front_left_zoom comes from the front-left and front_right_approach descends from the front-right', () => {
    const left = FOOTAGE_PATHS.front_left_zoom.keys;
    expect(left[0]!.pose.azimuth).toBeLessThan(0);
    const right = FOOTAGE_PATHS.front_right_approach.keys;
    expect(right[0]!.pose.azimuth).toBeGreaterThan(0);
    const altitude = (p: { tilt: number; distance: number }) =>
      p.distance * Math.cos((p.tilt * Math.PI) / 180);
    expect(altitude(right.at(-1)!.pose)).toBeLessThan(altitude(right[0]!.pose));
  });
});
