// What one public route is: its method and path, handler, auth, schemas, errors and what its function may
// touch. The route table (routes.ts) and the dashboard's routes are lists of these.
import type { z } from 'zod';
import type { ErrorCode } from '../core/errors.ts';
import type { JobType } from '../core/jobs/job-types.ts';
import type { JobRoute } from '../jobs/job-kind.ts';

/** The media type of an answer with one JSON value per line (jsonlines.org). */
export const JSON_LINES = 'application/jsonl';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type RouteAuth = 'api-key' | 'session' | 'none';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: /v1/jobs/{jobId} */
  readonly path: string;
  /** Handler module, relative to the project root; it exports `handler`. */
  readonly handler: string;
  /** Construct id of the route's function (a contract: changing it replaces the function). */
  readonly functionId: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  /**
   * api-key: X-API-Key, rate limited, scoped to the key's organization and mode; session: a developer
   * dashboard session (Cognito authorizer on deployed stages), scoped to its organization; none: public.
   */
  readonly auth: RouteAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A request body that `body` takes, shown in the OpenAPI document (checked against it by a test). */
  readonly example?: unknown;
  readonly success: {
    readonly status: 200 | 201 | 202;
    readonly schema?: z.ZodType;
    readonly description: string;
    /**
     * JSON Lines instead of the `data` + `meta` envelope: the schema is then each line's, and the answer
     * may carry X-Next-Cursor (more to read: pass it as starting_after).
     */
    readonly jsonLines?: true;
  };
  readonly errors: readonly ErrorCode[];
  /** What the function may touch; the CDK app grants exactly this. */
  readonly access: {
    readonly jobs?: 'read' | 'write';
    /**
     * read: presigns media URLs; delete: also lists and deletes a job's objects (DELETE /v1/jobs/{id});
     * write: also puts objects (a brand kit's kept logo and photo); writeDelete: both (the dashboard's
     * function, which deletes jobs and saves brand kits).
     */
    readonly media?: 'read' | 'delete' | 'write' | 'writeDelete';
    readonly startsJob?: JobType;
    /** Stops any job type's execution (cancel): every state machine's ARN and StopExecution on it. */
    readonly stopsJobs?: boolean;
    /** Queues job events (the webhook queue). */
    readonly jobEvents?: boolean;
    /** Dashboard sign-in and sessions (items of the accounts table). */
    readonly sessions?: boolean;
    /** Administers the organization's API keys and webhook secrets (the accounts table). */
    readonly keys?: boolean;
    /** Reads usage records, and gets the stage's rates. */
    readonly usage?: boolean;
    /** The event log (events table; read, or write: records pings) and the webhook endpoints (accounts table). */
    readonly events?: 'read' | 'write';
    /** Erases Idempotency-Key records by id (a deleted job's): DeleteItem on the idempotency table. */
    readonly idempotencyRecords?: 'erase';
    /**
     * Invites dashboard members through the stage's identity provider: on stages whose dashboard signs in
     * with Cognito, AdminCreateUser and AdminGetUser on its user pool, whose id is in the environment.
     */
    readonly invitesMembers?: boolean;
  };
  /**
   * The greedy resource (`/v1/{proxy+}`, `/v1/dashboard/{proxy+}`) the route is served through by its
   * function, which routes by method and path itself, instead of a method of its own: saves the stack's
   * resources (webhook-routes.ts).
   */
  readonly proxied?: string;
  /** For job routes: the kind's route (its submit use case). */
  readonly job?: JobRoute;
}
