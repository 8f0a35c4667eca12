// The aerial scene's baked colour pipeline must give the picture three's per-pixel pipeline gave: ground
// texels tinted, ACES-tone-mapped and sRGB-encoded; Lambert light from the grade's sky and sun.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  acesFilmic,
  bakeFlatLight,
  lambertLight,
  linearToSrgb,
  type SceneLights,
  srgbToLinear,
} from '../../../functions/media/remotion/aerial-bake.ts';

const LIGHTS: SceneLights = {
  sky: [0.8, 0.85, 0.9],
  ground: [0.1, 0.09, 0.05],
  sunDirection: [0, Math.SQRT1_2, Math.SQRT1_2],
  sun: [2.5, 2.2, 1.8],
};

describe('sRGB transfer', () => {
  it('matches three.js in both directions and round-trips', () => {
    for (const v of [0, 0.002, 0.04, 0.2, 0.5, 0.8, 1]) {
      expect(srgbToLinear(v)).toBeCloseTo(
        THREE.ColorManagement.colorSpaceToWorking(new THREE.Color(v, v, v), THREE.SRGBColorSpace).r,
        6,
      );
      expect(linearToSrgb(srgbToLinear(v))).toBeCloseTo(v, 6);
    }
  });
});

describe('ACES filmic tone mapping', () => {
  it('maps black to black, compresses highlights below 1 and keeps grey neutral', () => {
    expect(acesFilmic(0, 0, 0).every((c) => Math.abs(c) < 1e-3)).toBe(true);
    const [r, g, b] = acesFilmic(0.18, 0.18, 0.18);
    expect(Math.abs(r - g)).toBeLessThan(0.01);
    expect(Math.abs(g - b)).toBeLessThan(0.01);
    expect(acesFilmic(4, 4, 4)[0]).toBeLessThanOrEqual(1);
    expect(acesFilmic(4, 4, 4)[0]).toBeGreaterThan(acesFilmic(1, 1, 1)[0]);
  });
});

describe('baked Lambert light', () => {
  it('is the hemisphere colour plus the sun times n·l, over π', () => {
    const up = lambertLight([0, 0, 1], LIGHTS);
    expect(up[0]).toBeCloseTo((0.8 + 2.5 * Math.SQRT1_2) / Math.PI, 6);
    const down = lambertLight([0, 0, -1], LIGHTS);
    expect(down[1]).toBeCloseTo(0.09 / Math.PI, 6);
    const awayFromSun = lambertLight([0, -1, 0], LIGHTS);
    expect(awayFromSun[2]).toBeCloseTo((0.05 + (0.9 - 0.05) * 0.5) / Math.PI, 6);
  });

  it("lights a sphere's faces by their outward normals, brighter toward the sun", () => {
    const sphere = new THREE.IcosahedronGeometry(1, 1);
    const positions = sphere.getAttribute('position').array;
    const light = bakeFlatLight(positions, LIGHTS);
    let sunward = 0;
    let shaded = 0;
    for (let t = 0; t < positions.length; t += 9) {
      const cy = positions[t + 1]! + positions[t + 4]! + positions[t + 7]!;
      const cz = positions[t + 2]! + positions[t + 5]! + positions[t + 8]!;
      // The same light on all three vertices of a face.
      expect(light[t]).toBe(light[t + 3]);
      expect(light[t]).toBe(light[t + 6]);
      if (cy / 3 > 0.6 && cz / 3 > 0.3) sunward = Math.max(sunward, light[t]!);
      if (cy / 3 < -0.6) shaded = Math.max(shaded, light[t]!);
    }
    expect(sunward).toBeGreaterThan(shaded * 2);
  });

  it("tilts a squashed crown's faces the way the scaled mesh does", () => {
    // One triangle sloping up to the north: squashing z makes it flatter, so it faces up more.
    const triangle = [0, 0, 0, 1, 0, 0, 0, 1, 1];
    const tall = bakeFlatLight(triangle, { ...LIGHTS, sun: [0, 0, 0], sky: [1, 1, 1], ground: [0, 0, 0] });
    const flat = bakeFlatLight(
      triangle,
      { ...LIGHTS, sun: [0, 0, 0], sky: [1, 1, 1], ground: [0, 0, 0] },
      [1, 1, 0.5],
    );
    expect(flat[0]).toBeGreaterThan(tall[0]!);
  });
});
