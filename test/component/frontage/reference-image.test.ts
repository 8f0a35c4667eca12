// The frontage reference image: a 2048² JPEG, north up, with the parcel outline and an arrow that lies
// along the front bearing (and moves when the bearing changes).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point, SiteModel } from '../../../functions/domain/geo-types.ts';
import { detectFrontage } from '../../../functions/media/frontage/detect-frontage.ts';
import {
  arrowLengthPx,
  arrowStartPixel,
  bearingPixelDirection,
  defaultMetersPerPixel,
  groundToPixel,
  labelBox,
  renderFrontageReference,
} from '../../../functions/media/frontage/reference-image.ts';
import type { Georeference } from '../../../functions/media/geo/types.ts';
import { SyntheticNadirImagery } from '../../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { buildSyntheticSite } from '../../../functions/media/site/synthetic-site.ts';

const ORIGIN = { lat: -31.9523, lng: 115.8613 };
const SITE = buildSyntheticSite(
  ORIGIN,
  {
    streetNumber: '27',
    streetNumberFrom: 27,
    streetName: 'Wattle',
    streetType: 'Street',
    suburb: 'SUBIACO',
    state: 'WA',
    postcode: '6008',
  },
  150,
);
const imagery = new SyntheticNadirImagery();

interface Decoded {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

async function decode(jpeg: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function rgb(img: Decoded, p: Point): [number, number, number] {
  const i = (Math.round(p.y) * img.width + Math.round(p.x)) * img.channels;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

const isArrowWhite = ([r, g, b]: [number, number, number]) => r > 225 && g > 225 && b > 225;

/** How many of the addressed parcel's edges show the yellow outline at their midpoint. */
function outlinedEdges(img: Decoded, georef: Georeference): number {
  const toPixel = groundToPixel(SITE, georef);
  const ring = SITE.parcels.find((p) => p.addressed)!.polygon;
  return ring
    .map((a, i) => {
      const b = ring[(i + 1) % ring.length]!;
      return rgb(img, toPixel({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }));
    })
    .filter(([r, g, bl]) => r > 200 && g > 160 && bl < 130).length;
}

/** Points on the arrow's axis, from just past the start dot to just before the head's tip. */
function axisSamples(site: SiteModel, georef: Georeference, bearingDeg: number): Point[] {
  const start = arrowStartPixel(site, georef, false);
  const dir = bearingPixelDirection(bearingDeg, georef.rotationDeg);
  const length = arrowLengthPx(start, dir, georef.width, georef.height);
  return Array.from({ length: 12 }, (_, i) => {
    const along = 60 + ((length - 120) * i) / 11;
    return { x: start.x + dir.x * along, y: start.y + dir.y * along };
  });
}

describe('renderFrontageReference', () => {
  it('is a 2048x2048 north-up JPEG with the georeference of its pixels', async () => {
    const { bearingDeg } = detectFrontage(SITE);
    const image = await renderFrontageReference({ imagery, site: SITE, center: ORIGIN, bearingDeg });
    expect(image.contentType).toBe('image/jpeg');
    const meta = await sharp(image.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2048, 2048]);
    expect([image.width, image.height]).toEqual([2048, 2048]);
    expect(image.georef.center).toEqual(ORIGIN);
    expect(image.georef.rotationDeg).toBe(0);
    expect(image.georef.metersPerPixel).toBeGreaterThanOrEqual(0.03);
    expect(image.georef.metersPerPixel).toBeLessThanOrEqual(0.05);
  });

  it('draws the arrow along the bearing, and moves it when the bearing changes', async () => {
    const { bearingDeg } = detectFrontage(SITE);
    const other = (bearingDeg + 140) % 360;
    const [a, b] = await Promise.all(
      [bearingDeg, other].map((d) =>
        renderFrontageReference({ imagery, site: SITE, center: ORIGIN, bearingDeg: d }),
      ),
    );
    const [imgA, imgB] = await Promise.all([decode(a!.jpeg), decode(b!.jpeg)]);
    const alongA = axisSamples(SITE, a!.georef, bearingDeg);
    const alongB = axisSamples(SITE, b!.georef, other);
    expect(alongA.map((p) => rgb(imgA, p)).every(isArrowWhite)).toBe(true);
    expect(alongB.map((p) => rgb(imgB, p)).every(isArrowWhite)).toBe(true);
    // The first bearing's axis is no longer covered by the arrow in the second image.
    expect(alongA.map((p) => rgb(imgB, p)).filter(isArrowWhite).length).toBeLessThanOrEqual(1);
  });

  it('has a twin for the portals with the parcel outline but no arrow, compass or label, and names what a cut keeps', async () => {
    const { bearingDeg } = detectFrontage(SITE);
    const image = await renderFrontageReference({ imagery, site: SITE, center: ORIGIN, bearingDeg });
    const [drawn, twin] = await Promise.all([decode(image.jpeg), decode(await image.textFree())]);
    const axis = axisSamples(SITE, image.georef, bearingDeg);
    expect(axis.map((p) => rgb(drawn, p)).every(isArrowWhite)).toBe(true);
    expect(axis.map((p) => rgb(twin, p)).filter(isArrowWhite)).toHaveLength(0);
    // The label's box darkens the ground under it in the picture; the twin shows that ground as it is.
    const box = labelBox(`Front: ${Math.round(bearingDeg)}°`, 2048, 2048);
    let samples = 0;
    let darker = 0;
    for (let y = box.y + 4; y < box.y + box.height - 4; y += 3)
      for (let x = box.x + 4; x < box.x + box.width - 4; x += 3) {
        samples++;
        const [p, q] = [rgb(drawn, { x, y }), rgb(twin, { x, y })];
        if ((isArrowWhite(p) && !isArrowWhite(q)) || p[0] + p[1] + p[2] < 0.6 * (q[0] + q[1] + q[2]))
          darker++;
      }
    expect(darker / samples).toBeGreaterThan(0.9);
    // The parcel outline stays in the twin.
    expect(outlinedEdges(twin, image.georef)).toBeGreaterThanOrEqual(3);
    // What a rendition's cut keeps: the label's box and the arrow's start are inside what it names.
    const inside = (p: Point) =>
      image.subject.boxes.some(
        (b) => p.x >= b.left && p.x <= b.left + b.width && p.y >= b.top && p.y <= b.top + b.height,
      ) || image.subject.points.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < 1e-6);
    expect(inside({ x: (box.x + 10) / 2048, y: (box.y + 10) / 2048 })).toBe(true);
    const start = arrowStartPixel(SITE, image.georef, false);
    expect(inside({ x: start.x / 2048, y: start.y / 2048 })).toBe(true);
  });

  it('outlines the addressed parcel', async () => {
    const image = await renderFrontageReference({
      imagery,
      site: SITE,
      center: ORIGIN,
      bearingDeg: 0,
      widthPx: 1024,
      heightPx: 1024,
    });
    // Midpoints of the edges the arrow (pointing north) does not cross.
    expect(outlinedEdges(await decode(image.jpeg), image.georef)).toBeGreaterThanOrEqual(3);
  });

  it('says when the bearing was adjusted', async () => {
    const params = { imagery, site: SITE, center: ORIGIN, bearingDeg: 200, widthPx: 1024, heightPx: 1024 };
    const [plain, edited] = await Promise.all([
      renderFrontageReference(params),
      renderFrontageReference({ ...params, edited: true }),
    ]);
    const [a, b] = await Promise.all([decode(plain.jpeg), decode(edited.jpeg)]);
    // The label box grows to the right: compare the strip right of the plain label's end, bottom left.
    const box = labelBox('Front: 200° south', 1024, 1024);
    const plainEnd = box.x + box.width;
    let differing = 0;
    for (let y = box.y + box.height * 0.2; y < box.y + box.height * 0.8; y += 2) {
      for (let x = plainEnd + 10; x < plainEnd + 200; x += 2) {
        const [p, q] = [rgb(a, { x, y }), rgb(b, { x, y })];
        if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60) differing++;
      }
    }
    expect(differing).toBeGreaterThan(200);
  });

  it('fits the parcel and the street in front by default', () => {
    const mpp = defaultMetersPerPixel(SITE, ORIGIN, 2048, 2048);
    const detection = detectFrontage(SITE);
    const reach = Math.hypot(detection.frontPoint.x, detection.frontPoint.y);
    expect(mpp * 1024).toBeGreaterThan(Math.min(reach, 0.05 * 1024));
    const georef = { center: ORIGIN, metersPerPixel: mpp, rotationDeg: 0, width: 2048, height: 2048 };
    const front = groundToPixel(SITE, georef)(detection.frontPoint);
    expect(front.x).toBeGreaterThan(0);
    expect(front.x).toBeLessThan(2048);
    expect(front.y).toBeGreaterThan(0);
    expect(front.y).toBeLessThan(2048);
  });

  it('works for a site without parcels and honours explicit size and scale', async () => {
    const bare: SiteModel = { ...SITE, parcels: [] };
    const image = await renderFrontageReference({
      imagery,
      site: bare,
      center: ORIGIN,
      bearingDeg: 90,
      widthPx: 1280,
      heightPx: 720,
      metersPerPixel: 0.06,
    });
    const meta = await sharp(image.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    expect(image.georef.metersPerPixel).toBe(0.06);
    const img = await decode(image.jpeg);
    // The arrow starts at the origin (the image centre) and points east (right).
    expect(isArrowWhite(rgb(img, { x: 640 + 150, y: 360 }))).toBe(true);
  });

  it('maps ground to pixels with north up and east right', () => {
    const georef = { center: ORIGIN, metersPerPixel: 0.05, rotationDeg: 0, width: 2000, height: 1000 };
    const toPixel = groundToPixel(SITE, georef);
    expect(toPixel({ x: 0, y: 0 })).toEqual({ x: 1000, y: 500 });
    const east = toPixel({ x: 10, y: 0 });
    const north = toPixel({ x: 0, y: 10 });
    expect(east.x).toBeCloseTo(1200, 6);
    expect(north.y).toBeCloseTo(300, 6);
    const rotated = groundToPixel(SITE, { ...georef, rotationDeg: 90 })({ x: 10, y: 0 });
    expect(rotated.x).toBeCloseTo(1000, 6);
    expect(rotated.y).toBeCloseTo(300, 6);
  });
});
