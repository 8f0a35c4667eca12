// Dashboard invitations through Cognito (Cognito stages), against a hand-made client that records what it
// is sent and answers as Cognito would: the AdminCreateUser request of a new user; an email whose user
// already exists in this organization (fine; invited again while it never signed in) or in another one, or
// none (409, the user untouched); Cognito throttling, failing or unreachable (503) or refusing (502), with
// no member left behind; and the invitation made before the membership, audited once.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  InternalErrorException,
  InvalidParameterException,
  LimitExceededException,
  NotAuthorizedException,
  TooManyRequestsException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { CognitoMemberInvitations } from '../../../functions/adapters/cognito/member-invitations.ts';
import { ApiError } from '../../../functions/core/errors.ts';
import {
  IdentityProviderFailure,
  inviteThroughProvider,
  type MemberInvitations,
} from '../../../functions/core/members/invitations.ts';
import { inviteMember } from '../../../functions/core/members/members.ts';
import { memoryAuditLog } from '../../support/fakes.ts';
import { memoryMemberPorts } from '../../support/members.ts';

const POOL = 'ap-southeast-2_Pool1';
const meta = { httpStatusCode: 400, $metadata: {} } as const;

/** A Cognito client that answers each command by its name (`AdminCreateUserCommand`, ...) from `answers`. */
function fakeCognito(answers: Record<string, (input: Record<string, unknown>) => unknown>) {
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push({ command: name, input: command.input });
      const answer = answers[name];
      if (!answer) throw new Error(`unexpected ${name}`);
      return answer(command.input);
    },
  };
  return { sent, adapter: new CognitoMemberInvitations(client as never, POOL) };
}

const exists = () => {
  throw new UsernameExistsException({
    message: 'An account with the given email already exists.',
    $metadata: meta,
  });
};
const userOf =
  (orgId: string | undefined, status = 'CONFIRMED') =>
  () => ({
    Username: 'a1b2c3',
    UserStatus: status,
    UserAttributes: [
      { Name: 'sub', Value: 'a1b2c3' },
      { Name: 'email', Value: 'vera@example.com' },
      ...(orgId === undefined ? [] : [{ Name: 'custom:org_id', Value: orgId }]),
    ],
  });

describe('the Cognito adapter of member invitations', () => {
  it('makes the user with the email as username, a verified email and the organization, emailed', async () => {
    const { sent, adapter } = fakeCognito({ AdminCreateUserCommand: () => ({ User: {} }) });
    expect(await adapter.invite('acme', 'vera@example.com')).toEqual({ created: true });
    expect(sent).toEqual([
      {
        command: AdminCreateUserCommand.name,
        input: {
          UserPoolId: POOL,
          Username: 'vera@example.com',
          UserAttributes: [
            { Name: 'email', Value: 'vera@example.com' },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'custom:org_id', Value: 'acme' },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        },
      },
    ]);
  });

  it('reads an existing user of the email and changes nothing', async () => {
    const { sent, adapter } = fakeCognito({
      AdminCreateUserCommand: exists,
      AdminGetUserCommand: userOf('globex', 'FORCE_CHANGE_PASSWORD'),
    });
    expect(await adapter.invite('acme', 'vera@example.com')).toEqual({
      existing: { orgId: 'globex', awaitingFirstSignIn: true },
    });
    expect(sent.map((s) => s.command)).toEqual([AdminCreateUserCommand.name, AdminGetUserCommand.name]);
    expect(sent[1]!.input).toEqual({ UserPoolId: POOL, Username: 'vera@example.com' });
  });

  it('sends an invitation again with MessageAction RESEND', async () => {
    const { sent, adapter } = fakeCognito({ AdminCreateUserCommand: () => ({ User: {} }) });
    await adapter.resend('vera@example.com');
    expect(sent[0]!.input).toEqual({
      UserPoolId: POOL,
      Username: 'vera@example.com',
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
    });
  });

  it.each([
    [
      'throttled',
      () => new TooManyRequestsException({ message: 'Rate exceeded', $metadata: meta }),
      'unavailable',
    ],
    [
      'failing on its side',
      () => new InternalErrorException({ message: 'oops', $metadata: { httpStatusCode: 500 } }),
      'unavailable',
    ],
    [
      'unreachable',
      () => Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }),
      'unavailable',
    ],
    [
      'refusing the request',
      () => new NotAuthorizedException({ message: 'not allowed', $metadata: meta }),
      'refused',
    ],
    [
      'over its daily email limit',
      () => new LimitExceededException({ message: 'Exceeded daily email limit', $metadata: meta }),
      'refused',
    ],
    [
      'refusing a parameter',
      () => new InvalidParameterException({ message: 'bad', $metadata: meta }),
      'refused',
    ],
  ])('says Cognito is %s as a failure of the port, never the SDK error', async (_what, error, reason) => {
    const { adapter } = fakeCognito({
      AdminCreateUserCommand: () => {
        throw error();
      },
    });
    const thrown = await adapter.invite('acme', 'vera@example.com').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(IdentityProviderFailure);
    expect(thrown).toMatchObject({ reason });
  });
});

