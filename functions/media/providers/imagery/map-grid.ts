// The north-up pixel grid an export-style source (ArcGIS REST export, WMS GetMap) is asked for: the area's
// box in the map's coordinates (Web Mercator metres or degrees), a pixel size in map units per axis, and the
// grid cut into requests no larger than the server draws. Every request's box is whole pixels of the one
// grid, so its pixel aspect equals its box's aspect exactly (an ArcGIS server silently widens the extent
// otherwise) and the pieces stitch with no seam, gap or overlap.
import type { LatLng, Point } from '../../../domain/geo-types.ts';
import { distanceMetres } from '../../geo/local-metric.ts';
import type { LatLngBounds, RasterFrame } from '../sources/source-types.ts';

/** The map coordinates asked for: EPSG:3857 (Web Mercator metres) or EPSG:4326 (degrees, x = longitude). */
export type MapSr = 3857 | 4326;

/** The sphere EPSG:3857 projects WGS 84 latitude/longitude onto. */
const MERCATOR_RADIUS_M = 6_378_137;
const DEG = Math.PI / 180;

export function projectTo(sr: MapSr, position: LatLng): Point {
  if (sr === 4326) return { x: position.lng, y: position.lat };
  return {
    x: MERCATOR_RADIUS_M * position.lng * DEG,
    y: MERCATOR_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (position.lat * DEG) / 2)),
  };
}

export function unprojectFrom(sr: MapSr, point: Point): LatLng {
  if (sr === 4326) return { lat: point.y, lng: point.x };
  return {
    lat: (2 * Math.atan(Math.exp(point.y / MERCATOR_RADIUS_M)) - Math.PI / 2) / DEG,
    lng: point.x / MERCATOR_RADIUS_M / DEG,
  };
}

/** Ground metres per map unit along x and along y at a position. */
export function groundPerUnit(sr: MapSr, at: LatLng): Point {
  const step = sr === 4326 ? 1e-4 : 10;
  const c = projectTo(sr, at);
  return {
    x: distanceMetres(at, unprojectFrom(sr, { x: c.x + step, y: c.y })) / step,
    y: distanceMetres(at, unprojectFrom(sr, { x: c.x, y: c.y + step })) / step,
  };
}

export interface MapBox {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** One request of the grid: its place in the whole picture and its box in map units. */
export interface GridPiece {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly box: MapBox;
}

export interface MapGrid {
  readonly width: number;
  readonly height: number;
  readonly pieces: readonly GridPiece[];
  /** Where the whole picture's pixels lie. */
  readonly frame: RasterFrame;
  /** Ground metres per pixel on the grid's coarser axis at the area's centre. */
  readonly groundSampleDistanceM: number;
}

export interface GridRequest {
  readonly sr: MapSr;
  readonly bounds: LatLngBounds;
  readonly center: LatLng;
  /** Ground metres per pixel wanted (on the coarser axis). */
  readonly groundM: number;
  /**
   * Square pixels in map units (ArcGIS export: one resolution for both axes); otherwise each axis gets its
   * own map-unit size so the pixels are square on the ground (WMS, which stretches to WIDTH and HEIGHT).
   */
  readonly squareMapPixels: boolean;
  readonly maxWidth: number;
  readonly maxHeight: number;
}

/** Sizes of `parts` near-equal whole segments of `total`. */
function segments(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
}

export function planGrid(request: GridRequest): MapGrid {
  const { sr, bounds } = request;
  const unit = groundPerUnit(sr, request.center);
  const resX = request.squareMapPixels
    ? request.groundM / Math.max(unit.x, unit.y)
    : request.groundM / unit.x;
  const resY = request.squareMapPixels
    ? request.groundM / Math.max(unit.x, unit.y)
    : request.groundM / unit.y;
  const sw = projectTo(sr, { lat: bounds.south, lng: bounds.west });
  const ne = projectTo(sr, { lat: bounds.north, lng: bounds.east });
  const minX = sw.x;
  const maxY = ne.y;
  // Whole pixels covering the area; the grid ends a fraction of a pixel past its east and south edges.
  const width = Math.max(1, Math.ceil((ne.x - sw.x) / resX - 1e-9));
  const height = Math.max(1, Math.ceil((ne.y - sw.y) / resY - 1e-9));
  const columns = segments(width, Math.ceil(width / request.maxWidth));
  const rows = segments(height, Math.ceil(height / request.maxHeight));
  const pieces: GridPiece[] = [];
  let top = 0;
  for (const h of rows) {
    let left = 0;
    for (const w of columns) {
      pieces.push({
        left,
        top,
        width: w,
        height: h,
        box: {
          minX: minX + left * resX,
          maxX: minX + (left + w) * resX,
          minY: maxY - (top + h) * resY,
          maxY: maxY - top * resY,
        },
      });
      left += w;
    }
    top += h;
  }
  return {
    width,
    height,
    pieces,
    frame: {
      width,
      height,
      toPixel: (position) => {
        const p = projectTo(sr, position);
        return { x: (p.x - minX) / resX, y: (maxY - p.y) / resY };
      },
      toLatLng: (pixel) => unprojectFrom(sr, { x: minX + pixel.x * resX, y: maxY - pixel.y * resY }),
    },
    groundSampleDistanceM: Math.max(resX * unit.x, resY * unit.y),
  };
}
