// Inviting a dashboard member on a Cognito stage, through the dashboard handler down to the Cognito adapter
// (its client a fake that records what it is sent): the invitation is Cognito's email (no sign-in link),
// made once and recorded once per mode; an email whose user belongs to another organization is a 409 that
// leaves no member; Cognito unavailable is a 503 with Retry-After, after which the same invitation works.

import { TooManyRequestsException, UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGatewayEvent, memoryAuditLog } from '../../support/fakes.ts';
import { freshModules } from '../../support/fresh-modules.ts';
import { memoryMemberPorts } from '../../support/members.ts';

const world = vi.hoisted(() => ({ ports: undefined as unknown }));
vi.mock('../../../functions/wiring/api.ts', () => ({ apiPorts: () => world.ports }));

freshModules(); // the handler is evaluated again, on this file's mock of its ports
const { handler } = await import('../../../functions/api/dashboard/handler.ts');
// The adapter from the same fresh modules as the handler (its failures are the handler's classes).
const { CognitoMemberInvitations } = await import(
  '../../../functions/adapters/cognito/member-invitations.ts'
);

type Answer = (input: Record<string, unknown>) => unknown;

function setup() {
  const clock = { now: () => new Date('2026-11-27T00:00:00.000Z') };
  const auditLog = memoryAuditLog();
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  const cognito: { answers: Record<string, Answer> } = { answers: {} };
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ command: command.constructor.name, input: command.input });
      const answer = cognito.answers[command.constructor.name];
      if (!answer) throw new Error(`unexpected ${command.constructor.name}`);
      return answer(command.input);
    },
  };
  const members = {
    ...memoryMemberPorts(clock, auditLog),
    invitations: new CognitoMemberInvitations(client as never, 'ap-southeast-2_Pool1'),
  };
  world.ports = {
    auth: { keyVariant: 'test-and-live' },
    audit: { auditLog, clock },
    dashboard: {
      auth: 'cognito',
      // Cognito stages issue no sign-in links: a call here fails the test.
      sessions: {
        issueSignInToken: () => {
          throw new Error('no sign-in link on a Cognito stage');
        },
      },
      members,
    },
  };
  return { members, auditLog, sent, cognito };
}

// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check
type Loose = any;

/** A request of the Cognito user with `email` in `orgId` (claims as API Gateway's authorizer passes them). */
async function send(email: string, method: string, path: string, body?: unknown) {
  const base = apiGatewayEvent({ httpMethod: method, path });
  const event: APIGatewayProxyEvent = {
    ...base,
    resource: '/v1/dashboard/{proxy+}',
    pathParameters: { proxy: path.slice('/v1/dashboard/'.length) },
    headers: { Host: 'abc.execute-api.ap-southeast-2.amazonaws.com', 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    requestContext: {
      ...base.requestContext,
      authorizer: { claims: { sub: `sub-${email}`, email, 'custom:org_id': 'acme' } },
    },
  };
  const result = (await handler(event, {} as Context)) as {
    statusCode: number;
    body: string;
    headers?: Record<string, string>;
  };
  const payload = JSON.parse(result.body || '{}');
  return {
    status: result.statusCode,
    headers: result.headers ?? {},
    data: payload.data as Loose,
    error: payload.error as Loose,
  };
}

const invite = (email: string) =>
  send('owner@acme.example', 'POST', '/v1/dashboard/members', { email, role: 'viewer' });

describe('dashboard invitations on a Cognito stage', () => {
  let w: ReturnType<typeof setup>;
  beforeEach(() => {
    w = setup();
  });

  it('has the user pool invite the member by email, once, and records the invitation once per mode', async () => {
    w.cognito.answers.AdminCreateUserCommand = () => ({ User: {} });
    const invited = await invite('Vera@Example.com');
    expect(invited.status).toBe(201);
    expect(invited.data).toMatchObject({
      object: 'member',
      email: 'vera@example.com',
      role: 'viewer',
      invitation: 'email',
      sign_in_link: null,
      sign_in_link_expires_at: null,
    });
    expect(w.sent).toEqual([
      {
        command: 'AdminCreateUserCommand',
        input: expect.objectContaining({
          Username: 'vera@example.com',
          UserAttributes: expect.arrayContaining([{ Name: 'custom:org_id', Value: 'acme' }]),
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      },
    ]);
    const records = w.auditLog.records
      .map((r) => r.record)
      .filter((r) => r.action === 'member.invited' && r.target.id === invited.data.id);
    expect(records.map((r) => r.mode).sort()).toEqual(['live', 'test']);
    expect(records[0]!.actor.type).toBe('member');

    // The invited member signs in with the user Cognito made for them.
    const me = await send('vera@example.com', 'GET', '/v1/dashboard/members');
    expect(me.status).toBe(403); // a viewer may not list members: the member is known, their role applies
    expect(me.error.message).toContain("role 'viewer'");
  });

  it('lets a user of this organization in again without a new email once they have signed in', async () => {
    w.cognito.answers.AdminCreateUserCommand = () => {
      throw new UsernameExistsException({ message: 'exists', $metadata: { httpStatusCode: 400 } });
    };
    w.cognito.answers.AdminGetUserCommand = () => ({
      UserStatus: 'CONFIRMED',
      UserAttributes: [{ Name: 'custom:org_id', Value: 'acme' }],
    });
    const invited = await invite('vera@example.com');
    expect(invited.status).toBe(201);
    expect(invited.data.invitation).toBe('existing_account');
    expect(w.sent.map((s) => s.command)).toEqual(['AdminCreateUserCommand', 'AdminGetUserCommand']);
  });

  it('refuses an email whose user belongs to another organization (409), leaving that user and the members as they were', async () => {
    w.cognito.answers.AdminCreateUserCommand = () => {
      throw new UsernameExistsException({ message: 'exists', $metadata: { httpStatusCode: 400 } });
    };
    w.cognito.answers.AdminGetUserCommand = () => ({
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      UserAttributes: [{ Name: 'custom:org_id', Value: 'globex' }],
    });
    const refused = await invite('vera@example.com');
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'INVITEE_IN_ANOTHER_ORGANIZATION' });
    expect(refused.error.message).not.toContain('globex');
    // Read, never resent nor changed.
    expect(w.sent.map((s) => s.command)).toEqual(['AdminCreateUserCommand', 'AdminGetUserCommand']);
    const members = (await w.members.members.list('acme')).members;
    expect(members.map((m) => m.email)).toEqual(['owner@acme.example']);
    expect(w.auditLog.records.filter((r) => r.record.target.id !== members[0]!.id)).toEqual([]);
  });

  it('answers 503 with Retry-After while Cognito throttles, and nothing is left to undo', async () => {
    w.cognito.answers.AdminCreateUserCommand = () => {
      throw new TooManyRequestsException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } });
    };
    const throttled = await invite('vera@example.com');
    expect(throttled.status).toBe(503);
    expect(throttled.error.code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    expect(throttled.headers['Retry-After']).toBe('5');
    expect((await w.members.members.list('acme')).members).toHaveLength(1);

    w.cognito.answers.AdminCreateUserCommand = () => ({ User: {} });
    const retried = await invite('vera@example.com');
    expect(retried.status).toBe(201);
    expect(retried.data.invitation).toBe('email');
  });
});
