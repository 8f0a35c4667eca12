// The cloud scene source wired end to end, against a constructed 3D Tiles endpoint on a local server that
// answers only requests carrying the API key: the drone still step selects the tiles (reading the key from
// the secret), the still renderer's page gets the key from the render environment (never from props) and
// fetches the GLB itself, the tile is drawn where the property is, and the provider's attribution is in
// the output. Footage does the same through the video port. Rendered for real with Debian's Chromium.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemoryMedia, memoryMedia, syntheticAerialScene } from '../../../bench/aerial-fixture.ts';
import { JobError } from '../../../functions/core/errors.ts';
import type { MediaStore } from '../../../functions/core/media/media-store.ts';
import type { SecretReader } from '../../../functions/core/secrets/secrets.ts';
import { renderDroneStill } from '../../../functions/jobs/drone/render-steps.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import { prepareFootage } from '../../../functions/jobs/drone/steps.ts';
import { type AerialSceneSource, aerialSceneSource } from '../../../functions/media/aerial/scene-source.ts';
import { SyntheticNadirImagery } from '../../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { TILES_KEY_ENV } from '../../../functions/media/remotion/aerial-compositions.ts';
import { LocalRenderer } from '../../../functions/media/rendering/local-renderer.ts';
import { LocalStillRenderer } from '../../../functions/media/rendering/local-still-renderer.ts';
import type { RenderRequest } from '../../../functions/media/rendering/renderer.ts';
import { withSecretEnv, withSecretEnvStill } from '../../../functions/media/rendering/secret-env.ts';
import { SyntheticSiteSource } from '../../../functions/media/site/synthetic-site.ts';
import { IMAGERY_LICENCES } from '../../../lib/config/stages.ts';
import { ensureSiteBundle } from '../../../lib/remotion/site-bundle.ts';
import { fakeLocationProviders, resolvedLocation, stepJob } from '../../support/fakes.ts';
import { probeVideo } from '../../support/media-probe.ts';
import { oneTileEndpoint } from '../../support/tiles-endpoint.ts';

const KEY = 'TILES-KEY-93be';
const SECRET = 'pms/test/map-tiles-key';
const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
const RED: [number, number, number] = [220, 30, 30];
const job = stepJob({ job_id: 'j1', org_id: 'org', mode: 'test', job_type: 'drone_stills' });

const endpoint = oneTileEndpoint({ key: KEY, halfSizeM: 60, rgb: RED, copyright: 'Imagery Co' });
const requests = endpoint.requests;
let media: MemoryMedia;
let origin: string;
let scene: PreparedAerialScene;
const secrets: SecretReader = {
  secretString: async (id) => {
    if (id !== SECRET) throw new Error(`secret ${id} not found`);
    return JSON.stringify({ apiKey: KEY });
  },
};

function tilesSource(rootPath = '/v1/3dtiles/root.json'): AerialSceneSource {
  return aerialSceneSource(
    {
      source: 'photorealistic-3d-tiles',
      rootUrl: `${origin}${rootPath}`,
      apiKeySecretName: SECRET,
      brand: 'Google',
      dracoDecoderPath: null,
    },
    () => secrets,
    { allowHttp: true, allowLoopback: true },
    () => IMAGERY_LICENCES,
  );
}

beforeAll(async () => {
  // The job's media (scene, renders) and, on the same origin, a 3D Tiles endpoint that wants the key.
  media = await memoryMedia(endpoint.route);
  origin = media.base;
  scene = await syntheticAerialScene(media, 'scene', ADDRESS);
  // One tile: a red square 120 m across centred on the property, in the property's east-north-up frame.
  endpoint.placeAt(scene.propertyCenter);
}, 120_000);

afterAll(() => media?.close());

/** The served memory media as the steps' media port: reads give back a file, URLs are where it is served. */
function mediaPort(memory: MemoryMedia): MediaStore {
  return {
    put: (key, body, contentType, extra) => memory.put(key, body, contentType, extra),
    async get(key) {
      const file = memory.files.get(key);
      if (!file) throw new Error(`no media file ${key}`);
      return file.body;
    },
    async sign(key, now) {
      const { url } = await memory.sign(key);
      return { url, expiresAt: new Date(now.getTime() + 3_600_000).toISOString() };
    },
    keyOf: (url) => memory.keyOf(url),
  };
}

