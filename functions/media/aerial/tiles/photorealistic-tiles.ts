// The cloud scene source: photorealistic 3D tiles (Google Map Tiles API, or any OGC 3D Tiles endpoint that
// serves a root tileset.json and glTF/GLB content) around a property, for the AerialScene composition.
// UNVERIFIED against the real service: written from the 3D Tiles 1.1 specification and Google's "create
// your own renderer" notes, tested against constructed responses (see docs/readme/drone.md).
//
// What it does, server-side, per job:
// - reads the API key through a port (Secrets Manager in the cloud) and never returns or logs it;
// - fetches the root tileset with the key, then walks the tile tree (external tilesets included), keeping
//   the tiles whose bounding volume comes near the property and refining until a tile's geometric error
//   is at most the error the camera needs; every URL must stay on the configured endpoint's origin and
//   passes the SSRF guard; the tileset's own query parameters (Google's `session`) are carried to every
//   child request, as the provider requires;
// - reads each selected glTF's `asset.copyright` (in memory, nothing stored: the provider's terms forbid
//   caching content) and builds the attribution line the terms require wherever the pictures are shown
//   (outputs report it; it is never drawn into a picture);
// - returns content URLs WITHOUT the key, each with the matrix that places it in the scene's east-north-
//   up metres. The renderer adds the key itself (a Remotion environment variable, not a prop), fetches
//   the tiles with its browser (whose HTTP cache follows the provider's Cache-Control) and draws them.
import { z } from 'zod';
import { cachedSecrets, type SecretReader } from '../../../core/secrets/secrets.ts';
import type { LatLng } from '../../../domain/geo-types.ts';
import {
  type BoundingVolume,
  ecefToEnu,
  geodeticToEcef,
  IDENTITY,
  type Mat4,
  multiply,
  volumeNearPoint,
  Y_UP_TO_Z_UP,
} from './earth-frame.ts';
import { type GuardedGet, GuardedGetError, redactKey } from './guarded-get.ts';

/** Port: where the tiles endpoint's API key comes from (Secrets Manager in the cloud). */
export interface TilesApiKey {
  apiKey(): Promise<string>;
}

/** The key from a named secret, read once per container; a JSON secret may hold it under `apiKey`. */
export function apiKeyFromSecret(reader: SecretReader, secretId: string): TilesApiKey {
  const secrets = cachedSecrets(reader);
  return { apiKey: () => secrets(secretId) };
}

interface PhotorealisticTilesConfig {
  /** The root tileset, e.g. https://tile.googleapis.com/v1/3dtiles/root.json (no key in it). */
  readonly rootUrl: string;
  /** The provider's brand attribution, before the data attributions (Google's terms: "Google"). */
  readonly brand: string;
  /** Walk limits: tileset documents fetched and contents selected per scene. */
  readonly maxTilesets?: number;
  readonly maxContents?: number;
}

interface TilesSceneRequest {
  readonly center: LatLng;
  /** Tiles within this many metres of the centre (the area the camera sees). */
  readonly radiusM: number;
  /** Refine until a tile's geometric error is at most this (metres; smaller is more detail). */
  readonly maxGeometricErrorM: number;
}

interface TilesContent {
  /** The glTF/GLB URL, with the tileset's own parameters (session) but without the API key. */
  readonly url: string;
  /** Column-major 4x4 from the glTF's (y-up) frame to the scene's east-north-up metres. */
  readonly matrix: readonly number[];
}

interface TilesScene {
  readonly contents: readonly TilesContent[];
  /** The brand, then every data provider of the selected tiles, most frequent first. */
  readonly attribution: string;
  /** The origin the renderer may fetch from (and must add the key for). */
  readonly origin: string;
}

export class TilesSourceError extends Error {
  /** Worth another attempt: the endpoint answered 5xx or 429, timed out or dropped the connection. */
  readonly transient: boolean;
  constructor(message: string, transient = false) {
    super(message);
    this.transient = transient;
    this.name = 'TilesSourceError';
  }
}

// 3D Tiles 1.0/1.1, the fields selection needs; anything else is ignored.
const volumeSchema = z
  .object({
    box: z.array(z.number()).length(12).optional(),
    region: z.array(z.number()).length(6).optional(),
    sphere: z.array(z.number()).length(4).optional(),
  })
  .refine((v) => v.box || v.region || v.sphere, 'a bounding volume needs a box, region or sphere');
interface TileJson {
  boundingVolume: BoundingVolume;
  geometricError: number;
  refine?: 'ADD' | 'REPLACE' | 'add' | 'replace' | undefined;
  transform?: number[] | undefined;
  content?: { uri?: string | undefined; url?: string | undefined } | undefined;
  children?: TileJson[] | undefined;
}
const tileSchema: z.ZodType<TileJson> = z.lazy(() =>
  z.object({
    boundingVolume: volumeSchema,
    geometricError: z.number().nonnegative(),
    refine: z.enum(['ADD', 'REPLACE', 'add', 'replace']).optional(),
    transform: z.array(z.number()).length(16).optional(),
    content: z.object({ uri: z.string().optional(), url: z.string().optional() }).optional(),
    children: z.array(tileSchema).optional(),
  }),
);
const tilesetSchema = z.object({
  asset: z.object({ version: z.string() }),
  geometricError: z.number().nonnegative(),
  root: tileSchema,
});

