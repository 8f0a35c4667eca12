// A constructed photorealistic 3D Tiles endpoint for tests (one tile, keyed), and the minimal binary glTF
// (GLB) with real geometry it serves: one flat square of `halfSizeM` metres around the origin (glTF is
// y-up, so the square lies in x/z), one colour, a lit PBR material as photogrammetry tiles declare it,
// and the provider's `asset.copyright`.
import type { ServerResponse } from 'node:http';
import type { LatLng } from '../../functions/domain/geo-types.ts';
import { enuToEcef } from '../../functions/media/aerial/tiles/earth-frame.ts';

export interface TilesRequest {
  readonly path: string;
  readonly key: string | null;
  /** Made by the renderer's Chromium (its user agent), not by the job. */
  readonly browser: boolean;
}

/**
 * A 3D Tiles endpoint under /v1/3dtiles/ with one tile: `root.json` places `ground.glb`, a square of
 * `halfSizeM` in `rgb`, in the east-north-up frame at the centre given to `placeAt`. It answers only
 * requests carrying `key` (403 otherwise, 404 for what it does not have) and records every request.
 * `route` plugs into bench/aerial-fixture.ts's memoryMedia.
 */
export function oneTileEndpoint(options: {
  readonly key: string;
  readonly halfSizeM: number;
  readonly rgb: [number, number, number];
  readonly copyright: string;
}) {
  const requests: TilesRequest[] = [];
  let routes: Record<string, Buffer> = {};
  return {
    requests,
    placeAt(center: LatLng) {
      routes = {
        '/v1/3dtiles/root.json': Buffer.from(
          JSON.stringify({
            asset: { version: '1.1' },
            geometricError: 100,
            root: {
              transform: [...enuToEcef(center)],
              boundingVolume: { sphere: [0, 0, 0, options.halfSizeM * 1.5] },
              geometricError: 0.5,
              refine: 'REPLACE',
              content: { uri: 'ground.glb' },
            },
          }),
        ),
        '/v1/3dtiles/ground.glb': glbSquare(options),
      };
    },
    route(url: URL, res: ServerResponse): boolean {
      if (!url.pathname.startsWith('/v1/3dtiles/')) return false;
      requests.push({
        path: url.pathname,
        key: url.searchParams.get('key'),
        browser: /Chrome/.test(res.req.headers['user-agent'] ?? ''),
      });
      const body = routes[url.pathname];
      if (url.searchParams.get('key') !== options.key) res.writeHead(403).end('API key not valid');
      else if (!body) res.writeHead(404).end();
      else
        res
          .writeHead(200, {
            'content-type': url.pathname.endsWith('.glb') ? 'model/gltf-binary' : 'application/json',
          })
          .end(body);
      return true;
    },
  };
}

export function glbSquare(options: {
  halfSizeM: number;
  rgb: [number, number, number];
  copyright: string;
}): Buffer {
  const h = options.halfSizeM;
  const positions = new Float32Array([-h, 0, -h, h, 0, -h, h, 0, h, -h, 0, h]);
  const indices = new Uint16Array([0, 2, 1, 0, 3, 2]);
  const positionBytes = Buffer.from(positions.buffer);
  const indexBytes = Buffer.from(indices.buffer);
  const bin = Buffer.concat([positionBytes, indexBytes, Buffer.alloc((4 - (indexBytes.length % 4)) % 4)]);
  const gltf = {
    asset: { version: '2.0', copyright: options.copyright },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [
      {
        pbrMetallicRoughness: {
          baseColorFactor: [...options.rgb.map((c) => (c / 255) ** 2.2), 1],
          metallicFactor: 0,
          roughnessFactor: 1,
        },
        doubleSided: true,
      },
    ],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positionBytes.length, target: 34962 },
      { buffer: 0, byteOffset: positionBytes.length, byteLength: indexBytes.length, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [-h, 0, -h], max: [h, 0, h] },
      { bufferView: 1, componentType: 5123, count: 6, type: 'SCALAR' },
    ],
  };
  let json = Buffer.from(JSON.stringify(gltf));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  const chunk = (type: number, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, json), chunk(0x004e4942, bin)]);
}
