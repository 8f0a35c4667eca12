// The location slide's map: a top-down image from the nadir imagery provider around the property,
// framed so the property sits where the layout puts the pin, at a scale that shows the street and
// the neighbouring blocks.
import sharp from 'sharp';
import type { LatLng, SiteModel } from '../../domain/geo-types.ts';
import { fromLocalMetres } from '../geo/local-metric.ts';
import type { NadirImagery } from '../geo/types.ts';
import { MAX_NADIR_SIDE_PX } from '../geo/types.ts';

/** Ground covered across the map slot: about two blocks each side of the property. */
const MAP_WIDTH_M = 420;

interface MapRequest {
  readonly property: LatLng;
  /** The site model around the property (offline imagery draws it; cloud imagery ignores it). */
  readonly site?: SiteModel;
  /** Pixel size of the map file (the slot at print scale). */
  readonly width: number;
  readonly height: number;
  /** Where the property must be, as shares of the width and height (the pin's tip). */
  readonly focus: { readonly x: number; readonly y: number };
}

interface RenderedMap {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
  readonly provider: string;
}

export async function renderLocationMap(request: MapRequest, imagery: NadirImagery): Promise<RenderedMap> {
  // The provider caps a side at 4096 px; a larger request is drawn smaller and scaled up.
  const shrink = Math.min(1, MAX_NADIR_SIDE_PX / Math.max(request.width, request.height));
  const width = Math.round(request.width * shrink);
  const height = Math.round(request.height * shrink);
  const metersPerPixel = MAP_WIDTH_M / width;
  // North up: the image centre is offset from the property so the property lands on the focus.
  const dx = (0.5 - request.focus.x) * width * metersPerPixel;
  const dy = (request.focus.y - 0.5) * height * metersPerPixel;
  const center = fromLocalMetres(request.property, { x: dx, y: dy });
  const image = await imagery.render({
    center,
    width,
    height,
    metersPerPixel,
    rotationDeg: 0,
    ...(request.site ? { site: request.site } : {}),
  });
  let pipeline = sharp(image.data, { raw: { width, height, channels: image.channels } });
  if (shrink < 1) pipeline = pipeline.resize(request.width, request.height);
  // A touch lighter and less saturated than the photo: the map is context, the pin is the subject.
  const bytes = await pipeline
    .modulate({ saturation: 0.8, brightness: 1.04 })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, width: request.width, height: request.height, provider: image.provider };
}
