// The drone photo camera against three.js's own PerspectiveCamera (a projection written apart from ours):
// the same yaw, pitch and roll set through three's Euler angles must put every ground point on the same
// pixel. Plus what a person can check by hand: the centre ray, the frame's edges, clipping and the lens.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { applyHomography } from '../../../functions/domain/geometry/homography.ts';
import {
  clipToView,
  distort,
  groundToPixel,
  type LensCalibration,
  type PhotoCamera,
  pinholeImageToGround,
  undistort,
} from '../../../functions/media/camera/photo-camera.ts';

const DEG = Math.PI / 180;

/** Where three.js draws a ground point (x east, y north) seen by a camera of this pose, in pixels. */
function threePixel(camera: PhotoCamera, ground: { x: number; y: number }): { x: number; y: number } {
  const { width, height } = camera;
  const vertical = 2 * Math.atan(Math.tan((camera.horizontalFovDeg * DEG) / 2) / (width / height));
  const three = new THREE.PerspectiveCamera(vertical / DEG, width / height, 0.1, 10_000);
  // three: y up and the camera looking down -z; east is +x, north is -z.
  three.position.set(0, camera.pose.heightM, 0);
  three.rotation.order = 'YXZ';
  three.rotation.y = -camera.pose.yawDeg * DEG;
  three.rotation.x = camera.pose.pitchDeg * DEG;
  three.rotation.z = -camera.pose.rollDeg * DEG;
  three.updateMatrixWorld(true);
  const ndc = new THREE.Vector3(ground.x, 0, -ground.y).project(three);
  return { x: ((ndc.x + 1) / 2) * width, y: ((1 - ndc.y) / 2) * height };
}

const poses = [
  { heightM: 60, yawDeg: 0, pitchDeg: -90, rollDeg: 0 },
  { heightM: 45, yawDeg: 37, pitchDeg: -35, rollDeg: 0 },
  { heightM: 120, yawDeg: -150, pitchDeg: -62, rollDeg: 2.5 },
  { heightM: 30, yawDeg: 250, pitchDeg: -48, rollDeg: -4 },
];

describe('the photo camera', () => {
  it('puts ground points on the pixels three.js puts them, for yaw, pitch and roll', () => {
    for (const pose of poses) {
      const camera: PhotoCamera = { pose, width: 4000, height: 3000, horizontalFovDeg: 73.7 };
      // Points on the ground around the centre ray's foot.
      const reach = pose.heightM / Math.tan(-pose.pitchDeg * DEG + 1e-9);
      const foot = { x: reach * Math.sin(pose.yawDeg * DEG), y: reach * Math.cos(pose.yawDeg * DEG) };
      for (const [dx, dy] of [
        [0, 0],
        [8, -3],
        [-12, 5],
        [4, 9],
      ] as const) {
        const point = { x: foot.x + dx, y: foot.y + dy };
        const ours = groundToPixel(camera, point)!;
        const theirs = threePixel(camera, point);
        expect(ours.x, JSON.stringify({ pose, dx, dy })).toBeCloseTo(theirs.x, 3);
        expect(ours.y, JSON.stringify({ pose, dx, dy })).toBeCloseTo(theirs.y, 3);
      }
    }
  });

  it('sees the centre ray land where the pitch says, and its image-to-ground homography inverts the projection', () => {
    const camera: PhotoCamera = {
      pose: { heightM: 50, yawDeg: 90, pitchDeg: -30, rollDeg: 0 },
      width: 1000,
      height: 750,
      horizontalFovDeg: 70,
    };
    const centre = applyHomography(pinholeImageToGround(camera), { x: 500, y: 375 })!;
    // 50 m up, 30° below the horizon, looking east: 50 / tan 30° = 86.6 m east.
    expect(centre.x).toBeCloseTo(50 / Math.tan(30 * DEG), 6);
    expect(centre.y).toBeCloseTo(0, 6);
    const h = pinholeImageToGround(camera);
    for (const pixel of [
      { x: 10, y: 700 },
      { x: 990, y: 500 },
      { x: 300, y: 200 },
    ]) {
      const ground = applyHomography(h, pixel)!;
      const back = groundToPixel(camera, ground)!;
      expect(back.x).toBeCloseTo(pixel.x, 6);
      expect(back.y).toBeCloseTo(pixel.y, 6);
    }
  });

  it('clips a parcel to the ground the photo shows', () => {
    // Straight down from 100 m with a 90° field: the frame covers ±100 m east-west, ±75 m north-south.
    const camera: PhotoCamera = {
      pose: { heightM: 100, yawDeg: 0, pitchDeg: -90, rollDeg: 0 },
      width: 800,
      height: 600,
      horizontalFovDeg: 90,
    };
    const clipped = clipToView(camera, [
      { x: 50, y: 50 },
      { x: 150, y: 50 },
      { x: 150, y: 100 },
      { x: 50, y: 100 },
    ]);
    const xs = clipped.map((p) => p.x);
    const ys = clipped.map((p) => p.y);
    expect(Math.max(...xs)).toBeCloseTo(100, 6);
    expect(Math.max(...ys)).toBeCloseTo(75, 6);
    expect(Math.min(...xs)).toBeCloseTo(50, 6);
    expect(
      clipToView(camera, [
        { x: 300, y: 300 },
        { x: 310, y: 300 },
        { x: 310, y: 310 },
      ]),
    ).toEqual([]);
  });

  it('distorts and undistorts through the lens calibration, round trip', () => {
    const lens: LensCalibration = {
      fx: 3000,
      fy: 3000,
      cx: 2000,
      cy: 1500,
      k1: -0.12,
      k2: 0.08,
      p1: 0.0004,
      p2: -0.0003,
      k3: -0.02,
    };
    for (const [a, b] of [
      [0.1, -0.2],
      [0.6, 0.45],
      [-0.5, 0.3],
    ] as const) {
      const d = distort(lens, a, b);
      const u = undistort(lens, d.a, d.b);
      expect(u.a).toBeCloseTo(a, 9);
      expect(u.b).toBeCloseTo(b, 9);
    }
    // Barrel distortion (k1 < 0) pulls the frame's corners in.
    const corner = distort(lens, 0.6, 0.45);
    expect(Math.hypot(corner.a, corner.b)).toBeLessThan(Math.hypot(0.6, 0.45));
  });
});
