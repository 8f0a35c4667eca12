// Idempotency-Key records of job creation (the API's POST routes and a kit's children): what a key is
// scoped to, what must match for a replay, and the job a keyed request claims before writing it. The
// API's header handling is functions/api/http/idempotency.ts; the claims' DynamoDB adapter is
// functions/adapters/dynamodb/creation-claims.ts.
import { createHash } from 'node:crypto';
import type { Tenant } from './job-types.ts';

/** How long a key's answer and its claimed job are kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** What the key is stored under: the tenant and the caller's key (hashed by Powertools). */
export function scopedKey(tenant: Tenant, key: string): string {
  return `${tenant.orgId}\u0000${tenant.mode}\u0000${key}`;
}

/** What must match for a replay: the route and the request as validated (object keys in any order). */
export interface IdempotentRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** A job id and creation time, as first proposed for a request (see JobPorts.creationClaim). */
export interface ClaimedCreation {
  readonly jobId: string;
  readonly createdAt: string;
}

/** JSON with object keys sorted: the same request in any key order has one fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The request's fingerprint: tenant, key, method, path and body (in any key order), hashed. */
export function requestFingerprint(tenant: Tenant, key: string, request: IdempotentRequest): string {
  return createHash('sha256')
    .update(
      `${scopedKey(tenant, key)}\u0000${request.method}\u0000${request.path}\u0000${canonicalJson(request.body)}`,
    )
    .digest('hex');
}

/** The idempotency table's item of a keyed request's creation claim (CreationClaims). */
export function claimRecordId(tenant: Tenant, key: string, request: IdempotentRequest): string {
  return `claim#${requestFingerprint(tenant, key, request)}`;
}

/**
 * Erases records of the idempotency table by id: a deleted job's (Job.idempotencyRecords), so its key
 * no longer answers it. Erasing a record that is gone (expired, erased before) is not an error. Its
 * DynamoDB adapter is functions/adapters/dynamodb/idempotency-records.ts.
 */
export interface IdempotencyRecords {
  erase(recordIds: readonly string[]): Promise<void>;
}

/**
 * The job a request with an Idempotency-Key creates, claimed before the job is written: the first attempt
 * keeps {job id, creation time} under the request's fingerprint; any later attempt (after a crash, a
 * timeout, or once Powertools' in-progress lock expired) gets the same job id instead of making a second
 * job. Its DynamoDB adapter is functions/adapters/dynamodb/creation-claims.ts.
 */
export interface CreationClaims {
  claim(
    tenant: Tenant,
    key: string,
    request: IdempotentRequest,
    proposed: ClaimedCreation,
  ): Promise<ClaimedCreation>;
}
