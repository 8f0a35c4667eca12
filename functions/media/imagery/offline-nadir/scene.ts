// Scene composition of the offline nadir: the site model's layers (parcels, roads, cars, shadows, roofs,
// trees) as one SVG in output pixel space; the georeference is a single transform on the top group.
import type { Building, Parcel, Point, SiteModel, Street } from '../../../domain/geo-types.ts';
import { pointInPolygon, polygonCentroid, signedArea } from '../../../domain/geometry/polygon.ts';
import { fnv1a, hashNumbers, mulberry32 } from '../../../domain/random.ts';
import { toLocalMetres } from '../../geo/local-metric.ts';
import type { NadirImageRequest } from '../../geo/types.ts';
import {
  ASPHALT,
  CANOPIES,
  CARS,
  DEG,
  DRIVEWAY,
  FOOTPATH,
  KERB,
  LAWNS,
  MARKING,
  MULCH,
  parseHex,
  SHADOW_PER_M,
  SUN,
  scaleColor,
  shade,
  VERGE,
} from './palette.ts';
import {
  add,
  type Box,
  boxOf,
  ccw,
  cross,
  distanceToPolyline,
  dot,
  mul,
  overlaps,
  polygonHalfPlanes,
  sub,
} from './plane-geometry.ts';
import { ROOF_PITCH_DEG, type RoofFace, roofModel } from './roof-model.ts';

function pickOf<T>(items: readonly T[], r: number): T {
  return items[Math.min(items.length - 1, Math.floor(r * items.length))]!;
}

const f3 = (v: number) => (Math.round(v * 1000) / 1000).toString();

function pathOf(points: readonly Point[], close = true): string {
  let d = '';
  for (let i = 0; i < points.length; i++)
    d += `${i === 0 ? 'M' : 'L'}${f3(points[i]!.x)} ${f3(points[i]!.y)}`;
  return close ? `${d}Z` : d;
}

/** Circle as two arcs, always the same winding so many circles in one path fill as a union. */
function circlePath(c: Point, r: number): string {
  return `M${f3(c.x - r)} ${f3(c.y)}A${f3(r)} ${f3(r)} 0 1 0 ${f3(c.x + r)} ${f3(c.y)}A${f3(r)} ${f3(r)} 0 1 0 ${f3(c.x - r)} ${f3(c.y)}Z`;
}

interface View {
  readonly box: Box;
  readonly metersPerPixel: number;
}

export function buildNadirSvg(request: NadirImageRequest, site: SiteModel): string {
  const { width, height, metersPerPixel: mpp, rotationDeg } = request;
  const center = toLocalMetres(site.origin, request.center);
  const reach = (Math.hypot(width, height) / 2) * mpp;
  const view: View = {
    box: { minX: center.x - reach, minY: center.y - reach, maxX: center.x + reach, maxY: center.y + reach },
    metersPerPixel: mpp,
  };
  const k = 1 / mpp;
  // Pixel = translate(centre of image) · rotate(bearing at the top to up) · flip y (north up) · ground.
  const transform = `translate(${f3(width / 2)} ${f3(height / 2)}) rotate(${f3(-rotationDeg)}) scale(${k} ${-k}) translate(${f3(-center.x)} ${f3(-center.y)})`;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    defs(),
    `<rect width="${width}" height="${height}" fill="#718a47"/>`,
    `<g transform="${transform}" stroke-linejoin="round">`,
  );
  parts.push(parcelsLayer(site, view));
  parts.push(roadsLayer(site, view));
  parts.push(carsLayer(site, view));
  parts.push(buildingShadows(site.buildings, view));
  for (const b of site.buildings) if (overlaps(boxOf(b.footprint), view.box)) parts.push(roofSvg(b, mpp));
  parts.push(treesLayer(site, view));
  parts.push('</g></svg>');
  return parts.join('');
}

function defs(): string {
  const canopy = CANOPIES.map(
    ([light, mid, dark], i) =>
      `<radialGradient id="t${i}" cx="0.5" cy="0.5" r="0.55" fx="0.33" fy="0.67"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`,
  ).join('');
  return `<defs>${canopy}<radialGradient id="shrub" cx="0.5" cy="0.5" r="0.55" fx="0.35" fy="0.65"><stop offset="0" stop-color="#7b9a52"/><stop offset="1" stop-color="#2f4622"/></radialGradient><linearGradient id="water" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#3fb3c9"/><stop offset="1" stop-color="#7fd6e0"/></linearGradient></defs>`;
}

