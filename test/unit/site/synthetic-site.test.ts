// The offline synthetic site: deterministic per address, the property centred on the origin, the
// addressed street in front of it, realistic lot sizes and neighbours, everything inside the radius.
import { describe, expect, it } from 'vitest';
import type { ParsedAddress, Point, SiteModel, Street } from '../../../functions/domain/geo-types.ts';
import { angularDifference, bearingBetween } from '../../../functions/domain/geometry/bearing.ts';
import { polygonCentroid } from '../../../functions/domain/geometry/polygon.ts';
import {
  buildSyntheticSite,
  MIN_SYNTHETIC_RADIUS_M,
  SyntheticSiteSource,
  syntheticLayout,
} from '../../../functions/media/site/synthetic-site.ts';

const ORIGIN = { lat: -33.8835, lng: 151.2113 };
const BASE: ParsedAddress = {
  streetNumber: '12',
  streetNumberFrom: 12,
  streetName: 'Smith',
  streetType: 'Street',
  suburb: 'SURRY HILLS',
  state: 'NSW',
  postcode: '2010',
};

const addressed = (site: SiteModel) => site.parcels.find((p) => p.addressed)!;
const streetNamed = (site: SiteModel, name: string) => site.streets.find((s) => s.name === name);

function distanceToLine(p: Point, line: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  }
  return best;
}

function edges(polygon: readonly Point[]): { mid: Point; length: number }[] {
  return polygon.map((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, length: Math.hypot(b.x - a.x, b.y - a.y) };
  });
}

function streetBearing(s: Street): number {
  return bearingBetween(s.centerline[0]!, s.centerline[s.centerline.length - 1]!);
}

const many = Array.from({ length: 30 }, (_, i) => ({
  ...BASE,
  streetNumber: String(i * 3 + 1),
  streetNumberFrom: i * 3 + 1,
  streetName: ['Smith', 'Victoria', 'George', 'Ocean View', 'St Georges'][i % 5]!,
  streetType: ['Street', 'Road', 'Avenue', 'Parade', 'Crescent'][i % 5]!,
}));

