// A north-up picture that knows where its pixels lie on the ground (a source's map export, stitched tiles,
// a WMS answer), cut into the frame a step asks for: centre, ground resolution, rotation, size. Output
// pixel → metres about the centre → latitude/longitude → source pixel, fitted as a homography at the four
// corners: exact for an affine placement, within hundredths of a pixel for a map projection over a frame
// a few hundred metres across. A source much finer than the frame is shrunk with a proper filter first.
import sharp from 'sharp';
import type { LatLng, Point } from '../../domain/geo-types.ts';
import {
  applyHomography,
  type Homography,
  homographyFromPoints,
  multiplyHomographies,
} from '../../domain/geometry/homography.ts';
import { fromLocalMetres } from '../geo/local-metric.ts';
import type { Georeference, NadirImageRequest } from '../geo/types.ts';
import { nadirImageToGround } from './picture-ground.ts';
import { warpBilinear } from './warp.ts';

interface RawRaster {
  readonly data: Buffer;
  readonly channels: number;
  readonly width: number;
  readonly height: number;
}

/** The corners of a frame on the ground, clockwise from its top-left. */
export function frameCorners(georef: Georeference): LatLng[] {
  const toGround = nadirImageToGround(georef);
  return frameCornerPixels(georef.width, georef.height).map((c) =>
    fromLocalMetres(georef.center, applyHomography(toGround, c)!),
  );
}

const frameCornerPixels = (width: number, height: number): Point[] => [
  { x: 0, y: 0 },
  { x: width, y: 0 },
  { x: width, y: height },
  { x: 0, y: height },
];

/** The north-up box holding a frame, widened by `marginPx` of the frame's pixels on every side. */
export function frameBounds(
  georef: Georeference,
  marginPx = 2,
): { west: number; south: number; east: number; north: number } {
  const grown: Georeference = {
    ...georef,
    width: georef.width + 2 * marginPx,
    height: georef.height + 2 * marginPx,
  };
  const corners = frameCorners(grown);
  return {
    west: Math.min(...corners.map((c) => c.lng)),
    east: Math.max(...corners.map((c) => c.lng)),
    south: Math.min(...corners.map((c) => c.lat)),
    north: Math.max(...corners.map((c) => c.lat)),
  };
}

/**
 * The frame `request` asks for, sampled from `raster` (placed on the ground by `toPixel`). Ground outside
 * the raster is `outside` (an RGB fill) or its nearest edge pixel ('clamp').
 */
export async function sampleFrame(
  raster: RawRaster,
  toPixel: (position: LatLng) => Point,
  request: Pick<NadirImageRequest, 'center' | 'width' | 'height' | 'metersPerPixel' | 'rotationDeg'>,
  outside: readonly [number, number, number] | 'clamp',
): Promise<Buffer> {
  const { width, height } = request;
  const georef: Georeference = { ...request };
  const corners = frameCornerPixels(width, height);
  let source = raster;
  let outToSource = homographyFromPoints(corners, frameCorners(georef).map(toPixel));
  // Source pixels per output pixel; above 1.5 the raster is shrunk first so sampling does not alias.
  const mapped = corners.map((c) => applyHomography(outToSource, c)!);
  const sourcePerOut = Math.sqrt(
    Math.abs(
      (mapped[1]!.x - mapped[0]!.x) * (mapped[3]!.y - mapped[0]!.y) -
        (mapped[1]!.y - mapped[0]!.y) * (mapped[3]!.x - mapped[0]!.x),
    ) /
      (width * height),
  );
  if (sourcePerOut > 1.5) {
    const shrunkWidth = Math.max(1, Math.round(raster.width / sourcePerOut));
    const shrunkHeight = Math.max(1, Math.round(raster.height / sourcePerOut));
    const shrunk = await sharp(raster.data, {
      raw: { width: raster.width, height: raster.height, channels: raster.channels as 3 | 4 },
      limitInputPixels: false,
    })
      .resize(shrunkWidth, shrunkHeight, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sx = shrunk.info.width / raster.width;
    const sy = shrunk.info.height / raster.height;
    const toShrunk: Homography = [sx, 0, 0, 0, sy, 0, 0, 0, 1];
    outToSource = multiplyHomographies(toShrunk, outToSource);
    source = {
      data: shrunk.data,
      channels: shrunk.info.channels,
      width: shrunk.info.width,
      height: shrunk.info.height,
    };
  }
  return warpBilinear(source, outToSource, { width, height, outside });
}
