// The developer dashboard's request pipeline: the API's envelope and validation, but authenticated by a
// dashboard session instead of an API key. The organization comes from
//   - cognito stages: the ID token's `custom:org_id` claim, verified by API Gateway's Cognito authorizer
//     before the function runs (the function trusts nothing else);
//   - sign-in-link stages (the local stack): `Authorization: Bearer dss_…`, a session opened with a
//     one-time sign-in link.
// Sessions are bearer tokens, never cookies: a cross-site page cannot make the browser send them, so
// there is nothing to forge (CSRF), and the API sends no CORS headers.
import { createHash } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import type { AuditContext } from '../../core/audit/audit-log.ts';
import type { DashboardSessions } from '../../core/auth/dashboard-sessions.ts';
import { apiErrors } from '../../core/errors.ts';
import {
  type ApiHandler,
  type ApiResult,
  envelope,
  header,
  type PipelineContext,
  type RouteSpec,
  requestValidation,
} from './api-route.ts';

/** What the session middleware works through, handed in by the route's module (functions/wiring/api.ts). */
export interface SessionPorts {
  readonly dashboard: {
    readonly auth: 'sign-in-link' | 'cognito';
    readonly sessions: DashboardSessions;
  };
}

/** The Cognito attribute that names a dashboard user's organization (set by an administrator). */
export const ORG_CLAIM = 'custom:org_id';

export interface SessionRequest<B, Q, P> {
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  /** The signed-in organization. */
  readonly orgId: string;
  /** The bearer token of a sign-in-link session (to end it); undefined with Cognito. */
  readonly sessionToken: string | undefined;
  readonly requestId: string;
  /** The signed-in member (never the session token), the caller's IP and the request id, for the audit log. */
  readonly audit: AuditContext;
}

type SessionContext = PipelineContext & { session?: { orgId: string; token?: string; member: string } };

/**
 * The member a session is: the Cognito user's `sub`; on the local stack, where a sign-in link opens a
 * session for the organization, not a person, `link:` and the first 12 hex digits of the token's SHA-256
 * (which session it was, without the token).
 */
function memberOf(claims: Record<string, unknown> | undefined, token: string | undefined): string {
  const sub = claims?.sub;
  if (typeof sub === 'string' && sub !== '') return sub;
  if (token) return `link:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
  return 'unknown';
}

function bearer(event: APIGatewayProxyEvent): string | undefined {
  const value = header(event, 'authorization')?.trim();
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1];
}

const sessionAuthentication = (
  ports: () => SessionPorts,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, SessionContext> => ({
  before: async (request) => {
    const { auth, sessions } = ports().dashboard;
    if (auth === 'cognito') {
      const claims = request.event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
      const orgId = claims?.[ORG_CLAIM];
      if (!claims) throw apiErrors.unauthorized('Sign in to the dashboard first.');
      if (typeof orgId !== 'string' || orgId === '') {
        throw apiErrors.forbidden(
          'This dashboard user belongs to no organization; ask an administrator to set custom:org_id.',
        );
      }
      request.context.session = { orgId, member: memberOf(claims, undefined) };
      return;
    }
    const token = bearer(request.event);
    if (!token) throw apiErrors.unauthorized('Sign in to the dashboard first (no session token was sent).');
    const session = await sessions.authenticate(token);
    if (!session) {
      throw apiErrors.unauthorized('The dashboard session has expired or was ended; sign in again.');
    }
    request.context.session = { orgId: session.orgId, token, member: memberOf(undefined, token) };
  },
});

/** Builds a dashboard route's handler: session → validation → the use case. */
export function sessionRoute<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(
  spec: Omit<RouteSpec<B, Q, P>, 'idempotent'>,
  run: (request: SessionRequest<z.output<B>, z.output<Q>, z.output<P>>) => Promise<ApiResult>,
  ports: () => SessionPorts,
): ApiHandler {
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, SessionContext>()
    .use(envelope())
    .use(sessionAuthentication(ports))
    .use(requestValidation(spec));
  const handler = pipeline.handler(async (event, context) => {
    const parsed = context.pipeline.parsed!;
    const session = context.session!;
    const sourceIp = event.requestContext?.identity?.sourceIp;
    const result = await run({
      body: parsed.body as z.output<B>,
      query: parsed.query as z.output<Q>,
      params: parsed.params as z.output<P>,
      orgId: session.orgId,
      sessionToken: session.token,
      requestId: context.pipeline.requestId,
      audit: {
        actor: { type: 'member', id: session.member },
        ...(sourceIp ? { sourceIp } : {}),
        requestId: context.pipeline.requestId,
      },
    });
    return result as unknown as APIGatewayProxyResult;
  });
  return handler as unknown as ApiHandler;
}

/** An unauthenticated dashboard route (the sign-in exchange): envelope and validation only. */
export function publicRoute<B extends z.ZodType = z.ZodNever>(
  spec: { readonly body?: B },
  run: (request: { body: z.output<B>; requestId: string }) => Promise<ApiResult>,
): ApiHandler {
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
    .use(envelope())
    .use(requestValidation(spec));
  const handler = pipeline.handler(async (_event, context) => {
    const result = await run({
      body: context.pipeline.parsed!.body as z.output<B>,
      requestId: context.pipeline.requestId,
    });
    return result as unknown as APIGatewayProxyResult;
  });
  return handler as unknown as ApiHandler;
}
