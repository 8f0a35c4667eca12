// The frontage reference image: a north-up top-down view of the property with the addressed parcel
// outlined, a bold arrow along the front bearing, a compass rose and a "Front: 135° south-east" label.
// The overlay is one SVG composited by sharp. Its text is drawn with a built-in stroke font, so the image
// is identical wherever it renders (Lambda has no system fonts for librsvg to find).
import sharp from 'sharp';
import type { LatLng, Point, SiteModel } from '../../domain/geo-types.ts';
import { bearingLabel, normalizeBearing, roundBearing } from '../../domain/geometry/bearing.ts';
import { toLocalMetres } from '../geo/local-metric.ts';
import type { Georeference, NadirImagery } from '../geo/types.ts';
import { detectFrontage, frontageAnchor } from './detect-frontage.ts';

export interface FrontageReferenceParams {
  readonly imagery: NadirImagery;
  readonly site: SiteModel;
  /** Ground position of the image centre. */
  readonly center: LatLng;
  /** Compass bearing the property front faces. */
  readonly bearingDeg: number;
  /** Default 2048. */
  readonly widthPx?: number;
  /** Default 2048. */
  readonly heightPx?: number;
  /** Default: fit the parcel and the street in front, within 0.03-0.05 m/px. */
  readonly metersPerPixel?: number;
  /** The bearing (and maybe centre) came from the caller: the label says it was adjusted. */
  readonly edited?: boolean;
}

export interface FrontageReferenceImage {
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
  readonly georef: Georeference;
  readonly contentType: 'image/jpeg';
}

const DEFAULT_SIDE_PX = 2048;
const MIN_DEFAULT_MPP = 0.03;
const MAX_DEFAULT_MPP = 0.05;
const JPEG_QUALITY = 88;

/** Arrow fill and outline, also used by tests to find the arrow. */
export const ARROW_FILL = '#ffffff';
export const ARROW_OUTLINE = '#14181c';

export async function renderFrontageReference(
  params: FrontageReferenceParams,
): Promise<FrontageReferenceImage> {
  const { imagery, site, center } = params;
  const width = params.widthPx ?? DEFAULT_SIDE_PX;
  const height = params.heightPx ?? DEFAULT_SIDE_PX;
  if (!Number.isFinite(params.bearingDeg))
    throw new RangeError(`bearingDeg must be finite, got ${params.bearingDeg}`);
  const metersPerPixel = params.metersPerPixel ?? defaultMetersPerPixel(site, center, width, height);
  const image = await imagery.render({ center, width, height, metersPerPixel, rotationDeg: 0, site });
  const georef = image.georef;
  const overlay = overlaySvg(site, georef, params.bearingDeg, params.edited === true);
  const jpeg = await sharp(image.data, {
    raw: { width: georef.width, height: georef.height, channels: image.channels },
  })
    .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return { jpeg, width: georef.width, height: georef.height, georef, contentType: 'image/jpeg' };
}

/** Scale that fits the addressed parcel and the far kerb of the street in front, with a margin. */
export function defaultMetersPerPixel(
  site: SiteModel,
  center: LatLng,
  width: number,
  height: number,
): number {
  const c = toLocalMetres(site.origin, center);
  const points: Point[] = [...(site.parcels.find((p) => p.addressed)?.polygon ?? [])];
  const detection = detectFrontage(site);
  if (detection.method !== 'default') {
    const anchor = frontageAnchor(site);
    const d = { x: detection.frontPoint.x - anchor.x, y: detection.frontPoint.y - anchor.y };
    const len = Math.hypot(d.x, d.y) || 1;
    const street = site.streets.find((s) => s.name === site.addressedStreet);
    // Past the centre line by half the carriageway plus the far nature strip.
    const beyond = (street?.widthM ?? 10) / 2 + 4;
    points.push({
      x: detection.frontPoint.x + (d.x / len) * beyond,
      y: detection.frontPoint.y + (d.y / len) * beyond,
    });
  }
  if (points.length === 0) return (MIN_DEFAULT_MPP + MAX_DEFAULT_MPP) / 2;
  const reach = Math.max(...points.map((p) => Math.hypot(p.x - c.x, p.y - c.y))) * 1.12;
  const mpp = (2 * reach) / Math.min(width, height);
  return Math.min(MAX_DEFAULT_MPP, Math.max(MIN_DEFAULT_MPP, Math.round(mpp * 10000) / 10000));
}

