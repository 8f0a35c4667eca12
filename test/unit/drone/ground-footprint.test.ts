// The ground a still's camera sees (ground-footprint.ts), checked against three.js's own projection of
// ground points through a camera set up as the composition's Rig sets it: every ground point that three
// puts in the frame lies inside the rectangle, and the rectangle is not much larger than the points in
// view. An overhead camera's footprint is also checked against its closed form.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { resolveCamera } from '../../../functions/media/camera/camera-model.ts';
import { groundCrop, visibleGroundRect } from '../../../functions/media/camera/ground-footprint.ts';

const SIZE = 768;

function threeCamera(pose: Parameters<typeof resolveCamera>[0], aspect: number, front = 0) {
  const c = resolveCamera(pose, front);
  const cam = new THREE.PerspectiveCamera(c.verticalFovDeg, aspect, 1, 60_000);
  cam.position.set(c.position.x, c.position.y, c.position.z);
  cam.up.set(c.up.x, c.up.y, c.up.z);
  cam.lookAt(c.position.x + c.forward.x, c.position.y + c.forward.y, c.position.z + c.forward.z);
  cam.updateProjectionMatrix();
  cam.updateMatrixWorld();
  return { resolved: c, cam };
}

/** The ground points (a 4 m grid over the square) three projects inside the frame. */
function seen(cam: THREE.PerspectiveCamera) {
  const points: { x: number; y: number }[] = [];
  const v = new THREE.Vector3();
  for (let x = -SIZE / 2; x <= SIZE / 2; x += 4)
    for (let y = -SIZE / 2; y <= SIZE / 2; y += 4) {
      v.set(x, y, 0).project(cam);
      if (v.z < 1 && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1) points.push({ x, y });
    }
  return points;
}

describe('the ground a still sees', () => {
  const poses = [
    { azimuth: 20, tilt: 55, distance: 200, pitch: 0 },
    { azimuth: 0, tilt: 0, distance: 220, pitch: 0 },
    { azimuth: 135, tilt: 70, distance: 350, pitch: 15 },
    { azimuth: 270, tilt: 40, distance: 120, pitch: 0 },
    { azimuth: 45, tilt: 75, distance: 600, pitch: 10 },
  ];
  for (const aspect of [16 / 9, 9 / 16, 1])
    for (const pose of poses)
      it(`holds every ground point in view: ${JSON.stringify(pose)}, aspect ${aspect.toFixed(2)}`, () => {
        const { resolved, cam } = threeCamera(pose, aspect, 30);
        const rect = visibleGroundRect({ ...resolved, aspect }, SIZE, 0);
        const points = seen(cam);
        expect(points.length).toBeGreaterThan(0);
        expect(rect).not.toBeNull();
        const outside = points.filter(
          (p) =>
            p.x < rect!.minX - 1e-6 ||
            p.x > rect!.maxX + 1e-6 ||
            p.y < rect!.minY - 1e-6 ||
            p.y > rect!.maxY + 1e-6,
        );
        expect(outside, `seen points outside ${JSON.stringify(rect)}`).toEqual([]);
        // Tight: within two grid steps of the seen points' own bounds (a sharp corner of the footprint can
        // fall between grid points).
        const xs = points.map((p) => p.x);
        const ys = points.map((p) => p.y);
        expect(rect!.minX).toBeGreaterThan(Math.min(...xs) - 8);
        expect(rect!.maxX).toBeLessThan(Math.max(...xs) + 8);
        expect(rect!.minY).toBeGreaterThan(Math.min(...ys) - 8);
        expect(rect!.maxY).toBeLessThan(Math.max(...ys) + 8);
      });

  it('is the closed-form rectangle for a camera looking straight down, widened by the margin', () => {
    const { resolved } = threeCamera({ azimuth: 0, tilt: 0, distance: 220, pitch: 0 }, 16 / 9);
    const rect = visibleGroundRect({ ...resolved, aspect: 16 / 9 }, SIZE, 16)!;
    const halfH = resolved.position.z * Math.tan((resolved.verticalFovDeg * Math.PI) / 360);
    const halfW = halfH * (16 / 9);
    const [wide, tall] = [rect.maxX - rect.minX, rect.maxY - rect.minY].sort((a, b) => b - a);
    expect(wide).toBeCloseTo(2 * halfW + 32, 6);
    expect(tall).toBeCloseTo(2 * halfH + 32, 6);
  });

  it('reaches the far side of the square when the frame holds the horizon', () => {
    const pose = { azimuth: 0, tilt: 80, distance: 300, pitch: 10 };
    const { resolved } = threeCamera(pose, 16 / 9);
    const rect = visibleGroundRect({ ...resolved, aspect: 16 / 9 }, SIZE, 0)!;
    // The camera is south of the property (azimuth 0 from a front facing north) and looks north.
    const span = [rect.minY, rect.maxY].map((y) => Math.abs(y));
    expect(Math.max(...span)).toBe(SIZE / 2);
  });

  it('crops whole pixels of a north-up picture that cover the rectangle', () => {
    const crop = groundCrop({ minX: -10.1, maxX: 20.3, minY: 5.2, maxY: 40.05 }, SIZE, 3072, 3072);
    // 0.25 m a pixel; row 0 is the north edge (y = 384).
    expect(crop).toMatchObject({ sx: 1495, sw: 3072 / 2 + 82 - 1495, sy: 1375, sh: 1516 - 1375 });
    expect(crop.rect.minX).toBeLessThanOrEqual(-10.1);
    expect(crop.rect.maxX).toBeGreaterThanOrEqual(20.3);
    expect(crop.rect.maxY).toBeGreaterThanOrEqual(40.05);
    expect(crop.rect.minY).toBeLessThanOrEqual(5.2);
    expect(crop.rect.maxX - crop.rect.minX).toBeCloseTo(crop.sw * 0.25, 9);
  });
});
