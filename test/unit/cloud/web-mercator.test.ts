import { describe, expect, it } from 'vitest';
import {
  groundResolution,
  lngLatToTile,
  lngLatToWorldPixel,
  tileBounds,
  tilesCovering,
  worldPixelToLngLat,
  zoomForResolution,
} from '../../../functions/media/geo/web-mercator.ts';

describe('web mercator', () => {
  it('puts the Sydney Opera House in its known z17 tile', () => {
    expect(lngLatToTile(151.2153, -33.8568, 17)).toEqual({ x: 120591, y: 78650 });
  });

  it('maps 0,0 to the centre of the world', () => {
    expect(lngLatToWorldPixel(0, 0, 0, 256)).toEqual({ x: 128, y: 128 });
    const p = lngLatToWorldPixel(0, 0, 5, 512);
    expect(p.x).toBeCloseTo(512 * 16, 9);
    expect(p.y).toBeCloseTo(512 * 16, 9);
    expect(lngLatToTile(0, 0, 1)).toEqual({ x: 1, y: 1 });
  });

  it('round-trips world pixels and lng/lat', () => {
    const p = lngLatToWorldPixel(151.2153, -33.8568, 18.5, 256);
    const back = worldPixelToLngLat(p.x, p.y, 18.5, 256);
    expect(back.lng).toBeCloseTo(151.2153, 10);
    expect(back.lat).toBeCloseTo(-33.8568, 10);
  });

  it('gives tile bounds that contain the point and map back to the tile', () => {
    const tile = lngLatToTile(151.2153, -33.8568, 17);
    const b = tileBounds(tile.x, tile.y, 17);
    expect(b.west).toBeLessThan(151.2153);
    expect(b.east).toBeGreaterThan(151.2153);
    expect(b.south).toBeLessThan(-33.8568);
    expect(b.north).toBeGreaterThan(-33.8568);
    expect(lngLatToTile(b.west + 1e-9, b.north - 1e-9, 17)).toEqual(tile);
    expect(lngLatToTile(b.east - 1e-9, b.south + 1e-9, 17)).toEqual(tile);
    const whole = tileBounds(0, 0, 0);
    expect(whole.west).toBe(-180);
    expect(whole.east).toBe(180);
    expect(whole.north).toBeCloseTo(85.0511287798, 9);
  });

  it('computes ground resolution', () => {
    expect(groundResolution(0, 0, 256)).toBeCloseTo(156543.03, 2);
    expect(groundResolution(0, 1, 256)).toBeCloseTo(78271.52, 2);
    expect(groundResolution(0, 0, 512)).toBeCloseTo(78271.52, 2);
    expect(groundResolution(60, 0, 256)).toBeCloseTo(156543.03 / 2, 2);
  });

  it('picks the smallest zoom at least as fine as requested, capped', () => {
    expect(zoomForResolution(0, 156543.03392804097, 256, 22)).toBe(0);
    expect(zoomForResolution(0, 100_000, 256, 22)).toBe(1);
    const z = zoomForResolution(-33.86, 0.3, 256, 22);
    expect(groundResolution(-33.86, z)).toBeLessThanOrEqual(0.3);
    expect(groundResolution(-33.86, z - 1)).toBeGreaterThan(0.3);
    expect(zoomForResolution(-33.86, 0.3, 256, 17)).toBe(17);
    expect(zoomForResolution(-33.86, 0.3, 512, 22)).toBe(z - 1);
  });

  it('lists the tiles covering a box', () => {
    const b = tileBounds(10, 20, 6);
    const inner = { west: b.west + 0.01, south: b.south + 0.01, east: b.east - 0.01, north: b.north - 0.01 };
    expect(tilesCovering(inner, 6)).toEqual([{ x: 10, y: 20 }]);
    const wider = { west: b.west - 0.01, south: b.south + 0.01, east: b.east + 0.01, north: b.north + 0.01 };
    expect(tilesCovering(wider, 6)).toEqual([
      { x: 9, y: 19 },
      { x: 10, y: 19 },
      { x: 11, y: 19 },
      { x: 9, y: 20 },
      { x: 10, y: 20 },
      { x: 11, y: 20 },
    ]);
  });
});
