// The stage's aerial scene source as the drone steps use it (their `sceneSource` port, made by functions/wiring/capabilities/aerial-scene.ts). Offline (every stage unless configured):
// nothing to add, the composition draws the synthetic scene the prepare step stored. Photorealistic 3D
// tiles (AERIAL_SCENE_SOURCE): the step selects the tiles for the closest camera distance of the still or
// the footage path (functions/media/aerial/tiles), adds them to the props, reports their provenance with
// the attribution line (never drawn into the picture), and names the API key's secret in the render request's secretEnv. The key itself is read by the step (to
// fetch tilesets) and by the render port when the render starts; it is never in props, job records or
// Step Functions state.
import { JobError, TransientError } from '../../core/errors.ts';
import type { StageUrlRules } from '../../core/outbound/url-policy.ts';
import type { SecretReader } from '../../core/secrets/secrets.ts';
import type { LatLng } from '../../domain/geo-types.ts';
import { type ImageryLicences, type ImageryProvenance, providerProvenance } from '../imagery/provenance.ts';
import { type AerialSceneProps, TILES_KEY_ENV } from '../remotion/aerial-compositions.ts';
import type { SecretEnv } from '../rendering/renderer.ts';
import { guardedGet } from './tiles/guarded-get.ts';
import { apiKeyFromSecret, TilesSourceError } from './tiles/photorealistic-tiles.ts';
import { type AerialSceneSourceConfig, tilesSceneProps } from './tiles/scene-source-config.ts';

interface SceneView {
  readonly center: LatLng;
  /** The closest the camera comes to the property (a still's distance, a path's minimum), metres. */
  readonly closestDistanceM: number;
  /** The output frame's height in pixels (detail is chosen for it). */
  readonly frameHeightPx: number;
}

/** What a cloud source adds to a render: props for the composition and the secrets its page needs. */
interface SceneAdditions {
  readonly props: Pick<AerialSceneProps, 'tiles'>;
  readonly secretEnv: SecretEnv;
  /** The tiles' provenance: the stage's licence for them and their attribution line. */
  readonly provenance: ImageryProvenance;
}

export interface AerialSceneSource {
  /** Undefined for the offline source (the prepared scene is complete). */
  additionsFor(view: SceneView): Promise<SceneAdditions | undefined>;
}

/** A render request with a cloud source's additions: the tiles in its props, the key's secret named. */
export function withAdditions<
  R extends { readonly inputProps: Record<string, unknown>; readonly secretEnv?: SecretEnv },
>(request: R, additions: SceneAdditions | undefined): R {
  if (!additions) return request;
  return {
    ...request,
    inputProps: { ...request.inputProps, ...additions.props },
    secretEnv: additions.secretEnv,
  };
}

/** The scene source of a configuration, reading secrets through `reader`. */
export function aerialSceneSource(
  config: AerialSceneSourceConfig,
  reader: () => SecretReader,
  rules: StageUrlRules,
  licences: () => ImageryLicences,
): AerialSceneSource {
  if (config.source === 'offline') return { additionsFor: async () => undefined };
  // The outbound tiles policy: tiles documents and GLBs are small, so a large one is refused.
  const get = guardedGet(rules);
  let key: ReturnType<typeof apiKeyFromSecret> | undefined;
  return {
    async additionsFor(view) {
      key ??= apiKeyFromSecret(reader(), config.apiKeySecretName);
      let tiles: Awaited<ReturnType<typeof tilesSceneProps>>;
      try {
        tiles = await tilesSceneProps(config, { get, key }, view);
      } catch (error) {
        // The tiles module's messages name the URL with the key masked, and the reason. A 5xx, 429 or
        // timeout is retried by the state machine (TransientError); anything else fails the job.
        const message = `The photorealistic 3D tiles could not be loaded: ${(error as Error).message}`;
        if (error instanceof TilesSourceError && error.transient) throw new TransientError(message);
        throw new JobError('SCENE_SOURCE_FAILED', message);
      }
      return {
        props: { tiles: tiles.tiles },
        secretEnv: { [TILES_KEY_ENV]: config.apiKeySecretName },
        provenance: providerProvenance(licences(), 'photorealistic-3d-tiles', {
          attribution: tiles.attribution,
        }),
      };
    },
  };
}
