// The aerial scene row's factory: the stage's scene source from its variables (AERIAL_SCENE_SOURCE, unset:
// offline); loopback and plain http follow the image fetcher's local-stack switches.
import { type AerialSceneSource, aerialSceneSource } from '../../media/aerial/scene-source.ts';
import { parseSceneSource } from '../../media/aerial/tiles/scene-source-config.ts';
import { stageSecretReader } from '../secrets.ts';
import { stageImageryLicences } from './providers.ts';

export interface AerialSceneVariables {
  readonly source: string | undefined;
  readonly allowHttp: string | undefined;
  readonly allowLoopback: string | undefined;
  readonly imageryLicences: string | undefined;
  readonly secretsFile: string | undefined;
}

let stage: AerialSceneSource | undefined;

/** The stage's scene source, built once per container. */
export function stageSceneSource(v: AerialSceneVariables): AerialSceneSource {
  stage ??= aerialSceneSource(
    parseSceneSource(v.source, 'AERIAL_SCENE_SOURCE'),
    () => stageSecretReader(v.secretsFile),
    { allowHttp: v.allowHttp === 'true', allowLoopback: v.allowLoopback === 'true' },
    () => stageImageryLicences(v.imageryLicences),
  );
  return stage;
}