interface ParcelFrame {
  readonly origin: Point;
  /** Unit along the front edge. */
  readonly along: Point;
  /** Unit into the parcel from the front edge. */
  readonly inward: Point;
  readonly width: number;
  readonly depth: number;
}

/** The front edge of a rectangular-ish parcel is the one nearest a street. */
function parcelFrame(parcel: Parcel, streets: readonly Street[]): ParcelFrame | undefined {
  const ring = ccw(parcel.polygon);
  if (ring.length !== 4 || streets.length === 0) return undefined;
  let best = -1;
  let bestDist = Number.POSITIVE_INFINITY;
  ring.forEach((a, i) => {
    const mid = mul(add(a, ring[(i + 1) % 4]!), 0.5);
    const d = Math.min(...streets.map((s) => distanceToPolyline(mid, s.centerline)));
    if (d < bestDist) [best, bestDist] = [i, d];
  });
  const a = ring[best]!;
  const b = ring[(best + 1) % 4]!;
  const width = Math.hypot(b.x - a.x, b.y - a.y);
  if (width < 1) return undefined;
  const along = mul(sub(b, a), 1 / width);
  const inward = { x: -along.y, y: along.x };
  const depth = Math.max(...ring.map((p) => dot(sub(p, a), inward)));
  return { origin: a, along, inward, width, depth };
}

function parcelsLayer(site: SiteModel, view: View): string {
  const out: string[] = [];
  const fences: string[] = [];
  for (const parcel of site.parcels) {
    if (parcel.polygon.length < 3) continue;
    const box = boxOf(parcel.polygon);
    if (!overlaps(box, view.box)) continue;
    const r = mulberry32(fnv1a(parcel.id) ^ hashNumbers(box.minX, box.minY));
    const d = pathOf(parcel.polygon);
    out.push(`<path d="${d}" fill="${pickOf(LAWNS, r())}"/>`);
    fences.push(d);
    const frame = parcelFrame(parcel, site.streets);
    if (!frame) continue;
    const at = (u: number, t: number) => add(frame.origin, add(mul(frame.along, u), mul(frame.inward, t)));
    // Mown stripes on some lawns.
    if (r() < 0.3) {
      const stripe = 0.7 + r() * 0.4;
      const strips: string[] = [];
      for (let u = stripe; u < frame.width - stripe; u += 2 * stripe) {
        strips.push(
          pathOf([
            at(u, 0.3),
            at(u + stripe, 0.3),
            at(u + stripe, frame.depth - 0.3),
            at(u, frame.depth - 0.3),
          ]),
        );
      }
      out.push(`<path d="${strips.join('')}" fill="#c8d68a" fill-opacity="0.07"/>`);
    }
    // Garden beds along the back fence and sometimes a side fence, with shrubs.
    const beds: [Point, Point, Point, Point][] = [];
    const bedW = 1 + r() * 0.8;
    if (r() < 0.6)
      beds.push([
        at(0.2, frame.depth - 0.2 - bedW),
        at(frame.width - 0.2, frame.depth - 0.2 - bedW),
        at(frame.width - 0.2, frame.depth - 0.2),
        at(0.2, frame.depth - 0.2),
      ]);
    if (r() < 0.35) {
      const u0 = r() < 0.5 ? 0.2 : frame.width - 0.2 - bedW;
      beds.push([
        at(u0, frame.depth * 0.45),
        at(u0 + bedW, frame.depth * 0.45),
        at(u0 + bedW, frame.depth - 0.2),
        at(u0, frame.depth - 0.2),
      ]);
    }
    const mulch = pickOf(MULCH, r());
    for (const bed of beds) {
      out.push(`<path d="${pathOf(bed)}" fill="${mulch}"/>`);
      const from = mul(add(bed[0], bed[3]), 0.5);
      const to = mul(add(bed[1], bed[2]), 0.5);
      const len = Math.hypot(to.x - from.x, to.y - from.y);
      const shrubs: string[] = [];
      for (let s = 0.6; s < len - 0.4; s += 0.9 + r() * 1.4) {
        const c = add(from, mul(sub(to, from), s / len));
        shrubs.push(circlePath(c, 0.35 + r() * 0.45));
      }
      out.push(`<path d="${shrubs.join('')}" fill="url(#shrub)"/>`);
    }
    // A backyard pool on some larger lots, when the back yard is clear.
    if (r() < 0.22) {
      const house = site.buildings.find((b) => pointInPolygon(polygonCentroid(b.footprint), parcel.polygon));
      const houseBack = house
        ? Math.max(...house.footprint.map((p) => dot(sub(p, frame.origin), frame.inward)))
        : frame.depth / 2;
      const yardFrom = houseBack + 1.5;
      const yardTo = frame.depth - 0.4 - (beds.length > 0 ? bedW + 0.6 : 0.8);
      const poolW = Math.min(3.2 + r() * 1.2, frame.width - 4);
      const poolL = Math.min(6 + r() * 3.5, yardTo - yardFrom - 1);
      if (poolW >= 2.5 && poolL >= 4) {
        const acrossPool = frame.width > poolL + 4 && r() < 0.5;
        const [pw, pl] = acrossPool ? [poolL, poolW] : [poolW, poolL];
        const u0 = 1.5 + r() * Math.max(0, frame.width - pw - 3);
        const t0 = yardFrom + 0.8 + r() * Math.max(0, yardTo - yardFrom - pl - 1.6);
        const coping = [
          at(u0 - 0.5, t0 - 0.5),
          at(u0 + pw + 0.5, t0 - 0.5),
          at(u0 + pw + 0.5, t0 + pl + 0.5),
          at(u0 - 0.5, t0 + pl + 0.5),
        ];
        const water = [at(u0, t0), at(u0 + pw, t0), at(u0 + pw, t0 + pl), at(u0, t0 + pl)];
        out.push(
          `<path d="${pathOf(coping)}" fill="#d9d4c8"/><path d="${pathOf(water)}" fill="url(#water)"/>`,
        );
      }
    }
  }
  if (fences.length > 0) {
    // Fences: a thin line and its soft shadow just away from the sun.
    const shift = mul(SHADOW_PER_M, 1.6 * 0.5);
    out.push(
      `<path d="${fences.join('')}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="0.35" transform="translate(${f3(shift.x)} ${f3(shift.y)})"/>`,
      `<path d="${fences.join('')}" fill="none" stroke="#8a877c" stroke-opacity="0.8" stroke-width="0.08"/>`,
    );
  }
  return out.join('');
}

