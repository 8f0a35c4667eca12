// The error codes every route of a kind can answer, shared by the job routes and the webhook routes so
// their OpenAPI error lists cannot drift apart.
import type { ErrorCode } from '../core/errors.ts';

/** What authentication, the key's scopes and its limits can answer on any authenticated route. */
export const AUTH_ERRORS: readonly ErrorCode[] = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPE',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
];

/** What reading and validating a JSON body can answer. */
export const BODY_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** What an Idempotency-Key can answer (every POST); a malformed key is a VALIDATION_ERROR. */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_IN_PROGRESS'];
