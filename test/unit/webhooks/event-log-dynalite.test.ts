// The event log and the endpoint store against dynalite (the local DynamoDB): events listed newest first
// by their time-ordered ids, a created-at range as a range of keys, filters, cursor paging, attempts
// appended with the failing and delivered receivers as string sets; endpoint lists replaced only at
// their version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoEventLog } from '../../../functions/adapters/dynamodb/event-log.ts';
import { DynamoWebhookEndpointStore } from '../../../functions/adapters/dynamodb/webhook-endpoint-store.ts';
import { newEventId } from '../../../functions/core/ids.ts';
import type { DeliveryAttemptRecord } from '../../../functions/core/webhooks/event-log.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
let log: DynamoEventLog;
let endpoints: DynamoWebhookEndpointStore;
const tenant = { orgId: 'acme', mode: 'live' as const };
const T0 = Date.parse('2026-11-26T00:00:00.000Z');

function message(at: number, type: WebhookMessage['type'], jobId: string): WebhookMessage {
  return {
    event_id: newEventId(at),
    type,
    created_at: new Date(at).toISOString(),
    job: { job_id: jobId, org_id: 'acme', mode: 'live', job_type: 'frontage_detection' },
    status: 'processing',
    progress: { percent: 10, stage: 'started' },
    attempt: 1,
  };
}

function attempt(target: string, delivered: boolean): DeliveryAttemptRecord {
  return {
    target,
    url: `https://${target}.example.com/`,
    attempt: 1,
    replay: false,
    attempted_at: new Date(T0).toISOString(),
    status_code: delivered ? 200 : 503,
    duration_ms: 12,
    response_body: delivered ? 'ok' : 'down',
    error: delivered ? null : 'HTTP 503',
    delivered,
    outcome: delivered ? 'delivered' : 'retrying',
  };
}

beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'events', 'pk', 'sk');
  await createKeyTable(dynamo.client, 'accounts', 'pk');
  log = new DynamoEventLog(dynamo.db, 'events');
  endpoints = new DynamoWebhookEndpointStore(dynamo.db, 'accounts');
});

afterAll(() => dynamo.close());

describe('event log on DynamoDB', () => {
  const events = [
    message(T0, 'job.processing', 'job-1'),
    message(T0 + 60_000, 'job.completed', 'job-1'),
    message(T0 + 120_000, 'job.processing', 'job-2'),
    message(T0 + 180_000, 'job.failed', 'job-2'),
  ];

  it('records each event once and lists newest first, by range, type and job, a page at a time', async () => {
    for (const m of events) {
      await log.record(tenant, m, 1);
      await log.record(tenant, { ...m, type: 'job.canceled' }, 1); // a second record changes nothing
    }
    await log.record({ orgId: 'other', mode: 'live' }, message(T0, 'job.completed', 'job-9'), 1);
    const ids = (page: { events: { message: WebhookMessage }[] }) =>
      page.events.map((e) => e.message.event_id);
    const all = await log.list(tenant, { limit: 10 });
    expect(ids(all)).toEqual(events.map((e) => e.event_id).reverse());
    expect(all.events[3]!.message.type).toBe('job.processing');
    const range = await log.list(tenant, {
      limit: 10,
      createdFrom: new Date(T0 + 60_000).toISOString(),
      createdTo: new Date(T0 + 120_000).toISOString(),
    });
    expect(ids(range)).toEqual([events[2]!.event_id, events[1]!.event_id]);
    expect(ids(await log.list(tenant, { limit: 10, type: 'job.processing' }))).toEqual([
      events[2]!.event_id,
      events[0]!.event_id,
    ]);
    expect(ids(await log.list(tenant, { limit: 10, jobId: 'job-1' }))).toEqual([
      events[1]!.event_id,
      events[0]!.event_id,
    ]);
    const first = await log.list(tenant, { limit: 3 });
    expect(first.hasMore).toBe(true);
    const second = await log.list(tenant, { limit: 3, startingAfter: ids(first).at(-1) });
    expect(ids(second)).toEqual([events[0]!.event_id]);
    expect(second.hasMore).toBe(false);
  });

  it('appends attempts and keeps which receivers fail and which have the event', async () => {
    const id = events[3]!.event_id;
    await log.recordAttempt(tenant, id, attempt('we_a', false));
    await log.recordAttempt(tenant, id, attempt('we_b', true));
    let stored = await log.get(tenant, id);
    expect(stored?.failedTargets).toEqual(['we_a']);
    expect(stored?.deliveredTargets).toEqual(['we_b']);
    expect(
      (await log.list(tenant, { limit: 10, failedOnly: true })).events.map((e) => e.message.event_id),
    ).toEqual([id]);
    await log.recordAttempt(tenant, id, attempt('we_a', true));
    stored = await log.get(tenant, id);
    expect(stored?.attempts.map((a) => [a.target, a.delivered])).toEqual([
      ['we_a', false],
      ['we_b', true],
      ['we_a', true],
    ]);
    expect(stored?.failedTargets).toEqual([]);
    expect([...(stored?.deliveredTargets ?? [])].sort()).toEqual(['we_a', 'we_b']);
    expect((await log.list(tenant, { limit: 10, failedOnly: true })).events).toEqual([]);
    // An attempt of an event the log does not have is not kept (and does not fail).
    await log.recordAttempt(tenant, newEventId(T0), attempt('we_a', true));
    expect(await log.get(tenant, newEventId(T0 + 1))).toBeUndefined();
  });
});

describe('webhook endpoint store on DynamoDB', () => {
  it('replaces the list only at its version', async () => {
    const endpoint = {
      id: 'we_a',
      url: 'https://a.example.com/',
      enabled_events: ['*'] as const,
      description: null,
      enabled: true,
      secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', created_at: new Date(T0).toISOString() }],
      created_at: new Date(T0).toISOString(),
      updated_at: new Date(T0).toISOString(),
    };
    expect(await endpoints.list(tenant)).toEqual({ endpoints: [], version: 0 });
    expect(await endpoints.replace(tenant, 0, [endpoint])).toBe(true);
    expect(await endpoints.replace(tenant, 0, [])).toBe(false); // someone else wrote version 1
    expect(await endpoints.list(tenant)).toEqual({ endpoints: [endpoint], version: 1 });
    expect(await endpoints.list({ orgId: 'acme', mode: 'test' })).toEqual({ endpoints: [], version: 0 });
  });
});
