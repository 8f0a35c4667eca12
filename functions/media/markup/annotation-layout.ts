// Lays annotations out on a markup image of any size and draws them as SVG fragments: labels and area
// labels as boxed (or dark-outlined) text, measurements as a line with end ticks and its length along it.
// Sizes scale with the image height, so the 3840x2160 still and the 1920x1080 video frame look alike.
// Each annotation also reports its pixel bounds, so the video can reveal it as its own layer.

import type { Point } from '../../domain/geo-types.ts';
import { labelPoint, perimeter, polygonArea } from '../../domain/geometry/polygon.ts';
import type { LabelFont } from './label-font.ts';
import { f1 } from './svg-path.ts';

type AnnotationSize = 'small' | 'medium' | 'large';
type LabelStyle = 'boxed' | 'outlined';

/** An annotation as requested, in normalized coordinates (0-1 from the top-left). */
type AnnotationSpec =
  | {
      readonly type: 'label';
      readonly text: string;
      readonly position: Point;
      readonly color?: string;
      readonly size?: AnnotationSize;
      readonly label_style?: LabelStyle;
    }
  | {
      readonly type: 'measurement';
      readonly from: Point;
      readonly to: Point;
      readonly text?: string;
      readonly color?: string;
      readonly size?: AnnotationSize;
      readonly label_style?: LabelStyle;
    }
  | {
      readonly type: 'area';
      readonly text?: string;
      readonly position?: Point;
      readonly color?: string;
      readonly size?: AnnotationSize;
      readonly label_style?: LabelStyle;
    };

/** An annotation with its text and position settled (computed lengths and areas filled in). */
export type ResolvedAnnotation =
  | {
      readonly type: 'label' | 'area';
      readonly text: string;
      readonly position: Point;
      readonly color: string;
      readonly size: AnnotationSize;
      readonly label_style: LabelStyle;
    }
  | {
      readonly type: 'measurement';
      readonly text: string;
      readonly from: Point;
      readonly to: Point;
      readonly color: string;
      readonly size: AnnotationSize;
      readonly label_style: LabelStyle;
    };

export interface Bounds {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface DrawnAnnotation {
  /** SVG elements in the image's pixel space. */
  readonly svg: string;
  /** Pixel bounds of everything drawn, clipped to the image. */
  readonly bounds: Bounds;
}

const DEFAULT_COLOR = '#FFFFFF';
/** Font size in pixels on a 2160-pixel-high image. */
const FONT_PX: Readonly<Record<AnnotationSize, number>> = { small: 44, medium: 60, large: 84 };
const REFERENCE_HEIGHT = 2160;
const CASING = '#111418';

/**
 * Ground measure of a normalized image: its size in pixels and metres per pixel, or, for a picture whose
 * scale varies across the frame (a perspective photo), the ground point (metres) under each pixel.
 */
export interface GroundScale {
  readonly metersPerPixel: number;
  readonly width: number;
  readonly height: number;
  /** Pixel → ground metres (x east, y north); undefined for a pixel that shows no ground. */
  readonly toGround?: (pixel: Point) => Point | undefined;
}

const thousands = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 0 });

export function formatLength(metres: number): string {
  if (metres >= 1000) return `${(metres / 1000).toFixed(2)} km`;
  if (metres >= 100) return `${thousands(Math.round(metres))} m`;
  return `${metres.toFixed(1)} m`;
}

export function formatArea(squareMetres: number): string {
  if (squareMetres >= 10_000) return `${(squareMetres / 10_000).toFixed(2)} ha`;
  return `${thousands(Math.round(squareMetres))} m²`;
}

function toGroundPixels(points: readonly Point[], scale: GroundScale): Point[] {
  return points.map((p) => ({ x: p.x * scale.width, y: p.y * scale.height }));
}

/** Ground points of normalized points, or undefined when one of them shows no ground. */
function groundPoints(points: readonly Point[], scale: GroundScale): Point[] | undefined {
  const px = toGroundPixels(points, scale);
  if (!scale.toGround)
    return px.map((p) => ({ x: p.x * scale.metersPerPixel, y: p.y * scale.metersPerPixel }));
  const ground = px.map((p) => scale.toGround!(p));
  return ground.every((p) => p !== undefined) ? (ground as Point[]) : undefined;
}