describe('buildSyntheticSite', () => {
  it('is deterministic: the same address gives the same site', () => {
    const a = buildSyntheticSite(ORIGIN, BASE, 150);
    const b = buildSyntheticSite(ORIGIN, { ...BASE }, 150);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('seeds from the address, not the position: another origin gives the same layout', () => {
    const a = buildSyntheticSite(ORIGIN, BASE, 150);
    const b = buildSyntheticSite({ lat: -37.81, lng: 144.96 }, BASE, 150);
    expect(b.origin).toEqual({ lat: -37.81, lng: 144.96 });
    expect(b.parcels).toEqual(a.parcels);
    expect(b.buildings).toEqual(a.buildings);
    expect(b.streets).toEqual(a.streets);
  });

  it('ignores case and spacing in the address fields', () => {
    const a = buildSyntheticSite(ORIGIN, BASE, 150);
    const b = buildSyntheticSite(ORIGIN, { ...BASE, suburb: ' surry  hills ', streetName: 'SMITH' }, 150);
    expect(b.parcels).toEqual(a.parcels);
  });

  it('gives different addresses different sites', () => {
    const layouts = new Set(many.map((a) => JSON.stringify(buildSyntheticSite(ORIGIN, a, 150).parcels)));
    expect(layouts.size).toBe(many.length);
    const bearings = new Set(many.map((a) => syntheticLayout(a).frontBearingDeg));
    expect(bearings.size).toBeGreaterThan(20);
    const neighbour = buildSyntheticSite(ORIGIN, { ...BASE, streetNumber: '14', streetNumberFrom: 14 }, 150);
    expect(neighbour.parcels).not.toEqual(buildSyntheticSite(ORIGIN, BASE, 150).parcels);
  });

  it('names the addressed street exactly as in the address, with its suffix', () => {
    expect(buildSyntheticSite(ORIGIN, BASE, 150).addressedStreet).toBe('Smith Street');
    const suffixed = buildSyntheticSite(
      ORIGIN,
      { ...BASE, streetName: 'Pacific', streetType: 'Highway', streetSuffix: 'North' },
      150,
    );
    expect(suffixed.addressedStreet).toBe('Pacific Highway North');
    expect(streetNamed(suffixed, 'Pacific Highway North')).toBeDefined();
  });

  it.each(many.map((a) => [`${a.streetNumber} ${a.streetName} ${a.streetType}`, a] as const))(
    '%s: centred parcel of suburban size fronting the addressed street',
    (_, address) => {
      const site = buildSyntheticSite(ORIGIN, address, 150);
      const layout = syntheticLayout(address);
      const parcels = site.parcels.filter((p) => p.addressed);
      expect(parcels).toHaveLength(1);
      const parcel = parcels[0]!;
      const c = polygonCentroid(parcel.polygon);
      expect(Math.hypot(c.x, c.y)).toBeLessThan(1);

      const street = streetNamed(site, `${address.streetName} ${address.streetType}`)!;
      expect(street).toBeDefined();
      expect(site.addressedStreet).toBe(street.name);
      expect(street.widthM).toBeGreaterThanOrEqual(8);
      expect(street.widthM).toBeLessThanOrEqual(14);

      // The front edge is the one nearest the street: 12-22 m wide, a nature strip and half the road away.
      const sides = edges(parcel.polygon).map((e) => ({ ...e, d: distanceToLine(e.mid, street.centerline) }));
      const front = sides.reduce((a, b) => (b.d < a.d ? b : a));
      expect(front.length).toBeGreaterThanOrEqual(12);
      expect(front.length).toBeLessThanOrEqual(22);
      expect(front.d).toBeGreaterThan(street.widthM / 2 + 3);
      expect(front.d).toBeLessThan(street.widthM / 2 + 5.1);
      const depth = sides[(sides.indexOf(front) + 1) % sides.length]!.length;
      expect(depth).toBeGreaterThanOrEqual(28);
      expect(depth).toBeLessThanOrEqual(50);
      expect(front.length).toBeCloseTo(layout.frontageM, 1);

      // The street runs straight past the front, square to the chosen front bearing.
      expect(angularDifference(bearingBetween(c, front.mid), layout.frontBearingDeg)).toBeLessThan(0.5);
      const along = angularDifference(streetBearing(street), layout.frontBearingDeg);
      expect(Math.abs(along - 90)).toBeLessThan(0.5);
    },
  );

  it('puts a house, a driveway and neighbours around the addressed parcel', () => {
    for (const address of many.slice(0, 10)) {
      const site = buildSyntheticSite(ORIGIN, address, 150);
      const layout = syntheticLayout(address);
      const parcel = addressed(site);
      const inside = (p: Point, poly: readonly Point[]) => {
        let hit = false;
        for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
          const a = poly[i]!;
          const b = poly[j]!;
          if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
        }
        return hit;
      };
      const house = site.buildings.find((b) => inside(polygonCentroid(b.footprint), parcel.polygon));
      expect(house).toBeDefined();
      expect(house!.heightM).toBeGreaterThanOrEqual(4);
      expect(house!.heightM).toBeLessThanOrEqual(9);
      expect(['hip', 'gable', 'flat']).toContain(house!.roof);
      expect(house!.roofColor).toMatch(/^#[0-9a-f]{6}$/);
      expect([4, 6]).toContain(house!.footprint.length);
      expect(site.driveways.some((d) => d.some((p) => inside(p, parcel.polygon)))).toBe(true);

      // Neighbours along the street on both sides and across it.
      const f = {
        x: Math.sin((layout.frontBearingDeg * Math.PI) / 180),
        y: Math.cos((layout.frontBearingDeg * Math.PI) / 180),
      };
      const a = { x: f.y, y: -f.x };
      const others = site.parcels.filter((p) => !p.addressed).map((p) => polygonCentroid(p.polygon));
      const u = (p: Point) => p.x * a.x + p.y * a.y;
      const v = (p: Point) => p.x * f.x + p.y * f.y;
      expect(others.some((p) => Math.abs(v(p)) < 1 && u(p) > 5)).toBe(true);
      expect(others.some((p) => Math.abs(v(p)) < 1 && u(p) < -5)).toBe(true);
      expect(others.some((p) => v(p) > layout.depthM / 2 + layout.streetWidthM && Math.abs(u(p)) < 20)).toBe(
        true,
      );
      expect(site.buildings.length).toBe(site.parcels.length);
      expect(site.trees.length).toBeGreaterThan(10);
    }
  });

  it('adds one or two cross streets with other plausible names', () => {
    for (const address of many) {
      const site = buildSyntheticSite(ORIGIN, address, 150);
      const main = streetNamed(site, site.addressedStreet)!;
      const cross = site.streets.filter(
        (s) => Math.abs(angularDifference(streetBearing(s), streetBearing(main)) - 90) < 0.5,
      );
      expect(cross.length).toBeGreaterThanOrEqual(1);
      expect(cross.length).toBeLessThanOrEqual(2);
      const names = site.streets.map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
      for (const s of site.streets) {
        expect(s.name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)+$/);
        expect(s.widthM).toBeGreaterThanOrEqual(8);
        expect(s.widthM).toBeLessThanOrEqual(14);
      }
    }
  });

  it('keeps everything within the radius', () => {
    for (const radius of [80, 150, 250]) {
      for (const address of many.slice(0, 8)) {
        const site = buildSyntheticSite(ORIGIN, address, radius);
        const within = (p: Point) => Math.hypot(p.x, p.y) <= radius + 1e-6;
        for (const s of site.streets) expect(s.centerline.every(within)).toBe(true);
        for (const p of site.parcels) expect(p.polygon.every(within)).toBe(true);
        for (const b of site.buildings) expect(b.footprint.every(within)).toBe(true);
        for (const d of site.driveways) expect(d.every(within)).toBe(true);
        for (const t of site.trees)
          expect(Math.hypot(t.center.x, t.center.y) + t.radiusM).toBeLessThanOrEqual(radius + 1e-6);
      }
    }
  });

  it('still has the street and the parcel for a small radius', () => {
    const site = buildSyntheticSite(ORIGIN, BASE, 10);
    expect(streetNamed(site, 'Smith Street')).toBeDefined();
    expect(site.parcels.some((p) => p.addressed)).toBe(true);
    for (const p of site.parcels)
      expect(p.polygon.every((q) => Math.hypot(q.x, q.y) <= MIN_SYNTHETIC_RADIUS_M)).toBe(true);
  });

  it('gives unit addresses a larger strata lot, the same for every unit in the building', () => {
    const unit3 = buildSyntheticSite(ORIGIN, { ...BASE, unit: '3' }, 150);
    const unit7 = buildSyntheticSite(ORIGIN, { ...BASE, unit: '7' }, 150);
    expect(unit7.parcels).toEqual(unit3.parcels);
    const layout = syntheticLayout({ ...BASE, unit: '3' });
    expect(layout.frontageM).toBeGreaterThanOrEqual(24);
    const c = polygonCentroid(addressed(unit3).polygon);
    expect(Math.hypot(c.x, c.y)).toBeLessThan(1);
  });

  it('writes counter-clockwise parcel rings', () => {
    const site = buildSyntheticSite(ORIGIN, BASE, 150);
    for (const p of site.parcels) {
      let area2 = 0;
      p.polygon.forEach((a, i) => {
        const b = p.polygon[(i + 1) % p.polygon.length]!;
        area2 += a.x * b.y - b.x * a.y;
      });
      expect(area2).toBeGreaterThan(0);
    }
  });

  it('rejects a non-positive radius', () => {
    expect(() => buildSyntheticSite(ORIGIN, BASE, 0)).toThrow(RangeError);
    expect(() => buildSyntheticSite(ORIGIN, BASE, Number.NaN)).toThrow(RangeError);
  });
});

describe('SyntheticSiteSource', () => {
  it('is the offline-synthetic adapter and returns the built site', async () => {
    const source = new SyntheticSiteSource();
    expect(source.name).toBe('offline-synthetic');
    const site = await source.siteAround(ORIGIN, BASE, 150);
    expect(site.provider).toBe('offline-synthetic');
    expect(site).toEqual(buildSyntheticSite(ORIGIN, BASE, 150));
  });
});