function roadsLayer(site: SiteModel, view: View): string {
  const streets = site.streets.filter(
    (s) => s.centerline.length >= 2 && overlaps(boxOf(s.centerline, s.widthM / 2 + 5), view.box),
  );
  const drives = site.driveways.filter((d) => d.length >= 3 && overlaps(boxOf(d), view.box));
  const stroke = (extra: number, color: string) =>
    streets
      .map(
        (s) =>
          `<path d="${pathOf(s.centerline, false)}" stroke="${color}" stroke-width="${f3(s.widthM + 2 * extra)}"/>`,
      )
      .join('');
  const out: string[] = ['<g fill="none" stroke-linecap="butt">'];
  // Nature strip, footpath 1.6-3.0 m behind the kerb, kerb and gutter, then the carriageway.
  out.push(stroke(4, VERGE), stroke(3, FOOTPATH), stroke(1.6, VERGE), '</g>');
  for (const d of drives) {
    const r = mulberry32(hashNumbers(d[0]!.x, d[0]!.y));
    out.push(`<path d="${pathOf(d)}" fill="${pickOf(DRIVEWAY, r())}"/>`);
  }
  out.push('<g fill="none" stroke-linecap="butt">', stroke(0.45, KERB), stroke(0, ASPHALT));
  // Worn wheel paths: slightly lighter bands either side of the centre.
  for (const s of streets) {
    if (s.widthM < 7) continue;
    for (const side of [-1, 1]) {
      const line = offsetPolyline(s.centerline, side * s.widthM * 0.27);
      out.push(
        `<path d="${pathOf(line, false)}" stroke="#6a6d70" stroke-opacity="0.35" stroke-width="${f3(s.widthM * 0.18)}"/>`,
      );
    }
  }
  // Dashed centre line, broken at intersections.
  for (const s of streets) {
    for (const run of markingRuns(s, streets)) {
      out.push(
        `<path d="${pathOf(run, false)}" stroke="${MARKING}" stroke-width="0.12" stroke-dasharray="3 6"/>`,
      );
    }
  }
  out.push('</g>');
  return out.join('');
}

