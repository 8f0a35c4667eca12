// The imagery port over one remote source (an ArcGIS export, tiles, a WMS): the north-up area around the
// frame is fetched from the source, refused when it is blank (a source answering ground it has no imagery
// for with one flat colour), and the frame cut out of it, turned and scaled (raster-sampling.ts), with the
// facts the output states: the resolution the source really delivered, its capture date where it says,
// and whether the frame is finer than the source.
import {
  MAX_NADIR_SIDE_PX,
  type NadirImage,
  type NadirImageRequest,
  type NadirImagery,
} from '../../geo/types.ts';
import { frameBounds, sampleFrame } from '../../imagery/raster-sampling.ts';
import type { RemoteImagerySourceConfig } from '../sources/source-config.ts';
import { type ImagerySourceAdapter, SourceError, type SourceRaster } from '../sources/source-types.ts';

/** Frame pixels of ground fetched beyond the frame on every side, so sampling at its edges has neighbours. */
const MARGIN_PX = 2;
/** A picture with this share of its pixels within BLANK_TOLERANCE of one colour is blank. */
const BLANK_SHARE = 0.9;
const BLANK_TOLERANCE = 3;
/** Pixels the blank check looks at (an even sample of a larger picture). */
const BLANK_SAMPLE = 1_000_000;

export class SourceImagery implements NadirImagery {
  readonly name: string;

  constructor(
    private readonly adapter: ImagerySourceAdapter,
    readonly config: RemoteImagerySourceConfig,
  ) {
    this.name = config.name;
  }

  async render(request: NadirImageRequest): Promise<NadirImage> {
    const { center, width, height, metersPerPixel, rotationDeg } = request;
    for (const [label, side] of [
      ['width', width],
      ['height', height],
    ] as const) {
      if (!Number.isInteger(side) || side < 1 || side > MAX_NADIR_SIDE_PX)
        throw new RangeError(`${label} must be an integer from 1 to ${MAX_NADIR_SIDE_PX}, got ${side}`);
    }
    if (!(metersPerPixel > 0)) throw new RangeError(`metersPerPixel must be positive, got ${metersPerPixel}`);
    const georef = { center, metersPerPixel, rotationDeg, width, height };
    const raster = await this.adapter.fetchArea({
      bounds: frameBounds(georef, MARGIN_PX),
      center,
      metersPerPixel,
    });
    const flat = flatColour(raster);
    if (flat)
      throw new SourceError(
        this.name,
        'blank',
        `the picture of the area is ${Math.round(flat.share * 100)} % one colour (rgb ${flat.rgb.join(', ')}): ` +
          'the source has no imagery there',
      );
    const data = await sampleFrame(
      {
        data: raster.data,
        channels: raster.channels,
        width: raster.frame.width,
        height: raster.frame.height,
      },
      raster.frame.toPixel,
      request,
      'clamp',
    );
    // A frame coarser than the source's pixels is as sharp as its own pixels, no sharper.
    const groundSampleDistanceM = Math.max(raster.groundSampleDistanceM, metersPerPixel);
    return {
      data,
      channels: 3,
      georef,
      provider: this.name,
      groundSampleDistanceM,
      capturedAt: raster.capturedAt,
      upsampled: raster.groundSampleDistanceM > metersPerPixel * (1 + 1e-6),
    };
  }
}

/**
 * The colour most of a picture is, when at least BLANK_SHARE of it lies within BLANK_TOLERANCE of it on every
 * channel; undefined for a picture with something on it. The candidate is the per-channel median, refined
 * to the mean of the pixels near it (a flat picture with a little noise or a few features still shows).
 */
export function flatColour(
  raster: Pick<SourceRaster, 'data' | 'channels'>,
): { readonly share: number; readonly rgb: readonly [number, number, number] } | undefined {
  const { data, channels } = raster;
  const pixels = Math.floor(data.length / channels);
  if (pixels === 0) return { share: 1, rgb: [0, 0, 0] };
  const step = Math.max(1, Math.floor(pixels / BLANK_SAMPLE)) * channels;
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let sampled = 0;
  for (let i = 0; i + 2 < data.length; i += step) {
    histograms[0][data[i]!]! += 1;
    histograms[1][data[i + 1]!]! += 1;
    histograms[2][data[i + 2]!]! += 1;
    sampled += 1;
  }
  const median = histograms.map((h) => {
    let seen = 0;
    for (let v = 0; v < 256; v += 1) {
      seen += h[v]!;
      if (seen * 2 >= sampled) return v;
    }
    return 255;
  });
  const near = (i: number, c: readonly number[], tolerance: number) =>
    Math.abs(data[i]! - c[0]!) <= tolerance &&
    Math.abs(data[i + 1]! - c[1]!) <= tolerance &&
    Math.abs(data[i + 2]! - c[2]!) <= tolerance;
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i + 2 < data.length; i += step) {
    if (!near(i, median, 2 * BLANK_TOLERANCE)) continue;
    sum[0]! += data[i]!;
    sum[1]! += data[i + 1]!;
    sum[2]! += data[i + 2]!;
    count += 1;
  }
  if (count < BLANK_SHARE * sampled) return undefined;
  const rgb = sum.map((s) => Math.round(s / count)) as [number, number, number];
  let within = 0;
  for (let i = 0; i + 2 < data.length; i += step) if (near(i, rgb, BLANK_TOLERANCE)) within += 1;
  const share = within / sampled;
  return share >= BLANK_SHARE ? { share, rgb } : undefined;
}
