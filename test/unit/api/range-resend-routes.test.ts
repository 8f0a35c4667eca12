// A range resend is a job of its own: POST /v1/events/resend over 134 events and 20 endpoints answers 202
// at once with what it will send, sends nothing inside the request, and the webhook delivery function's
// batches queue its deliveries afterwards (GET /v1/event-resends/{id} says how far it got). It is bounded:
// 1,000 deliveries a resend (has_more for the rest), 2 running per organization and mode (a third is 429
// RESEND_LIMITED with Retry-After; the same request again answers the running one), and one event is resent
// to one receiver at most once a minute. Through the webhooks function as API Gateway calls it, over the
// event log and the resends' DynamoDB adapters on dynalite.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoEventLog } from '../../../functions/adapters/dynamodb/event-log.ts';
import { DynamoEventResends } from '../../../functions/adapters/dynamodb/event-resends.ts';
import type { ApiKeyRecord } from '../../../functions/core/auth/account-store.ts';
import { hashApiKey } from '../../../functions/core/auth/api-key.ts';
import { newEventId } from '../../../functions/core/ids.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import { runResendBatch } from '../../../functions/core/webhooks/event-resends.ts';
import { isResendJobMessage, type WebhookQueueMessage } from '../../../functions/core/webhooks/events.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fakeJobStore,
  LIVE_KEY_RECORD,
  memoryAuditLog,
  memoryEndpointStore,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handlers are evaluated again, on this file's mock of their ports
const { handler } = await import('../../../functions/api/webhooks-api.ts');

const T0 = Date.parse('2026-11-26T00:00:00.000Z');
const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };
/** Two organizations' keys: the big one has 134 events and 20 endpoints, the small one 3 events and 1. */
const KEYS = {
  big: 'svc_live_0123456789abcdef0123456789abcdef',
  small: 'svc_live_fedcba9876543210fedcba9876543210',
} as const;
const RECORDS: Record<string, ApiKeyRecord> = {
  [hashApiKey(KEYS.big)]: { ...LIVE_KEY_RECORD, orgId: 'big' },
  [hashApiKey(KEYS.small)]: { ...LIVE_KEY_RECORD, keyId: 'key_fedcba9876543210', orgId: 'small' },
};

let dynamo: LocalDynamo;
let now = new Date(T0 + 3_600_000);
const clock = { now: () => now };
const queued: WebhookQueueMessage[] = [];
const queue = {
  enqueue: async (message: WebhookQueueMessage) => void queued.push(message),
  deadLetter: async () => undefined,
};
let worker: Parameters<typeof runResendBatch>[0];

/** The events recorded, by organization, oldest first. */
const recorded = new Map<string, string[]>();

