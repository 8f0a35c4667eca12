// The aerial scene's baked colour pipeline must give the picture three's per-pixel pipeline gave: ground
// texels tinted, ACES-tone-mapped and sRGB-encoded; Lambert light from the grade's sky and sun.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  acesFilmic,
  bakeFlatLight,
  bakeGroundPixels,
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

describe('bakeGroundPixels', () => {
  it('gives each texel the display value the shader computed from it (tint, tone map, encode)', () => {
    const texel = [120, 160, 80, 255];
    const tint = [1, 0.93, 0.81] as const;
    const [out] = [bakeGroundPixels(Uint8Array.from(texel), 1, 1, tint)];
    const lin = texel.slice(0, 3).map((v, i) => srgbToLinear(v / 255) * tint[i]!);
    const expected = acesFilmic(lin[0]!, lin[1]!, lin[2]!).map((v) => Math.round(linearToSrgb(v) * 255));
    for (let i = 0; i < 3; i++) expect(Math.abs(out![i]! - expected[i]!)).toBeLessThanOrEqual(1);
    expect(out![3]).toBe(255);
  });

  it('flips rows bottom-up when asked, and keeps equal texels equal', () => {
    const rgba = Uint8Array.from([10, 20, 30, 255, 10, 20, 30, 255, 200, 190, 180, 255, 200, 190, 180, 255]);
    const straight = bakeGroundPixels(rgba, 2, 2, [1, 1, 1]);
    const flipped = bakeGroundPixels(rgba, 2, 2, [1, 1, 1], { flipRows: true });
    expect([...flipped.subarray(0, 8)]).toEqual([...straight.subarray(8, 16)]);
    expect([...flipped.subarray(8, 16)]).toEqual([...straight.subarray(0, 8)]);
    expect([...straight.subarray(0, 4)]).toEqual([...straight.subarray(4, 8)]);
    expect(straight[8]).toBeGreaterThan(straight[0]!);
  });

  it('bakes every colour as it bakes it alone, also past the colours it keeps (a million colours)', () => {
    const size = 1024;
    const rgba = new Uint8Array(size * size * 4);
    for (let i = 0; i < size * size; i++) {
      const colour = Math.imul(i, 2654435761) >>> 8;
      rgba.set([colour >> 16, (colour >> 8) & 255, colour & 255, 255], i * 4);
    }
    const tint = [1, 0.93, 0.81] as const;
    const baked = bakeGroundPixels(rgba, size, size, tint);
    for (let i = 0; i < size * size; i += 4099) {
      const alone = bakeGroundPixels(rgba.subarray(i * 4, i * 4 + 4), 1, 1, tint);
      expect([...baked.subarray(i * 4, i * 4 + 4)], `pixel ${i}`).toEqual([...alone]);
    }
  });

  it('refuses a buffer that is not width × height RGBA', () => {
    expect(() => bakeGroundPixels(new Uint8Array(12), 2, 2, [1, 1, 1])).toThrow(/2x2 RGBA/);
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
