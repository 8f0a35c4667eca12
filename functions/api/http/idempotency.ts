// The Idempotency-Key header of every POST, on Powertools' idempotency utility: for 24 hours the same
// key with the same request answers the first answer again (flagged Idempotent-Replayed), the same key
// with another request is a 409, and so is a second request while the first is still running. Keys are
// scoped to the tenant (organization + mode), so two organizations' keys never meet. Only successful
// answers are kept: an error deletes the record and a retry runs again.

import { createHash } from 'node:crypto';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyPersistenceLayerError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { ApiError, apiErrors } from '../../core/errors.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { logger } from '../../core/observability.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII without spaces: UUIDs, ULIDs, base64url and the like all fit. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
export const IDEMPOTENCY_KEY_RULE = `the key is 1-${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces (a UUID is a good choice).`;

/** The header's key, or undefined when none was sent; a malformed key is a 400. */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw apiErrors.validation([
      { path: `headers.${IDEMPOTENCY_HEADER}`, message: `is not a valid key: ${IDEMPOTENCY_KEY_RULE}` },
    ]);
  }
  return key;
}

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

/** An answer as kept for 24 h; request_id tells the first answer from a replay. */
export interface KeptAnswer {
  readonly status: number;
  readonly data: unknown;
  readonly request_id: string;
}

export interface IdempotentOutcome {
  readonly answer: KeptAnswer;
  readonly replayed: boolean;
}

/**
 * Runs `run` at most once per tenant + key within 24 h. `persistence` is Powertools' DynamoDB layer in
 * the Lambdas (any BasePersistenceLayer in tests); `context` bounds how long an in-flight record locks
 * the key when the function dies mid-request.
 */
export async function runIdempotent(
  persistence: BasePersistenceLayer,
  input: {
    readonly tenant: Tenant;
    readonly key: string;
    readonly request: IdempotentRequest;
    readonly requestId: string;
    readonly context?: Context;
  },
  run: () => Promise<Omit<KeptAnswer, 'request_id'>>,
): Promise<IdempotentOutcome> {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    hashFunction: 'sha256',
    throwOnNoIdempotencyKey: true,
  });
  if (input.context) config.registerLambdaContext(input.context);
  let answered: KeptAnswer | undefined;
  const once = makeIdempotent(
    async (_payload: { key: string; request: IdempotentRequest }): Promise<KeptAnswer> => {
      answered = { ...(await run()), request_id: input.requestId };
      return answered;
    },
    // One prefix for every route: a key reused on another route is a conflict, not a second job.
    { persistenceStore: persistence, config, keyPrefix: 'api' },
  );
  try {
    const answer = await once({ key: scopedKey(input.tenant, input.key), request: input.request });
    return { answer, replayed: answer.request_id !== input.requestId };
  } catch (error) {
    // The request ran (a job may exist) but its answer could not be kept: the caller still gets the
    // truth. A retry with the key finds the record in progress (409, Retry-After) until it expires.
    if (answered && error instanceof IdempotencyPersistenceLayerError) {
      logger.error('idempotency record not completed; answering anyway', { error });
      return { answer: answered, replayed: false };
    }
    throw idempotencyError(error);
  }
}

/** Powertools' refusals as API errors; anything else (the route's own errors included) passes through. */
export function idempotencyError(error: unknown): unknown {
  if (error instanceof IdempotencyValidationError) {
    return new ApiError(
      'IDEMPOTENCY_CONFLICT',
      `This ${IDEMPOTENCY_HEADER} was already used in the last 24 hours with a different request (route, path or body). Send a new key for a new request.`,
    );
  }
  if (error instanceof IdempotencyAlreadyInProgressError) {
    return new ApiError(
      'IDEMPOTENCY_IN_PROGRESS',
      `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Retry shortly to receive its answer.`,
      { headers: { 'Retry-After': '1' } },
    );
  }
  return error;
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

/**
 * The job a request with an Idempotency-Key creates, claimed before the job is written: the first attempt
 * puts {job id, creation time} under the tenant + key + request fingerprint; any later attempt (after a
 * crash, a timeout, or once Powertools' in-progress lock expired) gets the same job id instead of making a
 * second job. Kept in the idempotency table for the same 24 hours (its TTL attribute).
 */
export class DynamoCreationClaims {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(
    tenant: Tenant,
    key: string,
    request: IdempotentRequest,
    proposed: ClaimedCreation,
  ): Promise<ClaimedCreation> {
    const fingerprint = createHash('sha256')
      .update(
        `${scopedKey(tenant, key)}\u0000${request.method}\u0000${request.path}\u0000${canonicalJson(request.body)}`,
      )
      .digest('hex');
    const id = `claim#${fingerprint}`;
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            id,
            job_id: proposed.jobId,
            created_at: proposed.createdAt,
            expiration: Math.floor(Date.parse(proposed.createdAt) / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return proposed;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }),
      );
      if (!Item) throw error;
      return { jobId: String(Item.job_id), createdAt: String(Item.created_at) };
    }
  }
}
