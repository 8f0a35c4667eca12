// The developer dashboard's request pipeline: the API's envelope and validation, but authenticated by a
// dashboard session instead of an API key. The organization comes from
//   - cognito stages: the ID token's `custom:org_id` claim, verified by API Gateway's Cognito authorizer
//     before the function runs (the function trusts nothing else);
//   - sign-in-link stages (the local stack): `Authorization: Bearer dss_…`, a session opened with a
//     one-time sign-in link.
// Sessions are bearer tokens, never cookies: a cross-site page cannot make the browser send them, so
// there is nothing to forge (CSRF), and the API sends no CORS headers.
// Then the member: the session's (sign-in links) or the one with the ID token's email (Cognito), looked up
// on every request, so a removed member is refused at once; and their role is checked against the route's
// entry in the permission table (dashboard/permissions.ts) before anything else runs.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import type { AuditContext } from '../../core/audit/audit-log.ts';
import type { DashboardSessions } from '../../core/auth/dashboard-sessions.ts';
import { apiErrors } from '../../core/errors.ts';
import { ORG_ATTRIBUTE } from '../../core/members/invitations.ts';
import {
  findMember,
  findMemberByEmail,
  type MemberPorts,
  type MemberRecord,
  memberForSignIn,
} from '../../core/members/members.ts';
import { DASHBOARD_PERMISSIONS, type DashboardOperation, mayCall } from '../dashboard/permissions.ts';
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
    /** The organizations' members, looked up on every request. */
    readonly members: MemberPorts;
  };
}

/** The Cognito attribute that names a dashboard user's organization (set when they are invited). */
export const ORG_CLAIM = ORG_ATTRIBUTE;

export interface SessionRequest<B, Q, P> {
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  /** The signed-in organization. */
  readonly orgId: string;
  /** The signed-in member, as stored now (their role already checked against the route). */
  readonly member: MemberRecord;
  /** The bearer token of a sign-in-link session (to end it); undefined with Cognito. */
  readonly sessionToken: string | undefined;
  readonly requestId: string;
  /** The signed-in member (never the session token), the caller's IP and the request id, for the audit log. */
  readonly audit: AuditContext;
}

type SessionContext = PipelineContext & {
  session?: { orgId: string; token?: string; member: MemberRecord };
};

const notAMember = (orgId: string) =>
  apiErrors.forbidden(
    `You are not a member of the organization '${orgId}' (or no longer are); ask one of its owners or admins to invite you.`,
  );

/**
 * The member of a Cognito user: the one with the ID token's `email` (set by an administrator; the app
 * client cannot write it). An organization with no members yet makes its first signed-in user its owner.
 */
async function cognitoMember(
  members: MemberPorts,
  orgId: string,
  claims: Record<string, unknown>,
): Promise<MemberRecord> {
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  if (!email) throw notAMember(orgId);
  const found = await findMemberByEmail(members.members, orgId, email);
  if (found) return found;
  const sub = typeof claims.sub === 'string' ? claims.sub : 'unknown';
  const first = await memberForSignIn(
    members,
    orgId,
    { actor: { type: 'member', id: `cognito:${sub}` } },
    email,
  );
  if (!first || first.email !== email.trim().toLowerCase()) throw notAMember(orgId);
  return first;
}

function bearer(event: APIGatewayProxyEvent): string | undefined {
  const value = header(event, 'authorization')?.trim();
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1];
}

const sessionAuthentication = (
  ports: () => SessionPorts,
  operation: DashboardOperation,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, SessionContext> => ({
  before: async (request) => {
    const { auth, sessions, members } = ports().dashboard;
    if (auth === 'cognito') {
      const claims = request.event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
      const orgId = claims?.[ORG_CLAIM];
      if (!claims) throw apiErrors.unauthorized('Sign in to the dashboard first.');
      if (typeof orgId !== 'string' || orgId === '') {
        throw apiErrors.forbidden(
          'This dashboard user belongs to no organization; ask an administrator to set custom:org_id.',
        );
      }
      const member = await cognitoMember(members, orgId, claims);
      request.context.session = { orgId, member: permitted(member, operation) };
      return;
    }
    const token = bearer(request.event);
    if (!token) throw apiErrors.unauthorized('Sign in to the dashboard first (no session token was sent).');
    const session = await sessions.authenticate(token);
    if (!session) {
      throw apiErrors.unauthorized('The dashboard session has expired or was ended; sign in again.');
    }
    const member = await findMember(members.members, session.orgId, session.memberId);
    if (!member) {
      throw apiErrors.unauthorized(
        `You are no longer a member of the organization '${session.orgId}': this session has ended.`,
      );
    }
    request.context.session = { orgId: session.orgId, token, member: permitted(member, operation) };
  },
});

/** The member, if the permission table lets their role call the route; 403 otherwise. */
function permitted(member: MemberRecord, operation: DashboardOperation): MemberRecord {
  if (mayCall(member.role, operation)) return member;
  throw apiErrors.forbidden(
    `Your role '${member.role}' may not do this (it needs '${DASHBOARD_PERMISSIONS[operation]}'); ask an owner or admin of your organization.`,
  );
}

/**
 * Builds a dashboard route's handler: session → member and role (the permission table's entry for
 * `operation`) → validation → the use case.
 */
export function sessionRoute<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(
  operation: DashboardOperation,
  spec: Omit<RouteSpec<B, Q, P>, 'idempotent'>,
  run: (
    request: SessionRequest<z.output<B>, z.output<Q>, z.output<P>>,
    event: APIGatewayProxyEvent,
  ) => Promise<ApiResult>,
  ports: () => SessionPorts,
): ApiHandler {
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, SessionContext>()
    .use(envelope())
    .use(sessionAuthentication(ports, operation))
    .use(requestValidation(spec));
  const handler = pipeline.handler(async (event, context) => {
    const parsed = context.pipeline.parsed!;
    const session = context.session!;
    const sourceIp = event.requestContext?.identity?.sourceIp;
    const result = await run(
      {
        body: parsed.body as z.output<B>,
        query: parsed.query as z.output<Q>,
        params: parsed.params as z.output<P>,
        orgId: session.orgId,
        member: session.member,
        sessionToken: session.token,
        requestId: context.pipeline.requestId,
        audit: {
          actor: { type: 'member', id: session.member.id },
          ...(sourceIp ? { sourceIp } : {}),
          requestId: context.pipeline.requestId,
        },
      },
      event,
    );
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