/** Area and perimeter on the ground; undefined when a vertex shows no ground (the sky of a photo). */
export function boundaryMeasures(boundary: readonly Point[], scale: GroundScale) {
  const ground = groundPoints(boundary, scale);
  if (!ground) return undefined;
  return { areaM2: polygonArea(ground), perimeterM: perimeter(ground) };
}

/** Fills in defaults: measurement lengths and the boundary's area from the georeference. */
export function resolveAnnotations(
  specs: readonly AnnotationSpec[],
  boundary: readonly Point[],
  scale: GroundScale,
): ResolvedAnnotation[] {
  const style = (s: AnnotationSpec) => ({
    color: (s.color ?? DEFAULT_COLOR).toUpperCase(),
    size: s.size ?? 'medium',
    label_style: s.label_style ?? 'boxed',
  });
  return specs.map((spec): ResolvedAnnotation => {
    switch (spec.type) {
      case 'label':
        return { type: 'label', text: spec.text, position: spec.position, ...style(spec) };
      case 'measurement': {
        const ends = groundPoints([spec.from, spec.to], scale);
        const metres = ends ? Math.hypot(ends[1]!.x - ends[0]!.x, ends[1]!.y - ends[0]!.y) : undefined;
        return {
          type: 'measurement',
          // A line reaching the sky of a photo has no ground length: the caller's text, or a dash.
          text: spec.text ?? (metres === undefined ? '–' : formatLength(metres)),
          from: spec.from,
          to: spec.to,
          ...style(spec),
        };
      }
      case 'area': {
        const position =
          spec.position ??
          (() => {
            const px = toGroundPixels(boundary, scale);
            const p = labelPoint(px);
            return { x: p.x / scale.width, y: p.y / scale.height };
          })();
        return {
          type: 'area',
          text: spec.text ?? formatArea(boundaryMeasures(boundary, scale)?.areaM2 ?? 0),
          position,
          ...style(spec),
        };
      }
      default:
        throw new Error(`unknown annotation type ${(spec as { type: string }).type}`);
    }
  });
}

/** Escapes a colour for an attribute (schemas only let hex colours through; this is belt and braces). */
const colour = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : DEFAULT_COLOR);

interface TextBlock {
  readonly svg: string;
  /** Corners of what was drawn, before clipping. */
  readonly corners: readonly Point[];
}

/**
 * One line of text centred on (cx, cy), rotated by `angleDeg`, boxed or outlined; shrunk to fit `maxWidth`.
 * The text is a path (glyph outlines), so no font needs to exist where the SVG is rasterized.
 */
function textBlock(
  font: LabelFont,
  text: string,
  center: Point,
  fontPx: number,
  color: string,
  style: LabelStyle,
  angleDeg: number,
  maxWidth: number,
): TextBlock {
  const natural = font.advance(text, fontPx);
  const size = natural > maxWidth ? (fontPx * maxWidth) / natural : fontPx;
  const width = font.advance(text, size);
  const padX = 0.42 * size;
  const padY = 0.3 * size;
  const boxW = width + 2 * padX;
  const boxH = font.capHeight * size + 2 * padY + 0.22 * size;
  const baseline = (font.capHeight * size) / 2;
  const path = font.path(text, -width / 2, baseline, size);
  const transform = `translate(${f1(center.x)} ${f1(center.y)})${angleDeg ? ` rotate(${f1(angleDeg)})` : ''}`;
  const parts: string[] = [`<g transform="${transform}">`];
  if (style === 'boxed') {
    parts.push(
      `<rect x="${f1(-boxW / 2)}" y="${f1(-boxH / 2)}" width="${f1(boxW)}" height="${f1(boxH)}" rx="${f1(0.24 * size)}" fill="${CASING}" fill-opacity="0.68"/>`,
      `<path d="${path}" fill="${colour(color)}"/>`,
    );
  } else {
    parts.push(
      `<path d="${path}" fill="none" stroke="${CASING}" stroke-opacity="0.9" stroke-width="${f1(0.18 * size)}" stroke-linejoin="round"/>`,
      `<path d="${path}" fill="${colour(color)}"/>`,
    );
  }
  parts.push('</g>');
  const t = (angleDeg * Math.PI) / 180;
  const corner = (x: number, y: number): Point => ({
    x: center.x + x * Math.cos(t) - y * Math.sin(t),
    y: center.y + x * Math.sin(t) + y * Math.cos(t),
  });
  const hw = boxW / 2 + 0.1 * size;
  const hh = boxH / 2 + 0.1 * size;
  return {
    svg: parts.join(''),
    corners: [corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)],
  };
}

