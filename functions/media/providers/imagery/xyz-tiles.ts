// Web Mercator tiles from a {z}/{x}/{y} URL template: Nearmap's Tile API, and WMTS REST endpoints whose
// tile matrix set is the Google-compatible Web Mercator grid (the same tiles: z the matrix, x the column,
// y the row counted from the north). The tiles under the area at the zoom the frame needs are fetched a
// few at a time and stitched, never past the source's maxZoom: a finer frame is upsampled from it, and its
// groundSampleDistanceM says the coarser truth. Each tile must decode at the source's tile size, and a
// missing one (404) inside the source's coverage fails the frame rather than leaving a hole in it.
// Tile scheme: https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames
import { distanceMetres } from '../../geo/local-metric.ts';
import { groundResolution, lngLatToWorldPixel, worldPixelToLngLat } from '../../geo/web-mercator.ts';
import type { XyzTilesSourceConfig } from '../sources/source-config.ts';
import {
  type AreaRequest,
  type ImagerySourceAdapter,
  SourceError,
  type SourceRaster,
} from '../sources/source-types.ts';
import {
  type AdapterContext,
  adapterContext,
  asked,
  DEFAULT_CONCURRENCY,
  decodePicture,
  eachBounded,
  frameGet,
  type ImageryAdapterOptions,
  paste,
  RETRY_ALLOWANCE,
  requestFailure,
  sourceFailure,
} from './adapter-common.ts';

/**
 * Tiles one frame may fetch: a 3840×2160 frame turned 45° at 3 cm covers about 127 m square, 17 × 17 tiles
 * of 256 px at zoom 22 (7.9 m each at Sydney's latitude), 18 × 18 when the edges fall badly.
 */
const MAX_TILES_PER_FRAME = 400;
/**
 * A zoom whose pixels are up to this much coarser than the frame's is used rather than the next one
 * (which has four times the tiles); groundSampleDistanceM says what it delivered.
 */
const ZOOM_TOLERANCE = 0.05;

export class XyzTiles implements ImagerySourceAdapter {
  readonly name: string;
  private readonly context: AdapterContext;
  private readonly tileSize: number;

  constructor(
    private readonly config: XyzTilesSourceConfig,
    options: ImageryAdapterOptions,
  ) {
    this.name = config.name;
    this.context = adapterContext(config, options);
    this.tileSize = config.tileSize ?? 256;
  }

  /** The zoom a frame of `metersPerPixel` at `lat` is stitched at. */
  zoomFor(lat: number, metersPerPixel: number): number {
    const exact = Math.log2(
      groundResolution(lat, 0, this.tileSize) / (metersPerPixel * (1 + ZOOM_TOLERANCE)),
    );
    return Math.min(this.config.maxZoom, Math.max(0, Math.ceil(exact - 1e-9)));
  }

  async fetchArea(request: AreaRequest): Promise<SourceRaster> {
    const { bounds } = request;
    const ts = this.tileSize;
    const zoom = this.zoomFor(request.center.lat, request.metersPerPixel);
    const last = 2 ** zoom - 1;
    const nw = lngLatToWorldPixel(bounds.west, bounds.north, zoom, ts);
    const se = lngLatToWorldPixel(bounds.east, bounds.south, zoom, ts);
    const clamp = (i: number) => Math.min(last, Math.max(0, i));
    const x0 = clamp(Math.floor(nw.x / ts));
    const x1 = clamp(Math.ceil(se.x / ts) - 1);
    const y0 = clamp(Math.floor(nw.y / ts));
    const y1 = clamp(Math.ceil(se.y / ts) - 1);
    const tiles: { x: number; y: number }[] = [];
    for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) tiles.push({ x, y });

    const maxRequests = this.context.options.maxRequests ?? MAX_TILES_PER_FRAME + RETRY_ALLOWANCE;
    const allowed = Math.min(MAX_TILES_PER_FRAME, maxRequests);
    if (tiles.length > allowed)
      throw sourceFailure(
        this.context,
        'too-large',
        `the area needs ${tiles.length} tiles at zoom ${zoom}; one frame may fetch ${allowed}: ` +
          'ask for a coarser metersPerPixel or a smaller frame',
      );
    const get = frameGet(this.context, maxRequests);
    const width = (x1 - x0 + 1) * ts;
    const height = (y1 - y0 + 1) * ts;
    const mosaic = Buffer.alloc(width * height * 3);
    await eachBounded(tiles, this.context.options.concurrency ?? DEFAULT_CONCURRENCY, async (tile) => {
      const url = this.config.url
        .replaceAll('{z}', String(zoom))
        .replaceAll('{x}', String(tile.x))
        .replaceAll('{y}', String(tile.y));
      const request = asked(this.context, `tile ${zoom}/${tile.x}/${tile.y}`, url);
      let answer: Awaited<ReturnType<typeof get>>;
      try {
        answer = await get(url);
      } catch (error) {
        if (error instanceof SourceError && error.status === 404)
          throw requestFailure(
            this.context,
            'http-status',
            request,
            "is missing (HTTP 404) inside the source's coverage: the frame would have a hole there",
            404,
          );
        throw error;
      }
      const data = await decodePicture(this.context, answer, { width: ts, height: ts }, request);
      paste(mosaic, width, data, {
        width: ts,
        height: ts,
        left: (tile.x - x0) * ts,
        top: (tile.y - y0) * ts,
      });
    });

    const originX = x0 * ts;
    const originY = y0 * ts;
    const frame: SourceRaster['frame'] = {
      width,
      height,
      toPixel: (p) => {
        const w = lngLatToWorldPixel(p.lng, p.lat, zoom, ts);
        return { x: w.x - originX, y: w.y - originY };
      },
      toLatLng: (p) => worldPixelToLngLat(p.x + originX, p.y + originY, zoom, ts),
    };
    // What one tile pixel covers on the ground at the area's centre (the coarser axis).
    const c = frame.toPixel(request.center);
    const at = frame.toLatLng(c);
    const groundSampleDistanceM = Math.max(
      distanceMetres(at, frame.toLatLng({ x: c.x + 1, y: c.y })),
      distanceMetres(at, frame.toLatLng({ x: c.x, y: c.y + 1 })),
    );
    return { data: mosaic, channels: 3, frame, groundSampleDistanceM, capturedAt: null };
  }
}