function offsetPolyline(line: readonly Point[], offset: number): Point[] {
  return line.map((p, i) => {
    const a = line[Math.max(0, i - 1)]!;
    const b = line[Math.min(line.length - 1, i + 1)]!;
    const d = sub(b, a);
    const len = Math.hypot(d.x, d.y) || 1;
    return add(p, mul({ x: d.y / len, y: -d.x / len }, offset));
  });
}

/** Pieces of a street's centre line outside other carriageways (plus a margin for the kerb returns). */
function markingRuns(street: Street, streets: readonly Street[]): Point[][] {
  const runs: Point[][] = [];
  const line = street.centerline;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const ab = sub(b, a);
    const len = Math.hypot(ab.x, ab.y);
    if (len < 1e-6) continue;
    const cuts: [number, number][] = [];
    for (const other of streets) {
      if (other === street) continue;
      for (let j = 0; j < other.centerline.length - 1; j++) {
        const c = other.centerline[j]!;
        const cd = sub(other.centerline[j + 1]!, c);
        const denom = cross(ab, cd);
        if (Math.abs(denom) < 1e-9) continue;
        const t = cross(sub(c, a), cd) / denom;
        const u = cross(sub(c, a), ab) / denom;
        const clen = Math.hypot(cd.x, cd.y);
        const margin = other.widthM / 2 + 4;
        if (u * clen < -margin || u * clen > clen + margin) continue;
        const sin = Math.abs(denom) / (len * clen);
        const half =
          (margin + ((street.widthM / 2) * Math.abs(dot(ab, cd))) / (len * clen)) / Math.max(sin, 0.2) / len;
        cuts.push([t - half, t + half]);
      }
    }
    cuts.sort((x, y) => x[0] - y[0]);
    let t = 0;
    const at = (s: number) => add(a, mul(ab, s));
    for (const [lo, hi] of cuts) {
      if (lo > t) runs.push([at(t), at(Math.min(lo, 1))]);
      t = Math.max(t, hi);
      if (t >= 1) break;
    }
    if (t < 1) runs.push([at(Math.max(t, 0)), b]);
  }
  return runs.filter((r) => Math.hypot(r[1]!.x - r[0]!.x, r[1]!.y - r[0]!.y) > 1);
}

/** Cars parked at the house end of some driveways: small, but they make a street read as lived in. */
function carsLayer(site: SiteModel, view: View): string {
  const out: string[] = [];
  for (const d of site.driveways) {
    if (d.length !== 4 || !overlaps(boxOf(d), view.box) || site.streets.length === 0) continue;
    const r = mulberry32(hashNumbers(d[0]!.x, d[0]!.y, 3));
    if (r() > 0.45) continue;
    // The driveway's long axis, and which end is the street end.
    const e0 = sub(d[1]!, d[0]!);
    const e1 = sub(d[2]!, d[1]!);
    const [long, short] = Math.hypot(e0.x, e0.y) >= Math.hypot(e1.x, e1.y) ? [e0, e1] : [e1, e0];
    const length = Math.hypot(long.x, long.y);
    const width = Math.hypot(short.x, short.y);
    if (length < 7 || width < 2.4) continue;
    const axis = mul(long, 1 / length);
    const mid = polygonCentroid(d);
    const near = (p: Point) => Math.min(...site.streets.map((s) => distanceToPolyline(p, s.centerline)));
    const inward = near(add(mid, axis)) > near(sub(mid, axis)) ? axis : mul(axis, -1);
    const center = add(mid, mul(inward, length / 2 - 3.4 - r() * 1.5));
    out.push(car(center, inward, pickOf(CARS, r())));
  }
  return out.join('');
}

