// The cloud scene source through the local stack's state machines: a stack started with
// AERIAL_SCENE_SOURCE pointing at a constructed 3D Tiles endpoint (which answers only requests carrying
// the API key) and the key in its local secrets file. A drone still job completes drawn from the tiles,
// reports the attribution, and the key appears in no job record and no log line.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemoryMedia, memoryMedia } from '../../bench/aerial-fixture.ts';
import { waitForJob } from '../support/http-client.ts';
import {
  newDataDir,
  newOrganization,
  type StackProcess,
  startStackProcess,
} from '../support/local-stack-process.ts';
import { oneTileEndpoint } from '../support/tiles-endpoint.ts';

const KEY = 'STACK-TILES-KEY-5d1c';
const SECRET = 'pms/local/map-tiles-key';
// Ultimo, roughly: the one tile is a 20 km square around it, so it lies under any property there.
const AROUND = { lat: -33.88, lng: 151.2 };

let tiles: MemoryMedia;
let stack: StackProcess;
const endpoint = oneTileEndpoint({
  key: KEY,
  halfSizeM: 10_000,
  rgb: [220, 30, 30],
  copyright: 'Imagery Co',
});
const requests = endpoint.requests;

beforeAll(async () => {
  endpoint.placeAt(AROUND);
  tiles = await memoryMedia(endpoint.route);
  const dataDir = newDataDir();
  writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ [SECRET]: { apiKey: KEY } }));
  stack = await startStackProcess(dataDir, {
    AERIAL_SCENE_SOURCE: JSON.stringify({
      source: 'photorealistic-3d-tiles',
      rootUrl: `${tiles.base}/v1/3dtiles/root.json`,
      apiKeySecretName: SECRET,
      brand: 'Google',
    }),
    // Show every function log line, so the check below sees what an operator would.
    LOCAL_STACK_QUIET: 'false',
    POWERTOOLS_LOG_LEVEL: 'INFO',
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await tiles?.close();
});

describe('drone still from photorealistic 3D tiles on the local stack', () => {
  it('completes drawn from the tiles, with the attribution, and the key nowhere in the job or the logs', async () => {
    const key = await (await newOrganization(stack)).key('test');
    const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' };
    const created = await fetch(`${stack.url}/v2/drone-stills/capture`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        address: '10 Wattle Street, Ultimo NSW 2007',
        camera: { azimuth: 0, tilt: 0, distance: 300 },
      }),
    });
    expect(created.status).toBe(202);
    const jobId = ((await created.json()) as { data: { job_id: string } }).data.job_id;
    // Polled as an integrator would: a test key has 10 requests a minute, and a 429 says when to retry.
    const job = (await waitForJob(stack.url, key, jobId, 240_000)) as {
      status: string;
      output?: Record<string, unknown>;
      error?: unknown;
    };
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.output).toMatchObject({
      scene_source: 'photorealistic-3d-tiles',
      attribution: 'Google · Imagery Co',
    });
    const image = Buffer.from(await (await fetch((job.output!.image as { url: string }).url)).arrayBuffer());
    const { width, height } = await sharp(image).metadata();
    expect([width, height]).toEqual([3840, 2160]);
    // Straight down onto the 20 km red square: red across the frame's middle.
    const middle = await sharp(image).extract({ left: 1420, top: 780, width: 1000, height: 600 }).toBuffer();
    const [r, g, b] = (await sharp(middle).stats()).channels.map((c) => c.mean);
    expect(r!).toBeGreaterThan(2 * g!);
    expect(r!).toBeGreaterThan(2 * b!);
    // The step read the tileset with the key; the renderer's browser fetched the GLB with it too.
    expect(requests.some((q) => !q.browser && q.path.endsWith('root.json') && q.key === KEY)).toBe(true);
    expect(requests.some((q) => q.browser && q.path.endsWith('ground.glb') && q.key === KEY)).toBe(true);
    // Only the secret's name travels: not in the job record, not in any log line.
    const record = await (await fetch(`${stack.url}/v1/jobs/${jobId}`, { headers })).text();
    expect(record).not.toContain(KEY);
    expect(stack.output()).toContain(jobId);
    expect(stack.output()).not.toContain(KEY);
  }, 300_000);
});
