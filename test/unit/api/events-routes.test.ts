// The events routes (GET /v1/events, the dashboard's events page) through the webhooks function as API
// Gateway hands requests to it, over the event log's DynamoDB adapter on dynalite: a created-at range that
// ends before it starts is a 400 naming both fields, never DynamoDB's BETWEEN error as a 500.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoEventLog } from '../../../functions/adapters/dynamodb/event-log.ts';
import { dashboardEventsQuery } from '../../../functions/api/dashboard/schemas.ts';
import { newEventId } from '../../../functions/core/ids.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import {
  apiGatewayEvent,
  fakeAccountStore,
  fakeJobStore,
  fixedClock,
  LIVE_KEY_RECORD,
  memoryEndpointStore,
} from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handlers are evaluated again, on this file's mock of their ports
const { handler } = await import('../../../functions/api/webhooks-api.ts');

const T0 = Date.parse('2026-11-26T00:00:00.000Z');
const RATE = { allowed: true, limit: 600, remaining: 599, resetAt: 0, retryAfterSeconds: 1 };
let dynamo: LocalDynamo;
let eventLog: DynamoEventLog;

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'events', 'pk', 'sk');
  eventLog = new DynamoEventLog(dynamo.db, 'events');
  for (let i = 0; i < 3; i += 1)
    await eventLog.record(
      { orgId: 'acme', mode: 'live' },
      {
        event_id: newEventId(T0 + i * 60_000),
        type: 'job.processing',
        created_at: new Date(T0 + i * 60_000).toISOString(),
        job: {
          job_id: `0193a0b2-0000-7000-8000-00000000000${i}`,
          org_id: 'acme',
          mode: 'live',
          job_type: 'frontage_detection',
        },
        attempt: 1,
      },
      Math.floor(T0 / 1000) + 86_400,
    );
  const endpoints = memoryEndpointStore();
  const clock = fixedClock(new Date(T0 + 3_600_000).toISOString());
  world.ports = {
    accounts: fakeAccountStore({
      admit: async () => ({ kind: 'admitted', key: LIVE_KEY_RECORD, rate: RATE }),
    }),
    auth: { keyVariant: 'both', testRatePerMinute: 60 },
    webhooks: {
      endpoints: { endpoints, clock, webhookPolicy: { allowHttp: false, allowLoopback: false } },
      events: {
        eventLog,
        endpoints,
        jobs: fakeJobStore({ get: async () => undefined }),
        queue: { enqueue: async () => undefined, deadLetter: async () => undefined },
        clock,
        eventRetentionDays: 30,
      },
    },
  };
});

afterAll(() => dynamo.close());

async function get(pathAndQuery: string) {
  const url = new URL(pathAndQuery, 'http://localhost');
  const query = Object.fromEntries(url.searchParams);
  const event: APIGatewayProxyEvent = apiGatewayEvent({
    path: url.pathname,
    headers: { 'X-API-Key': 'svc_live_0123456789abcdef0123456789abcdef' },
    queryStringParameters: Object.keys(query).length > 0 ? query : null,
  });
  const res = (await handler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('GET /v1/events with a created-at range', () => {
  it('lists the events of a range, both ends included', async () => {
    const from = new Date(T0).toISOString();
    const to = new Date(T0 + 60_000).toISOString();
    const res = await get(`/v1/events?created_from=${from}&created_to=${to}`);
    expect(res.status).toBe(200);
    expect(res.body.data.events).toHaveLength(2);
  });

  it('answers a reversed range with a 400 naming created_from and created_to', async () => {
    const res = await get(
      `/v1/events?created_from=${new Date(T0 + 120_000).toISOString()}&created_to=${new Date(T0).toISOString()}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'created_from',
      'created_to',
    ]);
  });

  it('refuses the same range on the dashboard’s events page', () => {
    const parsed = dashboardEventsQuery.safeParse({
      created_from: '2026-11-26T00:02:00Z',
      created_to: '2026-11-26T00:00:00+00:00',
      mode: 'live',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['created_from', 'created_to']);
  });

  it('gives nothing, and no error, to a caller of the event log that passes a reversed range', async () => {
    const listed = await eventLog.list(
      { orgId: 'acme', mode: 'live' },
      { createdFrom: new Date(T0 + 120_000).toISOString(), createdTo: new Date(T0).toISOString(), limit: 10 },
    );
    expect(listed).toEqual({ events: [], hasMore: false });
  });
});