export async function resolvePhotorealisticTiles(
  config: PhotorealisticTilesConfig,
  ports: { readonly get: GuardedGet; readonly key: TilesApiKey },
  request: TilesSceneRequest,
): Promise<TilesScene> {
  const root = new URL(config.rootUrl);
  if (root.searchParams.has('key')) throw new TilesSourceError('the tiles root URL must not contain the key');
  const key = await ports.key.apiKey();
  const target = geodeticToEcef(request.center);
  const toScene = ecefToEnu(request.center);
  const maxTilesets = config.maxTilesets ?? 200;
  const maxContents = config.maxContents ?? 400;
  const withKey = (url: URL) => {
    const keyed = new URL(url);
    keyed.searchParams.set('key', key);
    return keyed.toString();
  };
  const fetchWithKey = async (url: URL): Promise<Buffer> => {
    try {
      return (await ports.get(withKey(url))).bytes;
    } catch (error) {
      // The guarded GET masks the key in its own message; nothing else here may carry it.
      if (error instanceof GuardedGetError)
        throw new TilesSourceError(`tiles endpoint: ${error.message}`, error.transient);
      throw error;
    }
  };

  /** A child URI resolved against its tileset, kept on the endpoint's origin, with inherited parameters. */
  const resolveChild = (uri: string, base: URL): URL => {
    const url = new URL(uri, base);
    if (url.origin !== root.origin)
      throw new TilesSourceError(`the tileset links outside ${root.origin}: ${redactKey(url.toString())}`);
    for (const [name, value] of base.searchParams) {
      if (name !== 'key' && !url.searchParams.has(name)) url.searchParams.set(name, value);
    }
    url.searchParams.delete('key');
    return url;
  };

  let tilesets = 0;
  const contents: TilesContent[] = [];
  const loadTileset = async (url: URL) => {
    tilesets += 1;
    if (tilesets > maxTilesets)
      throw new TilesSourceError(`more than ${maxTilesets} tilesets around the property`);
    const bytes = await fetchWithKey(url);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new TilesSourceError(`${redactKey(url.toString())} is not JSON`);
    }
    const parsed = tilesetSchema.safeParse(json);
    if (!parsed.success)
      throw new TilesSourceError(
        `${redactKey(url.toString())} is not a 3D Tiles tileset: ${parsed.error.issues[0]?.message}`,
      );
    return parsed.data;
  };

  const walk = async (tile: TileJson, parent: Mat4, base: URL): Promise<void> => {
    const transform = tile.transform ? multiply(parent, tile.transform) : parent;
    if (!volumeNearPoint(tile.boundingVolume, transform, target, request.radiusM)) return;
    const uri = tile.content?.uri ?? tile.content?.url;
    const children = tile.children ?? [];
    const fineEnough = tile.geometricError <= request.maxGeometricErrorM || children.length === 0;
    const additive = (tile.refine ?? 'REPLACE').toUpperCase() === 'ADD';
    if (uri) {
      const url = resolveChild(uri, base);
      if (/\.json$/i.test(url.pathname)) {
        // An external tileset: its root continues this tile.
        const external = await loadTileset(url);
        await walk(external.root, transform, url);
      } else if (fineEnough || additive) {
        if (contents.length >= maxContents)
          throw new TilesSourceError(`more than ${maxContents} tiles around the property`);
        contents.push({ url: url.toString(), matrix: multiply(toScene, multiply(transform, Y_UP_TO_Z_UP)) });
      }
    }
    if (fineEnough && uri && !/\.json$/i.test(new URL(uri, base).pathname)) return;
    for (const child of children) await walk(child, transform, base);
  };

  const rootTileset = await loadTileset(root);
  await walk(rootTileset.root, IDENTITY, root);
  if (contents.length === 0) throw new TilesSourceError('the tiles endpoint has no tiles at this location');

  // Attribution from the selected tiles themselves (glTF asset.copyright, ';'-separated), aggregated and
  // sorted by how many tiles name each provider. Read in memory and dropped.
  const counts = new Map<string, number>();
  for (const content of contents) {
    for (const name of glbCopyright(await fetchWithKey(new URL(content.url)), content.url)) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const providers = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([n]) => n);
  return {
    contents,
    attribution: [config.brand, ...providers].filter(Boolean).join(' · '),
    origin: root.origin,
  };
}

/** The data providers a GLB names in its JSON chunk's asset.copyright. */
export function glbCopyright(bytes: Buffer, url: string): string[] {
  const where = redactKey(url);
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'glTF')
    throw new TilesSourceError(`${where} is not a binary glTF (GLB)`);
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== 0x4e4f534a || 20 + jsonLength > bytes.length)
    throw new TilesSourceError(`${where} has no JSON chunk`);
  let gltf: { asset?: { copyright?: unknown } };
  try {
    gltf = JSON.parse(bytes.toString('utf8', 20, 20 + jsonLength)) as typeof gltf;
  } catch {
    throw new TilesSourceError(`${where} has a broken JSON chunk`);
  }
  const copyright = gltf.asset?.copyright;
  return typeof copyright === 'string'
    ? copyright
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/**
 * The geometric error a camera can afford: the error that shows as `maxScreenErrorPx` pixels at
 * `distanceM` on a frame `heightPx` tall with a vertical field of view of `fovDeg` (3D Tiles'
 * screen-space error; 16 px is CesiumJS's default).
 */
export function geometricErrorFor(
  distanceM: number,
  heightPx: number,
  fovDeg: number,
  maxScreenErrorPx = 16,
): number {
  return (maxScreenErrorPx * 2 * distanceM * Math.tan((fovDeg * Math.PI) / 360)) / heightPx;
}
