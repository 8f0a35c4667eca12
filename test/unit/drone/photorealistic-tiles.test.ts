// The cloud scene source against constructed 3D Tiles responses from a local HTTP server: which tiles it
// picks, that every request carries the key and the session while nothing it returns does, the
// attribution it builds from the glTF copyright, and what it refuses (other origins, private addresses).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ecefToEnu,
  enuToEcef,
  geodeticToEcef,
  IDENTITY,
  transformPoint,
  volumeNearPoint,
} from '../../../functions/media/aerial/tiles/earth-frame.ts';
import { GuardedGetError, guardedGet, redactKey } from '../../../functions/media/aerial/tiles/guarded-get.ts';
import {
  apiKeyFromSecret,
  geometricErrorFor,
  glbCopyright,
  resolvePhotorealisticTiles,
  TilesSourceError,
} from '../../../functions/media/aerial/tiles/photorealistic-tiles.ts';
import {
  parseSceneSource,
  tilesSceneProps,
} from '../../../functions/media/aerial/tiles/scene-source-config.ts';

const KEY = 'SECRET-KEY-7f3a';
const SESSION = 'S-42';
const PROPERTY = { lat: -33.882, lng: 151.2 };
const DEG = Math.PI / 180;

/** A region (radians, metres) of `halfDeg` around a point. */
const region = (lat: number, lng: number, halfDeg: number) => [
  (lng - halfDeg) * DEG,
  (lat - halfDeg) * DEG,
  (lng + halfDeg) * DEG,
  (lat + halfDeg) * DEG,
  -100,
  500,
];

/** A minimal GLB: the JSON chunk (asset with copyright) and no binary chunk. */
function glb(copyright: string | undefined): Buffer {
  let json = Buffer.from(JSON.stringify({ asset: { version: '2.0', ...(copyright ? { copyright } : {}) } }));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, json]);
}

// The tile's frame: east-north-up at the property, as 3D Tiles places local content.
const translation = [...enuToEcef(PROPERTY)];

const routes: Record<string, { body: unknown; needsSession?: boolean }> = {
  '/v1/3dtiles/root.json': {
    body: {
      asset: { version: '1.1' },
      geometricError: 10_000,
      root: {
        boundingVolume: { region: region(-30, 150, 10) },
        geometricError: 5_000,
        refine: 'REPLACE',
        children: [
          {
            boundingVolume: { region: region(PROPERTY.lat, PROPERTY.lng, 0.05) },
            geometricError: 100,
            content: { uri: `/v1/3dtiles/datasets/d/files/near.json?session=${SESSION}` },
          },
          {
            // Brisbane: nowhere near the property, so never fetched.
            boundingVolume: { region: region(-27.47, 153.02, 0.05) },
            geometricError: 100,
            content: { uri: `/v1/3dtiles/datasets/d/files/brisbane.json?session=${SESSION}` },
          },
        ],
      },
    },
  },
  '/v1/3dtiles/datasets/d/files/near.json': {
    needsSession: true,
    body: {
      asset: { version: '1.1' },
      geometricError: 100,
      root: {
        boundingVolume: { sphere: [0, 0, 0, 2_000] },
        transform: translation,
        geometricError: 20,
        refine: 'REPLACE',
        // Relative URIs: resolved against this tileset, the session carried over.
        content: { uri: 'coarse.glb' },
        children: [
          {
            boundingVolume: { box: [0, 0, 0, 300, 0, 0, 0, 300, 0, 0, 0, 100] },
            geometricError: 1,
            content: { uri: 'fine-1.glb' },
          },
          { boundingVolume: { sphere: [200, 0, 0, 150] }, geometricError: 1, content: { uri: 'fine-2.glb' } },
          // 20 km away: outside the property's radius.
          {
            boundingVolume: { sphere: [20_000, 0, 0, 300] },
            geometricError: 1,
            content: { uri: 'elsewhere.glb' },
          },
        ],
      },
    },
  },
  '/v1/3dtiles/datasets/d/files/coarse.glb': { needsSession: true, body: glb('Data Coarse') },
  '/v1/3dtiles/datasets/d/files/fine-1.glb': { needsSession: true, body: glb('Imagery Co; Data SIO') },
  '/v1/3dtiles/datasets/d/files/fine-2.glb': { needsSession: true, body: glb('Imagery Co') },
  '/v1/3dtiles/datasets/d/files/elsewhere.glb': { needsSession: true, body: glb('Nobody') },
};

