// The Idempotency-Key rules on Powertools' real handler, with an in-memory persistence layer that keeps
// the DynamoDB layer's semantics (a put fails while an unexpired record exists).
import {
  IdempotencyItemAlreadyExistsError,
  IdempotencyItemNotFoundError,
} from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, type IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey, runIdempotent } from '../../../functions/api/http/idempotency.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import { IDEMPOTENCY_TTL_SECONDS, scopedKey } from '../../../functions/core/jobs/creation-claims.ts';

class MemoryPersistence extends BasePersistenceLayer {
  readonly records = new Map<string, IdempotencyRecord>();

  protected async _getRecord(key: string): Promise<IdempotencyRecord> {
    const record = this.records.get(key);
    if (!record) throw new IdempotencyItemNotFoundError();
    return record;
  }

  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const existing = this.records.get(record.idempotencyKey);
    if (existing && !existing.isExpired()) throw new IdempotencyItemAlreadyExistsError('exists');
    this.records.set(record.idempotencyKey, record);
  }

  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    this.records.set(record.idempotencyKey, record);
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    this.records.delete(record.idempotencyKey);
  }
}

/** The Lambda context bounds how long an in-flight record locks its key. */
const context = { getRemainingTimeInMillis: () => 30_000 } as Context;
const tenant = { orgId: 'acme', mode: 'live' as const };
const request = (body: unknown, path = '/v1/property-frontage/detect') => ({ method: 'POST', path, body });

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an error');
}

describe('Idempotency-Key header', () => {
  it('accepts printable ASCII keys of up to 255 characters and refuses the rest with a 400', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey(' 0193a5b0-1c2d-7e8f-9a0b-1c2d3e4f5a6b ')).toBe(
      '0193a5b0-1c2d-7e8f-9a0b-1c2d3e4f5a6b',
    );
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    for (const bad of ['', '   ', 'two words', 'x'.repeat(256), 'clé', 'tab\there']) {
      let error: ApiError | undefined;
      try {
        parseIdempotencyKey(bad);
      } catch (e) {
        error = e as ApiError;
      }
      expect(error?.code, JSON.stringify(bad)).toBe('VALIDATION_ERROR');
      expect(error?.details?.[0]?.path).toBe('headers.Idempotency-Key');
    }
  });

  it('scopes keys by organization and mode', () => {
    const keys = new Set([
      scopedKey({ orgId: 'a', mode: 'live' }, 'k'),
      scopedKey({ orgId: 'a', mode: 'test' }, 'k'),
      scopedKey({ orgId: 'b', mode: 'live' }, 'k'),
      // A separator that cannot appear in a key or an org id: no concatenation collides.
      scopedKey({ orgId: 'a', mode: 'live' }, 'k2'),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe('runIdempotent', () => {
  it('runs once and replays the first answer for the same key and request', async () => {
    const store = new MemoryPersistence();
    let runs = 0;
    const run = async () => ({ status: 202, data: { job_id: `job-${++runs}`, status: 'queued' } });
    const first = await runIdempotent(
      store,
      { tenant, key: 'k', request: request({ a: 1, b: 2 }), requestId: 'r1', context },
      run,
    );
    const second = await runIdempotent(
      store,
      { tenant, key: 'k', request: request({ b: 2, a: 1 }), requestId: 'r2', context },
      run,
    );
    expect(runs).toBe(1);
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.answer.data).toEqual(first.answer.data);
    expect(second.answer.status).toBe(202);
    const [record] = [...store.records.values()];
    const lifetime = record!.expiryTimestamp! - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(IDEMPOTENCY_TTL_SECONDS - 5);
    expect(lifetime).toBeLessThanOrEqual(IDEMPOTENCY_TTL_SECONDS + 1);
  });

  it('answers 409 IDEMPOTENCY_CONFLICT for the same key with another body or path', async () => {
    const store = new MemoryPersistence();
    const run = async () => ({ status: 202, data: { job_id: 'j' } });
    await runIdempotent(
      store,
      { tenant, key: 'k', request: request({ a: 1 }), requestId: 'r1', context },
      run,
    );
    for (const other of [request({ a: 2 }), request({ a: 1 }, '/v2/markup/generate')]) {
      const error = await thrown(
        runIdempotent(store, { tenant, key: 'k', request: other, requestId: 'r2', context }, run),
      );
      expect(error.code).toBe('IDEMPOTENCY_CONFLICT');
      expect(error.status).toBe(409);
    }
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS (with Retry-After) while the first request runs', async () => {
    const store = new MemoryPersistence();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = runIdempotent(
      store,
      { tenant, key: 'k', request: request({}), requestId: 'r1', context },
      async () => {
        await gate;
        return { status: 202, data: { job_id: 'j' } };
      },
    );
    await new Promise((r) => setTimeout(r, 10));
    const error = await thrown(
      runIdempotent(
        store,
        { tenant, key: 'k', request: request({}), requestId: 'r2', context },
        async () => ({
          status: 202,
          data: { job_id: 'other' },
        }),
      ),
    );
    expect(error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(error.headers['Retry-After']).toBe('1');
    release();
    expect((await slow).answer.data).toEqual({ job_id: 'j' });
  });

  it('keeps tenants apart and forgets failed requests', async () => {
    const store = new MemoryPersistence();
    let runs = 0;
    const run = async () => ({ status: 202, data: { n: ++runs } });
    await runIdempotent(store, { tenant, key: 'k', request: request({}), requestId: 'r1', context }, run);
    const other = await runIdempotent(
      store,
      { tenant: { orgId: 'globex', mode: 'live' }, key: 'k', request: request({}), requestId: 'r2', context },
      run,
    );
    expect(other.replayed).toBe(false);
    expect(runs).toBe(2);

    const failing = async () => {
      throw new Error('boom');
    };
    const input = { tenant, key: 'k-fail', request: request({}), requestId: 'r3', context };
    await expect(runIdempotent(store, input, failing)).rejects.toThrow('boom');
    const retried = await runIdempotent(store, { ...input, requestId: 'r4', context }, run);
    expect(retried.replayed).toBe(false);
  });
});
