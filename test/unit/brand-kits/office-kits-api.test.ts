// Brand kits of an office, through the API's proxied function (/v1/{proxy+}): a kit made with an office's
// key (or an organization's key naming office_id) is that office's; an office's key sees its own office's
// kits and the organization's, and another office's answer exactly as one that does not exist (404, the
// same message, nothing of it in a list); it changes only its own office's (403 on the organization's).
// An office's default kit is the organization's or its own, and a kit that is a default is not deleted.
import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRecord } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { officesDefaulting } from '../../../functions/core/offices/offices.ts';
import { brandColourCheck } from '../../../functions/media/brochure/brand-colours.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fakeJobPorts,
  fakeJobStore,
  fakeMediaStore,
  memoryAuditLog,
  memoryBrandKitStore,
  memoryEndpointStore,
  memoryEventLog,
  memoryEventResends,
  memoryOfficeStore,
  type ProxiedAnswer,
  sendProxied,
  TEST_RETENTION,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/webhooks-api.ts');
const submitHandler = (await import('../../../functions/api/submit-job.ts')).handler;

const KEYS = {
  org: `svc_live_${'A'.repeat(40)}`,
  officeA: `svc_live_${'B'.repeat(40)}`,
  officeB: `svc_live_${'C'.repeat(40)}`,
  other: `svc_live_${'D'.repeat(40)}`,
};

const NOW = new Date('2026-12-01T00:00:00.000Z');
const clock = { now: () => new Date(NOW) };

let offices: ReturnType<typeof memoryOfficeStore>;
let auditLog: ReturnType<typeof memoryAuditLog>;
let eventLog: ReturnType<typeof memoryEventLog>;
let running: Map<string, number>;
let kits: ReturnType<typeof memoryBrandKitStore>;
/** The jobs the submit route made. */
let created: Job[];
/** The office each office key is bound to (set once the offices exist). */
const bound: { a?: string; b?: string } = {};

function keyRecord(key: string, i: number): ApiKeyRecord {
  const officeId = key === KEYS.officeA ? bound.a : key === KEYS.officeB ? bound.b : undefined;
  return {
    keyId: `key_${i}`,
    orgId: key === KEYS.other ? 'other' : 'acme',
    mode: 'live',
    name: 'test',
    status: 'active',
    hint: 'hint',
    createdAt: '2026-01-01T00:00:00.000Z',
    requestsPerMinute: 600,
    ...(officeId ? { officeId } : {}),
  };
}

beforeEach(() => {
  offices = memoryOfficeStore();
  kits = memoryBrandKitStore();
  created = [];
  auditLog = memoryAuditLog();
  eventLog = memoryEventLog();
  running = new Map();
  bound.a = undefined;
  bound.b = undefined;
  const endpoints = memoryEndpointStore();
  world.ports = {
    audit: { auditLog, clock },
    accounts: fakeAccountStore({
      admit: async (hash) => {
        const i = Object.values(KEYS).findIndex((k) => hashApiKey(k) === hash);
        if (i < 0) return { kind: 'unknown-or-revoked' };
        return {
          kind: 'admitted',
          key: keyRecord(Object.values(KEYS)[i]!, i),
          rate: { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 },
        };
      },
    }),
    auth: { keyVariant: 'test-and-live', testRatePerMinute: 600 },
    offices: {
      offices,
      clock,
      retention: TEST_RETENTION,
      runningJobs: async (_tenant: unknown, officeId: string) => running.get(officeId) ?? 0,
      brandKit: (tenant: Tenant, id: string) => kits.get(tenant, id),
    },
    jobs: {
      ...fakeJobPorts({
        jobs: fakeJobStore({ create: async (job) => void created.push(job) }),
        clock,
        starter: { start: async () => undefined },
      }),
      brandKits: kits,
    },
    brandKits: {
      kits,
      clock,
      media: fakeMediaStore(),
      urlRules: { allowHttp: false, allowLoopback: false },
      fetchImage: async () => ({ bytes: Buffer.from('png'), contentType: 'image/png', width: 4, height: 2 }),
      checkColours: brandColourCheck,
      officesDefaulting: (tenant: Tenant, kitId: string) => officesDefaulting({ offices }, tenant, kitId),
    },
    webhooks: {
      endpoints: { endpoints, clock, webhookPolicy: { allowHttp: false, allowLoopback: false } },
      events: {
        eventLog,
        endpoints,
        jobs: fakeJobStore({ get: async () => undefined }),
        queue: { enqueue: async () => undefined },
        clock,
        eventRetentionDays: 30,
        resends: memoryEventResends(),
      },
    },
  };
});