function boundsOf(points: readonly Point[], width: number, height: number): Bounds {
  const left = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x))));
  const top = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))));
  const right = Math.min(width, Math.ceil(Math.max(...points.map((p) => p.x))));
  const bottom = Math.min(height, Math.ceil(Math.max(...points.map((p) => p.y))));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** Keeps a label's centre far enough from the edges that its box stays in the frame. */
function keepInside(p: Point, halfW: number, halfH: number, width: number, height: number): Point {
  const clamp = (v: number, lo: number, hi: number) =>
    lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
  return { x: clamp(p.x, halfW, width - halfW), y: clamp(p.y, halfH, height - halfH) };
}

/** Draws resolved annotations on an image of `width` x `height` pixels. */
export function drawAnnotations(
  font: LabelFont,
  annotations: readonly ResolvedAnnotation[],
  width: number,
  height: number,
): DrawnAnnotation[] {
  const unit = height / REFERENCE_HEIGHT;
  const maxTextWidth = 0.9 * width;
  return annotations.map((a) => {
    const fontPx = FONT_PX[a.size] * unit;
    if (a.type !== 'measurement') {
      const at = { x: a.position.x * width, y: a.position.y * height };
      const probe = textBlock(font, a.text, { x: 0, y: 0 }, fontPx, a.color, a.label_style, 0, maxTextWidth);
      const halfW = Math.max(...probe.corners.map((c) => c.x));
      const halfH = Math.max(...probe.corners.map((c) => c.y));
      const block = textBlock(
        font,
        a.text,
        keepInside(at, halfW, halfH, width, height),
        fontPx,
        a.color,
        a.label_style,
        0,
        maxTextWidth,
      );
      return { svg: block.svg, bounds: boundsOf(block.corners, width, height) };
    }
    const p = { x: a.from.x * width, y: a.from.y * height };
    const q = { x: a.to.x * width, y: a.to.y * height };
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    const dir = { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
    const normal = { x: -dir.y, y: dir.x };
    const lineW = Math.max(2, 0.075 * fontPx);
    const tick = 0.42 * fontPx;
    const ticks = [p, q]
      .map(
        (e) =>
          `M${f1(e.x + normal.x * tick)} ${f1(e.y + normal.y * tick)}L${f1(e.x - normal.x * tick)} ${f1(e.y - normal.y * tick)}`,
      )
      .join('');
    const d = `M${f1(p.x)} ${f1(p.y)}L${f1(q.x)} ${f1(q.y)}${ticks}`;
    // Keep the text upright: angles in (-90, 90].
    let angle = (Math.atan2(dir.y, dir.x) * 180) / Math.PI;
    if (angle > 90) angle -= 180;
    if (angle <= -90) angle += 180;
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    const block = textBlock(
      font,
      a.text,
      mid,
      fontPx,
      a.color,
      a.label_style,
      angle,
      Math.max(length * 0.8, Math.min(maxTextWidth, 6 * fontPx)),
    );
    const svg =
      `<path d="${d}" fill="none" stroke="${CASING}" stroke-opacity="0.75" stroke-width="${f1(lineW + 4 * unit + 2)}" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${colour(a.color)}" stroke-width="${f1(lineW)}" stroke-linecap="round"/>` +
      block.svg;
    // The ticks and the round caps of the casing reach past the end points.
    const reach = tick + lineW * 2 + 2 * unit + 1;
    const tickCorners = [
      { e: p, s: -1 },
      { e: q, s: 1 },
    ].flatMap(({ e, s }) => [
      { x: e.x + normal.x * reach + s * dir.x * reach, y: e.y + normal.y * reach + s * dir.y * reach },
      { x: e.x - normal.x * reach + s * dir.x * reach, y: e.y - normal.y * reach + s * dir.y * reach },
    ]);
    return { svg, bounds: boundsOf([...tickCorners, ...block.corners], width, height) };
  });
}
