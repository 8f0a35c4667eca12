// The markup edit compositor: the boundary applied to the full-size aerial.
//   darken:  everything outside the polygon multiplied by (1 - darken_amount);
//   blur:    the frame Gaussian-blurred (libvips), the original inside restored through a polygon mask;
//   every style: the polygon stroked in the outline colour and width, then the annotations on top.
// The frame is decoded and encoded in parallel strips (jpeg-strips.ts) and the pixel work is done on it
// directly (pixels.ts). The reveal video draws the same annotation layers (drawAnnotations) over the
// same treatment, so the still and the video's last frame agree.
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Point } from '../../domain/geo-types.ts';
import {
  type Bounds,
  type DrawnAnnotation,
  drawAnnotations,
  type ResolvedAnnotation,
} from './annotation-layout.ts';
import {
  decodeStrips,
  encodeStrips,
  recodeStrips,
  type Strip,
  splitFrame,
  stripRows,
} from './jpeg-strips.ts';
import type { LabelFont } from './label-font.ts';
import { blendOver, darkenOutside, type Frame, type Layer, restoreInside, strokeRing } from './pixels.ts';
import { ringPath } from './svg-path.ts';

export type BoundaryStyle = 'outline' | 'blur' | 'darken';

interface CompositorSettings {
  readonly outline_color: string;
  readonly outline_width: number;
  readonly blur_radius: number;
  readonly darken_amount: number;
}

