import { describe, expect, it } from 'vitest';
import {
  distanceToOutline,
  firstSelfIntersection,
  labelPoint,
  perimeter,
  pointInPolygon,
  polygonArea,
  polygonCentroid,
  segmentsIntersect,
} from '../../../functions/domain/geometry/polygon.ts';

const square = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];

describe('polygon arithmetic', () => {
  it('measures area and perimeter whatever the winding', () => {
    expect(polygonArea(square)).toBe(100);
    expect(polygonArea([...square].reverse())).toBe(100);
    expect(perimeter(square)).toBe(40);
  });

  it('finds crossing, touching and overlapping segments', () => {
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 }, { x: 2, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 5 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 0 }, { x: 3, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 1 }, { x: 2, y: 1 })).toBe(false);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 3, y: 0 }, { x: 4, y: 0 })).toBe(false);
  });

  it('accepts simple polygons, convex or not', () => {
    expect(firstSelfIntersection(square)).toBeUndefined();
    const lShape = [
      { x: 0, y: 0 },
      { x: 20, y: 0 },
      { x: 20, y: 5 },
      { x: 5, y: 5 },
      { x: 5, y: 20 },
      { x: 0, y: 20 },
    ];
    expect(firstSelfIntersection(lShape)).toBeUndefined();
  });

  it('names the first pair of edges of a self-intersecting ring', () => {
    const bowTie = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(firstSelfIntersection(bowTie)).toEqual([0, 2]);
    // A vertex touching another edge is not a simple polygon either.
    const pinched = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 5, y: 5 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 5, y: 5 },
    ];
    expect(firstSelfIntersection(pinched)).toBeDefined();
    // Adjacent edges folding back over each other.
    expect(
      firstSelfIntersection([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 5, y: 0 },
      ]),
    ).toBeDefined();
  });

  it('tells inside from outside and measures the distance to the outline', () => {
    expect(pointInPolygon({ x: 5, y: 5 }, square)).toBe(true);
    expect(pointInPolygon({ x: 15, y: 5 }, square)).toBe(false);
    expect(distanceToOutline({ x: 5, y: 2 }, square)).toBeCloseTo(2);
    expect(distanceToOutline({ x: 13, y: 14 }, square)).toBeCloseTo(5);
  });

  it('puts a label deep inside, even in an L-shaped lot whose centroid falls outside it', () => {
    const lShape = [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
      { x: 40, y: 8 },
      { x: 8, y: 8 },
      { x: 8, y: 40 },
      { x: 0, y: 40 },
    ];
    const p = labelPoint(lShape);
    expect(pointInPolygon(p, lShape)).toBe(true);
    expect(distanceToOutline(p, lShape)).toBeGreaterThan(3.5);
    const c = labelPoint(square);
    expect(c.x).toBeCloseTo(5, 0);
    expect(c.y).toBeCloseTo(5, 0);
  });
});

describe('polygonCentroid', () => {
  it('is the area centroid, not the vertex mean', () => {
    const l = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 1 },
      { x: 1, y: 1 },
      { x: 1, y: 10 },
      { x: 0, y: 10 },
    ];
    const c = polygonCentroid(l);
    // A 10 x 1 bar (centroid 5, 0.5) and a 1 x 9 bar (centroid 0.5, 5.5): area 19.
    expect(c.x).toBeCloseTo((10 * 5 + 9 * 0.5) / 19, 9);
    expect(c.y).toBeCloseTo(c.x, 9);
  });
});
