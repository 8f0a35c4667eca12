// The frontage reference image: a north-up top-down view of the property (or the caller's drone photo)
// with the addressed parcel outlined, a bold arrow along the front bearing, a compass rose and a
// "Front: 135° south-east" label. The overlay is one SVG composited by sharp, drawn through a view that maps
// the site's ground into the picture (a top-down frame, or the photo's camera). Its text is glyph outlines
// of the annotation font (DejaVu Sans Bold, markup/label-font.ts), so the image is identical wherever it
// renders (Lambda has no system fonts).
import sharp from 'sharp';
import type { LatLng, Point, SiteModel } from '../../domain/geo-types.ts';
import { bearingLabel, normalizeBearing, roundBearing } from '../../domain/geometry/bearing.ts';
import { fromLocalMetres, toLocalMetres } from '../geo/local-metric.ts';
import type { Georeference, NadirImageRequest, NadirImagery } from '../geo/types.ts';
import type { PictureGround } from '../imagery/picture-ground.ts';
import type { ImageryProvenance } from '../imagery/provenance.ts';
import { labelFont } from '../markup/label-font.ts';
import { detectFrontage, frontageAnchor } from './detect-frontage.ts';

interface FrontageReferenceParams {
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
  /** What the picture will be used for (the imagery chooser skips sources whose licence forbids it). */
  readonly uses?: NadirImageRequest['uses'];
  /**
   * The site's addressed parcel is real (the caller's, or a cadastre lot): drawn on any picture. A made-up
   * one (the synthetic site's) is drawn only on the synthetic picture, never on a photograph.
   */
  readonly parcelIsReal?: boolean;
}

export interface FrontageReferenceImage {
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
  readonly georef: Georeference;
  readonly contentType: 'image/jpeg';
  /** Which source drew the picture, when the imagery chooser did. */
  readonly provenance?: ImageryProvenance;
  /** The imagery adapter that drew it (a top-down picture; absent for a drone photo). */
  readonly provider?: string;
  /** False when a made-up parcel was left off a photograph. */
  readonly parcelDrawn: boolean;
  /** What a rendition's cut keeps in view (normalized): the parcel, the arrow, the compass and the label. */
  readonly subject: { readonly points: readonly Point[]; readonly boxes: readonly NormalizedBox[] };
  /** The same picture with the parcel outline only: no arrow, compass or label (text), for the portals. */
  textFree(): Promise<Buffer>;
}

/** A box in normalized picture coordinates. */
export interface NormalizedBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const DEFAULT_SIDE_PX = 2048;
const MIN_DEFAULT_MPP = 0.03;
const MAX_DEFAULT_MPP = 0.05;
const JPEG_QUALITY = 88;

/** Arrow fill and outline, also used by tests to find the arrow. */
const ARROW_FILL = '#ffffff';
const ARROW_OUTLINE = '#14181c';

export async function renderFrontageReference(
  params: FrontageReferenceParams,
): Promise<FrontageReferenceImage> {
  const { imagery, site, center } = params;
  const width = params.widthPx ?? DEFAULT_SIDE_PX;
  const height = params.heightPx ?? DEFAULT_SIDE_PX;
  if (!Number.isFinite(params.bearingDeg))
    throw new RangeError(`bearingDeg must be finite, got ${params.bearingDeg}`);
  const metersPerPixel = params.metersPerPixel ?? defaultMetersPerPixel(site, center, width, height);
  const image = await imagery.render({
    center,
    width,
    height,
    metersPerPixel,
    rotationDeg: 0,
    site,
    ...(params.uses ? { uses: params.uses } : {}),
  });
  const georef = image.georef;
  const photograph = image.provenance !== undefined && !image.provenance.synthetic;
  const parcelDrawn = params.parcelIsReal === true || !photograph;
  const shown = parcelDrawn ? site : { ...site, parcels: site.parcels.filter((p) => !p.addressed) };
  const view = nadirView(shown, georef, params.edited === true);
  const raw = { width: georef.width, height: georef.height, channels: image.channels };
  const drawn = await drawReference(image.data, raw, view, params.bearingDeg, params.edited === true);
  return {
    ...drawn,
    georef,
    contentType: 'image/jpeg',
    parcelDrawn,
    provider: image.provider,
    ...(image.provenance ? { provenance: image.provenance } : {}),
  };
}

