// The offline nadir renderer: requested size and georeference honoured (centre, scale, rotation), roads
// where the site model puts them, deterministic pixels, and clear errors for bad requests.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Building, Point, SiteModel } from '../../../functions/domain/geo-types.ts';
import { fromLocalMetres } from '../../../functions/media/geo/local-metric.ts';
import type { NadirImage, NadirImageRequest } from '../../../functions/media/geo/types.ts';
import {
  MIN_EAVE_HEIGHT_M,
  ROOF_PITCH_DEG,
  roofModel,
  roofPolygons3d,
} from '../../../functions/media/imagery/offline-nadir/roof-model.ts';
import { SyntheticNadirImagery } from '../../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { buildSyntheticSite } from '../../../functions/media/site/synthetic-site.ts';

const ORIGIN = { lat: -33.8835, lng: 151.2113 };
const SITE = buildSyntheticSite(
  ORIGIN,
  {
    streetNumber: '12',
    streetNumberFrom: 12,
    streetName: 'Smith',
    streetType: 'Street',
    suburb: 'SURRY HILLS',
    state: 'NSW',
    postcode: '2010',
  },
  150,
);
const imagery = new SyntheticNadirImagery();

/** Pixel of a ground point, written independently of the renderer from the Georeference definition. */
function pixelOf(ground: Point, center: Point, req: NadirImageRequest): Point {
  const t = (req.rotationDeg * Math.PI) / 180;
  const dx = ground.x - center.x;
  const dy = ground.y - center.y;
  // Distance along the bearing at the top of the image is "up"; 90° clockwise from it is "right".
  const up = dx * Math.sin(t) + dy * Math.cos(t);
  const right = dx * Math.cos(t) - dy * Math.sin(t);
  return { x: req.width / 2 + right / req.metersPerPixel, y: req.height / 2 - up / req.metersPerPixel };
}