const send = (apiKey: string, method: string, path: string, body?: unknown) =>
  sendProxied(handler, apiKey, method, path, body);

/** Two offices of acme, each with a key bound to it. */
async function twoOffices() {
  const a = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Bondi' });
  const b = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Manly' });
  expect(a.status, a.text).toBe(201);
  expect(b.status, b.text).toBe(201);
  bound.a = a.body.data.id;
  bound.b = b.body.data.id;
  return { a: a.body.data.id as string, b: b.body.data.id as string };
}

async function kit(key: string, body: Record<string, unknown>): Promise<string> {
  const made = await send(key, 'POST', '/v1/brand-kits', body);
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}

/** An organization-wide kit, office A's (made with A's key) and office B's (named by the organization's key). */
async function threeKits() {
  const offices = await twoOffices();
  const org = await kit(KEYS.org, { name: 'Group' });
  const ofA = await kit(KEYS.officeA, { name: 'Bondi' });
  const ofB = await kit(KEYS.org, { name: 'Manly', office_id: offices.b });
  return { ...offices, org, ofA, ofB };
}

const ids = (answer: ProxiedAnswer) => answer.body.data.brand_kits.map((k: { id: string }) => k.id);

describe('brand kits of an office', () => {
  it('makes a kit the office’s: the office key’s own, the one an organization key names, else the organization’s', async () => {
    const { a, b, org, ofA, ofB } = await threeKits();
    expect((await send(KEYS.org, 'GET', `/v1/brand-kits/${org}`)).body.data.office_id).toBeNull();
    expect((await send(KEYS.org, 'GET', `/v1/brand-kits/${ofA}`)).body.data.office_id).toBe(a);
    expect((await send(KEYS.org, 'GET', `/v1/brand-kits/${ofB}`)).body.data.office_id).toBe(b);
    const records = auditLog.records.map((r) => r.record).filter((r) => r.action === 'brand_kit.created');
    expect(records.map((r) => [r.target.id, r.officeId ?? null])).toEqual([
      [org, null],
      [ofA, a],
      [ofB, b],
    ]);
    expect(records[1]!.changes?.after).toMatchObject({ office_id: a });
  });

  it('answers an office a key may not name — unknown, or another office for an office key — with a 404 naming office_id', async () => {
    const { b } = await twoOffices();
    for (const [key, office] of [
      [KEYS.org, 'off_nope'],
      [KEYS.officeA, b],
      [KEYS.other, b],
    ] as const) {
      const refused = await send(key, 'POST', '/v1/brand-kits', { name: 'x', office_id: office });
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body.error).toMatchObject({
        code: 'NOT_FOUND',
        message: `No office with id '${office}' exists for this key.`,
        details: [{ path: 'office_id' }],
      });
    }
    expect(await kits.list({ orgId: 'acme', mode: 'live' }, { limit: 10 })).toEqual({
      kits: [],
      hasMore: false,
    });
  });

  it('refuses a change of office_id, naming it', async () => {
    const { a, org } = await threeKits();
    const refused = await send(KEYS.org, 'PATCH', `/v1/brand-kits/${org}`, { office_id: a });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toContain('office_id');
  });

  it('shows an office key its own office’s kits and the organization’s; another office’s is a 404 like one that does not exist', async () => {
    const { org, ofA, ofB } = await threeKits();
    const listed = await send(KEYS.officeA, 'GET', '/v1/brand-kits');
    expect(ids(listed)).toEqual([ofA, org]);
    expect(listed.text).not.toContain(ofB);
    expect(ids(await send(KEYS.org, 'GET', '/v1/brand-kits'))).toEqual([ofB, ofA, org]);
    const unknown = await send(KEYS.officeA, 'GET', '/v1/brand-kits/bk_doesnotexist');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'mine' }],
      ['DELETE', undefined],
    ] as const) {
      const hidden = await send(KEYS.officeA, method, `/v1/brand-kits/${ofB}`, body);
      expect(hidden.status, hidden.text).toBe(404);
      expect(hidden.body.error.message).toBe(unknown.body.error.message.replace('bk_doesnotexist', ofB));
    }
    const cursor = await send(KEYS.officeA, 'GET', `/v1/brand-kits?starting_after=${ofB}`);
    expect(cursor.status).toBe(400);
    expect((await send(KEYS.org, 'GET', `/v1/brand-kits/${ofB}`)).body.data.version).toBe(1);
  });

  it('pages an office key’s kits past other offices’ kits', async () => {
    const { org, ofA } = await threeKits();
    const b2 = await kit(KEYS.officeB, { name: 'Manly 2' });
    const first = await send(KEYS.officeA, 'GET', '/v1/brand-kits?limit=1');
    expect(ids(first)).toEqual([ofA]);
    expect(first.body.data.pagination).toMatchObject({ has_more: true, next_cursor: ofA });
    const next = await send(KEYS.officeA, 'GET', `/v1/brand-kits?limit=1&starting_after=${ofA}`);
    expect(ids(next)).toEqual([org]);
    expect(next.body.data.pagination.has_more).toBe(false);
    expect(next.text).not.toContain(b2);
  });

  it('lets an office key change and delete its own office’s kits, not the organization’s (403)', async () => {
    const { org, ofA } = await threeKits();
    const changed = await send(KEYS.officeA, 'PATCH', `/v1/brand-kits/${ofA}`, { name: 'Bondi 2' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, office_id: bound.a });
    for (const [method, body] of [
      ['PATCH', { name: 'mine' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await send(KEYS.officeA, method, `/v1/brand-kits/${org}`, body);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
      expect(refused.body.error.message).toContain('belongs to the whole organization');
    }
    expect((await send(KEYS.officeA, 'DELETE', `/v1/brand-kits/${ofA}`)).status).toBe(200);
    const updated = auditLog.records.map((r) => r.record).find((r) => r.action === 'brand_kit.updated');
    expect(updated?.officeId).toBe(bound.a);
  });
});

describe('an office’s default brand kit', () => {
  it('takes the organization’s kit or the office’s own, and shows it on the office', async () => {
    const { a, org, ofA } = await threeKits();
    const set = await send(KEYS.org, 'PATCH', `/v1/offices/${a}`, { default_brand_kit_id: ofA });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.default_brand_kit_id).toBe(ofA);
    const changed = await send(KEYS.officeA, 'PATCH', `/v1/offices/${a}`, { default_brand_kit_id: org });
    expect(changed.body.data.default_brand_kit_id).toBe(org);
    const made = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Coogee', default_brand_kit_id: org });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.default_brand_kit_id).toBe(org);
    const plain = await send(KEYS.org, 'POST', '/v1/offices', { name: 'Dee Why' });
    expect(plain.body.data.default_brand_kit_id).toBeNull();
    const updates = auditLog.records.map((r) => r.record).filter((r) => r.action === 'office.updated');
    expect(updates.map((r) => r.changes)).toEqual([
      { before: { default_brand_kit_id: null }, after: { default_brand_kit_id: ofA } },
      { before: { default_brand_kit_id: ofA }, after: { default_brand_kit_id: org } },
    ]);
  });

  it('refuses another office’s kit, or one that does not exist, with a 404 naming default_brand_kit_id', async () => {
    const { a, ofB } = await threeKits();
    for (const [method, path, body] of [
      ['PATCH', `/v1/offices/${a}`, { default_brand_kit_id: ofB }],
      ['PATCH', `/v1/offices/${a}`, { default_brand_kit_id: 'bk_doesnotexist' }],
      ['POST', '/v1/offices', { name: 'Coogee', default_brand_kit_id: ofB }],
    ] as const) {
      const refused = await send(KEYS.org, method, path, body);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body.error.details[0].path).toBe('default_brand_kit_id');
    }
    expect((await send(KEYS.org, 'GET', `/v1/offices/${a}`)).body.data.default_brand_kit_id).toBeNull();
  });

  it('keeps a kit that is an office’s default from being deleted (409 BRAND_KIT_IN_USE naming the office)', async () => {
    const { a, b, org } = await threeKits();
    await send(KEYS.org, 'PATCH', `/v1/offices/${a}`, { default_brand_kit_id: org });
    await send(KEYS.org, 'PATCH', `/v1/offices/${b}`, { default_brand_kit_id: org });
    const refused = await send(KEYS.org, 'DELETE', `/v1/brand-kits/${org}`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('BRAND_KIT_IN_USE');
    expect(refused.body.error.message).toContain(a);
    expect(refused.body.error.message).toContain(b);
    await send(KEYS.org, 'PATCH', `/v1/offices/${a}`, { default_brand_kit_id: null });
    await send(KEYS.org, 'PATCH', `/v1/offices/${b}`, { default_brand_kit_id: null });
    expect((await send(KEYS.org, 'DELETE', `/v1/brand-kits/${org}`)).status).toBe(200);
  });
});

