// Top-down imagery from Amazon Location Maps v2 `raster.satellite` tiles: fetch the tiles under the rotated
// request footprint, stitch them, scale the mosaic to the requested ground resolution with a proper
// filter, then rotate and crop by bilinear sampling so the request centre lands on the image centre.
import { GetTileCommand } from '@aws-sdk/client-geo-maps';
import sharp from 'sharp';
import {
  type Georeference,
  MAX_NADIR_SIDE_PX,
  type NadirImage,
  type NadirImageRequest,
  type NadirImagery,
} from '../../geo/types.ts';
import {
  DEFAULT_TILE_SIZE,
  groundResolution,
  lngLatToWorldPixel,
  type TileCoord,
  zoomForResolution,
} from '../../geo/web-mercator.ts';
import { warpBilinear } from '../../imagery/warp.ts';
import { mapWithConcurrency } from './concurrency.ts';
import type { TileClient } from './vector-tile-site-source.ts';

interface AmazonLocationSatelliteImageryOptions {
  /**
   * Nominal tile edge in pixels, used to pick the zoom. AWS does not document it for raster.satellite;
   * the mosaic uses the size the tiles actually decode to, so a wrong guess costs resolution, not position.
   */
  readonly tileSize?: number;
  /** Deepest zoom requested; finer requests are upsampled from it. */
  readonly maxZoom?: number;
  /** Tiles fetched at once. */
  readonly concurrency?: number;
}

const CHANNELS = 3;
const DEG = Math.PI / 180;

interface FetchedTile {
  readonly coord: TileCoord;
  readonly image: Buffer;
  readonly width: number;
  readonly height: number;
}

export class AmazonLocationSatelliteImagery implements NadirImagery {
  readonly name = 'amazon-location-satellite';
  private readonly tileSize: number;
  private readonly maxZoom: number;
  private readonly concurrency: number;

  constructor(
    private readonly client: TileClient,
    options: AmazonLocationSatelliteImageryOptions = {},
  ) {
    this.tileSize = options.tileSize ?? DEFAULT_TILE_SIZE;
    // The GetTile reference bounds tile indices to zoom 19 ("Must be between 0 and 19").
    this.maxZoom = options.maxZoom ?? 19;
    this.concurrency = options.concurrency ?? 8;
  }

  async render(request: NadirImageRequest): Promise<NadirImage> {
    const { center, width, height, metersPerPixel, rotationDeg } = request;
    for (const [label, side] of [
      ['width', width],
      ['height', height],
    ] as const) {
      if (!Number.isInteger(side) || side < 1 || side > MAX_NADIR_SIDE_PX) {
        throw new RangeError(`${label} must be an integer from 1 to ${MAX_NADIR_SIDE_PX}, got ${side}`);
      }
    }
    if (!(metersPerPixel > 0)) throw new RangeError(`metersPerPixel must be positive, got ${metersPerPixel}`);

    const zoom = zoomForResolution(center.lat, metersPerPixel, this.tileSize, this.maxZoom);
    // Ground half-extents (east, north) of the rotated output rectangle, plus a two-pixel margin for sampling.
    const cos = Math.cos(rotationDeg * DEG);
    const sin = Math.sin(rotationDeg * DEG);
    const halfEastM = ((width / 2) * Math.abs(cos) + (height / 2) * Math.abs(sin) + 2) * metersPerPixel;
    const halfNorthM = ((width / 2) * Math.abs(sin) + (height / 2) * Math.abs(cos) + 2) * metersPerPixel;

    // Tile indices depend only on the zoom, so they are found in tile units before any tile is decoded.
    const unit = lngLatToWorldPixel(center.lng, center.lat, zoom, 1);
    const tileGroundM = groundResolution(center.lat, zoom, 1);
    const n = 2 ** zoom;
    const x0 = clampIndex(Math.floor(unit.x - halfEastM / tileGroundM), n);
    const x1 = clampIndex(Math.floor(unit.x + halfEastM / tileGroundM), n);
    const y0 = clampIndex(Math.floor(unit.y - halfNorthM / tileGroundM), n);
    const y1 = clampIndex(Math.floor(unit.y + halfNorthM / tileGroundM), n);
    const coords: TileCoord[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) coords.push({ x, y });

    const tiles = await mapWithConcurrency(coords, this.concurrency, (coord) => this.fetchTile(coord, zoom));
    // Pixel scale comes from what the service actually sent (256 or 512 px tiles both work).
    const tilePx = tiles[0]?.width ?? this.tileSize;
    const mosaicWidth = (x1 - x0 + 1) * tilePx;
    const mosaicHeight = (y1 - y0 + 1) * tilePx;
    const composites = await Promise.all(
      tiles.map(async (tile) => ({
        input:
          tile.width === tilePx && tile.height === tilePx
            ? tile.image
            : await sharp(tile.image).resize(tilePx, tilePx, { fit: 'fill' }).toBuffer(),
        left: (tile.coord.x - x0) * tilePx,
        top: (tile.coord.y - y0) * tilePx,
      })),
    );
    const mosaic = await sharp({
      create: { width: mosaicWidth, height: mosaicHeight, channels: CHANNELS, background: '#000000' },
      limitInputPixels: false,
    })
      .composite(composites)
      .removeAlpha()
      .raw()
      .toBuffer();

    // Centre of the request in mosaic pixels, and the mosaic's ground resolution there.
    const mosaicRes = groundResolution(center.lat, zoom, tilePx);
    const cx = (unit.x - x0) * tilePx;
    const cy = (unit.y - y0) * tilePx;

    // Cut the footprint out of the mosaic and bring it to the requested resolution in one sharp pass.
    const left = clampRange(Math.floor(cx - halfEastM / mosaicRes), mosaicWidth);
    const top = clampRange(Math.floor(cy - halfNorthM / mosaicRes), mosaicHeight);
    const right = clampRange(Math.ceil(cx + halfEastM / mosaicRes), mosaicWidth);
    const bottom = clampRange(Math.ceil(cy + halfNorthM / mosaicRes), mosaicHeight);
    const cutWidth = Math.max(1, right - left);
    const cutHeight = Math.max(1, bottom - top);
    const scaledWidth = Math.max(1, Math.round((cutWidth * mosaicRes) / metersPerPixel));
    const scaledHeight = Math.max(1, Math.round((cutHeight * mosaicRes) / metersPerPixel));
    const scaled = await sharp(mosaic, {
      raw: { width: mosaicWidth, height: mosaicHeight, channels: CHANNELS },
      limitInputPixels: false,
    })
      .extract({ left, top, width: cutWidth, height: cutHeight })
      .resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();

    const data = rotateAndCrop({
      source: scaled,
      sourceWidth: scaledWidth,
      sourceHeight: scaledHeight,
      // Rounding the scaled size shifts the scale a hair; the per-axis factors keep the centre exact.
      scaleX: scaledWidth / cutWidth,
      scaleY: scaledHeight / cutHeight,
      centerX: cx - left,
      centerY: cy - top,
      metersPerSourcePixelX: mosaicRes / (scaledWidth / cutWidth),
      metersPerSourcePixelY: mosaicRes / (scaledHeight / cutHeight),
      width,
      height,
      metersPerPixel,
      rotationDeg,
    });
    const georef: Georeference = { center, metersPerPixel, rotationDeg, width, height };
    return { data, channels: CHANNELS, georef, provider: this.name };
  }

