// The markup edit compositor: the boundary applied to the aerial at full size with sharp (libvips).
//   outline: the polygon stroked in the outline colour and width;
//   darken:  everything outside the polygon multiplied by (1 - darken_amount), one SVG layer;
//   blur:    the image Gaussian-blurred, the sharp inside pasted back through a polygon mask;
// then the annotations on top, and one JPEG encode. The same overlay SVG (outline, darken veil,
// annotations) is what the reveal video animates, so the still and the video's last frame agree.
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
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

// The pixel work is done here on the decoded frame rather than with sharp's composite(): libvips
// composites in floating point over the whole 8-megapixel frame (~25 ms even for a tiny layer), while
// the layers here cover a small part of it. sharp still decodes, rasterizes the SVG layers, blurs and
// encodes.

interface Layer {
  readonly data: Buffer;
  readonly bounds: Bounds;
}

/** RGBA pixels of an SVG layer (librsvg via sharp), unpremultiplied. */
async function rasterize(svg: Buffer, bounds: Bounds): Promise<Layer> {
  const data = await sharp(svg).ensureAlpha().raw().toBuffer();
  return { data, bounds };
}

/** x / 255, rounded, for 0 <= x <= 255 * 255. */
const div255 = (x: number) => (x + 128 + ((x + 128) >> 8)) >> 8;

/** Alpha-blends an RGBA layer onto an RGB frame in place. */
function blendOver(frame: Buffer, width: number, layer: Layer): void {
  const { left, top, width: w, height: h } = layer.bounds;
  const src = layer.data;
  for (let y = 0; y < h; y += 1) {
    let s = y * w * 4;
    let d = ((top + y) * width + left) * 3;
    for (let x = 0; x < w; x += 1, s += 4, d += 3) {
      const a = src[s + 3]!;
      if (a === 0) continue;
      if (a === 255) {
        frame[d] = src[s]!;
        frame[d + 1] = src[s + 1]!;
        frame[d + 2] = src[s + 2]!;
        continue;
      }
      const b = 255 - a;
      frame[d] = div255(src[s]! * a + frame[d]! * b);
      frame[d + 1] = div255(src[s + 1]! * a + frame[d + 1]! * b);
      frame[d + 2] = div255(src[s + 2]! * a + frame[d + 2]! * b);
    }
  }
}

/** Coverage of the boundary (255 inside, antialiased at the edge) over its bounding box. */
async function boundaryMask(ring: readonly Point[], width: number, height: number): Promise<Layer> {
  const bounds = ringBounds(ring, 1, width, height);
  const local = ring.map((p) => ({ x: p.x - bounds.left, y: p.y - bounds.top }));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${bounds.width}" height="${bounds.height}"><rect width="${bounds.width}" height="${bounds.height}" fill="#000"/><path d="${ringPath(local)}" fill="#fff"/></svg>`;
  const data = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return { data, bounds };
}

/** Darkens the frame outside the boundary in place: a multiply outside, weighted by coverage at the edge. */
function darkenOutside(frame: Buffer, width: number, amount: number, mask: Layer): void {
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v += 1) table[v] = Math.round(v * (1 - amount));
  const { left, top, width: w, height: h } = mask.bounds;
  const rowBytes = width * 3;
  const rows = frame.length / rowBytes;
  for (let y = 0; y < rows; y += 1) {
    const inBand = y >= top && y < top + h;
    const start = y * rowBytes;
    // Outside the mask's box: all darkened; inside it: by coverage.
    const boxStart = inBand ? start + left * 3 : start + rowBytes;
    const boxEnd = inBand ? start + (left + w) * 3 : start + rowBytes;
    for (let i = start; i < boxStart; i += 1) frame[i] = table[frame[i]!]!;
    for (let i = boxEnd; i < start + rowBytes; i += 1) frame[i] = table[frame[i]!]!;
    if (!inBand) continue;
    let m = (y - top) * w;
    for (let i = boxStart; i < boxEnd; i += 3, m += 1) {
      const cover = mask.data[m]!;
      if (cover === 255) continue;
      const keep = 255 - div255(Math.round(amount * 255) * (255 - cover));
      frame[i] = div255(frame[i]! * keep);
      frame[i + 1] = div255(frame[i + 1]! * keep);
      frame[i + 2] = div255(frame[i + 2]! * keep);
    }
  }
}

/** Copies the original back over the treated frame inside the boundary (weighted by coverage). */
function restoreInside(treated: Buffer, original: Buffer, width: number, mask: Layer): void {
  const { left, top, width: w, height: h } = mask.bounds;
  for (let y = 0; y < h; y += 1) {
    let m = y * w;
    let d = ((top + y) * width + left) * 3;
    for (let x = 0; x < w; x += 1, m += 1, d += 3) {
      const a = mask.data[m]!;
      if (a === 0) continue;
      if (a === 255) {
        treated[d] = original[d]!;
        treated[d + 1] = original[d + 1]!;
        treated[d + 2] = original[d + 2]!;
        continue;
      }
      const b = 255 - a;
      treated[d] = div255(original[d]! * a + treated[d]! * b);
      treated[d + 1] = div255(original[d + 1]! * a + treated[d + 1]! * b);
      treated[d + 2] = div255(original[d + 2]! * a + treated[d + 2]! * b);
    }
  }
}

/**
 * Huffman tables are not optimised: that is a second pass (~60 ms at 4K) for ~3% smaller files, and a
 * composited image is downloaded a few times at most.
 */
const jpegOptions = (quality: number) => ({ quality, optimiseCoding: false });

export async function compositeMarkup(request: CompositeRequest): Promise<CompositeResult> {
  const meta = await sharp(request.image).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const ring = pixelRing(request.boundary, width, height);
  const vectors = vectorLayers(request, width, height);
  // Decoding and rasterizing run side by side on libvips threads.
  const [decoded, layers, mask] = await Promise.all([
    sharp(request.image).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    Promise.all(
      [vectors.outline, ...vectors.annotations.map((a) => ({ svg: a.layer, bounds: a.bounds }))].map((v) =>
        rasterize(v.svg, v.bounds),
      ),
    ),
    request.style === 'outline' ? undefined : boundaryMask(ring, width, height),
  ]);
  if (decoded.info.width !== width || decoded.info.height !== height || decoded.info.channels !== 3) {
    throw new Error(
      `markup image must be ${width}x${height} RGB, got ${decoded.info.width}x${decoded.info.height}x${decoded.info.channels}`,
    );
  }
  const raw = { width, height, channels: 3 as const };
  let frame = decoded.data;
  if (request.style === 'darken') darkenOutside(frame, width, request.settings.darken_amount, mask!);
  if (request.style === 'blur') {
    const blurred = await sharp(frame, { raw })
      .blur({ sigma: blurSigmaPx(request.settings, height) })
      .raw()
      .toBuffer();
    restoreInside(blurred, frame, width, mask!);
    frame = blurred;
  }
  for (const layer of layers) blendOver(frame, width, layer);
  const jpeg = await sharp(frame, { raw })
    .jpeg(jpegOptions(request.jpegQuality ?? 90))
    .toBuffer();
  return { jpeg, width, height };
}