// ---------------------------------------------------------------------------------------------------------
// Overlay

/** Ground (site-local metres) to image pixels for a georeference. */
export function groundToPixel(site: SiteModel, georef: Georeference): (p: Point) => Point {
  const c = toLocalMetres(site.origin, georef.center);
  const t = (georef.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  return (p) => {
    const dx = p.x - c.x;
    const dy = p.y - c.y;
    // Rotate so the georef's top bearing points up, then flip y (north is up, pixel y runs down).
    const rx = dx * cos - dy * sin;
    const ry = dx * sin + dy * cos;
    return {
      x: georef.width / 2 + rx / georef.metersPerPixel,
      y: georef.height / 2 - ry / georef.metersPerPixel,
    };
  };
}

/** Where the arrow starts, in pixels: the parcel centre, or the caller's adjusted centre on an edit. */
export function arrowStartPixel(site: SiteModel, georef: Georeference, edited: boolean): Point {
  const toPixel = groundToPixel(site, georef);
  const movedCentre = edited && Math.hypot(...Object.values(toLocalMetres(site.origin, georef.center))) > 1;
  return movedCentre ? { x: georef.width / 2, y: georef.height / 2 } : toPixel(frontageAnchor(site));
}

/** Unit vector in pixel space (y down) of a compass bearing on an image whose top is `rotationDeg`. */
export function bearingPixelDirection(bearingDeg: number, rotationDeg: number): Point {
  const t = ((bearingDeg - rotationDeg) * Math.PI) / 180;
  return { x: Math.sin(t), y: -Math.cos(t) };
}

/** Length in pixels of the arrow for an image, shortened to stay inside the frame. */
export function arrowLengthPx(start: Point, dir: Point, width: number, height: number): number {
  const wanted = 0.3 * Math.min(width, height);
  const margin = 0.04 * Math.min(width, height);
  let limit = wanted;
  if (dir.x > 1e-9) limit = Math.min(limit, (width - margin - start.x) / dir.x);
  if (dir.x < -1e-9) limit = Math.min(limit, (margin - start.x) / dir.x);
  if (dir.y > 1e-9) limit = Math.min(limit, (height - margin - start.y) / dir.y);
  if (dir.y < -1e-9) limit = Math.min(limit, (margin - start.y) / dir.y);
  return Math.max(limit, 0.08 * Math.min(width, height));
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toString();
const pts = (ps: readonly Point[]) => ps.map((p) => `${f1(p.x)},${f1(p.y)}`).join(' ');

function overlaySvg(site: SiteModel, georef: Georeference, bearingDeg: number, edited: boolean): string {
  const { width, height } = georef;
  const unit = Math.min(width, height) / 2048;
  const toPixel = groundToPixel(site, georef);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`];

  const parcel = site.parcels.find((p) => p.addressed);
  if (parcel && parcel.polygon.length >= 3) {
    const ring = pts(parcel.polygon.map(toPixel));
    parts.push(
      `<polygon points="${ring}" fill="none" stroke="${ARROW_OUTLINE}" stroke-opacity="0.55" stroke-width="${f1(10 * unit)}" stroke-linejoin="round"/>`,
      `<polygon points="${ring}" fill="none" stroke="#ffd23f" stroke-width="${f1(5 * unit)}" stroke-linejoin="round"/>`,
    );
  }

  const start = arrowStartPixel(site, georef, edited);
  const dir = bearingPixelDirection(bearingDeg, georef.rotationDeg);
  parts.push(arrowSvg(start, dir, arrowLengthPx(start, dir, width, height), unit));
  parts.push(compassSvg(width, unit, georef.rotationDeg));

  const deg = roundBearing(bearingDeg);
  const text = `Front: ${deg}° ${bearingLabel(normalizeBearing(bearingDeg))}${edited ? ' (adjusted)' : ''}`;
  parts.push(labelSvg(text, height, unit));
  parts.push('</svg>');
  return parts.join('');
}

function arrowSvg(start: Point, dir: Point, length: number, unit: number): string {
  const side = { x: -dir.y, y: dir.x };
  const shaft = 15 * unit;
  const headLength = 95 * unit;
  const headHalf = 52 * unit;
  const at = (along: number, across: number): Point => ({
    x: start.x + dir.x * along + side.x * across,
    y: start.y + dir.y * along + side.y * across,
  });
  const neck = Math.max(length - headLength, length * 0.4);
  const shape = [
    at(0, shaft),
    at(neck, shaft),
    at(neck, headHalf),
    at(length, 0),
    at(neck, -headHalf),
    at(neck, -shaft),
    at(0, -shaft),
  ];
  const shadow = shape.map((p) => ({ x: p.x + 6 * unit, y: p.y + 8 * unit }));
  return (
    `<polygon points="${pts(shadow)}" fill="#000" fill-opacity="0.35" stroke="#000" stroke-opacity="0.35" stroke-width="${f1(10 * unit)}" stroke-linejoin="round"/>` +
    `<polygon points="${pts(shape)}" fill="${ARROW_FILL}" stroke="${ARROW_OUTLINE}" stroke-width="${f1(12 * unit)}" stroke-linejoin="round"/>` +
    `<polygon points="${pts(shape)}" fill="${ARROW_FILL}"/>` +
    `<circle cx="${f1(start.x)}" cy="${f1(start.y)}" r="${f1(24 * unit)}" fill="${ARROW_FILL}" stroke="${ARROW_OUTLINE}" stroke-width="${f1(7 * unit)}"/>`
  );
}

function compassSvg(width: number, unit: number, rotationDeg: number): string {
  const r = 74 * unit;
  const cx = width - 40 * unit - r;
  const cy = 40 * unit + r + 40 * unit;
  const north = bearingPixelDirection(0, rotationDeg);
  const side = { x: -north.y, y: north.x };
  const at = (along: number, across: number): Point => ({
    x: cx + north.x * along + side.x * across,
    y: cy + north.y * along + side.y * across,
  });
  const tip = r * 0.86;
  const half = r * 0.26;
  const ticks = [0, 90, 180, 270]
    .map((b) => {
      const d = bearingPixelDirection(b, rotationDeg);
      return `M${f1(cx + d.x * r * 0.72)} ${f1(cy + d.y * r * 0.72)}L${f1(cx + d.x * r * 0.95)} ${f1(cy + d.y * r * 0.95)}`;
    })
    .join('');
  const label = at(r + 34 * unit, 0);
  const glyph = 5 * unit;
  return (
    `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="${f1(4 * unit)}"/>` +
    `<path d="${ticks}" stroke="#fff" stroke-width="${f1(4 * unit)}"/>` +
    `<polygon points="${pts([at(tip, 0), at(0, half), at(0, -half)])}" fill="#e5322d" stroke="#fff" stroke-width="${f1(2 * unit)}" stroke-linejoin="round"/>` +
    `<polygon points="${pts([at(-tip, 0), at(0, half), at(0, -half)])}" fill="#f4f4f4" stroke="#fff" stroke-width="${f1(2 * unit)}" stroke-linejoin="round"/>` +
    `<circle cx="${f1(label.x)}" cy="${f1(label.y)}" r="${f1(28 * unit)}" fill="#000" fill-opacity="0.5"/>` +
    strokeText('N', label.x - (textAdvance('N') * glyph) / 2, label.y - 3 * glyph, glyph, '#ffffff')
  );
}

function labelSvg(text: string, height: number, unit: number): string {
  const glyph = 6.5 * unit;
  const pad = 22 * unit;
  const textWidth = textAdvance(text) * glyph;
  const boxH = 8 * glyph + 2 * pad;
  const x = 40 * unit;
  const y = height - 40 * unit - boxH;
  return (
    `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(textWidth + 2 * pad)}" height="${f1(boxH)}" rx="${f1(14 * unit)}" fill="#000" fill-opacity="0.62"/>` +
    strokeText(text, x + pad, y + pad + glyph * 0.6, glyph, '#ffffff')
  );
}

