// Compass arithmetic: normalisation, rounding with wrap-around, the eight labels and their boundaries.
import { describe, expect, it } from 'vitest';
import {
  angularDifference,
  bearingBetween,
  bearingLabel,
  bearingVector,
  normalizeBearing,
  roundBearing,
} from '../../../functions/domain/geometry/bearing.ts';

describe('normalizeBearing', () => {
  it.each([
    [0, 0],
    [359.5, 359.5],
    [360, 0],
    [720, 0],
    [-1, 359],
    [-360, 0],
    [-721, 359],
    [405, 45],
    [-0, 0],
  ])('%d → %d', (input, expected) => {
    expect(normalizeBearing(input)).toBeCloseTo(expected, 9);
    expect(Object.is(normalizeBearing(input), -0)).toBe(false);
  });

  it('stays below 360 for values that round up to it', () => {
    expect(normalizeBearing(-1e-15)).toBeLessThan(360);
    expect(normalizeBearing(-1e-15)).toBeGreaterThanOrEqual(0);
  });

  it('rejects non-finite input', () => {
    expect(() => normalizeBearing(Number.NaN)).toThrow(RangeError);
    expect(() => normalizeBearing(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('roundBearing', () => {
  it.each([
    [359.6, 0],
    [359.4, 359],
    [-0.4, 0],
    [-1, 359],
    [720, 0],
    [0.5, 1],
    [134.7, 135],
    [-90.2, 270],
  ])('%d → %d', (input, expected) => {
    expect(roundBearing(input)).toBe(expected);
  });

  it('always gives an integer in 0-359', () => {
    for (let d = -1000; d <= 1000; d += 7.37) {
      const r = roundBearing(d);
      expect(Number.isInteger(r)).toBe(true);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(359);
    }
  });
});

describe('bearingLabel', () => {
  it.each([
    [0, 'north'],
    [45, 'north-east'],
    [90, 'east'],
    [135, 'south-east'],
    [180, 'south'],
    [225, 'south-west'],
    [270, 'west'],
    [315, 'north-west'],
  ])('labels the centre of each sector: %d → %s', (deg, label) => {
    expect(bearingLabel(deg)).toBe(label);
  });

  it.each([
    [337.5, 'north'],
    [22.4999, 'north'],
    [22.5, 'north-east'],
    [67.4999, 'north-east'],
    [67.5, 'east'],
    [112.5, 'south-east'],
    [157.5, 'south'],
    [202.5, 'south-west'],
    [247.5, 'west'],
    [292.5, 'north-west'],
    [337.4999, 'north-west'],
  ])('puts a boundary in the clockwise sector: %d → %s', (deg, label) => {
    expect(bearingLabel(deg)).toBe(label);
  });

  it('wraps: 359.9, 360 and -10 are north, -45 is north-west', () => {
    expect(bearingLabel(359.9)).toBe('north');
    expect(bearingLabel(360)).toBe('north');
    expect(bearingLabel(-10)).toBe('north');
    expect(bearingLabel(-45)).toBe('north-west');
  });
});

describe('bearingBetween', () => {
  const o = { x: 0, y: 0 };
  it.each([
    [{ x: 0, y: 10 }, 0],
    [{ x: 10, y: 10 }, 45],
    [{ x: 10, y: 0 }, 90],
    [{ x: 0, y: -10 }, 180],
    [{ x: -10, y: 0 }, 270],
    [{ x: -10, y: 10 }, 315],
  ])('from the origin to %o is %d', (to, expected) => {
    expect(bearingBetween(o, to)).toBeCloseTo(expected, 9);
  });

  it('works from any point and is 0 for coincident points', () => {
    expect(bearingBetween({ x: 5, y: 5 }, { x: 5, y: 0 })).toBeCloseTo(180, 9);
    expect(bearingBetween({ x: 3, y: 4 }, { x: 3, y: 4 })).toBe(0);
  });

  it('round-trips with bearingVector', () => {
    for (const b of [0, 17, 90, 181, 269.5, 359]) {
      expect(bearingBetween(o, bearingVector(b))).toBeCloseTo(b, 9);
    }
  });
});

describe('angularDifference', () => {
  it.each([
    [0, 0, 0],
    [10, 350, 20],
    [350, 10, 20],
    [0, 180, 180],
    [90, 271, 179],
    [-10, 10, 20],
    [720, 1, 1],
  ])('between %d and %d is %d', (a, b, expected) => {
    expect(angularDifference(a, b)).toBeCloseTo(expected, 9);
  });
});
