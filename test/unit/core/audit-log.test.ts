// The audit log's rules (core/audit/audit-log.ts) and its DynamoDB adapter on dynalite: secrets are
// redacted wherever they appear, an update records only the fields that changed, a record is kept a
// year, a failure to record does not fail the change, and the adapter lists a tenant's records newest
// first with the filters and cursor paging GET /v1/audit-events offers — never another tenant's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAuditLog } from '../../../functions/adapters/dynamodb/audit-log.ts';
import {
  type AuditLog,
  type AuditRecord,
  changed,
  exportAuditEvents,
  newAuditId,
  recordAudit,
  redact,
} from '../../../functions/core/audit/audit-log.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';
import { fixedClock, memoryAuditLog } from '../../support/fakes.ts';

const ACME = { orgId: 'acme', mode: 'live' } as const;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');

describe('redact', () => {
  it('hides secret-named fields at any depth, and keeps hints, times and parameter names', () => {
    expect(
      redact({
        secret: 'whsec_abc',
        key: 'svc_live_x',
        api_key: 'nm-key',
        nested: { signing_secret: 's', password: 'p', session_token: 't', list: [{ secret: 'x' }] },
        key_hint: '…wxyz',
        secret_created_at: '2026-01-01T00:00:00.000Z',
        api_key_param: 'apikey',
        url: 'https://hooks.example.com',
      }),
    ).toEqual({
      secret: '[redacted]',
      key: '[redacted]',
      api_key: '[redacted]',
      nested: {
        signing_secret: '[redacted]',
        password: '[redacted]',
        session_token: '[redacted]',
        list: [{ secret: '[redacted]' }],
      },
      key_hint: '…wxyz',
      secret_created_at: '2026-01-01T00:00:00.000Z',
      api_key_param: 'apikey',
      url: 'https://hooks.example.com',
    });
  });

  it('records only the fields that changed, redacted', () => {
    expect(
      changed(
        { url: 'https://a.example', enabled: true, secret: 'old', description: null },
        { url: 'https://b.example', enabled: true, secret: 'new', description: null },
      ),
    ).toEqual({
      before: { url: 'https://a.example', secret: '[redacted]' },
      after: { url: 'https://b.example', secret: '[redacted]' },
    });
    expect(changed({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});

describe('recordAudit', () => {
  it('writes a record with its actor, target, time, IP, request id and redacted changes, kept a year', async () => {
    const log = memoryAuditLog();
    await recordAudit(
      { auditLog: log, clock: fixedClock('2026-11-02T00:00:00.000Z') },
      ACME,
      { actor: { type: 'api_key', id: 'key_0123456789abcdef' }, sourceIp: '203.0.113.1', requestId: 'req_1' },
      {
        action: 'webhook_endpoint.created',
        target: { type: 'webhook_endpoint', id: 'we_1' },
        changes: { after: { url: 'https://hooks.example.com', secret: 'whsec_shown_once' } },
      },
    );
    const [{ record, expiresAt }] = log.records as [{ record: AuditRecord; expiresAt: number }];
    expect(record).toMatchObject({
      orgId: 'acme',
      mode: 'live',
      at: '2026-11-02T00:00:00.000Z',
      actor: { type: 'api_key', id: 'key_0123456789abcdef' },
      sourceIp: '203.0.113.1',
      requestId: 'req_1',
      action: 'webhook_endpoint.created',
      target: { type: 'webhook_endpoint', id: 'we_1' },
      changes: { after: { url: 'https://hooks.example.com', secret: '[redacted]' } },
    });
    expect(record.auditId).toMatch(/^aud_[0-9a-f]{32}$/);
    expect(JSON.stringify(log.records)).not.toContain('whsec_shown_once');
    expect(expiresAt - Date.parse(record.at) / 1000).toBe(365 * 86_400);
  });

  it('does not fail the change when the record cannot be written', async () => {
    const broken: AuditLog = {
      append: async () => {
        throw new Error('throttled');
      },
      list: async () => ({ records: [], hasMore: false }),
    };
    await expect(
      recordAudit(
        { auditLog: broken, clock: fixedClock() },
        ACME,
        { actor: { type: 'cli', id: 'ops' } },
        { action: 'api_key.revoked', target: { type: 'api_key', id: 'key_x' } },
      ),
    ).resolves.toBeUndefined();
  });
});

describe('the DynamoDB audit log', () => {
  let dynamo: LocalDynamo;
  let log: DynamoAuditLog;

  const record = (i: number, extra: Partial<AuditRecord> = {}): AuditRecord => ({
    auditId: newAuditId(T0 + i * 60_000),
    orgId: 'acme',
    mode: 'live',
    at: new Date(T0 + i * 60_000).toISOString(),
    actor: { type: 'api_key', id: i % 2 === 0 ? 'key_even' : 'key_odd' },
    action: i % 3 === 0 ? 'job.deleted' : 'webhook_endpoint.updated',
    target: { type: 'job', id: `target-${i}` },
    ...extra,
  });

  beforeAll(async () => {
    dynamo = await startDynalite();
    // The events table's shape: pk + sk (the event log shares it).
    await createKeyTable(dynamo.client, 'events', 'pk', 'sk');
    log = new DynamoAuditLog(dynamo.db, 'events');
    for (let i = 0; i < 7; i += 1) await log.append(record(i), 1);
    await log.append(record(3, { orgId: 'other' }), 1);
    await log.append(record(4, { mode: 'test' }), 1);
  });

  afterAll(() => dynamo.close());

  it("lists the tenant's records newest first, pages by cursor, and never another tenant's", async () => {
    const first = await log.list(ACME, { limit: 4 });
    expect(first.records.map((r) => r.target.id)).toEqual(['target-6', 'target-5', 'target-4', 'target-3']);
    expect(first.hasMore).toBe(true);
    const second = await log.list(ACME, { limit: 4, startingAfter: first.records.at(-1)!.auditId });
    expect(second.records.map((r) => r.target.id)).toEqual(['target-2', 'target-1', 'target-0']);
    expect(second.hasMore).toBe(false);
    expect((await log.list({ orgId: 'other', mode: 'live' }, { limit: 10 })).records).toHaveLength(1);
    expect((await log.list({ orgId: 'acme', mode: 'test' }, { limit: 10 })).records).toHaveLength(1);
  });

  it('filters by action, actor, target and time range', async () => {
    const ids = async (filter: Parameters<AuditLog['list']>[1]) =>
      (await log.list(ACME, filter)).records.map((r) => r.target.id);
    expect(await ids({ limit: 10, action: 'job.deleted' })).toEqual(['target-6', 'target-3', 'target-0']);
    expect(await ids({ limit: 10, actor: 'key_odd' })).toEqual(['target-5', 'target-3', 'target-1']);
    expect(await ids({ limit: 10, targetId: 'target-2' })).toEqual(['target-2']);
    expect(
      await ids({
        limit: 10,
        from: new Date(T0 + 2 * 60_000).toISOString(),
        to: new Date(T0 + 4 * 60_000).toISOString(),
      }),
    ).toEqual(['target-4', 'target-3', 'target-2']);
    expect(
      await ids({ limit: 10, from: new Date(T0 + 9e6).toISOString(), to: new Date(T0).toISOString() }),
    ).toEqual([]);
  });

  it('exports every matching record as JSON Lines, and goes on from a cursor past its limits', async () => {
    const whole = await exportAuditEvents({ auditLog: log }, ACME, {});
    const lines = whole.jsonLines.split('\n');
    expect(lines.pop()).toBe(''); // every line ends in a newline
    expect(lines.map((l) => JSON.parse(l).target.id)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((i) => `target-${i}`),
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      object: 'audit_event',
      action: 'job.deleted',
      mode: 'live',
    });
    expect(whole).toMatchObject({ count: 7, nextCursor: null });
    // Cut at 3 records: a cursor, and the rest from it; the same with a cut by size.
    const cut = await exportAuditEvents({ auditLog: log }, ACME, {}, { records: 3, bytes: 1e6 });
    expect(cut.count).toBe(3);
    const rest = await exportAuditEvents({ auditLog: log }, ACME, { startingAfter: cut.nextCursor! });
    expect(cut.jsonLines + rest.jsonLines).toBe(whole.jsonLines);
    const twoLines = Buffer.byteLength(lines[0]!) + Buffer.byteLength(lines[1]!) + 2;
    const bySize = await exportAuditEvents({ auditLog: log }, ACME, {}, { records: 100, bytes: twoLines });
    expect(bySize.count).toBe(2);
    expect(bySize.nextCursor).toBe(JSON.parse(lines[1]!).id);
    // Exactly at the record limit with nothing after: no cursor. Filters and tenants hold as in the list.
    expect(
      (await exportAuditEvents({ auditLog: log }, ACME, {}, { records: 7, bytes: 1e6 })).nextCursor,
    ).toBeNull();
    const deleted = await exportAuditEvents({ auditLog: log }, ACME, { action: 'job.deleted' });
    expect(deleted.count).toBe(3);
    expect(
      (await exportAuditEvents({ auditLog: log }, { orgId: 'nobody', mode: 'live' }, {})).jsonLines,
    ).toBe('');
  });

  it('keeps a record as first written: the same id again changes nothing', async () => {
    const original = record(100);
    await log.append(original, 1);
    await log.append({ ...original, action: 'api_key.revoked' }, 1);
    const [kept] = (await log.list(ACME, { limit: 1, targetId: 'target-100' })).records;
    expect(kept!.action).toBe(original.action);
  });
});
