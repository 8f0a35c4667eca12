// The markup edit compositor: the boundary applied to the aerial at full size with sharp (libvips).
//   outline: the polygon stroked in the outline colour and width;
//   darken:  everything outside the polygon multiplied by (1 - darken_amount), one SVG layer;
//   blur:    the image Gaussian-blurred, the sharp inside pasted back through a polygon mask;
// then the annotations on top, and one JPEG encode. The same overlay SVG (outline, darken veil,
// annotations) is what the reveal video animates, so the still and the video's last frame agree.
import { availableParallelism } from 'node:os';
import sharp, { type OverlayOptions } from 'sharp';
import type { Point } from '../geo/types.ts';
import {
  type Bounds,
  type DrawnAnnotation,
  drawAnnotations,
  type ResolvedAnnotation,
} from './annotation-layout.ts';
import type { LabelFont } from './label-font.ts';
import { f1, ringPath } from './svg-path.ts';

export type BoundaryStyle = 'outline' | 'blur' | 'darken';

export interface CompositorSettings {
  readonly outline_color: string;
  readonly outline_width: number;
  readonly blur_radius: number;
  readonly darken_amount: number;
}

export interface CompositeRequest {
  /** The markup image (any format sharp reads). */
  readonly image: Buffer;
  /** Boundary vertices, normalized 0-1 from the top-left. */
  readonly boundary: readonly Point[];
  readonly style: BoundaryStyle;
  readonly settings: CompositorSettings;
  readonly annotations: readonly ResolvedAnnotation[];
  readonly font: LabelFont;
  /** Default 90. */
  readonly jpegQuality?: number;
}

export interface CompositeResult {
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
}

// sharp defaults to one libvips thread on glibc (against heap fragmentation in long-lived servers); a
// step handles one image at a time, and blurring a 4K frame is worth every core the function has.
sharp.concurrency(availableParallelism());

/** Reference height the pixel settings (outline width, blur radius) are given for. */
export const SETTINGS_REFERENCE_HEIGHT = 2160;

export function pixelRing(boundary: readonly Point[], width: number, height: number): Point[] {
  return boundary.map((p) => ({ x: p.x * width, y: p.y * height }));
}

/** Outline stroke width in pixels for an image `height` pixels high. */
export function outlineWidthPx(settings: CompositorSettings, height: number): number {
  return (settings.outline_width * height) / SETTINGS_REFERENCE_HEIGHT;
}

/** Gaussian standard deviation of the blur style for an image `height` pixels high. */
export function blurSigmaPx(settings: CompositorSettings, height: number): number {
  return (settings.blur_radius / 2) * (height / SETTINGS_REFERENCE_HEIGHT);
}

export function outlineSvg(ring: readonly Point[], color: string, widthPx: number): string {
  return `<path d="${ringPath(ring)}" fill="none" stroke="${color}" stroke-width="${f1(widthPx)}" stroke-linejoin="round"/>`;
}

/** An SVG fragment drawn in full-image pixel space, rendered only over `bounds` (a cheap small layer). */
export function croppedSvg(fragment: string, bounds: Bounds): Buffer {
  const { left, top, width, height } = bounds;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${fragment}</svg>`,
  );
}

/** Pixel bounds of a ring with `margin` around it, clipped to the image. */
export function ringBounds(ring: readonly Point[], margin: number, width: number, height: number): Bounds {
  const left = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.x)) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.y)) - margin));
  const right = Math.min(width, Math.ceil(Math.max(...ring.map((p) => p.x)) + margin));
  const bottom = Math.min(height, Math.ceil(Math.max(...ring.map((p) => p.y)) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** The vector layers of an edit at one size (outline and annotations), each cropped to what it covers. */
export function vectorLayers(
  request: Pick<CompositeRequest, 'boundary' | 'settings' | 'annotations' | 'font'>,
  width: number,
  height: number,
): { outline: { svg: Buffer; bounds: Bounds }; annotations: Array<DrawnAnnotation & { layer: Buffer }> } {
  const ring = pixelRing(request.boundary, width, height);
  const strokePx = outlineWidthPx(request.settings, height);
  const outlineBounds = ringBounds(ring, strokePx + 2, width, height);
  return {
    outline: {
      svg: croppedSvg(outlineSvg(ring, request.settings.outline_color, strokePx), outlineBounds),
      bounds: outlineBounds,
    },
    annotations: drawAnnotations(request.font, request.annotations, width, height).map((a) => ({
      ...a,
      layer: croppedSvg(a.svg, a.bounds),
    })),
  };
}

/** The original inside of the boundary, cut out (RGBA, transparent outside) within its bounding box. */
async function insideCutout(image: Buffer, ring: readonly Point[], width: number, height: number) {
  const box = ringBounds(ring, 1, width, height);
  const local = ring.map((p) => ({ x: p.x - box.left, y: p.y - box.top }));
  const mask = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" fill="#000"/><path d="${ringPath(local)}" fill="#fff"/></svg>`,
    ),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Markup images are JPEG (three channels); the mask becomes the fourth.
  const { data, info } = await sharp(image)
    .extract(box)
    .joinChannel(mask, { raw: { width: box.width, height: box.height, channels: 1 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`markup image must be RGB, got ${info.channels - 1} channels`);
  return {
    input: data,
    raw: { width: info.width, height: info.height, channels: 4 as const },
    left: box.left,
    top: box.top,
  };
}

/** Everything outside the boundary blurred or darkened (materialized, so later layers stay untouched). */
async function treatedBase(
  image: Buffer,
  style: BoundaryStyle,
  settings: CompositorSettings,
  height: number,
) {
  if (style === 'outline') return sharp(image);
  const treated =
    style === 'blur'
      ? sharp(image)
          .removeAlpha()
          .blur({ sigma: blurSigmaPx(settings, height) })
      : sharp(image)
          .removeAlpha()
          .linear(1 - settings.darken_amount, 0);
  const { data, info } = await treated.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

export async function compositeMarkup(request: CompositeRequest): Promise<CompositeResult> {
  const meta = await sharp(request.image).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const ring = pixelRing(request.boundary, width, height);
  const layers: OverlayOptions[] = [];
  const [base, cutout] = await Promise.all([
    treatedBase(request.image, request.style, request.settings, height),
    request.style === 'outline' ? undefined : insideCutout(request.image, ring, width, height),
  ]);
  if (cutout) layers.push(cutout);
  const vectors = vectorLayers(request, width, height);
  layers.push({
    input: vectors.outline.svg,
    left: vectors.outline.bounds.left,
    top: vectors.outline.bounds.top,
  });
  for (const a of vectors.annotations)
    layers.push({ input: a.layer, left: a.bounds.left, top: a.bounds.top });
  const jpeg = await base
    .composite(layers)
    .jpeg({ quality: request.jpegQuality ?? 90 })
    .toBuffer();
  return { jpeg, width, height };
}
