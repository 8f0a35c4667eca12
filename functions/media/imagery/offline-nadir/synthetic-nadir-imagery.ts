// Offline nadir imagery: draws a SiteModel as a top-down image that reads as an aerial photo at a glance
// (textured lawns, asphalt with markings, shaded roof planes, tree canopies, consistent sun shadows).
// The scene is one SVG (scene.ts) rasterized by sharp/librsvg; a JS pass then adds texture (textures.ts).
import sharp from 'sharp';
import {
  MAX_NADIR_SIDE_PX,
  type NadirImage,
  type NadirImageRequest,
  type NadirImagery,
} from '../../geo/types.ts';
import { buildNadirSvg } from './scene.ts';
import { addTexture, pixelToGround } from './textures.ts';

export class SyntheticNadirImagery implements NadirImagery {
  readonly name = 'offline-synthetic-render';

  async render(request: NadirImageRequest): Promise<NadirImage> {
    validate(request);
    const site = request.site;
    if (!site) {
      throw new Error(
        'offline-synthetic-render draws the site model: NadirImageRequest.site is required for this adapter',
      );
    }
    const svg = buildNadirSvg(request, site);
    const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false, unlimited: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = addTexture(data, info.width, info.height, info.channels, pixelToGround(request, site));
    return {
      data: rgb,
      channels: 3,
      georef: {
        center: { lat: request.center.lat, lng: request.center.lng },
        metersPerPixel: request.metersPerPixel,
        rotationDeg: request.rotationDeg,
        width: request.width,
        height: request.height,
      },
      provider: this.name,
    };
  }
}

function validate(r: NadirImageRequest): void {
  for (const [key, value] of [
    ['width', r.width],
    ['height', r.height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_NADIR_SIDE_PX) {
      throw new RangeError(`${key} must be an integer from 1 to ${MAX_NADIR_SIDE_PX}, got ${value}`);
    }
  }
  if (!(r.metersPerPixel > 0) || !Number.isFinite(r.metersPerPixel)) {
    throw new RangeError(`metersPerPixel must be positive, got ${r.metersPerPixel}`);
  }
  if (!Number.isFinite(r.rotationDeg))
    throw new RangeError(`rotationDeg must be finite, got ${r.rotationDeg}`);
  if (!Number.isFinite(r.center.lat) || !Number.isFinite(r.center.lng))
    throw new RangeError('center must be finite');
}