function car(center: Point, forward: Point, color: string): string {
  const side = { x: -forward.y, y: forward.x };
  const at = (f: number, s: number) => add(center, add(mul(forward, f), mul(side, s)));
  const body = (hl: number, hw: number, c: number) => [
    at(hl, hw - c),
    at(hl - c, hw),
    at(-hl + c, hw),
    at(-hl, hw - c),
    at(-hl, -hw + c),
    at(-hl + c, -hw),
    at(hl - c, -hw),
    at(hl, -hw + c),
  ];
  const shadow = body(2.3, 0.95, 0.35).map((p) => add(p, mul(SHADOW_PER_M, 1.1)));
  const glass = [at(1.05, 0.72), at(1.05, -0.72), at(-1.25, -0.7), at(-1.25, 0.7)];
  const roof = [at(0.55, 0.6), at(0.55, -0.6), at(-0.95, -0.6), at(-0.95, 0.6)];
  return (
    `<path d="${pathOf(shadow)}" fill="#000" fill-opacity="0.35"/>` +
    `<path d="${pathOf(body(2.25, 0.9, 0.35))}" fill="${color}"/>` +
    `<path d="${pathOf(glass)}" fill="#1b2026"/><path d="${pathOf(roof)}" fill="${scaleColor(color, 0.95)}"/>`
  );
}

function shadowHeight(b: Building): number {
  return b.roof === 'flat' ? b.heightM : b.heightM * 0.85;
}

/** All building shadows as one union path (same winding), so overlaps do not darken twice. */
function buildingShadows(buildings: readonly Building[], view: View): string {
  const d: string[] = [];
  for (const b of buildings) {
    if (b.footprint.length < 3) continue;
    const s = mul(SHADOW_PER_M, shadowHeight(b));
    if (!overlaps(boxOf([...b.footprint, ...b.footprint.map((p) => add(p, s))]), view.box)) continue;
    const ring = ccw(b.footprint);
    d.push(pathOf(ring), pathOf(ring.map((p) => add(p, s))));
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const c = ring[(i + 1) % ring.length]!;
      d.push(pathOf(ccw([a, c, add(c, s), add(a, s)])));
    }
  }
  return d.length === 0
    ? ''
    : `<path d="${d.join('')}" fill="#0b1208" fill-opacity="0.42" fill-rule="nonzero"/>`;
}