/** A brochure slide submitted through the job route (functions/api/submit-job.ts) with this key. */
async function slide(apiKey: string, body: Record<string, unknown>): Promise<ProxiedAnswer> {
  const path = '/v1/brochure-slides/generate';
  const event = apiGatewayEvent({
    httpMethod: 'POST',
    path,
    resource: path,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      property: { address: '12 Smith Street, Surry Hills NSW 2010' },
      slide: { type: 'agent' },
      ...body,
    }),
  });
  const res = (await submitHandler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  return { status: res.statusCode, text: res.body, body: JSON.parse(res.body) };
}

// biome-ignore lint/suspicious/noExplicitAny: a stored job input, read by the test
const lastInput = () => created.at(-1)?.input as any;

describe('a job naming a kit of an office', () => {
  it('draws the organization’s kits and its own office’s; another office’s is a 404 naming brand_kit_id', async () => {
    const { a, org, ofA, ofB } = await threeKits();
    for (const [key, body, kitId] of [
      [KEYS.officeA, { brand_kit_id: org }, org],
      [KEYS.officeA, { brand_kit_id: ofA }, ofA],
      [KEYS.org, { brand_kit_id: ofA, office_id: a }, ofA],
      [KEYS.org, { brand_kit_id: org }, org],
    ] as const) {
      const made = await slide(key, body);
      expect(made.status, made.text).toBe(202);
      expect(lastInput().brand_kit).toMatchObject({ id: kitId, version: 1 });
    }
    const unknown = await slide(KEYS.officeA, { brand_kit_id: 'bk_doesnotexist' });
    for (const [key, body] of [
      [KEYS.officeA, { brand_kit_id: ofB }],
      // The job's office is A's: B's kit is not one it may draw, even for the organization's key.
      [KEYS.org, { brand_kit_id: ofB, office_id: a }],
      // A job of no office draws only the organization's kits.
      [KEYS.org, { brand_kit_id: ofA }],
    ] as const) {
      const refused = await slide(key, body);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body.error.details[0].path).toBe('brand_kit_id');
      const kitId = (body as { brand_kit_id: string }).brand_kit_id;
      expect(refused.body.error.message).toBe(unknown.body.error.message.replace('bk_doesnotexist', kitId));
    }
    expect(created).toHaveLength(4);
  });

  it('draws the office’s default kit when it names none: a named kit wins, inline fields win, the version is recorded', async () => {
    const { a, org, ofA } = await threeKits();
    await send(KEYS.org, 'PATCH', `/v1/brand-kits/${ofA}`, {
      colors: { primary: '#0E3B4A' },
      agent: { name: 'Olivia Harrington', phone: '0400 111 222' },
    });
    await send(KEYS.org, 'PATCH', `/v1/offices/${a}`, { default_brand_kit_id: ofA });

    const defaulted = await slide(KEYS.officeA, { branding: { agent_phone: '0499 999 999' } });
    expect(defaulted.status, defaulted.text).toBe(202);
    expect(lastInput()).toMatchObject({
      branding: { primary_color: '#0E3B4A', agent_name: 'Olivia Harrington', agent_phone: '0499 999 999' },
      brand_kit: { id: ofA, version: 2 },
    });
    expect(lastInput()).not.toHaveProperty('brand_kit_id');

    // An organization key placing the job in the office gets the same default.
    await slide(KEYS.org, { office_id: a });
    expect(lastInput().brand_kit).toMatchObject({ id: ofA, version: 2 });

    // A kit named wins over the default.
    await slide(KEYS.officeA, { brand_kit_id: org });
    expect(lastInput().brand_kit).toMatchObject({ id: org, version: 1 });

    // Office B has no default, and a job of no office none either.
    await slide(KEYS.officeB, {});
    expect(lastInput()).not.toHaveProperty('brand_kit');
    await slide(KEYS.org, {});
    expect(lastInput()).not.toHaveProperty('brand_kit');
  });
});