/** The overlay on decoded pixels, with the rendition subject and the text-free twin (made on demand). */
async function drawReference(
  pixels: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  view: ReferenceView,
  bearingDeg: number,
  edited: boolean,
) {
  const encode = (svg: string) =>
    sharp(pixels, { raw })
      .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  const jpeg = await encode(overlaySvg(view, bearingDeg, edited));
  return {
    jpeg,
    width: raw.width,
    height: raw.height,
    subject: overlaySubject(view, bearingDeg, edited),
    textFree: () => encode(overlaySvg(view, bearingDeg, edited, false)),
  };
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

/** How the overlay meets the picture: the parcel as drawn, where the arrow starts and which ways are which. */
interface ReferenceView {
  readonly width: number;
  readonly height: number;
  /** The addressed parcel in pixels (clipped to the picture), when there is one to draw. */
  readonly parcel: readonly Point[] | undefined;
  /** Where the arrow starts. */
  readonly arrowStart: Point;
  /** Unit pixel direction (y down) of a compass bearing at the arrow's start, and at the compass. */
  direction(bearingDeg: number): Point;
  northAtCompass(): Point;
}

/** The view of a top-down frame. */
function nadirView(site: SiteModel, georef: Georeference, edited: boolean): ReferenceView {
  const toPixel = groundToPixel(site, georef);
  const parcel = site.parcels.find((p) => p.addressed);
  return {
    width: georef.width,
    height: georef.height,
    parcel: parcel && parcel.polygon.length >= 3 ? parcel.polygon.map(toPixel) : undefined,
    arrowStart: arrowStartPixel(site, georef, edited),
    direction: (bearing) => bearingPixelDirection(bearing, georef.rotationDeg),
    northAtCompass: () => bearingPixelDirection(0, georef.rotationDeg),
  };
}

/**
 * The view of a photo: the parcel and the arrow projected through its camera onto the ground, the
 * compass showing north where the compass sits. `center` (an edit's adjusted centre) moves the arrow's start.
 */
function photoView(site: SiteModel, ground: PictureGround, center?: LatLng): ReferenceView {
  const parcel = site.parcels.find((p) => p.addressed);
  const toLatLng = (p: Point) => fromLocalMetres(site.origin, p);
  const startGround = center ? toLocalMetres(site.origin, center) : frontageAnchor(site);
  const projected = ground.toPixel(toLatLng(startGround));
  const inFrame = (p: Point | undefined): p is Point =>
    p !== undefined && p.x >= 0 && p.y >= 0 && p.x <= ground.width && p.y <= ground.height;
  const arrowStart = inFrame(projected) ? projected : { x: ground.width / 2, y: ground.height / 2 };
  // The start's ground point, found back from the pixel when the anchor itself is out of the picture.
  const startLatLng = inFrame(projected) ? toLatLng(startGround) : ground.center;
  // A metre along the bearing on the ground, as the photo shows it.
  const directionAt = (at: LatLng, from: Point, bearing: number): Point => {
    const t = (bearing * Math.PI) / 180;
    const ahead = ground.toPixel(fromLocalMetres(at, { x: Math.sin(t), y: Math.cos(t) }));
    if (!ahead) return { x: 0, y: -1 };
    const dx = ahead.x - from.x;
    const dy = ahead.y - from.y;
    const length = Math.hypot(dx, dy) || 1;
    return { x: dx / length, y: dy / length };
  };
  return {
    width: ground.width,
    height: ground.height,
    parcel:
      parcel && parcel.polygon.length >= 3
        ? ground.visibleOutline(parcel.polygon.map(toLatLng)).ring
        : undefined,
    arrowStart,
    direction: (bearing) => directionAt(startLatLng, ground.toPixel(startLatLng) ?? arrowStart, bearing),
    northAtCompass: () => directionAt(ground.center, ground.toPixel(ground.center)!, 0),
  };
}

/** The reference image drawn over a caller's photo (already decoded to RGB at `ground`'s size). */
export async function photoFrontageReference(params: {
  readonly rgb: Buffer;
  readonly ground: PictureGround;
  readonly site: SiteModel;
  readonly bearingDeg: number;
  readonly edited?: boolean;
  /** An edit's adjusted centre: the arrow starts there. */
  readonly center?: LatLng;
}): Promise<Omit<FrontageReferenceImage, 'georef'>> {
  const { ground } = params;
  const view = photoView(params.site, ground, params.center);
  const raw = { width: ground.width, height: ground.height, channels: 3 as const };
  const drawn = await drawReference(params.rgb, raw, view, params.bearingDeg, params.edited === true);
  return { ...drawn, contentType: 'image/jpeg', parcelDrawn: true };
}

/** The overlay's parts as normalized points and boxes: the parcel, the arrow's ends, the compass, the label. */
function overlaySubject(view: ReferenceView, bearingDeg: number, edited: boolean) {
  const { width, height } = view;
  const unit = Math.min(width, height) / 2048;
  const start = view.arrowStart;
  const dir = view.direction(bearingDeg);
  const length = arrowLengthPx(start, dir, width, height);
  const norm = (p: Point) => ({ x: p.x / width, y: p.y / height });
  const box = (x: number, y: number, w: number, h: number): NormalizedBox => ({
    left: x / width,
    top: y / height,
    width: w / width,
    height: h / height,
  });
  const r = COMPASS_RADIUS * unit;
  const compassReach = r + 74 * unit;
  const compass = compassCentre(width, unit);
  const label = labelBox(labelText(bearingDeg, edited), width, height);
  return {
    points: [
      ...(view.parcel ?? []).map(norm),
      norm(start),
      norm({ x: start.x + dir.x * length, y: start.y + dir.y * length }),
    ],
    boxes: [
      box(compass.x - compassReach, compass.y - compassReach, 2 * compassReach, 2 * compassReach),
      box(label.x, label.y, label.width, label.height),
    ],
  };
}

const COMPASS_RADIUS = 74;

function compassCentre(width: number, unit: number): Point {
  const r = COMPASS_RADIUS * unit;
  return { x: width - 40 * unit - r, y: 40 * unit + r + 40 * unit };
}

function labelText(bearingDeg: number, edited: boolean): string {
  const deg = roundBearing(bearingDeg);
  return `Front: ${deg}° ${bearingLabel(normalizeBearing(bearingDeg))}${edited ? ' (adjusted)' : ''}`;
}

/** The overlay SVG; without `marks`, the parcel outline only (no arrow, compass or label). */
function overlaySvg(view: ReferenceView, bearingDeg: number, edited: boolean, marks = true): string {
  const { width, height } = view;
  const unit = Math.min(width, height) / 2048;
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`];

  if (view.parcel && view.parcel.length >= 3) {
    const ring = pts(view.parcel);
    parts.push(
      `<polygon points="${ring}" fill="none" stroke="${ARROW_OUTLINE}" stroke-opacity="0.55" stroke-width="${f1(10 * unit)}" stroke-linejoin="round"/>`,
      `<polygon points="${ring}" fill="none" stroke="#ffd23f" stroke-width="${f1(5 * unit)}" stroke-linejoin="round"/>`,
    );
  }

  if (marks) {
    const start = view.arrowStart;
    const dir = view.direction(bearingDeg);
    parts.push(arrowSvg(start, dir, arrowLengthPx(start, dir, width, height), unit));
    parts.push(compassSvg(width, unit, view.northAtCompass()));
    parts.push(labelSvg(labelText(bearingDeg, edited), width, height, unit));
  }
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

function compassSvg(width: number, unit: number, north: Point): string {
  const r = COMPASS_RADIUS * unit;
  const { x: cx, y: cy } = compassCentre(width, unit);
  const side = { x: -north.y, y: north.x };
  const at = (along: number, across: number): Point => ({
    x: cx + north.x * along + side.x * across,
    y: cy + north.y * along + side.y * across,
  });
  const tip = r * 0.86;
  const half = r * 0.26;
  // The four cardinal ticks: north and its quarter turns on the drawn compass.
  const ticks = [north, side, { x: -north.x, y: -north.y }, { x: -side.x, y: -side.y }]
    .map(
      (d) =>
        `M${f1(cx + d.x * r * 0.72)} ${f1(cy + d.y * r * 0.72)}L${f1(cx + d.x * r * 0.95)} ${f1(cy + d.y * r * 0.95)}`,
    )
    .join('');
  const label = at(r + 34 * unit, 0);
  const font = labelFont();
  const size = 40 * unit;
  return (
    `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-width="${f1(4 * unit)}"/>` +
    `<path d="${ticks}" stroke="#fff" stroke-width="${f1(4 * unit)}"/>` +
    `<polygon points="${pts([at(tip, 0), at(0, half), at(0, -half)])}" fill="#e5322d" stroke="#fff" stroke-width="${f1(2 * unit)}" stroke-linejoin="round"/>` +
    `<polygon points="${pts([at(-tip, 0), at(0, half), at(0, -half)])}" fill="#f4f4f4" stroke="#fff" stroke-width="${f1(2 * unit)}" stroke-linejoin="round"/>` +
    `<circle cx="${f1(label.x)}" cy="${f1(label.y)}" r="${f1(28 * unit)}" fill="#000" fill-opacity="0.5"/>` +
    `<path d="${font.path('N', label.x - font.advance('N', size) / 2, label.y + (font.capHeight * size) / 2, size)}" fill="#ffffff"/>`
  );
}

/** Label text size and padding at 2048 px; everything scales with the image's shorter side. */
const LABEL_SIZE = 54;
const LABEL_PAD = 22;
const LABEL_MARGIN = 40;

interface LabelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where the bottom-left label box sits for `text` on a width × height image, in pixels. */
export function labelBox(text: string, width: number, height: number): LabelBox {
  const unit = Math.min(width, height) / 2048;
  const font = labelFont();
  const size = LABEL_SIZE * unit;
  const pad = LABEL_PAD * unit;
  const boxH = (font.ascender - font.descender) * size + 2 * pad;
  return {
    x: LABEL_MARGIN * unit,
    y: height - LABEL_MARGIN * unit - boxH,
    width: font.advance(text, size) + 2 * pad,
    height: boxH,
  };
}

function labelSvg(text: string, width: number, height: number, unit: number): string {
  const box = labelBox(text, width, height);
  const font = labelFont();
  const size = LABEL_SIZE * unit;
  const pad = LABEL_PAD * unit;
  const baseline = box.y + pad + font.ascender * size;
  return (
    `<rect x="${f1(box.x)}" y="${f1(box.y)}" width="${f1(box.width)}" height="${f1(box.height)}" rx="${f1(14 * unit)}" fill="#000" fill-opacity="0.62"/>` +
    `<path d="${font.path(text, box.x + pad, baseline, size)}" fill="#ffffff"/>`
  );
}
