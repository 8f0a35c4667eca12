// An organization's own imagery sources through the API's proxied function (/v1/{proxy+}), as API Gateway
// hands requests over: a source is registered with its licence and its key, and no answer ever carries the
// key (only its hint) while the store keeps it; bad input is a 400 naming the field (never a 500), a url
// carrying a key or pointing where the stage will not call is refused, a sixth source is a 409, a change
// replaces the key or removes it, and another organization or the other mode gets a 404 and an empty list.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import { MAX_IMAGERY_SOURCES } from '../../../functions/core/imagery-sources/imagery-sources.ts';
import { AUSTRALIA } from '../../../functions/core/imagery-sources/source-settings.ts';
import type { Mode } from '../../../functions/core/jobs/job-types.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  memoryAuditLog,
  memoryImagerySourceStore,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/webhooks-api.ts');

const API_KEYS = {
  acmeLive: `svc_live_${'A'.repeat(40)}`,
  acmeTest: `svc_test_${'B'.repeat(40)}`,
  otherLive: `svc_live_${'C'.repeat(40)}`,
};
const OWNERS: Record<string, { orgId: string; mode: Mode }> = {
  [API_KEYS.acmeLive]: { orgId: 'acme', mode: 'live' },
  [API_KEYS.acmeTest]: { orgId: 'acme', mode: 'test' },
  [API_KEYS.otherLive]: { orgId: 'other', mode: 'live' },
};

/** The subscription key: it must never come back in an answer. */
const NEARMAP_KEY = 'nm-7Qf2-SECRET-KEY-9d41c0de';

const nearmap = {
  name: 'nearmap',
  kind: 'xyz-tiles',
  url: 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg',
  max_zoom: 21,
  licence: { store: true, print: true, portal: true },
  attribution: 'Imagery © Nearmap',
  api_key: NEARMAP_KEY,
  api_key_param: 'apikey',
};

let store: ReturnType<typeof memoryImagerySourceStore>;

beforeEach(() => {
  store = memoryImagerySourceStore();
  const records = new Map<string, ApiKeyRecord>(
    Object.entries(OWNERS).map(([key, owner], i) => [
      hashApiKey(key),
      {
        keyId: `key_${i}`,
        ...owner,
        name: 'test',
        status: 'active',
        hint: 'hint',
        createdAt: '2026-01-01T00:00:00.000Z',
        requestsPerMinute: 600,
      },
    ]),
  );
  world.ports = {
    audit: { auditLog: memoryAuditLog(), clock: { now: () => new Date('2026-12-01T00:00:00.000Z') } },
    accounts: fakeAccountStore({
      admit: async (hash) => {
        const key = records.get(hash);
        return key
          ? {
              kind: 'admitted',
              key,
              rate: { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 },
            }
          : { kind: 'unknown-or-revoked' };
      },
    }),
    auth: { keyVariant: 'test-and-live', testRatePerMinute: 600 },
    imagerySources: {
      sources: store,
      clock: { now: () => new Date('2026-12-01T00:00:00.000Z') },
      urlRules: { allowHttp: false, allowLoopback: false },
    },
  };
});

interface Answer {
  readonly status: number;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read by the test
  readonly body: any;
}

