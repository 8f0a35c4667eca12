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
import type { Context } from 'aws-lambda';
import { ApiError, apiErrors } from '../../core/errors.ts';
import {
  claimRecordId,
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotentRequest,
  scopedKey,
} from '../../core/jobs/creation-claims.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { logger } from '../../core/observability.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
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

/** One prefix for every route's records: a key reused on another route is a conflict, not a second job. */
const RECORD_PREFIX = 'api';

/**
 * The ids of the idempotency table's records a keyed request leaves: Powertools' kept answer (its id is
 * the prefix and the base64 SHA-256 of the JSON of the event key, scopedKey) and the creation claim. A job
 * the request creates carries them, so deleting the job erases them (delete-job.ts).
 */
export function idempotencyRecordIds(tenant: Tenant, key: string, request: IdempotentRequest): string[] {
  const answer = createHash('sha256')
    .update(JSON.stringify(scopedKey(tenant, key)))
    .digest('base64');
  return [`${RECORD_PREFIX}#${answer}`, claimRecordId(tenant, key, request)];
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
    { persistenceStore: persistence, config, keyPrefix: RECORD_PREFIX },
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
