// Errors are values: a code, an HTTP status and a message written for the integrator. One middleware
// turns them into the error envelope; anything else becomes INTERNAL_ERROR without a stack trace.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  JOB_NOT_READY: 409,
  INVALID_PARENT_JOB: 409,
  PARENT_JOB_FAILED: 409,
  JOB_NOT_CANCELABLE: 409,
  PARENT_MEDIA_EXPIRED: 409,
  KEY_NOT_ACTIVE: 409,
  WEBHOOK_ENDPOINT_LIMIT: 409,
  IMAGERY_SOURCE_LIMIT: 409,
  LAST_OWNER: 409,
  MEMBER_EXISTS: 409,
  MEMBER_LIMIT: 409,
  OFFICE_LIMIT: 409,
  OFFICE_HAS_RUNNING_JOBS: 409,
  BRAND_KIT_IN_USE: 409,
  INVITEE_IN_ANOTHER_ORGANIZATION: 409,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  URL_NOT_ALLOWED: 422,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  RESEND_LIMITED: 429,
  INTERNAL_ERROR: 500,
  IDENTITY_PROVIDER_ERROR: 502,
  IDENTITY_PROVIDER_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  BAD_REQUEST:
    'The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.',
  VALIDATION_ERROR:
    'The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.',
  INVALID_JSON: 'The request body is not valid JSON, or not a JSON object.',
  UNAUTHORIZED: 'The X-API-Key header is missing, malformed, unknown or revoked.',
  FORBIDDEN:
    'The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).',
  INSUFFICIENT_SCOPE:
    "The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.",
  NOT_FOUND:
    'No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days).',
  METHOD_NOT_ALLOWED:
    'The route exists but not with this HTTP method; the Allow header lists the methods it takes.',
  JOB_NOT_READY: 'The referenced job has not completed yet; poll it until it is completed and retry.',
  INVALID_PARENT_JOB: 'The referenced job is of a type this operation cannot build on.',
  PARENT_JOB_FAILED:
    "The referenced job failed, so nothing can be built on it; retrying will not help. Create a new job (the message names the parent job's error).",
  JOB_NOT_CANCELABLE:
    'The job has already completed or failed, so it cannot be canceled (the message names its status). Canceling a job that is already canceled answers 200 with the job.',
  PARENT_MEDIA_EXPIRED:
    "The referenced job's media were erased when its retention ended (`media_expired: true`), so nothing can be built on it. Create the job again (with a longer delete_after if need be).",
  KEY_NOT_ACTIVE: 'The API key is already revoked (dashboard): it cannot be rotated or revoked again.',
  WEBHOOK_ENDPOINT_LIMIT:
    'The organization already has the most webhook endpoints a mode may have (20); delete one before creating another.',
  IMAGERY_SOURCE_LIMIT:
    'The organization already has the most imagery sources a mode may have (5); delete one before registering another.',
  LAST_OWNER:
    'The change would leave the organization without an owner (the dashboard member removed or given another role is its only owner); make another member an owner first.',
  MEMBER_EXISTS:
    'A dashboard member with this email already belongs to the organization; change their role instead.',
  MEMBER_LIMIT:
    'The organization already has the most dashboard members it may have (200); remove one before inviting another.',
  OFFICE_LIMIT:
    'The organization already has the most offices a mode may have (500); delete one before creating another.',
  OFFICE_HAS_RUNNING_JOBS:
    'The office still has jobs queued or processing (the message says how many): cancel them or wait until they end, then delete it again. Its finished jobs stay with the organization.',
  BRAND_KIT_IN_USE:
    "The brand kit is an office's default brand kit (the message and details name the offices): clear or change the office's default_brand_kit_id, then delete the kit again.",
  INVITEE_IN_ANOTHER_ORGANIZATION:
    "The invited email already has a dashboard user on this stage (Cognito) that belongs to another organization, or to none; a user belongs to one organization and is never moved silently. Invite another email, or ask the stage's administrators.",
  IDEMPOTENCY_CONFLICT:
    'The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.',
  IDEMPOTENCY_IN_PROGRESS:
    'A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 1 MiB (10 MiB at the gateway).',
  HEADERS_TOO_LARGE: 'The request headers are larger than the server accepts.',
  UNSUPPORTED_MEDIA_TYPE:
    'A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only.',
  URL_NOT_ALLOWED: 'A URL in the request points somewhere the service will not fetch or call.',
  RATE_LIMITED: 'Too many requests for this key in the current minute; wait for Retry-After seconds.',
  QUOTA_EXCEEDED: "The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).",
  RESEND_LIMITED:
    'Resends are bounded: at most 2 range resends of an organization and mode are sent at once, and one event is resent to one receiver at most once a minute. Retry after Retry-After seconds.',
  INTERNAL_ERROR: 'An unexpected error on our side. Retry later and quote meta.request_id if it persists.',
  IDENTITY_PROVIDER_ERROR:
    "The stage's sign-in service (Cognito) refused to send a dashboard invitation; nothing was changed. Quote meta.request_id to support.",
  IDENTITY_PROVIDER_UNAVAILABLE:
    "The stage's sign-in service (Cognito) could not be reached or is throttling; nothing was changed. Retry after Retry-After seconds.",
};

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: readonly ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: readonly ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const apiErrors = {
  validation: (details: readonly ErrorDetail[]) =>
    new ApiError(
      'VALIDATION_ERROR',
      details.length === 1
        ? `Invalid request: ${details[0]!.path ? `${details[0]!.path}: ` : ''}${details[0]!.message}`
        : `Invalid request: ${details.length} problems, see error.details.`,
      { details },
    ),
  invalidJson: (message = 'The request body is not valid JSON.') => new ApiError('INVALID_JSON', message),
  unauthorized: (message = 'The API key is missing or invalid. Send a valid key in the X-API-Key header.') =>
    new ApiError('UNAUTHORIZED', message),
  forbidden: (message: string) => new ApiError('FORBIDDEN', message),
  insufficientScope: (scope: string) =>
    new ApiError(
      'INSUFFICIENT_SCOPE',
      `This API key lacks the scope '${scope}' this route needs: use a key with '${scope}' (or 'admin').`,
    ),
  jobNotFound: (jobId: string) => new ApiError('NOT_FOUND', `No job with id '${jobId}' exists for this key.`),
  routeNotFound: (method: string, path: string) =>
    new ApiError('NOT_FOUND', `No route matches ${method} ${path}. See GET /v1/openapi.json for the routes.`),
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    new ApiError(
      'METHOD_NOT_ALLOWED',
      `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}.`,
      {
        headers: { Allow: allowed.join(', ') },
      },
    ),
  payloadTooLarge: (limitBytes: number) =>
    new ApiError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes.`),
  unsupportedMediaType: (contentType: string) =>
    new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type '${contentType}' is not supported; send the body as application/json.`,
    ),
  unsupportedContentEncoding: (coding: string) =>
    new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding '${coding}' is not supported; send the body uncompressed, without Content-Encoding.`,
    ),
  internal: () =>
    new ApiError('INTERNAL_ERROR', 'An unexpected error occurred. Retry later and quote meta.request_id.'),
};

/**
 * An error raised inside a workflow step. Its name is the job error code: Step Functions reports it as
 * the `Error` of the failed state, and the failure handler copies code and message onto the job.
 */
export class JobError extends Error {
  constructor(code: string, message: string) {
    super(message);
    this.name = code;
  }
}

/** A step error worth retrying (throttling, a provider's 5xx); the state machines Retry on this name. */
export class TransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientError';
  }
}