async function send(apiKey: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const event: APIGatewayProxyEvent = apiGatewayEvent({
    httpMethod: method,
    path,
    resource: '/v1/{proxy+}',
    headers: {
      'X-API-Key': apiKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const res = (await handler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  return { status: res.statusCode, text: res.body, body: JSON.parse(res.body) };
}

const create = (body: unknown, apiKey = API_KEYS.acmeLive) =>
  send(apiKey, 'POST', '/v1/imagery-sources', body);

describe('POST /v1/imagery-sources', () => {
  it('registers a source with the default coverage and answers its key only as a hint', async () => {
    const created = await create(nearmap);
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      object: 'imagery_source',
      name: 'nearmap',
      kind: 'xyz-tiles',
      max_zoom: 21,
      coverage: AUSTRALIA,
      licence: { store: true, print: true, portal: true },
      api_key_param: 'apikey',
      key_hint: '…c0de',
    });
    expect(created.body.data.id).toMatch(/^isrc_[0-9A-Za-z]{20}$/);
    expect(created.text).not.toContain(NEARMAP_KEY);
    expect(created.body.data).not.toHaveProperty('api_key');
    // Kept for the organization's jobs, beside the source.
    const kept = store.lists.get('acme#live')!.sources[0]!;
    expect(kept.api_key).toEqual({ value: NEARMAP_KEY, param: 'apikey' });
  });

  it('shows a short key by no character of it', async () => {
    const created = await create({ ...nearmap, api_key: 'short-key' });
    expect(created.body.data.key_hint).toBe('…');
  });

  it('registers a keyless WMS source and an ArcGIS export source', async () => {
    const wms = await create({
      name: 'metromap',
      kind: 'wms',
      url: 'https://api.metromap.com.au/ogc/wms',
      layers: 'Australia_latest',
      crs: 'EPSG:4326',
      coverage: { west: 150, south: -35, east: 152, north: -33 },
      licence: { store: true, print: false, portal: true },
      attribution: 'Imagery © MetroMap',
    });
    expect(wms.status, wms.text).toBe(201);
    expect(wms.body.data).toMatchObject({ kind: 'wms', key_hint: null, api_key_param: null });
    const arcgis = await create({
      name: 'council-ortho',
      kind: 'arcgis-export',
      url: 'https://maps.example.gov.au/arcgis/rest/services/Ortho/MapServer',
      licence: { store: true, print: true, portal: false },
      attribution: 'Council orthophoto',
    });
    expect(arcgis.status, arcgis.text).toBe(201);
  });

  it.each([
    ['a missing licence', { licence: undefined }, 'licence', 'is required'],
    ['an unknown kind', { kind: 'tiles' }, 'kind', ''],
    ['a tile URL without {z}/{x}/{y}', { url: 'https://tiles.example.com/tile.jpg' }, 'url', '{z}'],
    ['a zoom past 24', { max_zoom: 30 }, 'max_zoom', ''],
    ['a field of another kind', { layers: 'show:0' }, 'layers', 'unknown field'],
    ['a key without its parameter', { api_key_param: undefined }, 'api_key_param', 'required with api_key'],
    ['a parameter without a key', { api_key: undefined }, 'api_key', 'required with api_key_param'],
    ['a key with spaces', { api_key: 'two words' }, 'api_key', 'printable'],
    [
      'a coverage west of nothing',
      { coverage: { west: 152, south: -35, east: 150, north: -33 } },
      'coverage',
      'west < east',
    ],
    ['a name with capitals', { name: 'Nearmap' }, 'name', 'lower-case'],
  ])('refuses %s with a 400 naming the field', async (_label, change, field, words) => {
    const answer = await create({ ...nearmap, ...change });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    const detail = answer.body.error.details.find((d: { path: string }) => d.path === field);
    expect(detail, answer.text).toBeDefined();
    expect(detail.message).toContain(words);
    expect(answer.text).not.toContain(NEARMAP_KEY);
  });

  it('refuses a url that carries a key, without repeating the key', async () => {
    for (const url of [
      `https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg?apikey=${NEARMAP_KEY}`,
      `https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg?token=${NEARMAP_KEY}`,
      `https://api.nearmap.com/${NEARMAP_KEY}/{z}/{x}/{y}.jpg`,
    ]) {
      const answer = await create({ ...nearmap, url });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.details.map((d: { path: string }) => d.path)).toEqual(['url']);
      expect(answer.text).not.toContain(NEARMAP_KEY);
    }
    expect(store.lists.size).toBe(0);
  });

  it.each([
    ['the metadata address', 'https://169.254.169.254/latest/{z}/{x}/{y}'],
    ['a private address', 'https://10.0.0.7/tiles/{z}/{x}/{y}.jpg'],
    ['localhost', 'https://localhost:8080/tiles/{z}/{x}/{y}.jpg'],
    ['plain http', 'http://tiles.example.com/{z}/{x}/{y}.jpg'],
  ])('refuses %s as a URL the stage will not call (422, naming url)', async (_label, url) => {
    const answer = await create({ ...nearmap, url });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.error.code).toBe('URL_NOT_ALLOWED');
    expect(answer.body.error.details[0].path).toBe('url');
  });

  it('answers 409 past five sources per organization and mode, and 400 for a name already taken', async () => {
    for (let i = 0; i < MAX_IMAGERY_SOURCES; i += 1)
      expect((await create({ ...nearmap, name: `source-${i}` })).status).toBe(201);
    const sixth = await create({ ...nearmap, name: 'source-6' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe('IMAGERY_SOURCE_LIMIT');
    // The other mode and another organization have their own five.
    expect((await create(nearmap, API_KEYS.acmeTest)).status).toBe(201);
    expect((await create(nearmap, API_KEYS.otherLive)).status).toBe(201);
    const again = await create(nearmap, API_KEYS.otherLive);
    expect(again.status).toBe(400);
    expect(again.body.error.details[0].path).toBe('name');
  });
});

describe('reading, changing and deleting a source', () => {
  it('lists and gets it without its key', async () => {
    const { id } = (await create(nearmap)).body.data;
    const list = await send(API_KEYS.acmeLive, 'GET', '/v1/imagery-sources');
    expect(list.status).toBe(200);
    expect(list.body.data.sources.map((s: { id: string }) => s.id)).toEqual([id]);
    const one = await send(API_KEYS.acmeLive, 'GET', `/v1/imagery-sources/${id}`);
    expect(one.body.data).toMatchObject({ id, name: 'nearmap', key_hint: '…c0de' });
    expect(list.text + one.text).not.toContain(NEARMAP_KEY);
  });

  it('replaces the key and the licence, then removes the key', async () => {
    const { id } = (await create(nearmap)).body.data;
    const newKey = 'nm-ROTATED-KEY-000000000042';
    const changed = await send(API_KEYS.acmeLive, 'PATCH', `/v1/imagery-sources/${id}`, {
      api_key: newKey,
      licence: { store: true, print: false, portal: false },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ key_hint: '…0042', licence: { print: false } });
    expect(changed.text).not.toContain(newKey);
    expect(store.lists.get('acme#live')!.sources[0]!.api_key).toEqual({ value: newKey, param: 'apikey' });
    const removed = await send(API_KEYS.acmeLive, 'PATCH', `/v1/imagery-sources/${id}`, { api_key: null });
    expect(removed.body.data).toMatchObject({ key_hint: null, api_key_param: null });
    expect(store.lists.get('acme#live')!.sources[0]).not.toHaveProperty('api_key');
  });

  it('checks a change as a new source is checked', async () => {
    const { id } = (await create(nearmap)).body.data;
    const patch = (body: unknown) => send(API_KEYS.acmeLive, 'PATCH', `/v1/imagery-sources/${id}`, body);
    const wrongKind = await patch({ layers: 'show:0' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.details[0].path).toBe('layers');
    const noTiles = await patch({ url: 'https://api.nearmap.com/tiles.jpg' });
    expect(noTiles.status).toBe(400);
    expect(noTiles.body.error.details[0].path).toBe('url');
    expect((await patch({})).status).toBe(400);
    expect((await patch({ kind: 'wms' })).status).toBe(400);
    expect((await patch({ url: 'https://10.1.2.3/{z}/{x}/{y}' })).status).toBe(422);
  });

  it('deletes it: then a 404, and an empty list', async () => {
    const { id } = (await create(nearmap)).body.data;
    const deleted = await send(API_KEYS.acmeLive, 'DELETE', `/v1/imagery-sources/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, object: 'imagery_source', deleted: true });
    expect((await send(API_KEYS.acmeLive, 'GET', `/v1/imagery-sources/${id}`)).status).toBe(404);
    expect((await send(API_KEYS.acmeLive, 'GET', '/v1/imagery-sources')).body.data.sources).toEqual([]);
    expect(store.lists.get('acme#live')!.sources).toEqual([]);
  });
});

describe('isolation', () => {
  it.each([
    ['another organization', API_KEYS.otherLive],
    ['the same organization in the other mode', API_KEYS.acmeTest],
  ])('gives %s a 404 for the source and an empty list', async (_label, apiKey) => {
    const { id } = (await create(nearmap)).body.data;
    const list = await send(apiKey, 'GET', '/v1/imagery-sources');
    expect(list.body.data.sources).toEqual([]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { attribution: 'taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await send(apiKey, method, `/v1/imagery-sources/${id}`, body);
      expect(answer.status, `${method} ${answer.text}`).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    // The owner's source is as it was.
    const own = await send(API_KEYS.acmeLive, 'GET', `/v1/imagery-sources/${id}`);
    expect(own.body.data.attribution).toBe('Imagery © Nearmap');
  });
});