/** Mean colour of a centred box covering `share` of the frame's width and height. */
async function centreColour(jpeg: Buffer, share: number): Promise<number[]> {
  const meta = await sharp(jpeg).metadata();
  const w = Math.round(meta.width! * share);
  const h = Math.round(meta.height! * share);
  // stats() reads the input, not the pipeline: extract to a buffer first.
  const region = await sharp(jpeg)
    .extract({
      left: Math.round((meta.width! - w) / 2),
      top: Math.round((meta.height! - h) / 2),
      width: w,
      height: h,
    })
    .toBuffer();
  const { channels } = await sharp(region).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

describe('drone still from photorealistic 3D tiles', () => {
  it('draws the tile at the property with the key from the secret, and reports the attribution', async () => {
    const still = withSecretEnvStill(
      new LocalStillRenderer({ serveUrl: await ensureSiteBundle() }),
      () => secrets,
    );
    requests.length = 0;
    const output = await renderDroneStill(
      {
        job,
        input: { address: ADDRESS, camera: { azimuth: 0, tilt: 0, distance: 300, pitch: 0 }, options: {} },
        scene,
      },
      { stillRenderer: still, media: mediaPort(media), sceneSource: tilesSource() },
    );
    expect(output).toMatchObject({
      scene_source: 'photorealistic-3d-tiles',
      attribution: 'Google · Imagery Co',
    });
    const jpeg = media.files.get(output.image.s3_key)!.body;
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 3840, height: 2160 });
    // Straight down from 300 m the 120 m square fills the middle of the frame: red there.
    const [r, g, b] = await centreColour(jpeg, 0.2);
    expect(r).toBeGreaterThan(120);
    expect(r).toBeGreaterThan(2 * g!);
    expect(r).toBeGreaterThan(2 * b!);
    // The job read the tileset and the GLB's copyright with the key; the browser fetched the GLB itself,
    // with the key it got from the render environment (the props carry no key).
    expect(requests.filter((q) => !q.browser).map((q) => q.path)).toEqual([
      '/v1/3dtiles/root.json',
      '/v1/3dtiles/ground.glb',
    ]);
    expect(requests.filter((q) => q.browser)).toEqual([
      { path: '/v1/3dtiles/ground.glb', key: KEY, browser: true },
    ]);
    expect(requests.every((q) => q.key === KEY)).toBe(true);
  }, 240_000);

  it('fails the job naming the secret when it cannot be read, and masks the key when it is refused', async () => {
    const missing = aerialSceneSource(
      {
        source: 'photorealistic-3d-tiles',
        rootUrl: `${origin}/v1/3dtiles/root.json`,
        apiKeySecretName: 'pms/test/absent',
        brand: 'Google',
        dracoDecoderPath: null,
      },
      () => secrets,
      { allowHttp: true, allowLoopback: true },
      () => IMAGERY_LICENCES,
    );
    const view = { center: scene.propertyCenter, closestDistanceM: 200, frameHeightPx: 2160 };
    const error = await missing.additionsFor(view).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobError);
    expect((error as JobError).name).toBe('SCENE_SOURCE_FAILED');
    expect((error as Error).message).toMatch(/secret pms\/test\/absent not found/);
    const refused = await tilesSource('/v1/3dtiles/missing.json')
      .additionsFor(view)
      .catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/HTTP 404/);
    expect((refused as Error).message).not.toContain(KEY);
  });
});

describe('drone footage from photorealistic 3D tiles', () => {
  it('names the key secret in the render request, and the page fetches the tiles with it', async () => {
    const prepared = await prepareFootage(
      {
        job: { ...job, job_type: 'drone_footage' },
        input: { address: ADDRESS, options: { style: 'front_left_zoom', duration: 3 } },
        location: resolvedLocation({ lat: -33.882, lng: 151.2 }),
      },
      {
        // No geocoder: the location is given.
        providers: fakeLocationProviders({
          site: new SyntheticSiteSource(),
          imagery: new SyntheticNadirImagery(),
        }),
        media: mediaPort(media),
        clock: { now: () => new Date() },
        // 192x108: the footage is checked for its size and the page's tile requests, not its pixels.
        renderScale: 0.1,
        sceneSource: tilesSource(),
        // No renditions or branding: the end card's fonts and logo are never read.
        slideFonts: undefined as never,
        fetchImage: undefined as never,
      },
    );
    // No renditions: one render, as before.
    const request = prepared.request as RenderRequest;
    expect(request.secretEnv).toEqual({ [TILES_KEY_ENV]: SECRET });
    expect(prepared.tiles).toEqual({
      source: 'photorealistic-3d-tiles',
      synthetic: false,
      captured_at: null,
      attribution: 'Google · Imagery Co',
      licence: { store: false, print: false, portal: false },
    });
    expect(JSON.stringify(prepared)).not.toContain(KEY);
    const renderer = withSecretEnv(
      new LocalRenderer({
        serveUrl: await ensureSiteBundle(),
        workDir: `/tmp/tiles-render-${process.pid}`,
        media,
      }),
      () => secrets,
    );
    requests.length = 0;
    const handle = await renderer.start(request);
    for (;;) {
      const status = await renderer.status(handle);
      if (status.state === 'done') break;
      if (status.state === 'failed') throw new Error(status.message);
      await new Promise((r) => setTimeout(r, 250));
    }
    const video = probeVideo(media.files.get(request.outputKey)!.body);
    expect(video).toMatchObject({ width: 192, height: 108 });
    const browserGlb = requests.filter((q) => q.browser && q.path.endsWith('.glb'));
    expect(browserGlb.length).toBeGreaterThan(0);
    expect(browserGlb.every((q) => q.key === KEY)).toBe(true);
  }, 300_000);
});