function roofSvg(b: Building, mpp: number): string {
  if (b.footprint.length < 3) return '';
  const color = b.roofColor;
  const outline = pathOf(b.footprint);
  const model = roofModel(b);
  const out: string[] = [];
  const r = mulberry32(hashNumbers(b.footprint[0]!.x, b.footprint[0]!.y, b.heightM));
  if (!model) {
    // Flat roof: parapet, a lighter membrane and a couple of rooftop units.
    out.push(
      `<path d="${outline}" fill="${scaleColor(color, 0.9)}"/>`,
      `<path d="${outline}" fill="${scaleColor(color, 0.98)}" stroke="${scaleColor(color, 1.16)}" stroke-width="0.35"/>`,
    );
    if (mpp < 0.1) {
      // Low-pitch deck ribs run along the fall, which follows the ridge bearing.
      const across = { x: Math.cos(b.ridgeBearingDeg * DEG), y: -Math.sin(b.ridgeBearingDeg * DEG) };
      const d = hatch(b.footprint, across, 0.45).join('');
      if (d)
        out.push(
          `<path d="${d}" stroke="${scaleColor(color, 0.86)}" stroke-width="0.05" stroke-opacity="0.6" fill="none"/>`,
        );
    }
    const c = polygonCentroid(b.footprint);
    for (let i = 0; i < 2; i++) {
      const p = add(c, { x: (r() - 0.5) * 4, y: (r() - 0.5) * 4 });
      if (!pointInPolygon(p, b.footprint)) continue;
      const unit = [p, add(p, { x: 1, y: 0 }), add(p, { x: 1, y: 0.7 }), add(p, { x: 0, y: 0.7 })];
      out.push(
        `<path d="${pathOf(unit.map((q) => add(q, mul(SHADOW_PER_M, 0.6))))}" fill="#000" fill-opacity="0.25"/>`,
        `<path d="${pathOf(unit)}" fill="#dcdcd6"/>`,
      );
    }
    return out.join('');
  }
  // A base fill hides hairline seams between the planes.
  out.push(`<path d="${outline}" fill="${scaleColor(color, 0.8)}"/>`);
  const ridgeColor = scaleColor(color, 1.3);
  const tiled = isTiled(color);
  let solarFace: RoofFace | undefined;
  let solarArea = 0;
  for (const face of model.faces) {
    const k = shade(face.downhill, ROOF_PITCH_DEG);
    out.push(`<path d="${face.pieces.map((p) => pathOf(p)).join('')}" fill="${scaleColor(color, k)}"/>`);
    // Tile courses run along the eaves; metal ribs run down the slope. Finer than ~2 px they only alias.
    if (mpp < 0.1) {
      const spacing = tiled ? 0.34 : 0.42;
      const across = tiled ? face.downhill : { x: -face.downhill.y, y: face.downhill.x };
      const d = face.pieces.flatMap((p) => hatch(p, across, spacing)).join('');
      if (d)
        out.push(
          `<path d="${d}" stroke="${scaleColor(color, k * 0.82)}" stroke-width="${tiled ? 0.06 : 0.05}" stroke-opacity="0.6" fill="none"/>`,
        );
    }
    const area = Math.max(...face.pieces.map((p) => Math.abs(signedArea(p))));
    if (face.downhill.y > 0.5 && area > solarArea) [solarFace, solarArea] = [face, area];
  }
  if (model.lines.length > 0) {
    const d = model.lines.map(([a, c]) => `M${f3(a.x)} ${f3(a.y)}L${f3(c.x)} ${f3(c.y)}`).join('');
    out.push(
      `<path d="${d}" stroke="${ridgeColor}" stroke-width="${f3(Math.max(0.22, mpp * 1.2))}" stroke-linecap="round" fill="none"/>`,
    );
  }
  // Gutters read as a thin darker edge.
  out.push(`<path d="${outline}" fill="none" stroke="${scaleColor(color, 0.7)}" stroke-width="0.12"/>`);
  if (solarFace && r() < 0.4) out.push(solarPanels(solarFace, r));
  return out.join('');
}

/** Terracotta and pale concrete tiles have courses; dark and mid greys read as Colorbond steel. */
function isTiled(color: string): boolean {
  const [r, g, b] = parseHex(color);
  return r - b > 35 || (r + g + b) / 3 > 170;
}

/** Parallel lines across a convex polygon, perpendicular to `axis`, every `spacing` metres. */
function hatch(poly: readonly Point[], axis: Point, spacing: number): string[] {
  const proj = poly.map((p) => dot(p, axis));
  const lo = Math.min(...proj);
  const hi = Math.max(...proj);
  const along = { x: -axis.y, y: axis.x };
  const out: string[] = [];
  for (let s = Math.ceil(lo / spacing) * spacing; s < hi; s += spacing) {
    const hits: Point[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const pa = proj[i]! - s;
      const pb = proj[(i + 1) % poly.length]! - s;
      if ((pa < 0 && pb >= 0) || (pa >= 0 && pb < 0)) hits.push(add(a, mul(sub(b, a), pa / (pa - pb))));
    }
    // A non-convex outline can cross a line more than twice: pair the crossings in order along it.
    hits.sort((p, q) => dot(p, along) - dot(q, along));
    for (let k = 0; k + 1 < hits.length; k += 2) {
      out.push(`M${f3(hits[k]!.x)} ${f3(hits[k]!.y)}L${f3(hits[k + 1]!.x)} ${f3(hits[k + 1]!.y)}`);
    }
  }
  return out;
}

