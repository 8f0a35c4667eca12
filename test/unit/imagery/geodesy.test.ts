// Coordinate systems and plane maps against published values and definitions made apart from the code:
// the GDA2020 Technical Manual's worked example (Flinders Peak), the size and direction of the GDA94 →
// GDA2020 shift ICSM publishes, Web Mercator's defining formula, and homographies checked point by point.
import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  homographyFromPoints,
  invertHomography,
  multiplyHomographies,
  normalizeHomography,
} from '../../../functions/domain/geometry/homography.ts';
import { simplifyRing } from '../../../functions/domain/geometry/polygon.ts';
import { crsForEpsg } from '../../../functions/media/geo/crs.ts';
import { toLocalMetres } from '../../../functions/media/geo/local-metric.ts';

const dms = (d: number, m: number, s: number) => Math.sign(d) * (Math.abs(d) + m / 60 + s / 3600);

describe('coordinate systems', () => {
  it('projects Flinders Peak to MGA zone 55 as the GDA2020 Technical Manual works it (to a millimetre)', () => {
    // GDA2020 Technical Manual, worked example: φ -37°57'03.72030", λ 144°25'29.52440" → zone 55,
    // E 273 741.297 m, N 5 796 489.777 m (the projection is the same on either datum).
    const mga55 = crsForEpsg(7855)!;
    const grid = mga55.fromLatLng({ lat: dms(-37, 57, 3.7203), lng: dms(144, 25, 29.5244) });
    expect(grid.x).toBeCloseTo(273741.297, 2);
    expect(grid.y).toBeCloseTo(5796489.777, 2);
    const back = mga55.toLatLng(273741.297, 5796489.777);
    expect(back.lat).toBeCloseTo(dms(-37, 57, 3.7203), 8);
    expect(back.lng).toBeCloseTo(dms(144, 25, 29.5244), 8);
  });

  it('moves GDA94 grid coordinates 1.3-2 m north-east onto GDA2020, as ICSM says the datums differ', () => {
    for (const [zone, e, n] of [
      [56, 334_000, 6_250_000], // Sydney
      [55, 320_000, 5_813_000], // Melbourne
      [50, 391_000, 6_465_000], // Perth
    ] as const) {
      const gda94 = crsForEpsg(28300 + zone)!.toLatLng(e, n);
      const gda2020 = crsForEpsg(7800 + zone)!.toLatLng(e, n);
      const shift = toLocalMetres(gda2020, gda94);
      const metres = Math.hypot(shift.x, shift.y);
      expect(metres, `zone ${zone}`).toBeGreaterThan(1.3);
      expect(metres, `zone ${zone}`).toBeLessThan(2.0);
      expect(shift.y, `zone ${zone} north`).toBeGreaterThan(0);
      expect(shift.x, `zone ${zone} east`).toBeGreaterThan(0);
    }
  });

  it('is Web Mercator as its formula defines it, under its old codes too', () => {
    const R = 6_378_137;
    const lat = -33.8806;
    const lng = 151.1997;
    const x = (R * lng * Math.PI) / 180;
    const y = R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    for (const code of [3857, 900913, 102100]) {
      const p = crsForEpsg(code)!.fromLatLng({ lat, lng });
      expect(p.x).toBeCloseTo(x, 3);
      expect(p.y).toBeCloseTo(y, 3);
    }
  });

  it('knows no other system (a UTM zone on WGS 84 is not an MGA zone)', () => {
    expect(crsForEpsg(32756)).toBeUndefined();
    expect(crsForEpsg(7848)).toBeUndefined();
    expect(crsForEpsg(28357)).toBeUndefined();
  });
});

describe('homographies', () => {
  const from = [
    { x: 0, y: 0 },
    { x: 400, y: 0 },
    { x: 400, y: 300 },
    { x: 0, y: 300 },
  ];
  const to = [
    { x: -20, y: 35 },
    { x: 22, y: 30 },
    { x: 30, y: -12 },
    { x: -25, y: -8 },
  ];

  it('maps four points exactly, and its inverse maps them back', () => {
    const h = homographyFromPoints(from, to);
    const inverse = invertHomography(h);
    from.forEach((p, i) => {
      const q = applyHomography(h, p)!;
      expect(q.x).toBeCloseTo(to[i]!.x, 9);
      expect(q.y).toBeCloseTo(to[i]!.y, 9);
      const r = applyHomography(inverse, q)!;
      expect(r.x).toBeCloseTo(p.x, 6);
      expect(r.y).toBeCloseTo(p.y, 6);
    });
    const identity = normalizeHomography(multiplyHomographies(h, inverse));
    for (const [i, v] of [1, 0, 0, 0, 1, 0, 0, 0, 1].entries()) expect(identity[i]).toBeCloseTo(v, 9);
  });

  it('refuses four points three of which are on a line', () => {
    expect(() =>
      homographyFromPoints(from, [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 0, y: 5 },
      ]),
    ).toThrow(/degenerate/);
  });
});

describe('simplifyRing', () => {
  it('thins straight runs before corners', () => {
    const square = [
      { x: 0, y: 0 },
      ...Array.from({ length: 99 }, (_, i) => ({ x: (i + 1) / 10, y: 0 })),
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(simplifyRing(square, 4)).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ]);
  });
});