describe('inviting through the identity provider', () => {
  const provider = (invite: MemberInvitations['invite']) => {
    const resent: string[] = [];
    const invitations: MemberInvitations = { invite, resend: async (email) => void resent.push(email) };
    return { invitations, resent };
  };

  it('answers email for a new user, existing_account for a user of this organization, and resends to one that never signed in', async () => {
    expect(
      await inviteThroughProvider(provider(async () => ({ created: true })).invitations, 'acme', 'v@x.io'),
    ).toBe('email');
    const signedIn = provider(async () => ({ existing: { orgId: 'acme', awaitingFirstSignIn: false } }));
    expect(await inviteThroughProvider(signedIn.invitations, 'acme', 'v@x.io')).toBe('existing_account');
    expect(signedIn.resent).toEqual([]);
    const pending = provider(async () => ({ existing: { orgId: 'acme', awaitingFirstSignIn: true } }));
    expect(await inviteThroughProvider(pending.invitations, 'acme', 'v@x.io')).toBe('email');
    expect(pending.resent).toEqual(['v@x.io']);
  });

  it.each([
    ['another organization', 'globex'],
    ['no organization', undefined],
  ])('refuses a user of %s with 409, without naming it and without resending', async (_what, orgId) => {
    const other = provider(async () => ({ existing: { orgId, awaitingFirstSignIn: true } }));
    const error = await inviteThroughProvider(other.invitations, 'acme', 'v@x.io').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVITEE_IN_ANOTHER_ORGANIZATION', status: 409 });
    expect((error as Error).message).not.toContain('globex');
    expect(other.resent).toEqual([]);
  });

  it('answers 503 with Retry-After when the provider is unavailable, 502 when it refuses', async () => {
    const down = provider(async () => {
      throw new IdentityProviderFailure('unavailable', 'TooManyRequestsException');
    });
    await expect(inviteThroughProvider(down.invitations, 'acme', 'v@x.io')).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
      status: 503,
      headers: { 'Retry-After': '5' },
    });
    const refusing = provider(async () => {
      throw new IdentityProviderFailure('refused', 'NotAuthorizedException');
    });
    await expect(inviteThroughProvider(refusing.invitations, 'acme', 'v@x.io')).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER_ERROR',
      status: 502,
    });
  });

  it('invites before it writes the member: a provider that fails leaves no member and no audit record', async () => {
    const auditLog = memoryAuditLog();
    const ports = memoryMemberPorts(undefined, auditLog);
    const calls: string[] = [];
    const failing = {
      ...ports,
      invitations: provider(async () => {
        calls.push('invite');
        throw new IdentityProviderFailure('unavailable', 'InternalErrorException');
      }).invitations,
    };
    const context = { actor: { type: 'cli' as const, id: 'test' } };
    await expect(
      inviteMember(failing, 'acme', context, undefined, { email: 'v@x.io', role: 'viewer' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual(['invite']);
    expect((await ports.members.list('acme')).members).toEqual([]);
    expect(auditLog.records).toEqual([]);

    // Tried again once the provider is back: the member is made, and the invitation recorded once per mode.
    const working = { ...ports, invitations: provider(async () => ({ created: true })).invitations };
    const { member, invitation } = await inviteMember(working, 'acme', context, undefined, {
      email: 'V@x.io',
      role: 'viewer',
    });
    expect(invitation).toBe('email');
    expect(member).toMatchObject({ email: 'v@x.io', role: 'viewer' });
    const invited = auditLog.records.filter((r) => r.record.action === 'member.invited');
    expect(invited.map((r) => r.record.mode).sort()).toEqual(['live', 'test']);
  });

  it('refuses an email already a member before asking the provider', async () => {
    const ports = memoryMemberPorts();
    const context = { actor: { type: 'cli' as const, id: 'test' } };
    await inviteMember(ports, 'acme', context, undefined, { email: 'v@x.io', role: 'viewer' });
    let asked = false;
    const invitations = provider(async () => {
      asked = true;
      return { created: true };
    }).invitations;
    await expect(
      inviteMember({ ...ports, invitations }, 'acme', context, undefined, { email: 'v@x.io', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'MEMBER_EXISTS' });
    expect(asked).toBe(false);
  });
});