interface CompositeRequest {
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

interface CompositeResult {
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
  /** Where the labels were drawn, in the picture's pixels (a rendition's cut keeps them in view). */
  readonly labelBoxes: readonly Bounds[];
}

// sharp defaults to one libvips thread on glibc (against heap fragmentation in long-lived servers); a
// step handles one image at a time, and blurring a 4K frame is worth every core the function has.
sharp.concurrency(availableParallelism());

/** Reference height the pixel settings (outline width, blur radius) are given for. */
const SETTINGS_REFERENCE_HEIGHT = 2160;

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

/** An SVG fragment drawn in full-image pixel space, rendered only over `bounds` (a cheap small layer). */
export function croppedSvg(fragment: string, bounds: Bounds): Buffer {
  const { left, top, width, height } = bounds;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${fragment}</svg>`,
  );
}

/** Pixel bounds of a ring with `margin` around it, clipped to the image. */
function ringBounds(ring: readonly Point[], margin: number, width: number, height: number): Bounds {
  const left = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.x)) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.y)) - margin));
  const right = Math.min(width, Math.ceil(Math.max(...ring.map((p) => p.x)) + margin));
  const bottom = Math.min(height, Math.ceil(Math.max(...ring.map((p) => p.y)) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** The annotations of an edit at one size, each an SVG cropped to what it covers. */
export function annotationLayers(
  request: Pick<CompositeRequest, 'annotations' | 'font'>,
  width: number,
  height: number,
): Array<DrawnAnnotation & { layer: Buffer }> {
  return drawAnnotations(request.font, request.annotations, width, height).map((a) => ({
    ...a,
    layer: croppedSvg(a.svg, a.bounds),
  }));
}

/** RGBA pixels of an SVG layer (librsvg via sharp), unpremultiplied. */
async function rasterize(svg: Buffer, bounds: Bounds): Promise<Layer> {
  const data = await sharp(svg).ensureAlpha().raw().toBuffer();
  return { data, bounds };
}

/** Coverage of the boundary (255 inside, antialiased at the edge) over its bounding box. */
async function boundaryMask(ring: readonly Point[], width: number, height: number): Promise<Layer> {
  const bounds = ringBounds(ring, 1, width, height);
  const local = ring.map((p) => ({ x: p.x - bounds.left, y: p.y - bounds.top }));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${bounds.width}" height="${bounds.height}"><rect width="${bounds.width}" height="${bounds.height}" fill="#000"/><path d="${ringPath(local)}" fill="#fff"/></svg>`;
  const data = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return { data, bounds };
}

/**
 * JPEGs are coded in 8 strips (jpeg-strips.ts: 272 rows at 2160), with standard Huffman tables (optimising
 * them is a second pass for slightly smaller files: docs/benchmarks.md): enough to code on every core, and an
 * outline edit re-codes only the strips its stroke and labels touch (recodeStrips).
 */
export const CODING_STRIPS = 8;

/** Strips decoded at once when the whole frame is needed: one per core (up to 4). */
const DECODERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * The frame cut into CODING_STRIPS strips for coding, whatever strips it was decoded in, so that a later
 * outline edit can copy some: views into its buffers where the cuts fall inside them (decoding groups
 * whole coded strips), else one copy of the frame.
 */
function codingStrips(frame: Frame): Strip[] {
  const rows = stripRows(frame.height, CODING_STRIPS);
  const rowBytes = frame.width * 3;
  const out: Strip[] = [];
  for (const s of frame.strips) {
    if (s.top % rows !== 0 || (s.height % rows !== 0 && s.top + s.height !== frame.height)) {
      const whole = Buffer.concat(frame.strips.map((x) => x.data));
      return splitFrame(whole, frame.width, frame.height, CODING_STRIPS);
    }
    for (let y = 0; y < s.height; y += rows) {
      const height = Math.min(rows, s.height - y);
      out.push({ top: s.top + y, height, data: s.data.subarray(y * rowBytes, (y + height) * rowBytes) });
    }
  }
  return out;
}

export async function compositeMarkup(request: CompositeRequest): Promise<CompositeResult> {
  const meta = await sharp(request.image).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const ring = pixelRing(request.boundary, width, height);
  const annotations = annotationLayers(request, width, height);
  const quality = request.jpegQuality ?? 90;
  const strokeWidth = outlineWidthPx(request.settings, height);
  if (request.style === 'outline' && (meta.orientation ?? 1) === 1) {
    // Only the stroke and the labels change pixels: the strips they touch are decoded and coded again,
    // the others copied as they are coded (most of a 4K frame's decode and encode saved).
    const layers = await Promise.all(annotations.map((a) => rasterize(a.layer, a.bounds)));
    const reach = strokeWidth / 2 + 2;
    const bands = [
      [Math.min(...ring.map((p) => p.y)) - reach, Math.max(...ring.map((p) => p.y)) + reach],
      ...layers.map((l) => [l.bounds.top, l.bounds.top + l.bounds.height]),
    ];
    const jpeg = await recodeStrips(
      request.image,
      quality,
      (top, h) => bands.some(([from, to]) => to! >= top && from! < top + h),
      (frame) => {
        strokeRing(frame, ring, strokeWidth, request.settings.outline_color);
        for (const layer of layers) blendOver(frame, layer);
      },
    );
    if (jpeg) return { jpeg, width, height, labelBoxes: annotations.map((a) => a.bounds) };
  }
  // Decoding (in strips, when the image has restart markers) and rasterizing run side by side.
  const [decoded, layers, mask] = await Promise.all([
    decodeStrips(request.image, DECODERS),
    Promise.all(annotations.map((a) => rasterize(a.layer, a.bounds))),
    request.style === 'outline' ? undefined : boundaryMask(ring, width, height),
  ]);
  if (decoded.width !== width || decoded.height !== height) {
    throw new Error(
      `markup image decoded to ${decoded.width}x${decoded.height}, expected ${width}x${height}`,
    );
  }
  let frame: Frame = decoded;
  if (request.style === 'darken') darkenOutside(frame, request.settings.darken_amount, mask!);
  if (request.style === 'blur') {
    // The blur needs the whole frame; the inside is then restored from the sharp original.
    const whole = Buffer.concat(decoded.strips.map((s) => s.data));
    const blurred = await sharp(whole, { raw: { width, height, channels: 3 } })
      .blur({ sigma: blurSigmaPx(request.settings, height) })
      .raw()
      .toBuffer();
    frame = { width, height, strips: splitFrame(blurred, width, height, CODING_STRIPS) };
    restoreInside(frame, { width, height, strips: [{ top: 0, height, data: whole }] }, mask!);
  }
  strokeRing(frame, ring, strokeWidth, request.settings.outline_color);
  for (const layer of layers) blendOver(frame, layer);
  const jpeg = await encodeStrips(codingStrips(frame), width, height, { quality });
  return { jpeg, width, height, labelBoxes: annotations.map((a) => a.bounds) };
}