// ---------------------------------------------------------------------------------------------------------
// Stroke font: glyphs as SVG path data on a grid with the cap line at y = 0, x-height at y = 2, baseline
// at y = 6 and descenders to y = 8. Each entry is [advance width, path].

const GLYPHS: Readonly<Record<string, readonly [number, string]>> = {
  ' ': [2.4, ''],
  '0': [4, 'M2 0Q4 0 4 3Q4 6 2 6Q0 6 0 3Q0 0 2 0Z'],
  '1': [4, 'M0.8 1.2L2.2 0L2.2 6M0.8 6L3.6 6'],
  '2': [4, 'M0.3 1.4Q0.6 0 2 0Q3.8 0 3.8 1.7Q3.8 3 0.2 6L4 6'],
  '3': [4, 'M0.3 0.8Q1 0 2 0Q3.7 0 3.7 1.5Q3.7 3 1.6 3Q3.9 3 3.9 4.5Q3.9 6 2 6Q0.8 6 0.2 5.2'],
  '4': [4, 'M3 6L3 0L0 4.2L4 4.2'],
  '5': [4, 'M3.8 0L0.6 0L0.3 2.8Q1 2.3 2 2.3Q3.9 2.3 3.9 4.1Q3.9 6 2 6Q0.8 6 0.2 5.2'],
  '6': [4, 'M3.5 0.6Q2.9 0 2 0Q0.1 0 0.1 3.5Q0.1 6 2 6Q3.9 6 3.9 4.1Q3.9 2.4 2 2.4Q0.6 2.4 0.1 3.6'],
  '7': [4, 'M0 0L4 0L1.5 6'],
  '8': [4, 'M2 3Q0.3 3 0.3 1.5Q0.3 0 2 0Q3.7 0 3.7 1.5Q3.7 3 2 3Q0 3 0 4.5Q0 6 2 6Q4 6 4 4.5Q4 3 2 3Z'],
  '9': [4, 'M0.5 5.4Q1.1 6 2 6Q3.9 6 3.9 2.5Q3.9 0 2 0Q0.1 0 0.1 1.9Q0.1 3.6 2 3.6Q3.4 3.6 3.9 2.4'],
  '°': [2.4, 'M1 0.1A0.9 0.9 0 1 0 1 1.9A0.9 0.9 0 1 0 1 0.1Z'],
  ':': [1.2, 'M0.5 2.4L0.5 2.5M0.5 5.9L0.5 6'],
  '-': [3, 'M0.3 4L2.7 4'],
  '(': [2, 'M1.6 -0.3Q0 3 1.6 6.8'],
  ')': [2, 'M0.3 -0.3Q1.9 3 0.3 6.8'],
  '/': [3, 'M0 6.5L2.8 -0.3'],
  ',': [1.2, 'M0.6 5.9L0.2 7'],
  '.': [1.2, 'M0.5 5.9L0.5 6'],
  A: [4.4, 'M0 6L2.2 0L4.4 6M0.8 4L3.6 4'],
  E: [3.6, 'M3.6 0L0 0L0 6L3.6 6M0 3L3 3'],
  F: [3.6, 'M3.6 0L0 0L0 6M0 2.9L3 2.9'],
  N: [4, 'M0 6L0 0L4 6L4 0'],
  S: [4, 'M3.7 0.9Q3.1 0 2 0Q0.2 0 0.2 1.5Q0.2 2.8 2 3Q3.9 3.2 3.9 4.5Q3.9 6 2 6Q0.6 6 0 5'],
  W: [5.6, 'M0 0L1.4 6L2.8 1.6L4.2 6L5.6 0'],
  a: [3.5, 'M3.5 2L3.5 6M3.5 4Q3.5 2 1.8 2Q0 2 0 4Q0 6 1.8 6Q3.5 6 3.5 4'],
  b: [3.5, 'M0 0L0 6M0 4Q0 2 1.7 2Q3.5 2 3.5 4Q3.5 6 1.7 6Q0 6 0 4'],
  c: [3.2, 'M3.2 2.6Q2.6 2 1.7 2Q0 2 0 4Q0 6 1.7 6Q2.6 6 3.2 5.4'],
  d: [3.5, 'M3.5 0L3.5 6M3.5 4Q3.5 2 1.8 2Q0 2 0 4Q0 6 1.8 6Q3.5 6 3.5 4'],
  e: [3.5, 'M0.1 4L3.5 4Q3.5 2 1.8 2Q0 2 0 4Q0 6 1.8 6Q2.9 6 3.4 5.3'],
  f: [2.4, 'M2.4 0.2Q2 0 1.6 0Q0.8 0 0.8 1L0.8 6M0 2L2.2 2'],
  g: [3.5, 'M3.5 2L3.5 6.5Q3.5 8 1.7 8Q0.7 8 0.2 7.4M3.5 4Q3.5 2 1.8 2Q0 2 0 4Q0 6 1.8 6Q3.5 6 3.5 4'],
  h: [3.4, 'M0 0L0 6M0 3.8Q0 2 1.8 2Q3.4 2 3.4 3.6L3.4 6'],
  i: [1, 'M0.5 2L0.5 6M0.5 0.5L0.5 0.6'],
  j: [2, 'M1.5 2L1.5 6.8Q1.5 8 0.3 8M1.5 0.5L1.5 0.6'],
  k: [3.2, 'M0 0L0 6M3 2L0 4.4M1.2 3.6L3.2 6'],
  l: [1.4, 'M0.5 0L0.5 5.2Q0.5 6 1.3 6'],
  m: [5.4, 'M0 2L0 6M0 3.6Q0 2 1.4 2Q2.7 2 2.7 3.6L2.7 6M2.7 3.6Q2.7 2 4 2Q5.4 2 5.4 3.6L5.4 6'],
  n: [3.4, 'M0 2L0 6M0 3.8Q0 2 1.8 2Q3.4 2 3.4 3.6L3.4 6'],
  o: [3.5, 'M1.75 2Q3.5 2 3.5 4Q3.5 6 1.75 6Q0 6 0 4Q0 2 1.75 2Z'],
  p: [3.5, 'M0 2L0 8M0 4Q0 2 1.7 2Q3.5 2 3.5 4Q3.5 6 1.7 6Q0 6 0 4'],
  q: [3.5, 'M3.5 2L3.5 8M3.5 4Q3.5 2 1.8 2Q0 2 0 4Q0 6 1.8 6Q3.5 6 3.5 4'],
  r: [2.6, 'M0 2L0 6M0 4Q0 2 2.4 2'],
  s: [3.3, 'M3.1 2.6Q2.6 2 1.6 2Q0.2 2 0.2 3Q0.2 3.9 1.6 4Q3.3 4.1 3.3 5Q3.3 6 1.7 6Q0.6 6 0 5.3'],
  t: [2.4, 'M1 0.6L1 5Q1 6 2.2 6M0 2L2.4 2'],
  u: [3.4, 'M0 2L0 4.2Q0 6 1.7 6Q3.4 6 3.4 4.2M3.4 2L3.4 6'],
  v: [3.6, 'M0 2L1.8 6L3.6 2'],
  w: [4.8, 'M0 2L1.2 6L2.4 3L3.6 6L4.8 2'],
  x: [3.4, 'M0 2L3.4 6M3.4 2L0 6'],
  y: [3.6, 'M0 2L1.8 6M3.6 2L1.4 7.2Q1 8 0.2 8'],
  z: [3.4, 'M0 2L3.4 2L0 6L3.4 6'],
};
const LETTER_GAP = 1.1;

/** Advance of a string in glyph units (unknown characters advance like a space). */
export function textAdvance(text: string): number {
  let w = 0;
  for (const ch of text) w += (GLYPHS[ch]?.[0] ?? GLYPHS[' ']![0]) + LETTER_GAP;
  return Math.max(0, w - LETTER_GAP);
}

/** Text with its top-left at (x, y), `scale` pixels per glyph unit, drawn as round-capped strokes. */
function strokeText(text: string, x: number, y: number, scale: number, color: string): string {
  let cursor = 0;
  const paths: string[] = [];
  for (const ch of text) {
    const [advance, d] = GLYPHS[ch] ?? GLYPHS[' ']!;
    if (d) paths.push(`<path transform="translate(${f1(cursor)} 0)" d="${d}"/>`);
    cursor += advance + LETTER_GAP;
  }
  return `<g transform="translate(${f1(x)} ${f1(y)}) scale(${scale.toFixed(3)})" fill="none" stroke="${color}" stroke-width="0.72" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`;
}
