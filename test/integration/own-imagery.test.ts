// An organization's own imagery subscription on the local stack: organization A registers an XYZ tile
// service that answers only requests carrying its key (the map fixture, standing in for Nearmap's Tile
// API); A's address-only markup and frontage detection are drawn from it, the fixture seeing the key, while
// organization B's markup never reaches it (the fixture's request count unchanged) and is drawn from the
// stage's source. No answer, job record or log line carries the key; the keys CLI registers a source with
// the key on stdin. One stack process, with every function log line shown so the
// log check sees what an operator would.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import {
  newOrganization,
  PROJECT_ROOT,
  type StackProcess,
  startStackProcess,
} from '../support/local-stack-process.ts';
import type { ImageryFixture } from '../support/map-fixtures/imagery-server.ts';
import { SCENE_ADDRESSES } from '../support/map-fixtures/scene.ts';
import { startXyzTilesFixture } from '../support/map-fixtures/xyz-tiles-fixture.ts';

const KEY = 'NEARMAP-FIXTURE-KEY-6f0e9d8c7b';
const ADDRESS = SCENE_ADDRESSES.property.address;

let stack: StackProcess;
let tiles: ImageryFixture;
let a: { orgId: string; key: string };
let b: { orgId: string; key: string };
const jobIds: string[] = [];

beforeAll(async () => {
  tiles = await startXyzTilesFixture({ apiKey: { param: 'apikey', value: KEY } });
  stack = await startStackProcess(undefined, { LOCAL_STACK_QUIET: 'false', POWERTOOLS_LOG_LEVEL: 'INFO' });
  const [orgA, orgB] = [await newOrganization(stack), await newOrganization(stack)];
  a = { orgId: orgA.orgId, key: await orgA.key('live') };
  b = { orgId: orgB.orgId, key: await orgB.key('live') };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await tiles?.close();
});

async function completed(apiKey: string, route: string, body: Json): Promise<Json> {
  const created = await call<Json>(stack.url, 'POST', route, { key: apiKey, body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  jobIds.push(created.body.data.job_id);
  const job = await waitForJob(stack.url, apiKey, created.body.data.job_id, 120_000);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return job;
}

/** The keys CLI against this stack, with `input` on its stdin. */
function keysCli(args: string[], input = '') {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bin/keys.ts', 'imagery-source', ...args, '--data-dir', stack.dataDir],
    { cwd: PROJECT_ROOT, input, encoding: 'utf8', env: { ...process.env, IMAGERY_SOURCE_API_KEY: '' } },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("an organization's own imagery subscription on the local stack", () => {
  it('registers it, and no answer carries its key', async () => {
    const created = await call<Json>(stack.url, 'POST', '/v1/imagery-sources', {
      key: a.key,
      body: {
        name: 'agency-nearmap',
        kind: 'xyz-tiles',
        url: tiles.url,
        // Coarser than the frame: few tiles per picture (upsampled, and the output says so).
        max_zoom: 19,
        licence: { store: true, print: true, portal: true },
        attribution: 'Imagery © Agency subscription',
        api_key: KEY,
        api_key_param: 'apikey',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ key_hint: '…8c7b', api_key_param: 'apikey' });
    const listed = await call<Json>(stack.url, 'GET', '/v1/imagery-sources', { key: a.key });
    const one = await call<Json>(stack.url, 'GET', `/v1/imagery-sources/${created.body.data.id}`, {
      key: a.key,
    });
    expect(JSON.stringify([created.body, listed.body, one.body])).not.toContain(KEY);
    // Organization B neither sees nor reaches it.
    expect(
      (await call<Json>(stack.url, 'GET', '/v1/imagery-sources', { key: b.key })).body.data.sources,
    ).toEqual([]);
    expect(
      (await call(stack.url, 'GET', `/v1/imagery-sources/${created.body.data.id}`, { key: b.key })).status,
    ).toBe(404);
  });

  it("draws A's address-only markup and frontage from it, with the key; B's markup never reaches it", async () => {
    const markup = await completed(a.key, '/v2/markup/generate', { address: ADDRESS });
    expect(markup.output.imagery).toMatchObject({
      source: 'agency-nearmap',
      synthetic: false,
      attribution: 'Imagery © Agency subscription',
      licence: { store: true, print: true, portal: true },
      upsampled: true,
    });
    expect(markup.output.providers.imagery).toBe('agency-nearmap');
    const pictures = tiles.requests.filter((r) => r.picture);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((r) => r.params.apikey === KEY && r.status === 200)).toBe(true);

    const frontage = await completed(a.key, '/v1/property-frontage/detect', { address: ADDRESS });
    expect(frontage.output.imagery.source).toBe('agency-nearmap');

    const seen = tiles.requests.length;
    const other = await completed(b.key, '/v2/markup/generate', { address: ADDRESS });
    expect(other.output.imagery.source).toBe('offline-synthetic');
    expect(tiles.requests.length).toBe(seen);
  });

  it('keeps the key out of every job record and every log line', async () => {
    expect(jobIds.length).toBe(3);
    for (const [i, jobId] of jobIds.entries()) {
      const record = await call(stack.url, 'GET', `/v1/jobs/${jobId}`, { key: i < 2 ? a.key : b.key });
      expect(record.status).toBe(200);
      expect(JSON.stringify(record.body)).not.toContain(KEY);
      expect(stack.output()).toContain(jobId);
    }
    expect(stack.output()).not.toContain(KEY);
  });

  it('registers a source with the keys CLI, the key on stdin and never printed', async () => {
    const cliKey = 'CLI-FIXTURE-KEY-0000000042a';
    const testKey = (await stack.admin.createKey(a.orgId, 'test', 'cli check')).key;
    const added = keysCli(
      [
        'add',
        ...['--org', a.orgId, '--mode', 'test', '--name', 'cli-tiles', '--kind', 'xyz-tiles'],
        ...['--url', tiles.url, '--max-zoom', '19', '--licence', 'store,print'],
        ...['--attribution', 'Imagery © CLI', '--api-key-param', 'apikey'],
      ],
      `${cliKey}\n`,
    );
    expect(added).not.toContain(cliKey);
    const id = added.trim().split('\n').at(-1)!;
    const listed = await call<Json>(stack.url, 'GET', '/v1/imagery-sources', { key: testKey });
    expect(listed.body.data.sources).toMatchObject([
      { id, name: 'cli-tiles', key_hint: '…042a', licence: { store: true, print: true, portal: false } },
    ]);
    expect((await call(stack.url, 'DELETE', `/v1/imagery-sources/${id}`, { key: testKey })).status).toBe(200);
  });
});
