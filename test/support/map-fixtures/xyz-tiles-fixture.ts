// A {z}/{x}/{y} tile service serving the known scene, written from the tile scheme's published description
// (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames; the same grid as WMTS's Google-compatible Web
// Mercator tile matrix set): zoom z splits the Web Mercator square (±π·6 378 137 m) into 2^z × 2^z tiles,
// x counted east from the antimeridian and y south from the top edge; each tile is tileSize pixels a side.
// Any tile at any zoom up to maxZoom is drawn; beyond it, or off the grid, 404 (as Nearmap's Tile API and
// WMTS REST endpoints answer a tile they do not have). A key, when set, is wanted in its query parameter.
import {
  type ImageryFixture,
  type ImageryRoute,
  type Misbehaviour,
  type RouteAnswer,
  startImageryServer,
} from './imagery-server.ts';
import { drawScene, MERCATOR_HALF_WORLD_M } from './scene-raster.ts';

export interface XyzTilesFixtureOptions {
  /** Default 22. */
  readonly maxZoom?: number;
  readonly tileSize?: 256 | 512;
  readonly format?: 'jpeg' | 'png';
  /** The key wanted, and its query parameter (Nearmap's `apikey`). */
  readonly apiKey?: { readonly param: string; readonly value: string };
  readonly misbehave?: Misbehaviour;
}

export function startXyzTilesFixture(options: XyzTilesFixtureOptions = {}): Promise<ImageryFixture> {
  const maxZoom = options.maxZoom ?? 22;
  const tileSize = options.tileSize ?? 256;
  const format = options.format ?? 'jpeg';
  const extension = format === 'png' ? 'png' : 'jpg';
  const notFound: RouteAnswer = {
    kind: 'plain',
    answer: { status: 404, contentType: 'text/plain', body: 'Tile not found' },
  };
  const route: ImageryRoute = {
    errorAnswer: (message) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ error: message }),
    }),
    async answer(url) {
      if (options.apiKey && url.searchParams.get(options.apiKey.param) !== options.apiKey.value)
        return { kind: 'plain', answer: { status: 401, contentType: 'text/plain', body: 'Invalid API key' } };
      const match = new RegExp(`^/tiles/(\\d+)/(\\d+)/(\\d+)\\.${extension}$`).exec(url.pathname);
      if (!match) return notFound;
      const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
      const n = 2 ** z;
      if (z > maxZoom || x >= n || y >= n) return notFound;
      const size = (2 * MERCATOR_HALF_WORLD_M) / n;
      const box = {
        minX: -MERCATOR_HALF_WORLD_M + x * size,
        maxX: -MERCATOR_HALF_WORLD_M + (x + 1) * size,
        maxY: MERCATOR_HALF_WORLD_M - y * size,
        minY: MERCATOR_HALF_WORLD_M - (y + 1) * size,
      };
      return {
        kind: 'picture',
        picture: {
          width: tileSize,
          height: tileSize,
          format,
          draw: (w, h) => drawScene({ crs: 'EPSG:3857', box, width: w, height: h, format }),
        },
      };
    },
  };
  return startImageryServer(route, (origin) => `${origin}/tiles/{z}/{x}/{y}.${extension}`, options.misbehave);
}
