// A caller's orthophoto as nadir imagery: any frame the markup or the frontage reference asks for (centre,
// scale, rotation) is cut from it. The region the frame covers is decoded alone (libvips reads only the
// strips or tiles under it), shrunk with a proper filter when the orthophoto is much finer than the frame,
// and sampled through the frame-to-orthophoto homography; ground the orthophoto does not cover is filled
// with a flat neutral grey rather than smeared edge pixels.
import sharp from 'sharp';
import type { LatLng, Point } from '../../../domain/geo-types.ts';
import {
  applyHomography,
  type Homography,
  homographyFromPoints,
  multiplyHomographies,
} from '../../../domain/geometry/homography.ts';
import { fromLocalMetres } from '../../geo/local-metric.ts';
import {
  MAX_NADIR_SIDE_PX,
  type NadirImage,
  type NadirImageRequest,
  type NadirImagery,
} from '../../geo/types.ts';
import { undecodablePicture } from '../../images/fetch-image.ts';
import { nadirImageToGround } from '../picture-ground.ts';
import { warpBilinear } from '../warp.ts';
import type { OrthophotoFrame } from './orthophoto-frame.ts';

/** The fill of ground outside the orthophoto. */
const NO_COVERAGE_RGB = [96, 98, 100] as const;

const CHANNELS = 3;

export class OrthophotoImagery implements NadirImagery {
  readonly name = 'caller-orthophoto';

  constructor(
    private readonly file: Buffer,
    readonly frame: OrthophotoFrame,
  ) {}

  /** Whether the orthophoto shows a ground position. */
  covers(position: LatLng): boolean {
    const p = this.frame.toPixel(position);
    return p.x >= 0 && p.y >= 0 && p.x <= this.frame.width && p.y <= this.frame.height;
  }

  async render(request: NadirImageRequest): Promise<NadirImage> {
    const { width, height } = request;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
      throw new RangeError('width and height must be positive integers');
    if (width > MAX_NADIR_SIDE_PX || height > MAX_NADIR_SIDE_PX)
      throw new RangeError(`width and height must be at most ${MAX_NADIR_SIDE_PX}`);
    const georef = {
      center: request.center,
      metersPerPixel: request.metersPerPixel,
      rotationDeg: request.rotationDeg,
      width,
      height,
    };
    // Output pixel → ground (metres about the centre) → latitude/longitude → orthophoto pixel, fitted at
    // the four corners: exact for an affine georeference, and within hundredths of a pixel for a map
    // projection over a frame a few hundred metres across.
    const toGround = nadirImageToGround(georef);
    const corners: Point[] = [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ];
    const source = corners.map((c) =>
      this.frame.toPixel(fromLocalMetres(request.center, applyHomography(toGround, c)!)),
    );
    const outToSource = homographyFromPoints(corners, source);
    const data = await this.sample(outToSource, width, height);
    return { data, channels: CHANNELS, georef, provider: this.name };
  }

  private async sample(outToSource: Homography, width: number, height: number): Promise<Buffer> {
    const { frame } = this;
    const corners = [
      applyHomography(outToSource, { x: 0, y: 0 })!,
      applyHomography(outToSource, { x: width, y: 0 })!,
      applyHomography(outToSource, { x: width, y: height })!,
      applyHomography(outToSource, { x: 0, y: height })!,
    ];
    const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))) - 2);
    const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))) - 2);
    const right = Math.min(frame.width, Math.ceil(Math.max(...corners.map((c) => c.x))) + 2);
    const bottom = Math.min(frame.height, Math.ceil(Math.max(...corners.map((c) => c.y))) + 2);
    if (right <= left || bottom <= top) return fill(width, height);
    // Source pixels per output pixel; above 1.5 the region is shrunk first so sampling does not alias.
    const sourcePerOut = Math.sqrt(
      Math.abs(
        (corners[1]!.x - corners[0]!.x) * (corners[3]!.y - corners[0]!.y) -
          (corners[1]!.y - corners[0]!.y) * (corners[3]!.x - corners[0]!.x),
      ) /
        (width * height),
    );
    const shrink = sourcePerOut > 1.5 ? sourcePerOut : 1;
    const regionWidth = right - left;
    const regionHeight = bottom - top;
    const sampledWidth = Math.max(1, Math.round(regionWidth / shrink));
    const sampledHeight = Math.max(1, Math.round(regionHeight / shrink));
    let pipeline = sharp(this.file, {
      limitInputPixels: frame.width * frame.height,
      sequentialRead: false,
    }).extract({ left, top, width: regionWidth, height: regionHeight });
    if (shrink > 1)
      pipeline = pipeline.resize(sampledWidth, sampledHeight, { fit: 'fill', kernel: 'lanczos3' });
    const region = await pipeline
      .flatten({ background: { r: NO_COVERAGE_RGB[0], g: NO_COVERAGE_RGB[1], b: NO_COVERAGE_RGB[2] } })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        // Only the region is decoded, here: a damaged strip or tile is found now, not at the download.
        throw undecodablePicture('orthophoto', error);
      });
    // Source pixel → region pixel (shift, then the shrink of each axis).
    const sx = region.info.width / regionWidth;
    const sy = region.info.height / regionHeight;
    const toRegion: Homography = [sx, 0, -left * sx, 0, sy, -top * sy, 0, 0, 1];
    return warpBilinear(
      {
        data: region.data,
        width: region.info.width,
        height: region.info.height,
        channels: region.info.channels,
      },
      multiplyHomographies(toRegion, outToSource),
      { width, height, outside: NO_COVERAGE_RGB },
    );
  }
}

function fill(width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * CHANNELS);
  for (let i = 0; i < out.length; i += CHANNELS) {
    out[i] = NO_COVERAGE_RGB[0];
    out[i + 1] = NO_COVERAGE_RGB[1];
    out[i + 2] = NO_COVERAGE_RGB[2];
  }
  return out;
}
