// The cloud scene in the browser: loads the photorealistic 3D tiles the job selected (glTF/GLB, Draco
// when a decoder path is given), places each with its matrix in the scene's east-north-up metres, and
// drops the whole set so the ground under the property centre is at height 0 (the camera orbits there).
// The API key comes from the render's environment, is added only to requests to the tiles origin, and
// is never in props or logs. The browser's HTTP cache is the only cache (it follows Cache-Control).
import { staticFile } from 'remotion';
import * as THREE from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { type AerialTiles, TILES_KEY_ENV } from './aerial-compositions.ts';

/** The key as the renderer passed it (Remotion's envVariables land on window.process.env while rendering). */
function tilesKey(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[TILES_KEY_ENV];
}

function keyedUrl(url: string, origin: string, key: string | undefined): string {
  const parsed = new URL(url);
  if (parsed.origin !== origin)
    throw new Error(`AerialScene: tile outside the tiles origin: ${parsed.origin}`);
  if (key) parsed.searchParams.set('key', key);
  return parsed.toString();
}

export async function loadTiles(tiles: AerialTiles): Promise<THREE.Group> {
  const loader = new GLTFLoader();
  // Draco-compressed tiles (Google's) need the decoder: the stage's path, else the copy served with
  // the site (lib/remotion/site-bundle.ts). It is only fetched when a tile uses Draco.
  const draco = new DRACOLoader();
  draco.setDecoderPath(tiles.dracoDecoderPath ?? staticFile('draco/'));
  loader.setDRACOLoader(draco);
  const key = tilesKey();
  const group = new THREE.Group();
  const loaded = await Promise.all(
    tiles.contents.map(async (content) => {
      const gltf = await loader
        .loadAsync(keyedUrl(content.url, tiles.origin, key))
        .catch((error: unknown) => {
          // The loader's message can quote the URL: say which tile without the key.
          throw new Error(
            `AerialScene: a tile did not load (${new URL(content.url).pathname}): ${String(error).replace(/key=[^&\s]*/g, 'key=***')}`,
          );
        });
      const holder = new THREE.Group();
      holder.matrixAutoUpdate = false;
      holder.matrix.fromArray(content.matrix as number[]);
      holder.add(gltf.scene);
      return holder;
    }),
  );
  for (const holder of loaded) group.add(holder);
  group.updateMatrixWorld(true);
  // Ground height under the centre: the tiles are on the ellipsoid's frame, the property sits on terrain.
  const hit = new THREE.Raycaster(
    new THREE.Vector3(0, 0, 20_000),
    new THREE.Vector3(0, 0, -1),
  ).intersectObject(group, true)[0];
  if (hit) {
    group.position.z = -hit.point.z;
    group.updateMatrixWorld(true);
  }
  return group;
}