  private async fetchTile(coord: TileCoord, zoom: number): Promise<FetchedTile> {
    const output = await this.client.send(
      new GetTileCommand({
        Tileset: 'raster.satellite',
        Z: String(zoom),
        X: String(coord.x),
        Y: String(coord.y),
      }),
    );
    if (!output.Blob)
      throw new Error(`GetTile raster.satellite ${zoom}/${coord.x}/${coord.y} returned no body`);
    const image = Buffer.from(output.Blob);
    const { width, height } = await sharp(image).metadata();
    if (!width || !height)
      throw new Error(`GetTile raster.satellite ${zoom}/${coord.x}/${coord.y} is not an image`);
    return { coord, image, width, height };
  }
}

interface RotateAndCrop {
  readonly source: Buffer;
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  readonly scaleX: number;
  readonly scaleY: number;
  /** Request centre in the unscaled cut-out, in pixels. */
  readonly centerX: number;
  readonly centerY: number;
  readonly metersPerSourcePixelX: number;
  readonly metersPerSourcePixelY: number;
  readonly width: number;
  readonly height: number;
  readonly metersPerPixel: number;
  readonly rotationDeg: number;
}

/**
 * Samples the north-up source into a width x height image whose top points at `rotationDeg`. An output
 * pixel (u right, v up, metres from the centre) lies at east = u cos θ + v sin θ, north = v cos θ - u sin θ;
 * beyond the mosaic (fetched with a margin) the edge pixels continue.
 */
function rotateAndCrop(p: RotateAndCrop): Buffer {
  const cos = Math.cos(p.rotationDeg * DEG);
  const sin = Math.sin(p.rotationDeg * DEG);
  const cx = p.centerX * p.scaleX;
  const cy = p.centerY * p.scaleY;
  // Source pixel steps (x right, y down) per output pixel step right and per output pixel step down.
  const kx = p.metersPerPixel / p.metersPerSourcePixelX;
  const ky = p.metersPerPixel / p.metersPerSourcePixelY;
  const rightX = cos * kx;
  const rightY = sin * ky;
  const downX = -sin * kx;
  const downY = cos * ky;
  const w2 = p.width / 2;
  const h2 = p.height / 2;
  return warpBilinear(
    { data: p.source, width: p.sourceWidth, height: p.sourceHeight, channels: CHANNELS },
    [rightX, downX, cx - w2 * rightX - h2 * downX, rightY, downY, cy - w2 * rightY - h2 * downY, 0, 0, 1],
    { width: p.width, height: p.height, outside: 'clamp' },
  );
}

function clampIndex(index: number, n: number): number {
  return Math.min(n - 1, Math.max(0, index));
}

function clampRange(value: number, size: number): number {
  return Math.min(size, Math.max(0, value));
}