function rgbAt(img: NadirImage, p: Point): [number, number, number] {
  const x = Math.round(p.x);
  const y = Math.round(p.y);
  const i = (y * img.georef.width + x) * img.channels;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

/** Asphalt: a dark-to-mid neutral grey (noise and shadows allowed), nothing like lawn, roof tiles or concrete. */
function isAsphalt([r, g, b]: [number, number, number]): boolean {
  const mean = (r + g + b) / 3;
  return Math.max(r, g, b) - Math.min(r, g, b) < 20 && mean > 25 && mean < 125;
}

/** Points down the middle of the addressed street (just off the centre marking), inside the frame. */
function roadSamples(site: SiteModel, center: Point, halfSpanM: number): Point[] {
  const street = site.streets.find((s) => s.name === site.addressedStreet)!;
  const [a, b] = [street.centerline[0]!, street.centerline[street.centerline.length - 1]!];
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const dir = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const normal = { x: -dir.y, y: dir.x };
  // Foot of the perpendicular from the centre, then steps along the street.
  const t0 = (center.x - a.x) * dir.x + (center.y - a.y) * dir.y;
  return [-0.6, -0.3, 0, 0.3, 0.6].map((k) => {
    const t = t0 + k * halfSpanM;
    return { x: a.x + dir.x * t + normal.x * 0.6, y: a.y + dir.y * t + normal.y * 0.6 };
  });
}

describe('SyntheticNadirImagery', () => {
  it('is the offline-synthetic-render adapter', () => {
    expect(imagery.name).toBe('offline-synthetic-render');
  });

  it('renders raw pixels of the requested size and echoes the georeference', async () => {
    const req = { center: ORIGIN, width: 640, height: 360, metersPerPixel: 0.1, rotationDeg: 30, site: SITE };
    const img = await imagery.render(req);
    expect([3, 4]).toContain(img.channels);
    expect(img.data.length).toBe(640 * 360 * img.channels);
    expect(img.georef).toEqual({
      center: ORIGIN,
      metersPerPixel: 0.1,
      rotationDeg: 30,
      width: 640,
      height: 360,
    });
    expect(img.provider).toBe('offline-synthetic-render');
  });

  it.each([0, 90, 217])(
    'puts the addressed street where the georeference says (rotation %d°)',
    async (rotationDeg) => {
      const req = {
        center: ORIGIN,
        width: 1024,
        height: 1024,
        metersPerPixel: 0.08,
        rotationDeg,
        site: SITE,
      };
      const img = await imagery.render(req);
      const samples = roadSamples(SITE, { x: 0, y: 0 }, 30);
      for (const p of samples) {
        const px = pixelOf(p, { x: 0, y: 0 }, req);
        expect(px.x).toBeGreaterThan(0);
        expect(px.x).toBeLessThan(1024);
        expect(isAsphalt(rgbAt(img, px)), `road at ${JSON.stringify(px)}: ${rgbAt(img, px)}`).toBe(true);
      }
    },
  );

  it('moves the street when the image rotates: the north-up road pixels are not road at 90°', async () => {
    const base = { center: ORIGIN, width: 1024, height: 1024, metersPerPixel: 0.08, site: SITE };
    const north = { ...base, rotationDeg: 0 };
    const east = await imagery.render({ ...base, rotationDeg: 90 });
    const moved = roadSamples(SITE, { x: 0, y: 0 }, 30).map((p) =>
      rgbAt(east, pixelOf(p, { x: 0, y: 0 }, north)),
    );
    expect(moved.filter((c) => !isAsphalt(c)).length).toBeGreaterThanOrEqual(3);
  });

  it('honours an off-centre image centre and the scale', async () => {
    // Centre the image on a point 20 m along the street from the origin's foot, at a coarser scale.
    const street = roadSamples(SITE, { x: 0, y: 0 }, 40)[4]!;
    const center = fromLocalMetres(SITE.origin, street);
    const req = { center, width: 512, height: 768, metersPerPixel: 0.15, rotationDeg: 45, site: SITE };
    const img = await imagery.render(req);
    expect(isAsphalt(rgbAt(img, { x: 256, y: 384 }))).toBe(true);
    for (const p of roadSamples(SITE, street, 40)) {
      const px = pixelOf(p, street, req);
      if (px.x < 0 || px.y < 0 || px.x >= 512 || px.y >= 768) continue;
      expect(isAsphalt(rgbAt(img, px))).toBe(true);
    }
  });

  it('is deterministic', async () => {
    const req = {
      center: ORIGIN,
      width: 700,
      height: 500,
      metersPerPixel: 0.05,
      rotationDeg: 12,
      site: SITE,
    };
    const hash = (img: NadirImage) => createHash('sha256').update(img.data).digest('hex');
    expect(hash(await imagery.render(req))).toBe(hash(await imagery.render(req)));
  });

  it('reads as an aerial: mostly vegetation, with roofs, paving and texture', async () => {
    const img = await imagery.render({
      center: ORIGIN,
      width: 800,
      height: 800,
      metersPerPixel: 0.08,
      rotationDeg: 0,
      site: SITE,
    });
    let green = 0;
    const lumas = new Set<number>();
    for (let i = 0; i < img.data.length; i += img.channels * 7) {
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (g > r && g > b) green++;
      lumas.add(Math.round((r + g + b) / 3));
    }
    const samples = img.data.length / (img.channels * 7);
    expect(green / samples).toBeGreaterThan(0.35);
    expect(green / samples).toBeLessThan(0.9);
    expect(lumas.size).toBeGreaterThan(120);
  });

  it('renders a site without parcels or trees (a basemap site)', async () => {
    const bare: SiteModel = {
      ...SITE,
      parcels: [],
      trees: [],
      driveways: [],
      provider: 'amazon-location-vector',
    };
    const img = await imagery.render({
      center: ORIGIN,
      width: 256,
      height: 256,
      metersPerPixel: 0.3,
      rotationDeg: 0,
      site: bare,
    });
    expect(img.data.length).toBe(256 * 256 * img.channels);
  });

  it('renders the largest allowed side', async () => {
    const img = await imagery.render({
      center: ORIGIN,
      width: 4096,
      height: 64,
      metersPerPixel: 0.05,
      rotationDeg: 0,
      site: SITE,
    });
    expect(img.data.length).toBe(4096 * 64 * img.channels);
  });

  it('rejects requests it cannot honour', async () => {
    const ok = { center: ORIGIN, width: 100, height: 100, metersPerPixel: 0.1, rotationDeg: 0, site: SITE };
    await expect(imagery.render({ ...ok, site: undefined })).rejects.toThrow(/site is required/);
    await expect(imagery.render({ ...ok, width: 4097 })).rejects.toThrow(RangeError);
    await expect(imagery.render({ ...ok, height: 0 })).rejects.toThrow(RangeError);
    await expect(imagery.render({ ...ok, width: 10.5 })).rejects.toThrow(RangeError);
    await expect(imagery.render({ ...ok, metersPerPixel: 0 })).rejects.toThrow(RangeError);
    await expect(imagery.render({ ...ok, rotationDeg: Number.NaN })).rejects.toThrow(RangeError);
  });
});

describe('roofModel', () => {
  const rect = [
    { x: 0, y: 0 },
    { x: 16, y: 0 },
    { x: 16, y: 10 },
    { x: 0, y: 10 },
  ];
  const building = (footprint: Point[], roof: Building['roof'], ridgeBearingDeg = 90): Building => ({
    footprint,
    roof,
    heightM: 5,
    roofColor: '#a4523a',
    ridgeBearingDeg,
  });
  const covered = (model: NonNullable<ReturnType<typeof roofModel>>, p: Point) =>
    model.faces.some((f) =>
      f.pieces.some((piece) =>
        piece.every((a, i) => {
          const b = piece[(i + 1) % piece.length]!;
          return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= -1e-9;
        }),
      ),
    );
  const length = ([a, b]: [Point, Point]) => Math.hypot(b.x - a.x, b.y - a.y);

  it('gives a hip roof four planes, one ridge and four hips', () => {
    const model = roofModel(building(rect, 'hip'))!;
    expect(model.faces).toHaveLength(4);
    const downhill = model.faces.map((f) => `${Math.round(f.downhill.x)},${Math.round(f.downhill.y)}`).sort();
    expect(downhill).toEqual(['-1,0', '0,-1', '0,1', '1,0']);
    const lines = model.lines.map(length).sort((a, b) => a - b);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBeCloseTo(6, 1); // ridge: 16 − 2 × 5
    for (const hip of lines.slice(1)) expect(hip).toBeCloseTo(Math.hypot(5, 5), 1);
  });

  it('lifts the roof into 3D: eaves level, ridge at the building height, every face on its plane', () => {
    const model = roofModel({ ...building(rect, 'hip'), heightM: 7 })!;
    const rise = Math.tan((ROOF_PITCH_DEG * Math.PI) / 180) * 5; // 10 m deep: 5 m from eave to ridge
    expect(model.ridgeHeightM).toBeCloseTo(7, 6);
    expect(model.eaveHeightM).toBeCloseTo(7 - rise, 6);
    const polygons = roofPolygons3d(model);
    expect(polygons).toHaveLength(4);
    for (const polygon of polygons) {
      for (const v of polygon) {
        const onOutline = v.x < 1e-6 || v.x > 16 - 1e-6 || v.y < 1e-6 || v.y > 10 - 1e-6;
        if (onOutline) expect(v.z).toBeCloseTo(model.eaveHeightM, 6);
        else expect(v.z).toBeCloseTo(model.ridgeHeightM, 6);
      }
    }
    // A low wide building keeps its walls: the ridge rises above heightM instead.
    const low = roofModel({ ...building(rect, 'hip'), heightM: 3 })!;
    expect(low.eaveHeightM).toBe(MIN_EAVE_HEIGHT_M);
    expect(low.ridgeHeightM).toBeCloseTo(MIN_EAVE_HEIGHT_M + rise, 6);
  });

  it('gives a gable roof two planes and a ridge line along the ridge bearing', () => {
    const model = roofModel(building(rect, 'gable'))!;
    expect(model.faces).toHaveLength(2);
    expect(model.lines).toHaveLength(1);
    const [a, b] = model.lines[0]!;
    expect(a.y).toBeCloseTo(5, 6);
    expect(b.y).toBeCloseTo(5, 6);
    expect(length(model.lines[0]!)).toBeCloseTo(16, 6);
  });

  it('roofs an L-shaped house completely, with a valley where the wing meets the main roof', () => {
    const l = [
      { x: 0, y: 0 },
      { x: 16, y: 0 },
      { x: 16, y: 10 },
      { x: 6, y: 10 },
      { x: 6, y: 16 },
      { x: 0, y: 16 },
    ];
    for (const roof of ['hip', 'gable'] as const) {
      const model = roofModel(building(l, roof))!;
      for (let x = 0.25; x < 16; x += 0.5) {
        for (let y = 0.25; y < 16; y += 0.5) {
          const inside = y < 10 || x < 6;
          if (inside) expect(covered(model, { x, y }), `${roof} ${x},${y}`).toBe(true);
        }
      }
      // No roof line runs through the middle of the wing's valley corner (6, 10).
      expect(model.lines.every(([a, b]) => Math.hypot((a.x + b.x) / 2 - 6, (a.y + b.y) / 2 - 10) > 0.5)).toBe(
        true,
      );
    }
  });

  it('draws flat roofs without planes', () => {
    expect(roofModel(building(rect, 'flat'))).toBeUndefined();
  });
});