/** A grid of panels on the sunniest (north-facing) plane, as so many Australian roofs have. */
function solarPanels(face: RoofFace, r: () => number): string {
  const piece = face.pieces.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a));
  const up = mul(face.downhill, -1);
  const across = { x: -up.y, y: up.x };
  // Panel 1.0 m across the slope by 1.7 m up it (plan length shortened by the pitch).
  const pw = 1.02;
  const ph = 1.7 * Math.cos(ROOF_PITCH_DEG * DEG);
  const inside = (p: Point) => polygonHalfPlanes(piece).every((h) => dot(h.n, p) - h.c <= -0.35);
  const us = piece.map((p) => dot(p, across));
  const vs = piece.map((p) => dot(p, up));
  const minU = Math.min(...us);
  const minV = Math.min(...vs);
  const maxU = Math.max(...us);
  const maxV = Math.max(...vs);
  // A rectangular array, as installers lay them: columns that fit on every row, from the eave up.
  const wantedRows = 1 + Math.floor(r() * 3);
  let columns: number[] | undefined;
  const rowsV: number[] = [];
  for (let v = minV + 0.5; v + ph < maxV && rowsV.length < wantedRows; v += ph + 0.05) {
    const fits: number[] = [];
    for (let u = minU + 0.3; u + pw < maxU; u += pw + 0.03) {
      const corners = [
        add(mul(across, u), mul(up, v)),
        add(mul(across, u + pw), mul(up, v)),
        add(mul(across, u + pw), mul(up, v + ph)),
        add(mul(across, u), mul(up, v + ph)),
      ];
      if (corners.every(inside)) fits.push(u);
    }
    const next: number[] = columns ? columns.filter((u) => fits.includes(u)) : fits.slice(0, 12);
    if (next.length < 3) break;
    columns = next;
    rowsV.push(v);
  }
  const cells: string[] = [];
  for (const v of rowsV) {
    for (const u of columns ?? []) {
      cells.push(
        pathOf([
          add(mul(across, u), mul(up, v)),
          add(mul(across, u + pw), mul(up, v)),
          add(mul(across, u + pw), mul(up, v + ph)),
          add(mul(across, u), mul(up, v + ph)),
        ]),
      );
    }
  }
  if (cells.length < 3) return '';
  return `<path d="${cells.join('')}" fill="#1e2838" stroke="#56647a" stroke-width="0.05"/>`;
}

function treesLayer(site: SiteModel, view: View): string {
  const visible = site.trees.filter((t) => {
    const reach = t.radiusM + Math.hypot(SHADOW_PER_M.x, SHADOW_PER_M.y) * 14;
    return (
      t.radiusM > 0 &&
      overlaps(
        {
          minX: t.center.x - reach,
          minY: t.center.y - reach,
          maxX: t.center.x + reach,
          maxY: t.center.y + reach,
        },
        view.box,
      )
    );
  });
  if (visible.length === 0) return '';
  const shadows = visible.map((t) => {
    const heightM = Math.min(2.2 * t.radiusM + 1.5, 14);
    return circlePath(add(t.center, mul(SHADOW_PER_M, heightM * 0.7)), t.radiusM * 0.95);
  });
  const out: string[] = [`<path d="${shadows.join('')}" fill="#0b1208" fill-opacity="0.38"/>`];
  for (const t of visible) {
    const r = mulberry32(hashNumbers(t.center.x, t.center.y, t.radiusM));
    const species = Math.floor(r() * CANOPIES.length);
    const [, , dark] = CANOPIES[species]!;
    out.push(
      `<circle cx="${f3(t.center.x)}" cy="${f3(t.center.y)}" r="${f3(t.radiusM * 0.97)}" fill="${dark}"/>`,
    );
    // Clumps of foliage, drawn from the shaded side toward the sun so lit tops overlap.
    const clumps: { c: Point; r: number }[] = [];
    const count = 7 + Math.floor(r() * 5);
    for (let i = 0; i < count; i++) {
      const cr = t.radiusM * (0.34 + r() * 0.2);
      const ang = r() * Math.PI * 2;
      const dist = Math.sqrt(r()) * (t.radiusM - cr * 0.9);
      clumps.push({ c: add(t.center, { x: Math.cos(ang) * dist, y: Math.sin(ang) * dist }), r: cr });
    }
    clumps.push({
      c: add(t.center, { x: -0.15 * t.radiusM * 0.5, y: 0.15 * t.radiusM }),
      r: t.radiusM * 0.5,
    });
    clumps.sort((a, b) => dot(a.c, { x: SUN[0], y: SUN[1] }) - dot(b.c, { x: SUN[0], y: SUN[1] }));
    for (const c of clumps) {
      out.push(`<circle cx="${f3(c.c.x)}" cy="${f3(c.c.y)}" r="${f3(c.r)}" fill="url(#t${species})"/>`);
    }
  }
  return out.join('');
}