async function record(eventLog: DynamoEventLog, orgId: string, count: number) {
  const ids: string[] = [];
  recorded.set(orgId, ids);
  for (let i = 0; i < count; i += 1) {
    const at = T0 + i * 1000;
    ids.push(newEventId(at));
    await eventLog.record(
      { orgId, mode: 'live' },
      {
        event_id: ids.at(-1)!,
        type: 'job.completed',
        created_at: new Date(at).toISOString(),
        job: {
          job_id: `0193a0b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
          org_id: orgId,
          mode: 'live',
          job_type: 'frontage_detection',
        },
        status: 'completed',
        attempt: 1,
      },
      Math.floor(T0 / 1000) + 30 * 86_400,
    );
  }
}

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'events', 'pk', 'sk');
  const eventLog = new DynamoEventLog(dynamo.db, 'events');
  const resends = new DynamoEventResends(dynamo.db, 'events');
  await record(eventLog, 'big', 134);
  await record(eventLog, 'small', 3);
  const endpoints = memoryEndpointStore();
  const endpoint = (i: number) => ({
    id: `we_endpoint${i}`,
    url: `https://hooks${i}.example.com/pms`,
    enabled_events: ['*'] as const,
    description: null,
    enabled: true,
    secrets: [],
    created_at: new Date(T0).toISOString(),
    updated_at: new Date(T0).toISOString(),
  });
  await endpoints.replace(
    { orgId: 'big', mode: 'live' },
    0,
    Array.from({ length: 20 }, (_, i) => endpoint(i)),
  );
  await endpoints.replace({ orgId: 'small', mode: 'live' }, 0, [endpoint(0)]);
  const job = (tenant: { orgId: string }, jobId: string): Job => ({
    jobId,
    orgId: tenant.orgId,
    mode: 'live',
    jobType: 'frontage_detection',
    status: 'completed',
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    progress: { percent: 100, stage: 'completed' },
    input: {},
  });
  worker = { resends, eventLog, queue, clock };
  world.ports = {
    audit: { auditLog: memoryAuditLog(), clock },
    accounts: fakeAccountStore({
      admit: async (keyHash) => ({ kind: 'admitted', key: RECORDS[keyHash]!, rate: RATE }),
    }),
    auth: { keyVariant: 'both', testRatePerMinute: 60 },
    webhooks: {
      endpoints: { endpoints, clock, webhookPolicy: { allowHttp: false, allowLoopback: false } },
      events: {
        eventLog,
        endpoints,
        jobs: fakeJobStore({ get: async (tenant, jobId) => job(tenant, jobId) }),
        queue,
        clock,
        eventRetentionDays: 30,
        resends,
      },
    },
  };
});

afterAll(() => dynamo.close());

let requests = 0;

async function call(method: string, path: string, key: string, body?: unknown) {
  requests += 1;
  const base = apiGatewayEvent({
    httpMethod: method,
    path,
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
  });
  const event: APIGatewayProxyEvent = {
    ...base,
    body: body === undefined ? null : JSON.stringify(body),
    requestContext: {
      ...base.requestContext,
      requestId: `c0ffee00-0000-4000-8000-${String(requests).padStart(12, '0')}`,
    },
  };
  const res = (await handler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
  };
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

const RANGE = {
  created_from: '2026-11-26T00:00:00Z',
  created_to: '2026-11-26T01:00:00Z',
  failed_only: false,
};

/** Runs the queued resend batches, as the delivery function would; the deliveries they queue are counted. */
async function runBatches(): Promise<{ batches: number; deliveries: number }> {
  let batches = 0;
  let deliveries = 0;
  while (queued.length > 0) {
    const message = queued.shift()!;
    if (isResendJobMessage(message)) {
      batches += 1;
      await runResendBatch(worker, message);
    } else deliveries += 1;
  }
  return { batches, deliveries };
}

describe('POST /v1/events/resend over a large range', () => {
  let resendId = '';

  it('answers 202 at once with what it will send, bounded to 1,000 deliveries, and sends nothing yet', async () => {
    const res = await call('POST', '/v1/events/resend', KEYS.big, RANGE);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      object: 'event_resend',
      status: 'queued',
      events: 50,
      deliveries: 1000,
      queued_deliveries: 0,
      has_more: true,
      completed_at: null,
    });
    resendId = res.body.data.id;
    expect(resendId).toMatch(/^evr_[0-9a-f]{32}$/);
    // The newest events first, each to every one of the 20 endpoints.
    expect(res.body.data.event_ids).toHaveLength(50);
    // Only the resend's own job was queued inside the request: no delivery.
    expect(queued.filter((m) => !isResendJobMessage(m))).toEqual([]);
    expect(queued.filter(isResendJobMessage)).toHaveLength(1);
    expect((await call('GET', `/v1/event-resends/${resendId}`, KEYS.big)).body.data.status).toBe('queued');
  });

  it('answers the same request again with the resend already running, not a second one', async () => {
    const again = await call('POST', '/v1/events/resend', KEYS.big, {
      ...RANGE,
      created_from: '2026-11-26T10:00:00+10:00',
    });
    expect(again.status).toBe(202);
    expect(again.body.data.id).toBe(resendId);
    expect(queued.filter(isResendJobMessage)).toHaveLength(1);
  });

  it('refuses a third running resend of the organization with 429 RESEND_LIMITED and Retry-After; another organization is not held up', async () => {
    const second = await call('POST', '/v1/events/resend', KEYS.big, {
      ...RANGE,
      created_to: '2026-11-26T00:01:00Z',
    });
    expect(second.status).toBe(202);
    const third = await call('POST', '/v1/events/resend', KEYS.big, {
      ...RANGE,
      created_to: '2026-11-26T00:00:30Z',
    });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('RESEND_LIMITED');
    expect(Number(third.headers['Retry-After'])).toBeGreaterThan(0);
    const other = await call('POST', '/v1/events/resend', KEYS.small, RANGE);
    expect(other.status).toBe(202);
    expect(other.body.data).toMatchObject({ events: 3, deliveries: 3, has_more: false });
  });

  it('is sent in the background in batches, every planned delivery once, and then says completed', async () => {
    const { batches, deliveries } = await runBatches();
    // 1,000 (the first), 20 × 61 events of the first minute (the second, bounded at 1,000: 50 events) and 3.
    expect(deliveries).toBe(1000 + 1000 + 3);
    expect(batches).toBeGreaterThan(10);
    const done = await call('GET', `/v1/event-resends/${resendId}`, KEYS.big);
    expect(done.body.data).toMatchObject({ status: 'completed', queued_deliveries: 1000 });
    expect(done.body.data.completed_at).not.toBeNull();
    // Completed, they hold no place: the organization may start another.
    const next = await call('POST', '/v1/events/resend', KEYS.big, {
      ...RANGE,
      created_to: '2026-11-26T00:00:30Z',
    });
    expect(next.status).toBe(202);
    await runBatches();
  });

  it('answers 404 for another organization’s resend, and 400 for an id that is not one', async () => {
    expect((await call('GET', `/v1/event-resends/${resendId}`, KEYS.small)).status).toBe(404);
    expect((await call('GET', '/v1/event-resends/evt_123', KEYS.big)).status).toBe(400);
  });
});

describe('POST /v1/events/{id}/resend of one event to one receiver', () => {
  it('sends once a minute at most: a second resend within the minute is 429 with Retry-After', async () => {
    const eventId = recorded.get('small')![0]!;
    const body = { endpoint_id: 'we_endpoint0' };
    const first = await call('POST', `/v1/events/${eventId}/resend`, KEYS.small, body);
    expect(first.status).toBe(202);
    expect(first.body.data.resent_to).toEqual(['we_endpoint0']);
    const sent = queued.length;
    now = new Date(now.getTime() + 20_000);
    const second = await call('POST', `/v1/events/${eventId}/resend`, KEYS.small, body);
    expect(second.status).toBe(429);
    expect(second.body.error.code).toBe('RESEND_LIMITED');
    expect(second.headers['Retry-After']).toBe('40');
    expect(queued.length).toBe(sent);
    now = new Date(now.getTime() + 41_000);
    expect((await call('POST', `/v1/events/${eventId}/resend`, KEYS.small, body)).status).toBe(202);
    queued.length = 0;
  });
});
