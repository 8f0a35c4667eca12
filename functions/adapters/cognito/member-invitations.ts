// The Cognito adapter of the MemberInvitations port (core/members/invitations.ts): AdminCreateUser makes the
// invited member's user in the dashboard's user pool (username and email the invited email, the
// organization in custom:org_id) and Cognito emails them a temporary password; AdminGetUser reads a user
// that already has the email. Its own module, loaded on the first invitation, so the SDK client costs
// nothing at cold start elsewhere.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type ExistingUser,
  IdentityProviderFailure,
  type MemberInvitations,
  ORG_ATTRIBUTE,
} from '../../core/members/invitations.ts';
import { tracedClient } from '../../core/observability.ts';
import { lean } from '../aws-clients.ts';

/**
 * Cognito's errors that say it is busy or broken rather than that the request is wrong. Not
 * LimitExceededException: that is a limit of the pool or account (its default sender's daily emails),
 * which retrying in a moment does not lift.
 */
const UNAVAILABLE = new Set([
  'TooManyRequestsException',
  'InternalErrorException',
  'ThrottlingException',
  'ServiceUnavailable',
  'TimeoutError',
]);

export class CognitoMemberInvitations implements MemberInvitations {
  constructor(
    private readonly client: Pick<CognitoIdentityProviderClient, 'send'>,
    private readonly userPoolId: string,
  ) {}

  async invite(orgId: string, email: string) {
    try {
      await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          UserAttributes: [
            { Name: 'email', Value: email },
            // The invitation is sent to it, and the ID token's `email` is what names the member.
            { Name: 'email_verified', Value: 'true' },
            { Name: ORG_ATTRIBUTE, Value: orgId },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      return { created: true } as const;
    } catch (error) {
      if (nameOf(error) !== 'UsernameExistsException') throw failure(error);
    }
    return { existing: await this.existingUser(email) };
  }

  async resend(email: string): Promise<void> {
    try {
      await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
    } catch (error) {
      throw failure(error);
    }
  }

  private async existingUser(email: string): Promise<ExistingUser> {
    try {
      const user = await this.client.send(
        new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: email }),
      );
      const orgId = user.UserAttributes?.find((a) => a.Name === ORG_ATTRIBUTE)?.Value;
      return {
        orgId: orgId === '' ? undefined : orgId,
        awaitingFirstSignIn: user.UserStatus === 'FORCE_CHANGE_PASSWORD',
      };
    } catch (error) {
      throw failure(error);
    }
  }
}

const nameOf = (error: unknown) => (error as { name?: unknown })?.name;

/**
 * What went wrong, as the port says it: `unavailable` when Cognito is throttling, failing on its side
 * (a 5xx) or was not reached (no answer at all); `refused` when it answered that the request is wrong.
 */
function failure(error: unknown): IdentityProviderFailure {
  const name = typeof nameOf(error) === 'string' ? (nameOf(error) as string) : 'Error';
  const sdk = error as { $fault?: string; $metadata?: { httpStatusCode?: number } };
  const answered = sdk?.$metadata?.httpStatusCode !== undefined;
  const unavailable = UNAVAILABLE.has(name) || sdk?.$fault === 'server' || !answered;
  return new IdentityProviderFailure(unavailable ? 'unavailable' : 'refused', name);
}

/** The adapter with the stage's client (region and credentials from the function's environment). */
export function stageMemberInvitations(userPoolId: string): CognitoMemberInvitations {
  return new CognitoMemberInvitations(
    tracedClient(lean(new CognitoIdentityProviderClient({ maxAttempts: 3 }))),
    userPoolId,
  );
}
