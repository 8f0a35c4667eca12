// The property's lot among the lots around a geocoded point, and the lot's street sides, measured against
// the scene's known ground (scene.ts): the positions there are the truth, not anything a service said.
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import { fromLocalMetres } from '../../../functions/media/geo/local-metric.ts';
import {
  radiusCovering,
  selectLot,
  streetSides,
} from '../../../functions/media/providers/cadastre/lot-selection.ts';
import type { CadastreLot } from '../../../functions/media/providers/sources/source-types.ts';
import { SCENE_ADDRESSES, SCENE_LOTS } from '../../support/map-fixtures/scene.ts';

const lots: CadastreLot[] = SCENE_LOTS.map((l) => ({
  lotId: l.lotId,
  rings: [l.ring],
  ...(l.strata ? { strata: true } : {}),
}));
const lot = (id: string) => lots.find((l) => l.lotId === id)!;

describe('selectLot', () => {
  it('takes the lot that holds the property point', () => {
    const chosen = selectLot(SCENE_ADDRESSES.property.point, lots);
    expect(chosen).toMatchObject({ match: 'contains', distanceM: 0 });
    expect(chosen.lot?.lotId).toBe('5//DP123456');
  });

  it('takes the nearest lot within 15 m of a point on the road, and says how far', () => {
    const chosen = selectLot(SCENE_ADDRESSES.onRoad.point, lots);
    expect(chosen.lot?.lotId).toBe('6//DP123456');
    expect(chosen).toMatchObject({ match: 'nearest' });
    if (chosen.lot) expect(chosen.distanceM).toBeCloseTo(4, 0);
  });

  it("takes a strata scheme's base lot, not the unit the point is in", () => {
    expect(selectLot(SCENE_ADDRESSES.strata.point, lots).lot?.lotId).toBe('CP//SP900001');
  });

  it('takes the base lot by size where the source marks no unit as strata', () => {
    const unmarked = lots.map(({ lotId, rings }) => ({ lotId, rings }));
    expect(selectLot(SCENE_ADDRESSES.strata.point, unmarked).lot?.lotId).toBe('CP//SP900001');
  });

  it('prefers a lot not marked strata over a larger one that is', () => {
    const marked = lots.map((l) => (l.lotId === 'CP//SP900001' ? { ...l, strata: true } : l));
    const units = marked.filter((l) => l.lotId === 'CP//SP900001' || l.lotId === '1//SP900001');
    const onlyUnitUnmarked = units.map((l) =>
      l.lotId === '1//SP900001' ? { lotId: l.lotId, rings: l.rings } : l,
    );
    expect(selectLot(SCENE_ADDRESSES.strata.point, onlyUnitUnmarked).lot?.lotId).toBe('1//SP900001');
  });

  it('finds no lot for a point more than 15 m from every lot, and says why', () => {
    const chosen = selectLot(SCENE_ADDRESSES.farFromLots.point, lots);
    expect(chosen.lot).toBeNull();
    if (chosen.lot === null) {
      expect(chosen.reason).toBe('none-near');
      expect(chosen.message).toMatch(/no lot within 15 m .* nearest \(CP\/\/SP900001\) is 1[5-9]\.\d m away/);
      expect(chosen.nearest?.lotId).toBe('CP//SP900001');
    }
  });

  it('says so when the cadastre has no lots at all', () => {
    expect(selectLot(SCENE_ADDRESSES.property.point, [])).toMatchObject({ lot: null, reason: 'no-lots' });
  });
});

describe('streetSides', () => {
  it('gives the property lot one street side: its west edge, facing the road (bearing ~270°)', () => {
    const sides = streetSides(lot('5//DP123456'), lots);
    expect(sides).toHaveLength(1);
    const [west] = sides;
    expect(west!.bearingDeg).toBeGreaterThan(268);
    expect(west!.bearingDeg).toBeLessThan(272);
    // The west edge runs from y = 7.5 to y = -8: 15.5 m.
    expect(west!.lengthM).toBeGreaterThan(15);
    expect(west!.lengthM).toBeLessThan(15.6);
    for (const p of west!.points) expect(p.lng).toBeCloseTo(SCENE_LOTS[0]!.ring[0]!.lng, 6);
  });

  it('gives a corner lot both its street sides, each with its length and outward bearing', () => {
    // A corner block: lot C at the corner of two roads (west and north of it), neighbours south and east.
    const origin: LatLng = { lat: -33.9, lng: 151.2 };
    const at = (x: number, y: number) => fromLocalMetres(origin, { x, y });
    const square = (x0: number, y0: number, x1: number, y1: number): LatLng[] => [
      at(x0, y0),
      at(x1, y0),
      at(x1, y1),
      at(x0, y1),
    ];
    const corner: CadastreLot = { lotId: 'C', rings: [square(0, 0, 20, 30)] };
    const block = [
      corner,
      { lotId: 'S', rings: [square(0, -30, 20, 0)] },
      { lotId: 'E', rings: [square(20, 0, 40, 30)] },
      { lotId: 'SE', rings: [square(20, -30, 40, 0)] },
    ];
    const sides = streetSides(corner, block);
    // Longest first: the west side (30 m), then the north side (20 m).
    expect(sides.map((s) => Math.round(s.bearingDeg) % 360)).toEqual([270, 0]);
    expect(sides[0]!.lengthM).toBeCloseTo(30, 0);
    expect(sides[1]!.lengthM).toBeCloseTo(20, 0);
  });

  it('merges the edges of a curved frontage into one side', () => {
    // A lot whose road side bends twice by 10° (three short edges) is one street side, not three.
    const origin: LatLng = { lat: -33.9, lng: 151.2 };
    const at = (x: number, y: number) => fromLocalMetres(origin, { x, y });
    const bent: CadastreLot = {
      lotId: 'B',
      rings: [[at(0, 0), at(30, 0), at(30, 30), at(0, 30), at(-1.7, 20), at(-1.7, 10)]],
    };
    const neighbours = [
      bent,
      { lotId: 'S', rings: [[at(0, -20), at(30, -20), at(30, 0), at(0, 0)]] },
      { lotId: 'E', rings: [[at(30, 0), at(60, 0), at(60, 30), at(30, 30)]] },
      { lotId: 'N', rings: [[at(0, 30), at(30, 30), at(30, 50), at(0, 50)]] },
    ];
    const sides = streetSides(bent, neighbours);
    expect(sides).toHaveLength(1);
    expect(Math.round(sides[0]!.bearingDeg)).toBe(270);
    expect(sides[0]!.lengthM).toBeCloseTo(30.2, 0);
  });

  it('gives a lot with no neighbours at all every side', () => {
    expect(streetSides(lot('5//DP123456'), [])).toHaveLength(4);
  });
});

describe('radiusCovering', () => {
  it("reaches past the lot's far corner by the margin", () => {
    // Lot 5's farthest corner from the property point (22 m east, 0 north) is about 27 m east and 9 m
    // north (the scene's degrees per metre are rounded, so a few centimetres more in true metres).
    const radius = radiusCovering(SCENE_ADDRESSES.property.point, lot('5//DP123456'));
    expect(radius).toBeGreaterThanOrEqual(37);
    expect(radius).toBeLessThanOrEqual(38);
  });
});
