// Offices and scopes held as hard as tenants are (issue 46, item 6), route by route over the API's own route
// table: every keyed route that names a job, event, endpoint, resend, brand kit or office is tried with an
// `admin` key of another office, naming office B's, and must answer 404 exactly as for something that does
// not exist, with nothing of B's in the answer; every list answers without B's; every creation naming
// office B (or its endpoint, kit or job) is refused; and every keyed route tried with a key lacking its
// scope answers 403 INSUFFICIENT_SCOPE naming the scope. A route added to the table is swept too, or this
// test fails for want of an id to give it. No renders (one frontage detection in office B).
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeScope } from '../../functions/api/routes.ts';
import { API_SCOPES, type ApiScope } from '../../functions/core/auth/scopes.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const KEYED = ROUTES.filter((route) => route.auth === 'api-key');
/** What only office B's things carry: none of it may reach office A's key. */
const B_MARKERS = ['manly-only.example.com', 'Manly private brand', 'Harbour & Co Manly'];

let orgId = '';
/** Office B's things, by the path parameter that names each. */
const bIds: Record<string, string> = {};
let keyA = '';
/** Office A's other keys: each answers a share of the sweep, inside a live key's rate limit. */
let otherKeyA = '';
let listKeyA = '';

beforeAll(async () => {
  const org = await newOrganization(stack);
  orgId = org.orgId;
  const group = await org.key('live');
  const office = async (name: string) => {
    const made = await call<Json>(stack.url, 'POST', '/v1/offices', { key: group, body: { name } });
    expect(made.status, made.text).toBe(201);
    return made.body.data.id as string;
  };
  const officeA = await office('Harbour & Co Bondi');
  bIds.officeId = await office('Harbour & Co Manly');
  const officeKey = async (officeId: string, name: string) =>
    (await stack.admin.createKey(orgId, 'live', name, ['admin'], officeId)).key;
  keyA = await officeKey(officeA, 'Bondi admin');
  otherKeyA = await officeKey(officeA, 'Bondi admin 2');
  listKeyA = await officeKey(officeA, 'Bondi lists');
  const keyB = await officeKey(bIds.officeId, 'Manly admin');
  const asB = (method: string, path: string, body?: unknown) =>
    call<Json>(stack.url, method, path, { key: keyB, body });

  const job = await asB('POST', '/v1/property-frontage/detect', {
    address: '10 Wattle Street, Ultimo NSW 2007',
  });
  expect(job.status, job.text).toBe(202);
  bIds.jobId = job.body.data.job_id;
  expect((await waitForJob(stack.url, keyB, bIds.jobId!, 90_000)).status).toBe('completed');
  const endpoint = await asB('POST', '/v1/webhook-endpoints', {
    url: 'https://manly-only.example.com/hooks',
    enabled_events: ['job.completed'],
    description: 'Manly private brand hooks',
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  bIds.endpointId = endpoint.body.data.id;
  const kit = await asB('POST', '/v1/brand-kits', {
    name: 'Manly private brand',
    colors: { primary: '#0B4F6C', secondary: '#F4E9C8' },
  });
  expect(kit.status, kit.text).toBe(201);
  bIds.brandKitId = kit.body.data.id;
  // The job's events are recorded as it ends, a moment after its status: wait for the first.
  for (let tries = 0; !bIds.eventId && tries < 100; tries += 1) {
    const events = await asB('GET', `/v1/events?job_id=${bIds.jobId}`);
    bIds.eventId = events.body.data.events[0]?.id;
    if (!bIds.eventId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(bIds.eventId).toBeDefined();
  const now = Date.now();
  const resend = await asB('POST', '/v1/events/resend', {
    created_from: new Date(now - 3600_000).toISOString(),
    created_to: new Date(now + 60_000).toISOString(),
    failed_only: false,
    endpoint_id: bIds.endpointId,
  });
  expect(resend.status, resend.text).toBe(202);
  bIds.resendId = resend.body.data.id;
}, 180_000);

/** A body a route would take, where it takes one (the lookup, not the body, must be what refuses). */
function bodyFor(method: string, path: string): unknown {
  if (method === 'PATCH' && path.includes('webhook-endpoints')) return { description: 'changed' };
  if (method === 'PATCH') return { name: 'Renamed' };
  if (path === '/v1/property-frontage/jobs/{jobId}/edit') return { direction: 90 };
  if (path === '/v2/markup/jobs/{jobId}/edit') {
    return {
      boundary_polygon: [
        { x: 0.4, y: 0.4 },
        { x: 0.6, y: 0.4 },
        { x: 0.6, y: 0.6 },
        { x: 0.4, y: 0.6 },
      ],
    };
  }
  if (path.endsWith('/video')) return {};
  if (path.endsWith('/{eventId}/resend')) return {};
  return undefined;
}

const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`${path}: no id for {${name}}: give this test one of office B's`);
    return id;
  });

const leaks = (text: string) => B_MARKERS.filter((marker) => text.includes(marker));

describe("another office's key", () => {
  const named = KEYED.filter((route) => /\{\w+\}/.test(route.path) && !route.path.includes('{sourceId}'));

  it.each(named.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 404 for office B’s, as for nothing at all',
    async (_, route) => {
      const path = fill(route.path, bIds);
      const answer = await call<Json>(stack.url, route.method, path, {
        key: keyA,
        body: bodyFor(route.method, route.path),
      });
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
      expect(leaks(answer.text)).toEqual([]);
      // The same route naming something that does not exist (B's id with its last character changed)
      // answers with the same code: the answer says nothing of whether B's exists.
      const missing = fill(
        route.path,
        Object.fromEntries(
          Object.entries(bIds).map(([k, v]) => [k, `${v.slice(0, -1)}${v.endsWith('0') ? '1' : '0'}`]),
        ),
      );
      const nothing = await call<Json>(stack.url, route.method, missing, {
        key: otherKeyA,
        body: bodyFor(route.method, route.path),
      });
      expect(nothing.status).toBe(404);
      expect(nothing.body.error.code).toBe(answer.body.error.code);
    },
  );

  it('lists nothing of office B’s, on every list route', async () => {
    const lists = KEYED.filter((route) => route.method === 'GET' && !/\{\w+\}/.test(route.path));
    expect(lists.length).toBeGreaterThanOrEqual(8);
    for (const route of lists) {
      const answer = await call<Json>(stack.url, 'GET', route.path, { key: listKeyA });
      expect(answer.status, `${route.path}: ${answer.text}`).toBe(200);
      expect(leaks(answer.text), route.path).toEqual([]);
      for (const id of Object.values(bIds))
        expect(answer.text, `${route.path} shows ${id}`).not.toContain(id);
    }
  });

  it('makes nothing in office B, nor with its endpoint, kit or job', async () => {
    const tries: Array<[string, string, unknown]> = [
      [
        'POST',
        '/v1/property-frontage/detect',
        { address: '12 Wattle Street, Ultimo NSW 2007', office_id: bIds.officeId },
      ],
      [
        'POST',
        '/v1/webhook-endpoints',
        { url: 'https://a.example.com/h', enabled_events: ['*'], office_id: bIds.officeId },
      ],
      ['POST', '/v1/brand-kits', { name: 'Borrowed', office_id: bIds.officeId }],
      [
        'POST',
        '/v1/brochure-slides/generate',
        {
          property: { address: '12 Wattle Street, Ultimo NSW 2007' },
          slide: { type: 'cover' },
          brand_kit_id: bIds.brandKitId,
        },
      ],
      [
        'POST',
        '/v1/events/resend',
        {
          created_from: '2026-01-01T00:00:00Z',
          created_to: '2030-01-01T00:00:00Z',
          endpoint_id: bIds.endpointId,
        },
      ],
    ];
    for (const [method, path, body] of tries) {
      const answer = await call<Json>(stack.url, method, path, { key: keyA, body });
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
      expect(leaks(answer.text), path).toEqual([]);
    }
  });
});

describe('a key lacking the route’s scope', () => {
  it('is refused on every keyed route with 403 INSUFFICIENT_SCOPE naming the scope', async () => {
    // One key per scope: every scope but it (and but admin, which implies it).
    const keys = new Map<ApiScope, string>();
    for (const scope of API_SCOPES) {
      const others = API_SCOPES.filter((s) => s !== scope && s !== 'admin');
      keys.set(scope, (await stack.admin.createKey(orgId, 'live', `all but ${scope}`, others)).key);
    }
    const ids = { ...bIds, sourceId: 'isrc_00000000000000000000' };
    for (const route of KEYED) {
      const scope = routeScope(route)!;
      const answer = await call<Json>(stack.url, route.method, fill(route.path, ids), {
        key: keys.get(scope)!,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(answer.status, `${route.method} ${route.path}: ${answer.text}`).toBe(403);
      expect(answer.body.error.code).toBe('INSUFFICIENT_SCOPE');
      expect(answer.body.error.message).toContain(`'${scope}'`);
    }
  });
});
