import { describe, expect, it } from 'vitest';
import {
  groundToNormalized,
  MAX_HALF_DIAGONAL_M,
  markupRotation,
  metersPerPixelFor,
  toFrameAxes,
} from '../../../functions/media/markup/framing.ts';

// A 16 m wide, 40 m deep lot whose front faces south (the street is to the south, y < 0).
const lot = [
  { x: -8, y: -20 },
  { x: 8, y: -20 },
  { x: 8, y: 20 },
  { x: -8, y: 20 },
];

describe('markup framing', () => {
  it('turns the image so the front bearing points at the requested side', () => {
    expect(markupRotation(0, 'top')).toBe(0);
    expect(markupRotation(0, 'bottom')).toBe(180);
    expect(markupRotation(180, 'bottom')).toBe(0);
    expect(markupRotation(90, 'right')).toBe(0);
    expect(markupRotation(90, 'left')).toBe(180);
    expect(markupRotation(360, 'bottom')).toBe(180);
    // The front direction, seen in the frame, points where orientation says (frame y is up).
    const front = { x: Math.sin((200 * Math.PI) / 180), y: Math.cos((200 * Math.PI) / 180) };
    const onScreen = (orientation: 'bottom' | 'left' | 'top' | 'right') =>
      toFrameAxes(front, markupRotation(200, orientation));
    expect(onScreen('bottom').y).toBeCloseTo(-1);
    expect(onScreen('top').y).toBeCloseTo(1);
    expect(onScreen('left').x).toBeCloseTo(-1);
    expect(onScreen('right').x).toBeCloseTo(1);
  });

  it('frames the lot larger for close and smaller for wide', () => {
    const mpp = (zoom: 'close' | 'standard' | 'wide') => metersPerPixelFor({ zoom, rotationDeg: 180, lot });
    expect(mpp('close')).toBeLessThan(mpp('standard'));
    expect(mpp('standard')).toBeLessThan(mpp('wide'));
    // close: the 40 m depth takes about 62% of the 2160-pixel height.
    expect(40 / mpp('close') / 2160).toBeCloseTo(0.62, 2);
  });

  it('never frames wider than the site model reaches, nor closer than 1 cm a pixel', () => {
    const huge = [
      { x: -400, y: -400 },
      { x: 400, y: -400 },
      { x: 400, y: 400 },
    ];
    const mpp = metersPerPixelFor({ zoom: 'wide', rotationDeg: 0, lot: huge });
    expect((mpp * Math.hypot(3840, 2160)) / 2).toBeLessThanOrEqual(MAX_HALF_DIAGONAL_M + 0.1);
    const tiny = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ];
    expect(metersPerPixelFor({ zoom: 'close', rotationDeg: 0, lot: tiny })).toBe(0.01);
    expect(metersPerPixelFor({ zoom: 'standard', rotationDeg: 0 })).toBeGreaterThan(0.01);
  });

  it('maps ground points to normalized image coordinates through the georeference', () => {
    const georef = {
      center: { lat: 0, lng: 0 },
      metersPerPixel: 0.05,
      rotationDeg: 180,
      width: 3840,
      height: 2160,
    };
    const map = groundToNormalized(georef, { x: 0, y: 0 });
    expect(map({ x: 0, y: 0 })).toEqual({ x: 0.5, y: 0.5 });
    // With 180 (south) at the top, a point 10 m south of the centre lands above it, and east is left.
    const south = map({ x: 0, y: -10 });
    expect(south.x).toBeCloseTo(0.5);
    expect(south.y).toBeCloseTo(0.5 - 10 / 0.05 / 2160);
    const east = map({ x: 10, y: 0 });
    expect(east.x).toBeCloseTo(0.5 - 10 / 0.05 / 3840);
  });
});
