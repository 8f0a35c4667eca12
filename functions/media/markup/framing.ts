// How a markup image sits on the ground: which compass bearing points up (so the property front lands on
// the requested side of the frame), how much ground the frame covers for each zoom, and the mapping
// between site-local metres and the normalized 0-1 image coordinates clients draw boundaries in.

import type { Point } from '../../domain/geo-types.ts';
import { normalizeBearing } from '../../domain/geometry/bearing.ts';
import type { Georeference } from '../geo/types.ts';

export const MARKUP_ORIENTATIONS = ['bottom', 'left', 'top', 'right'] as const;
type MarkupOrientation = (typeof MARKUP_ORIENTATIONS)[number];

export const MARKUP_ZOOMS = ['close', 'standard', 'wide'] as const;
type MarkupZoom = (typeof MARKUP_ZOOMS)[number];

export const MARKUP_WIDTH = 3840;
export const MARKUP_HEIGHT = 2160;

/** Where the front bearing must point on screen, clockwise from the top of the frame. */
const SCREEN_ANGLE: Readonly<Record<MarkupOrientation, number>> = {
  top: 0,
  right: 90,
  bottom: 180,
  left: 270,
};

/** Compass bearing at the top of the image that puts a front facing `frontDirection` on `orientation`. */
export function markupRotation(frontDirection: number, orientation: MarkupOrientation): number {
  return normalizeBearing(frontDirection - SCREEN_ANGLE[orientation]);
}

/**
 * The share of the frame's short side the lot's extent along it takes, per zoom: "close" is a lot
 * portrait with a strip of street, "standard" the lot with its neighbours and the street in front (a
 * listing's hero aerial), "wide" the block and its surroundings.
 */
const LOT_SHARE: Readonly<Record<MarkupZoom, number>> = { close: 0.62, standard: 0.38, wide: 0.18 };

/** Ground metres per pixel when the site source knows no parcel (a typical 15 x 40 m suburban lot). */
const FALLBACK_MPP: Readonly<Record<MarkupZoom, number>> = { close: 0.02, standard: 0.034, wide: 0.072 };

/** Bounds that keep every zoom photographic: not closer than ~1 cm/px, not wider than the site model. */
const MIN_MPP = 0.01;
export const MAX_HALF_DIAGONAL_M = 240;

interface FramingInput {
  readonly zoom: MarkupZoom;
  /** Compass bearing at the top of the frame. */
  readonly rotationDeg: number;
  /** The lot outline in site-local metres (x east, y north), when the site source knows it. */
  readonly lot?: readonly Point[];
  readonly width?: number;
  readonly height?: number;
}

/** Rotates site-local metres into the frame's axes: x to the right, y up the image. */
export function toFrameAxes(p: Point, rotationDeg: number): Point {
  const t = (rotationDeg * Math.PI) / 180;
  return { x: p.x * Math.cos(t) - p.y * Math.sin(t), y: p.x * Math.sin(t) + p.y * Math.cos(t) };
}

export function metersPerPixelFor(input: FramingInput): number {
  const width = input.width ?? MARKUP_WIDTH;
  const height = input.height ?? MARKUP_HEIGHT;
  let mpp: number;
  if (input.lot && input.lot.length >= 3) {
    const framed = input.lot.map((p) => toFrameAxes(p, input.rotationDeg));
    const spanX = Math.max(...framed.map((p) => p.x)) - Math.min(...framed.map((p) => p.x));
    const spanY = Math.max(...framed.map((p) => p.y)) - Math.min(...framed.map((p) => p.y));
    const share = LOT_SHARE[input.zoom];
    mpp = Math.max(spanX / (share * width), spanY / (share * height));
  } else {
    // Scaled so the fallback covers the same ground at any output size.
    mpp = (FALLBACK_MPP[input.zoom] * MARKUP_WIDTH) / width;
  }
  const maxMpp = (2 * MAX_HALF_DIAGONAL_M) / Math.hypot(width, height);
  return Math.round(Math.min(maxMpp, Math.max(MIN_MPP, mpp)) * 1e5) / 1e5;
}

/** Site-local metres (relative to the image centre) to normalized image coordinates, 0-1 from top-left. */
export function groundToNormalized(georef: Georeference, centerLocal: Point): (p: Point) => Point {
  return (p) => {
    const f = toFrameAxes({ x: p.x - centerLocal.x, y: p.y - centerLocal.y }, georef.rotationDeg);
    return {
      x: 0.5 + f.x / (georef.metersPerPixel * georef.width),
      y: 0.5 - f.y / (georef.metersPerPixel * georef.height),
    };
  };
}
