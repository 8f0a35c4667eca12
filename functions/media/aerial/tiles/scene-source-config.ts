// Which scene source the drone kinds draw from, as stage configuration: the offline synthetic model (the
// default everywhere) or photorealistic 3D tiles from a configured endpoint whose API key is in Secrets
// Manager. Read from one environment variable the stack sets (absent: offline; the aerial scene capability names it), so turning the cloud source
// on is configuration, not code. And the step between the tiles source and the composition's props.
import { z } from 'zod';
import type { LatLng } from '../../../domain/geo-types.ts';
import type { AerialSceneProps } from '../../remotion/aerial-compositions.ts';
import type { GuardedGet } from './guarded-get.ts';
import { geometricErrorFor, resolvePhotorealisticTiles, type TilesApiKey } from './photorealistic-tiles.ts';

const configSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('offline') }),
  z.object({
    source: z.literal('photorealistic-3d-tiles'),
    /** Root tileset without the key, e.g. https://tile.googleapis.com/v1/3dtiles/root.json. */
    rootUrl: z.url(),
    /** Secrets Manager secret holding the key (plain string or {"apiKey": "..."}). */
    apiKeySecretName: z.string().min(1),
    /** Brand attribution, first in the attribution line outputs report ("Google" for Google's tiles). */
    brand: z.string().min(1),
    /** Where three's Draco decoder is served (Google's tiles are Draco-compressed); null: the site's own copy. */
    dracoDecoderPath: z.string().nullable().default(null),
  }),
]);
export type AerialSceneSourceConfig = z.infer<typeof configSchema>;

/** The stage's scene source from its variable's value (`variable`); offline when unset. A malformed value fails fast. */
export function parseSceneSource(raw: string | undefined, variable: string): AerialSceneSourceConfig {
  if (!raw) return { source: 'offline' };
  const parsed = configSchema.safeParse(JSON.parse(raw));
  if (!parsed.success)
    throw new Error(`${variable} is not a valid scene source: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Lens and frame the tile detail is chosen for (the camera model's 46° vertical field of view). */
const FOV_DEG = 46;
/** Tiles this far around the property (the detailed ground square of the offline scene is 768 m). */
const TILES_RADIUS_M = 600;

/**
 * The composition's tiles and attribution for a property: detail for the closest camera distance of the
 * still or the footage path, on the output's frame height.
 */
export async function tilesSceneProps(
  config: Extract<AerialSceneSourceConfig, { source: 'photorealistic-3d-tiles' }>,
  ports: { readonly get: GuardedGet; readonly key: TilesApiKey },
  request: { readonly center: LatLng; readonly closestDistanceM: number; readonly frameHeightPx: number },
): Promise<{ readonly tiles: NonNullable<AerialSceneProps['tiles']>; readonly attribution: string }> {
  const scene = await resolvePhotorealisticTiles({ rootUrl: config.rootUrl, brand: config.brand }, ports, {
    center: request.center,
    radiusM: TILES_RADIUS_M,
    maxGeometricErrorM: geometricErrorFor(request.closestDistanceM, request.frameHeightPx, FOV_DEG),
  });
  return {
    tiles: { contents: scene.contents, origin: scene.origin, dracoDecoderPath: config.dracoDecoderPath },
    attribution: scene.attribution,
  };
}