let server: Server;
let origin: string;
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url);
    const route = routes[url.pathname];
    if (url.pathname === '/redirect-to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/busy') return void res.writeHead(503).end('busy');
    if (url.searchParams.get('key') !== KEY) return void res.writeHead(403).end('no key');
    if (!route) return void res.writeHead(404).end();
    if (route.needsSession && url.searchParams.get('session') !== SESSION)
      return void res.writeHead(403).end('no session');
    const body = Buffer.isBuffer(route.body) ? route.body : Buffer.from(JSON.stringify(route.body));
    res
      .writeHead(200, {
        'content-type': Buffer.isBuffer(route.body) ? 'model/gltf-binary' : 'application/json',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const local = guardedGet({ allowHttp: true, allowLoopback: true, maxBytes: 1_000_000, timeoutMs: 5_000 });
const key = { apiKey: async () => KEY };
const config = () => ({ rootUrl: `${origin}/v1/3dtiles/root.json`, brand: 'Google' });

describe('resolvePhotorealisticTiles', () => {
  it('picks the fine tiles near the property, with the session and without the key', async () => {
    requests.length = 0;
    const scene = await resolvePhotorealisticTiles(
      config(),
      { get: local, key },
      {
        center: PROPERTY,
        radiusM: 500,
        maxGeometricErrorM: 5,
      },
    );
    const names = scene.contents.map((c) => new URL(c.url).pathname.split('/').pop());
    expect(names).toEqual(['fine-1.glb', 'fine-2.glb']);
    for (const c of scene.contents) {
      const url = new URL(c.url);
      expect(url.searchParams.get('session')).toBe(SESSION);
      expect(url.searchParams.has('key')).toBe(false);
    }
    expect(JSON.stringify(scene)).not.toContain(KEY);
    expect(scene.origin).toBe(origin);
    // Every request carried the key; nothing outside the property's area was fetched.
    expect(requests.every((r) => r.searchParams.get('key') === KEY)).toBe(true);
    expect(requests.map((r) => r.pathname)).not.toContain('/v1/3dtiles/datasets/d/files/brisbane.json');
    expect(requests.map((r) => r.pathname)).not.toContain('/v1/3dtiles/datasets/d/files/elsewhere.glb');
  });

  it('stops at a coarser tile when the camera affords a larger error', async () => {
    const scene = await resolvePhotorealisticTiles(
      config(),
      { get: local, key },
      {
        center: PROPERTY,
        radiusM: 500,
        maxGeometricErrorM: 50,
      },
    );
    expect(scene.contents.map((c) => new URL(c.url).pathname.split('/').pop())).toEqual(['coarse.glb']);
    expect(scene.attribution).toBe('Google · Data Coarse');
  });

  it('draws the data providers of the chosen tiles after the brand, most frequent first', async () => {
    const scene = await resolvePhotorealisticTiles(
      config(),
      { get: local, key },
      {
        center: PROPERTY,
        radiusM: 500,
        maxGeometricErrorM: 5,
      },
    );
    expect(scene.attribution).toBe('Google · Imagery Co · Data SIO');
  });

  it('places glTF content in the scene: y-up glTF metres above the tile origin become z-up', async () => {
    const scene = await resolvePhotorealisticTiles(
      config(),
      { get: local, key },
      {
        center: PROPERTY,
        radiusM: 500,
        maxGeometricErrorM: 5,
      },
    );
    const [x, y, z] = transformPoint(scene.contents[0]!.matrix, [0, 10, 0]);
    expect(Math.abs(x)).toBeLessThan(1e-3);
    expect(Math.abs(y)).toBeLessThan(1e-3);
    expect(z).toBeCloseTo(10, 3);
  });

  it('refuses a tileset that links to another origin, naming it without the key', async () => {
    routes['/v1/3dtiles/evil.json'] = {
      body: {
        asset: { version: '1.1' },
        geometricError: 10,
        root: {
          boundingVolume: { region: region(PROPERTY.lat, PROPERTY.lng, 1) },
          geometricError: 10,
          content: { uri: 'https://attacker.example/x.json?key=leak' },
        },
      },
    };
    const error = await resolvePhotorealisticTiles(
      { ...config(), rootUrl: `${origin}/v1/3dtiles/evil.json` },
      { get: local, key },
      { center: PROPERTY, radiusM: 500, maxGeometricErrorM: 5 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TilesSourceError);
    expect((error as Error).message).toMatch(/links outside/);
    expect((error as Error).message).not.toContain(KEY);
  });

  it('fails with an actionable message when the endpoint rejects the key, without echoing it', async () => {
    const error = await resolvePhotorealisticTiles(
      config(),
      { get: local, key: { apiKey: async () => 'wrong' } },
      {
        center: PROPERTY,
        radiusM: 500,
        maxGeometricErrorM: 5,
      },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/HTTP 403/);
    expect((error as Error).message).toContain('key=***');
  });

  it('says so when there are no tiles at the location', async () => {
    await expect(
      resolvePhotorealisticTiles(
        config(),
        { get: local, key },
        {
          center: { lat: 51.5, lng: -0.12 },
          radiusM: 500,
          maxGeometricErrorM: 5,
        },
      ),
    ).rejects.toThrow(/no tiles at this location/);
  });

  it('refuses a root URL with the key in it (it would end up in messages)', async () => {
    await expect(
      resolvePhotorealisticTiles(
        { ...config(), rootUrl: `${origin}/v1/3dtiles/root.json?key=${KEY}` },
        { get: local, key },
        {
          center: PROPERTY,
          radiusM: 500,
          maxGeometricErrorM: 5,
        },
      ),
    ).rejects.toThrow(/must not contain the key/);
  });
});

describe('guardedGet (the SSRF guard on every tiles request)', () => {
  it('refuses loopback and plain http outside the local stack', async () => {
    const cloud = guardedGet({ allowHttp: false, allowLoopback: false, maxBytes: 1000, timeoutMs: 2000 });
    await expect(cloud(`${origin}/v1/3dtiles/root.json?key=${KEY}`)).rejects.toThrow(/https/);
    const https = guardedGet({ allowHttp: true, allowLoopback: false, maxBytes: 1000, timeoutMs: 2000 });
    const error = await https(`${origin}/v1/3dtiles/root.json?key=${KEY}`).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/private, loopback/);
    expect((error as Error).message).not.toContain(KEY);
  });

  it('checks every redirect hop (a redirect to the metadata service is refused)', async () => {
    await expect(local(`${origin}/redirect-to-metadata?key=${KEY}`)).rejects.toThrow(/redirect refused/);
  });

  it('marks what may succeed later: 5xx and no answer in time, not 403 or a refused hop', async () => {
    const quick = guardedGet({ allowHttp: true, allowLoopback: true, maxBytes: 1000, timeoutMs: 300 });
    const failed = (url: string) =>
      quick(url).then(
        () => undefined,
        (e: unknown) => e as GuardedGetError,
      );
    const busy = await failed(`${origin}/busy?key=${KEY}`);
    expect(busy).toBeInstanceOf(GuardedGetError);
    expect([busy?.transient, busy?.status, busy?.message]).toEqual([
      true,
      503,
      `GET ${origin}/busy?key=*** failed: HTTP 503`,
    ]);
    const hung = await failed(`${origin}/hang?key=${KEY}`);
    expect([hung?.transient, hung?.status, hung?.reason]).toEqual([
      true,
      undefined,
      'no response within 300 ms',
    ]);
    const denied = await failed(`${origin}/v1/3dtiles/root.json?key=wrong`);
    expect([denied?.transient, denied?.status]).toEqual([false, 403]);
    const refused = await failed(`${origin}/redirect-to-metadata?key=${KEY}`);
    expect(refused?.transient).toBe(false);
    // …and the tiles source's error keeps the mark, which decides whether the step is tried again.
    const error = await resolvePhotorealisticTiles(
      { ...config(), rootUrl: `${origin}/busy` },
      { get: quick, key },
      { center: PROPERTY, radiusM: 500, maxGeometricErrorM: 5 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TilesSourceError);
    expect((error as TilesSourceError).transient).toBe(true);
  });

  it('caps the body', async () => {
    const small = guardedGet({ allowHttp: true, allowLoopback: true, maxBytes: 10, timeoutMs: 2000 });
    await expect(small(`${origin}/v1/3dtiles/root.json?key=${KEY}`)).rejects.toThrow(/10-byte limit/);
  });

  it('masks the key in URLs it reports', () => {
    expect(redactKey('https://t.example/a.json?session=1&key=abc&x=2')).toBe(
      'https://t.example/a.json?session=1&key=***&x=2',
    );
  });
});

describe('glbCopyright', () => {
  it('reads asset.copyright providers from a GLB and refuses what is not one', () => {
    expect(glbCopyright(glb('A; B ;;C'), 'u')).toEqual(['A', 'B', 'C']);
    expect(glbCopyright(glb(undefined), 'u')).toEqual([]);
    expect(() => glbCopyright(Buffer.from('{"asset":{}}'), 'https://t/x.glb?key=K')).toThrow(
      /key=\*\*\* is not a binary glTF/,
    );
  });
});

describe('apiKeyFromSecret', () => {
  it('reads the secret once, as a plain string or {"apiKey": ...}', async () => {
    let reads = 0;
    const plain = apiKeyFromSecret(
      {
        secretString: async () => {
          reads += 1;
          return ` ${KEY}\n`;
        },
      },
      'tiles',
    );
    expect(await plain.apiKey()).toBe(KEY);
    expect(await plain.apiKey()).toBe(KEY);
    expect(reads).toBe(1);
    const json = apiKeyFromSecret({ secretString: async () => JSON.stringify({ apiKey: KEY }) }, 'tiles');
    expect(await json.apiKey()).toBe(KEY);
  });

  it('fails on an empty or malformed secret, and tries again next time', async () => {
    let value = '';
    const provider = apiKeyFromSecret({ secretString: async () => value }, 'tiles');
    await expect(provider.apiKey()).rejects.toThrow(/tiles is empty/);
    value = '{"other":1}';
    await expect(provider.apiKey()).rejects.toThrow(/no "apiKey"/);
    value = KEY;
    expect(await provider.apiKey()).toBe(KEY);
  });
});

describe('earth frame and selection maths', () => {
  it('puts the property centre at the origin of its east-north-up frame, north along +y', () => {
    const enu = ecefToEnu(PROPERTY);
    const origin = transformPoint(enu, geodeticToEcef(PROPERTY));
    expect(Math.hypot(...origin)).toBeLessThan(1e-6);
    const north = transformPoint(enu, geodeticToEcef({ lat: PROPERTY.lat + 0.001, lng: PROPERTY.lng }));
    expect(north[1]).toBeGreaterThan(100);
    expect(Math.abs(north[0])).toBeLessThan(0.5);
  });

  it('tests boxes, spheres and regions against the property with a radius', () => {
    const target = geodeticToEcef(PROPERTY);
    expect(volumeNearPoint({ sphere: [...target, 10] }, IDENTITY, target, 0)).toBe(true);
    expect(
      volumeNearPoint({ sphere: [target[0] + 1000, target[1], target[2], 10] }, IDENTITY, target, 500),
    ).toBe(false);
    expect(
      volumeNearPoint({ sphere: [target[0] + 1000, target[1], target[2], 10] }, IDENTITY, target, 995),
    ).toBe(true);
    expect(volumeNearPoint({ box: [...target, 50, 0, 0, 0, 50, 0, 0, 0, 50] }, IDENTITY, target, 0)).toBe(
      true,
    );
    expect(
      volumeNearPoint(
        { box: [target[0] + 400, target[1], target[2], 50, 0, 0, 0, 50, 0, 0, 0, 50] },
        IDENTITY,
        target,
        100,
      ),
    ).toBe(false);
    expect(volumeNearPoint({ region: region(PROPERTY.lat, PROPERTY.lng, 0.01) }, IDENTITY, target, 0)).toBe(
      true,
    );
    expect(
      volumeNearPoint({ region: region(PROPERTY.lat + 1, PROPERTY.lng, 0.01) }, IDENTITY, target, 1000),
    ).toBe(false);
  });

  it('affords about 2 m of geometric error at 150 m on a 1080p frame and half that at 4K', () => {
    expect(geometricErrorFor(150, 1080, 46)).toBeCloseTo(1.89, 1);
    expect(geometricErrorFor(150, 2160, 46)).toBeCloseTo(geometricErrorFor(150, 1080, 46) / 2, 6);
  });
});

describe('scene source configuration', () => {
  it('is offline unless the stage sets AERIAL_SCENE_SOURCE, and refuses a malformed value', () => {
    expect(parseSceneSource(undefined, 'AERIAL_SCENE_SOURCE')).toEqual({ source: 'offline' });
    const tiles = parseSceneSource(
      JSON.stringify({
        source: 'photorealistic-3d-tiles',
        rootUrl: 'https://tile.googleapis.com/v1/3dtiles/root.json',
        apiKeySecretName: 'pms/dev/map-tiles-key',
        brand: 'Google',
      }),
      'AERIAL_SCENE_SOURCE',
    );
    expect(tiles).toMatchObject({ source: 'photorealistic-3d-tiles', dracoDecoderPath: null });
    expect(() =>
      parseSceneSource(JSON.stringify({ source: 'photorealistic-3d-tiles' }), 'AERIAL_SCENE_SOURCE'),
    ).toThrow(/not a valid scene source/);
  });

  it('gives the composition tiles and the attribution line, with the key nowhere in the props', async () => {
    const props = await tilesSceneProps(
      {
        source: 'photorealistic-3d-tiles',
        rootUrl: `${origin}/v1/3dtiles/root.json`,
        apiKeySecretName: 'x',
        brand: 'Google',
        dracoDecoderPath: null,
      },
      { get: local, key },
      { center: PROPERTY, closestDistanceM: 150, frameHeightPx: 1080 },
    );
    expect(props.tiles?.contents.length).toBe(2);
    expect(props.attribution).toBe('Google · Imagery Co · Data SIO');
    expect(JSON.stringify(props)).not.toContain(KEY);
  });
});
