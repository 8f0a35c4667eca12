// Tile math for EPSG:3857 (spherical Web Mercator) in the XYZ scheme: tile (0, 0) is the north-west
// corner and y grows southwards. "World pixels" are pixel coordinates across the whole world at a zoom.
import type { LatLng } from '../../domain/geo-types.ts';

/** WGS 84 semi-major axis: the sphere Web Mercator projects onto. */
const WEB_MERCATOR_RADIUS_M = 6_378_137;
const EARTH_CIRCUMFERENCE_M = 2 * Math.PI * WEB_MERCATOR_RADIUS_M;
/** Latitude where the square world map ends (atan(sinh(pi))). */
const MAX_MERCATOR_LAT = 85.051_128_779_806_59;
export const DEFAULT_TILE_SIZE = 256;

const DEG = Math.PI / 180;

export interface TileCoord {
  readonly x: number;
  readonly y: number;
}

interface TileBounds {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

interface WorldPixel {
  readonly x: number;
  readonly y: number;
}

function clampLat(lat: number): number {
  return Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
}

/** Continuous pixel position of a point in the world image at a zoom (fractional zooms work too). */
export function lngLatToWorldPixel(
  lng: number,
  lat: number,
  zoom: number,
  tileSize: number = DEFAULT_TILE_SIZE,
): WorldPixel {
  const scale = tileSize * 2 ** zoom;
  const sinLat = Math.sin(clampLat(lat) * DEG);
  const x = ((lng + 180) / 360) * scale;
  const y = (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI)) * scale;
  return { x, y };
}

export function worldPixelToLngLat(
  x: number,
  y: number,
  zoom: number,
  tileSize: number = DEFAULT_TILE_SIZE,
): LatLng {
  const scale = tileSize * 2 ** zoom;
  const lng = (x / scale) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  const lat = Math.atan(Math.sinh(n)) / DEG;
  return { lat, lng };
}

/** The tile containing a point, clamped to the grid so the poles and the antimeridian stay addressable. */
export function lngLatToTile(lng: number, lat: number, zoom: number): TileCoord {
  const n = 2 ** zoom;
  const p = lngLatToWorldPixel(lng, lat, zoom, 1);
  return {
    x: Math.min(n - 1, Math.max(0, Math.floor(p.x))),
    y: Math.min(n - 1, Math.max(0, Math.floor(p.y))),
  };
}

export function tileBounds(x: number, y: number, z: number): TileBounds {
  const nw = worldPixelToLngLat(x, y, z, 1);
  const se = worldPixelToLngLat(x + 1, y + 1, z, 1);
  return { west: nw.lng, south: se.lat, east: se.lng, north: nw.lat };
}

/** Ground metres per pixel at a latitude: Mercator stretches by 1/cos(lat), so the ground shrinks by cos(lat). */
export function groundResolution(lat: number, zoom: number, tileSize: number = DEFAULT_TILE_SIZE): number {
  return (Math.cos(clampLat(lat) * DEG) * EARTH_CIRCUMFERENCE_M) / (tileSize * 2 ** zoom);
}

/**
 * The smallest integer zoom whose pixels are at least as fine as `metersPerPixel`, capped at `maxZoom`
 * (imagery runs out there; the caller upsamples instead).
 */
export function zoomForResolution(
  lat: number,
  metersPerPixel: number,
  tileSize: number = DEFAULT_TILE_SIZE,
  maxZoom = 22,
): number {
  if (!(metersPerPixel > 0)) throw new RangeError(`metersPerPixel must be positive, got ${metersPerPixel}`);
  const exact = Math.log2(groundResolution(lat, 0, tileSize) / metersPerPixel);
  // The tolerance keeps an exact match (e.g. 156543.03 m/px at z0) from rounding up a whole zoom.
  const zoom = Math.max(0, Math.ceil(exact - 1e-9));
  return Math.min(zoom, maxZoom);
}

/** Every tile at `zoom` that intersects the bounds, row by row from the north-west (no antimeridian wrap). */
export function tilesCovering(bounds: TileBounds, zoom: number): TileCoord[] {
  const nw = lngLatToTile(bounds.west, bounds.north, zoom);
  const se = lngLatToTile(bounds.east, bounds.south, zoom);
  const tiles: TileCoord[] = [];
  for (let y = Math.min(nw.y, se.y); y <= Math.max(nw.y, se.y); y++) {
    for (let x = Math.min(nw.x, se.x); x <= Math.max(nw.x, se.x); x++) tiles.push({ x, y });
  }
  return tiles;
}
